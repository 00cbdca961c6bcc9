import { redirect } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { localizedPath } from '../../core/route-table.ts';

/**
 * The login page of the language, with where to come back after logging in (`redirectTo`, which the
 * login page reads). The target is reduced to a path on this site, so no link can send anyone away.
 */
export function loginRedirect(language: UiLanguage, returnTo: string): Response {
  const target = safeRedirectTarget(returnTo, localizedPath('home', language));
  return redirect(`${localizedPath('login', language)}?redirectTo=${encodeURIComponent(target)}`, 302);
}

/** Pages of one visitor: never stored by the page cache or any shared cache. */
export const privatePageHeaders = () => ({ 'Cache-Control': 'private, no-store' });
