import { readCookie, serializeCookie } from '../../core/cookies.ts';
import { type CartSession, cartSessionCookies } from './cart-session.ts';

/**
 * The cart an online payment was started for. While the shopper is at the card gateway the cart is
 * "ordered", and any page they open meanwhile forgets its session (the header's count asks for the cart
 * and ends a session the server no longer serves). The failure page gives the reopened cart back to
 * the browser from this cookie, so that "back to the cart" finds it intact; the success page drops it.
 * httpOnly (no script needs it), one hour, SameSite=Lax (the gateway returns with a top-level GET).
 */
export const PAYING_CART_COOKIE = 'payingCart';
const MAX_AGE_SECONDS = 60 * 60;
const PAIR = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export function payingCartCookie(session: CartSession, secure: boolean): string {
  return serializeCookie(PAYING_CART_COOKIE, `${session.cartId}.${session.protectCode}`, {
    maxAgeSeconds: MAX_AGE_SECONDS,
    secure,
    httpOnly: true,
  });
}

export function readPayingCart(cookieHeader: string | null): CartSession | null {
  const match = PAIR.exec(readCookie(cookieHeader, PAYING_CART_COOKIE) ?? '');
  return match ? { cartId: match[1] as string, protectCode: match[2] as string } : null;
}

export const clearedPayingCart = () =>
  serializeCookie(PAYING_CART_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true });

/** Set-Cookie values that give the browser its cart back after a failed payment. */
export function restoredCartCookies(cookieHeader: string | null, secure: boolean): string[] {
  const session = readPayingCart(cookieHeader);
  return session ? [...cartSessionCookies(session, secure), clearedPayingCart()] : [];
}
