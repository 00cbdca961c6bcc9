/**
 * What the wishlist's contracts and the browser share without zod (an island must not ship the
 * contracts' schemas): the calls' paths, the server's texts, the limits and the DOM event.
 */
export const WISHLIST_CREATE_PATH = '/v1/cms/wishlist/create';
export const WISHLIST_FILTER_PATH = '/v1/cms/wishlist/filter';
/** The ids of the products on the list (what marks the hearts), without their cards. */
export const WISHLIST_IDS_PATH = '/v1/cms/wishlist/ids';

/** The most products one wishlist holds, and the largest page the list is read in (section 4: 9999). */
export const WISHLIST_MAX_ITEMS = 9999;
export const WISHLIST_DEFAULT_LIMIT = 10;

/** The server's texts (the specification's "logged users only"); the UI translates by these exact texts. */
export const WISHLIST_MESSAGES = {
  loggedUsersOnly: 'Logged users only.',
  productNotFound: 'Product not found.',
  full: 'The wishlist is full.',
} as const;

/** Raised on `window` after every successful toggle (specification 000, section 4), detail: the answer. */
export const WISHLIST_EVENT = 'added-to-wishlist';

/** The answer of a toggle. */
export type WishlistToggleResult = { product_id: number; inWishlist: boolean; total: number };
