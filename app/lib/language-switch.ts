import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath, matchRoute } from '../../core/route-table.ts';

/** Screens whose path carries a per-language slug: only the page itself knows its other addresses. */
const slugScreens = new Set(['page', 'blog', 'product', 'shop', 'event']);

/**
 * Where the language switcher sends the visitor, or null when this page has no version in that
 * language (the switch then does nothing). A screen's loader lists its addresses per language in
 * `seo.alternates` (resolved through finder/getUrlOnLanguage for slug pages); that list decides.
 * Without it, fixed screens map through the route table (keeping the query) and anything else goes
 * to the target language's home page.
 */
export function languageSwitchTarget(
  location: { pathname: string; search: string },
  target: UiLanguage,
  alternates: Partial<Record<UiLanguage, string>> | undefined,
): string | null {
  if (alternates) return alternates[target] ?? null;
  const match = matchRoute(location.pathname);
  if (!match) return localizedPath('home', target);
  if (slugScreens.has(match.key) && Object.keys(match.params).length > 0) return null;
  return localizedPath(match.key, target, match.params) + location.search;
}
