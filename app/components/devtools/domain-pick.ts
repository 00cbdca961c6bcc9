/** What the domain picker knows of the current pick (the `_cli/get-domain` answer). */
export type DomainPick = { url: string | null; forcedUrl: string | null; siteName: string | null };

/**
 * Whether the picked domain differs from DEV_FORCE_DOMAIN: the picker then warns that a rebuild and
 * restart bring the forced one back. No pick, or no forced domain, is no difference.
 */
export const differsFromForced = (pick: DomainPick): boolean =>
  pick.forcedUrl !== null && pick.url !== null && pick.url !== pick.forcedUrl;
