import { PG_INTEGER_MAX } from './pg-limits.ts';

/** A sponsor's logo as the sponsors section stores it (`settings.logos`, cms.contract.ts). */
export type SponsorLogo = { mediaId: number; name: string; url: string };

export const MAX_LOGOS = 40;
export const LOGO_NAME_MAX = 200;
export const LOGO_URL_MAX = 2000;

/** What is wrong with a logo's field: the editor and `page/save` name the same problems. */
export type LogoProblem = { index: number; field: 'mediaId' | 'name' | 'url' } | { index: -1; field: 'list' };

/** A sponsor's link opens their site: an http(s) address, or none. */
export const isLogoUrl = (url: string) => url === '' || /^https?:\/\/[^\s/]+/i.test(url);

/** The first problem of a sponsors section's `logos`, or null when every logo is whole. */
export function logoProblem(value: unknown): LogoProblem | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length > MAX_LOGOS) return { index: -1, field: 'list' };
  for (const [index, logo] of value.entries()) {
    const entry = (logo && typeof logo === 'object' ? logo : {}) as Record<string, unknown>;
    const { mediaId, name, url } = entry;
    if (typeof mediaId !== 'number' || !Number.isInteger(mediaId) || mediaId <= 0 || mediaId > PG_INTEGER_MAX)
      return { index, field: 'mediaId' };
    if (typeof name !== 'string' || name.trim() === '' || name.length > LOGO_NAME_MAX)
      return { index, field: 'name' };
    if (typeof url !== 'string' || url.length > LOGO_URL_MAX || !isLogoUrl(url.trim()))
      return { index, field: 'url' };
  }
  return null;
}

/** The logos a stored value holds, each with its three fields (missing texts empty), malformed ones left out. */
export function logosOf(value: unknown): SponsorLogo[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((logo) => {
    const entry = (logo && typeof logo === 'object' ? logo : {}) as Record<string, unknown>;
    return typeof entry.mediaId === 'number' && Number.isInteger(entry.mediaId) && entry.mediaId > 0
      ? [
          {
            mediaId: entry.mediaId,
            name: typeof entry.name === 'string' ? entry.name : '',
            url: typeof entry.url === 'string' ? entry.url : '',
          },
        ]
      : [];
  });
}
