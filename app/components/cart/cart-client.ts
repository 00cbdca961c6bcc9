import type { ApiFailure } from '../../../core/contract.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../../lib/api-client.ts';
import {
  type CartSession,
  cartSessionCookies,
  clearCartSessionInBrowser,
  readCartSession,
} from '../../lib/cart-session.ts';
import type { Cart } from './cart-calls.ts';
import { endsSession, sendsHome } from './cart-rules.ts';

/**
 * The islands' way to the cart API: the contract's method and URL over fetch, with an
 * `Idempotency-Key` on every write (a retried request is answered, not repeated), and the cart's
 * session kept in its cookies.
 */
export function cartApi(language: UiLanguage) {
  return createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language });
}

/** The session in this browser's cookies, or null. */
export const browserCartSession = (): CartSession | null => readCartSession(document.cookie);

/** Keeps the session the server answered with (a new cart on the first add). */
export function rememberCartSession(cart: Pick<Cart, 'cartId' | 'protectCode'>): void {
  const session = { cartId: cart.cartId, protectCode: cart.protectCode };
  for (const cookie of cartSessionCookies(session, window.location.protocol === 'https:')) {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet
    document.cookie = cookie;
  }
}

/** Ends the browser's session after such a failure; true when it did. */
export function handleSessionEnd(error: ApiFailure, alertText: string, homePath: string): boolean {
  if (!endsSession(error)) return false;
  clearCartSessionInBrowser();
  if (sendsHome(error)) {
    window.alert(alertText);
    window.location.assign(homePath);
  }
  return true;
}
