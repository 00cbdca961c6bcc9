import { redirect } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { wishlistCreate } from '../../server/modules/wishlist/wishlist.contract.ts';
import { loginRedirect } from '../lib/account.ts';
import { createApiClient } from '../lib/api-client.ts';
import { contractCallerContext } from '../lib/context.ts';
import type { Route } from './+types/wishlist-toggle';

/**
 * The wishlist toggles post here when JavaScript does not take them over: the product goes on the
 * list or comes off it, and the shopper returns to the page they were on (POST, redirect, GET) with
 * the message of the new state. A visitor without a session is sent to log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = safeRedirectTarget(String(form.get('returnTo') ?? '/'));
  const language = languageOfPath(returnTo);
  const api = createApiClient(context.get(contractCallerContext), { language });
  const productId = form.get('product_id');
  const result = await api.call(wishlistCreate, {
    body: { product_id: typeof productId === 'string' ? productId : '' },
  });
  if (result.errored && result.error.statusCode === 401) return loginRedirect(language, returnTo);
  const notice = result.errored
    ? 'wishlistFailed'
    : result.data.inWishlist
      ? 'wishlistAdded'
      : 'wishlistRemoved';
  const target = new URL(returnTo, 'http://local');
  target.searchParams.set('notice', notice);
  return redirect(`${target.pathname}${target.search}`, 303);
}

export function loader() {
  return redirect('/', 303);
}
