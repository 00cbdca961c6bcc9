import { redirect } from 'react-router';
import { isUiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { legacyLogout } from '../../server/modules/users/users.contract.ts';
import { createApiClient } from '../lib/api-client.ts';
import { contractCallerContext } from '../lib/context.ts';
import type { Route } from './+types/logout';

/**
 * The header's logout form posts here (with or without JavaScript): the session ends on the server,
 * its cookies are cleared, and the visitor lands on the home page with the logout message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const value = form.get('language');
  const language = typeof value === 'string' && isUiLanguage(value) ? value : 'hr';
  const api = createApiClient(context.get(contractCallerContext), { language });
  await api.call(legacyLogout, {});
  const home = localizedPath('home', language);
  return redirect(`${home}${home.includes('?') ? '&' : '?'}notice=loggedOut`, 303);
}

export function loader() {
  return redirect('/', 303);
}
