import { readCookie } from '../../core/cookies.ts';
import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { LANGUAGE_COOKIE } from './language-switch.ts';

/**
 * Where a request for the root `/` goes instead, or null to serve the home page. The site option
 * RootRedirect wins (a path, or an absolute http(s) URL); then, when DetectLanguage is on, the
 * visitor's language: the language cookie set by the switcher, then Accept-Language, then Croatian.
 */
export function rootRedirectTarget(input: {
  pathname: string;
  rootRedirect: unknown;
  detectLanguage: unknown;
  allowedLanguages: readonly string[];
  cookieHeader: string | null;
  acceptLanguage: string | null;
}): string | null {
  if (input.pathname !== '/') return null;
  const configured = typeof input.rootRedirect === 'string' ? input.rootRedirect.trim() : '';
  if (configured && configured !== '/') {
    if (/^\/(?!\/)/.test(configured) || /^https?:\/\/[^\s]+$/i.test(configured)) return configured;
  }
  if (input.detectLanguage !== true) return null;
  const allowed = (language: string | null | undefined): language is UiLanguage =>
    isUiLanguage(language) && input.allowedLanguages.includes(language);
  const fromCookie = readCookie(input.cookieHeader, LANGUAGE_COOKIE);
  const chosen = allowed(fromCookie) ? fromCookie : preferredLanguage(input.acceptLanguage, allowed);
  return chosen && chosen !== defaultLanguage ? localizedPath('home', chosen) : null;
}

/** The first language of an Accept-Language header (by quality) that the site serves. */
function preferredLanguage(
  header: string | null,
  allowed: (language: string | null | undefined) => language is UiLanguage,
) {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(allowed) ?? null;
}
