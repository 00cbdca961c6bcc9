import { readCookie, serializeCookie } from '../../core/cookies.ts';
import {
  CART_COOKIE_MAX_AGE_SECONDS,
  CART_ID_COOKIE,
  CART_PROTECT_CODE_COOKIE,
  MEMBER_BARCODE_COOKIE,
} from '../../core/visitor-cookies.ts';

/**
 * The browser's cart session: the cart's id and its secret (`cartId`, `protectCode`, one year, path
 * `/`), read from a Cookie header on the server or from `document.cookie` in an island. Shared by the
 * cart page's loader and actions, the add-to-cart button, the cart modal and the header's count.
 */
export type CartSession = { cartId: string; protectCode: string };

export function readCartSession(cookieHeader: string | null | undefined): CartSession | null {
  const cartId = readCookie(cookieHeader, CART_ID_COOKIE);
  const protectCode = readCookie(cookieHeader, CART_PROTECT_CODE_COOKIE);
  return cartId && protectCode ? { cartId, protectCode } : null;
}

/** `Set-Cookie` values that store a session (also what `document.cookie` accepts). */
export function cartSessionCookies(session: CartSession, secure = false): string[] {
  const options = { maxAgeSeconds: CART_COOKIE_MAX_AGE_SECONDS, secure };
  return [
    serializeCookie(CART_ID_COOKIE, session.cartId, options),
    serializeCookie(CART_PROTECT_CODE_COOKIE, session.protectCode, options),
  ];
}

/**
 * `Set-Cookie` values that end the session: on logout, on a language switch (a cart belongs to a
 * store and its currency), and when the server says the cart is archived or its session was used.
 * The member card barcode goes with it.
 */
export function clearedCartCookies(): string[] {
  return [CART_ID_COOKIE, CART_PROTECT_CODE_COOKIE, MEMBER_BARCODE_COOKIE].map((name) =>
    serializeCookie(name, '', { maxAgeSeconds: 0 }),
  );
}

/** Ends the session in the browser (cookies the server did not mark httpOnly). */
export function clearCartSessionInBrowser(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet
  for (const cookie of clearedCartCookies()) document.cookie = cookie;
}

/** The `Set-Cookie` value (also what `document.cookie` accepts) that keeps an applied member card barcode. */
export function memberBarcodeCookie(barcode: string, secure = false): string {
  return serializeCookie(MEMBER_BARCODE_COOKIE, barcode, {
    maxAgeSeconds: CART_COOKIE_MAX_AGE_SECONDS,
    secure,
  });
}

/** Keeps an applied member card barcode in its cookie (the checkout and the next cart read it). */
export function rememberMemberBarcode(barcode: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet
  document.cookie = memberBarcodeCookie(barcode, window.location.protocol === 'https:');
}

/** DOM events the cart raises on `window` (the specification's names), with the cart's item count. */
export const CART_EVENTS = {
  added: 'added-to-cart',
  removed: 'removed-from-cart',
  /** Any other change of the cart (quantity, clear, coupon, a new count after loading). */
  changed: 'cart-changed',
} as const;

export type CartEventDetail = { count: number; productId?: number };

export function dispatchCartEvent(
  name: (typeof CART_EVENTS)[keyof typeof CART_EVENTS],
  detail: CartEventDetail,
) {
  window.dispatchEvent(new CustomEvent<CartEventDetail>(name, { detail }));
}
