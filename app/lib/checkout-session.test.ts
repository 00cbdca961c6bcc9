import { describe, expect, it } from 'vitest';
import {
  PAYING_CART_COOKIE,
  payingCartCookie,
  readPayingCart,
  restoredCartCookies,
} from './checkout-session.ts';

const session = { cartId: '0b8f3c2e-6a1d-4c7e-9f00-123456789abc', protectCode: 'A'.repeat(43) };

describe('the cart of an online payment', () => {
  it('keeps the pair in an httpOnly cookie and reads it back', () => {
    const cookie = payingCartCookie(session, true);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    const value = cookie.split(';')[0] as string;
    expect(readPayingCart(value)).toEqual(session);
  });

  it('ignores a tampered or missing value', () => {
    expect(readPayingCart(`${PAYING_CART_COOKIE}=x.y`)).toBeNull();
    expect(readPayingCart(null)).toBeNull();
    expect(restoredCartCookies(null, false)).toEqual([]);
  });

  it('gives the cart cookies back and clears itself', () => {
    const header = payingCartCookie(session, false).split(';')[0] as string;
    const cookies = restoredCartCookies(header, false);
    expect(cookies.some((cookie) => cookie.startsWith(`cartId=${session.cartId}`))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith(`protectCode=${session.protectCode}`))).toBe(true);
    expect(
      cookies.some((cookie) => cookie.startsWith(`${PAYING_CART_COOKIE}=;`) && cookie.includes('Max-Age=0')),
    ).toBe(true);
  });
});
