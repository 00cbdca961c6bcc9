import type { ApiFailure } from '../../../core/contract.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { createApiClient, createFetchCaller } from '../../lib/api-client.ts';
import {
  type CartSession,
  cartSessionCookies,
  clearCartSessionInBrowser,
  readCartSession,
} from '../../lib/cart-session.ts';
import { CART_ERRORS, type Cart } from './cart-calls.ts';

/**
 * The islands' way to the cart API: the contract's method and URL over fetch, with an
 * `Idempotency-Key` on every write (a retried request is answered, not repeated), and the cart's
 * session kept in its cookies.
 */
export function cartApi(language: UiLanguage) {
  const fetchWithKey: typeof fetch = (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET') return fetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('Idempotency-Key', crypto.randomUUID());
    return fetch(input, { ...init, headers });
  };
  return createApiClient(createFetchCaller(fetchWithKey), { language });
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

/**
 * Failures after which the session is gone for good: an unknown pair, an archived or ordered cart,
 * a cart of another store or account. The browser forgets it; 'Cart is archived.' and 'Session
 * already used.' also send the shopper home after an alert (specification 000, section 7).
 */
const sessionEndingCodes = {
  CART_SESSION_MISSING: true,
  CART_ARCHIVED: true,
  CART_USED: true,
  CART_OTHER_STORE: true,
  CART_OTHER_USER: true,
};

export function endsSession(error: ApiFailure): boolean {
  const ending: string[] = [
    CART_ERRORS.CART_SESSION_MISSING,
    CART_ERRORS.CART_ARCHIVED,
    CART_ERRORS.CART_USED,
    CART_ERRORS.CART_OTHER_STORE,
    CART_ERRORS.CART_OTHER_USER,
  ];
  return ending.includes(error.message) || (error.code !== undefined && error.code in sessionEndingCodes);
}

export const sendsHome = (error: ApiFailure) =>
  error.message === CART_ERRORS.CART_ARCHIVED || error.message === CART_ERRORS.CART_USED;

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
