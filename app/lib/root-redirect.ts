import { readCookie } from '../../core/cookies.ts';
import { defaultLanguage, isUiLanguage, rankedUiLanguages, type UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { LANGUAGE_COOKIE } from '../../core/visitor-cookies.ts';

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
  const chosen = allowed(fromCookie)
    ? fromCookie
    : (rankedUiLanguages(input.acceptLanguage).find(allowed) ?? null);
  return chosen && chosen !== defaultLanguage ? localizedPath('home', chosen) : null;
}
