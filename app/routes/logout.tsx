import { redirect } from 'react-router';
import { isUiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { legacyLogout } from '../../server/modules/users/users.contract.ts';
import { createApiClient } from '../lib/api-client.ts';
import { clearedCartCookies } from '../lib/cart-session.ts';
import { contractCallerContext } from '../lib/context.ts';
import type { Route } from './+types/logout';

/**
 * The header's logout form posts here (with or without JavaScript): the session ends on the server,
 * its cookies and the cart session's (the cart is the account's now; specification 000 section 4) are
 * cleared, and the visitor lands on the home page with the logout message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const value = form.get('language');
  const language = typeof value === 'string' && isUiLanguage(value) ? value : 'hr';
  const api = createApiClient(context.get(contractCallerContext), { language });
  await api.call(legacyLogout, {});
  const home = localizedPath('home', language);
  const headers = new Headers();
  for (const cookie of clearedCartCookies()) headers.append('Set-Cookie', cookie);
  return redirect(`${home}${home.includes('?') ? '&' : '?'}notice=loggedOut`, { status: 303, headers });
}

export function loader() {
  return redirect('/', 303);
}
