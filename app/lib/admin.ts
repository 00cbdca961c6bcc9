import { data } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath, type RouteKey } from '../../core/route-table.ts';
import { type AdminPanelInfo, adminPanel } from '../../server/modules/caches/caches.contract.ts';
import { backofficeProfile } from '../../server/modules/users/profile.contract.ts';
import { loginRedirect, privatePageHeaders } from './account.ts';
import { requestApi } from './request-language.ts';

type LoaderArgsLike = Parameters<typeof requestApi>[0];

/**
 * A failed back-office call as the screen answers it: a visitor goes to the login page (back to
 * `returnTo` after it), a user without the back-office role gets 403, anything else its own status.
 */
export function adminRefusal(
  language: UiLanguage,
  returnTo: string,
  statusCode: number,
  message: string,
): never {
  if (statusCode === 401) throw loginRedirect(language, returnTo);
  if (statusCode === 403) throw data({ forbidden: true }, { status: 403, headers: privatePageHeaders() });
  throw new Response(message, { status: statusCode || 500 });
}

/**
 * The back-office user of the request and what the admin navigation offers (`adminPanel`: return it
 * in the loader data, the layout reads it from there). `screen` is where a visitor returns after login.
 */
export async function requireBackoffice(args: LoaderArgsLike, screen: RouteKey = 'admin') {
  const { language, api } = requestApi(args);
  const returnTo = `${localizedPath(screen, language)}${new URL(args.request.url).search}`;
  const [profile, panel] = await Promise.all([api.call(backofficeProfile, {}), api.call(adminPanel, {})]);
  if (profile.errored) adminRefusal(language, returnTo, profile.error.statusCode, profile.error.message);
  const adminPanelInfo: AdminPanelInfo = panel.errored ? { cacheServer: false } : panel.data;
  return { language, api, user: profile.data, adminPanel: adminPanelInfo, returnTo };
}
