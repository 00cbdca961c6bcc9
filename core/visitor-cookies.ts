import { parseCookie } from 'cookie';

/**
 * The cookies that carry one visitor's own state, named once for the whole code base (the
 * specification's names where it gives them). The page cache serves none of these visitors from it:
 * a request carrying any of them is rendered for that visitor alone.
 */

/** The visitor's language choice, read at the root `/` when language detection is on (365 days). */
export const LANGUAGE_COOKIE = 'locale';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A logged-in visitor: the access token and the rotating refresh token. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';

/** A cart session: its id and the code that proves the browser owns it (one year, path `/`). */
export const CART_ID_COOKIE = 'cartId';
export const CART_PROTECT_CODE_COOKIE = 'protectCode';
export const CART_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A guest who gave an e-mail address at checkout. */
export const GUEST_COOKIE = 'guestEmail';

/** A membership card barcode applied to the cart. */
export const MEMBER_BARCODE_COOKIE = 'memberCardBarcode';

/** Edit mode: `?editPage=true` on any page, effective for a back-office user. */
export const EDIT_MODE_PARAM = 'editPage';

/** Cookies whose presence makes a page personal (a session, a cart, a guest checkout). */
export const personalCookies: readonly string[] = [
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  CART_ID_COOKIE,
  CART_PROTECT_CODE_COOKIE,
  GUEST_COOKIE,
  MEMBER_BARCODE_COOKIE,
];

/** Whether a Cookie header carries any personal cookie (a malformed header counts as one: no risk taken). */
export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  let cookies: Record<string, string | undefined>;
  try {
    cookies = parseCookie(cookieHeader);
  } catch {
    return true;
  }
  return personalCookies.some((name) => cookies[name] !== undefined);
}
