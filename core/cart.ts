/**
 * What the cart's contracts and the browser share without zod (an island must not ship the
 * contracts' schemas): the limits, the server's error texts and the notice codes.
 */

/** The largest quantity of one line: a shop for parents never sells more, and sums stay small. */
export const CART_MAX_QTY = 9999;
/** The most lines one cart holds. */
export const CART_MAX_LINES = 100;

/**
 * The server's error texts (the specification's where it gives them): the UI maps them to its
 * catalogue by `code` and may show the message of unknown ones as it is.
 */
export const CART_ERRORS = {
  /** 400: the pair does not name a cart (also a wrong protectCode); the client clears the session. */
  CART_SESSION_MISSING: "Session doesn't exist",
  /** 401: a call that needs a logged-in user (member card, abandoned carts, delivery). */
  CART_NO_ACTIVE_USER: 'No active user',
  /** 409: the cart was merged into another one or archived; the client clears the session. */
  CART_ARCHIVED: 'Cart is archived.',
  /** 409: an order was created from this cart; the client clears the session. */
  CART_USED: 'Session already used.',
  /** 409: the cart belongs to another store (language/currency) or another account; clear the session. */
  CART_OTHER_STORE: 'This cart belongs to another store.',
  CART_OTHER_USER: 'This cart belongs to another account.',
  /** 400 (field couponCode): unknown, inactive, expired, not yet valid or used up. */
  COUPON_NOT_FOUND: 'Coupon not found!',
  /** 400 (field couponCode): the items total is below the coupon's minimum. */
  COUPON_MIN_AMOUNT: 'The cart total is below the minimum for this coupon.',
  /** 400 (field options.variantId): a Configurable product without a chosen variant. */
  CONFIGURATION_NOT_SET: 'configuration not set',
  /** 400 (field options.bundleOptions): a bundle member is not set or not allowed. */
  BUNDLE_INCOMPLETE: 'bundle items not set',
  /** 400 (field qty): not a whole number from 1 to CART_MAX_QTY. */
  INVALID_QUANTITY: 'invalid quantity',
  /** 400 (field options.personalizations): a required option is missing or a value is not allowed. */
  INVALID_OPTION: 'invalid option',
  /** 404 (field itemId): no such line in this cart. */
  ITEM_NOT_IN_CART: 'item not in cart',
  /** 404 (field productId): no such active product in this site, or no price in the cart's currency. */
  PRODUCT_NOT_AVAILABLE: 'This product is not available.',
  /** 409 (field qty): the stock does not cover the quantity; `payload.field` is qty. */
  OUT_OF_STOCK: 'Not enough stock.',
  /** 400 (field productId): a cart holds at most CART_MAX_LINES lines. */
  CART_FULL: 'The cart is full.',
  /** 400 (field barcode): not an EAN-13 or not on the site's member card list. */
  MEMBER_CARD_INVALID: 'membership barcode invalid',
  /** 503 (field barcode): the configured external member card validator did not answer in time. */
  MEMBER_CARD_UNAVAILABLE: 'The member card cannot be checked right now. Please try again later.',
  /** 400 (field loyaltyPoints): more points than the user has or than the cart can use. */
  LOYALTY_POINTS_INVALID: 'Not enough loyalty points.',
} as const;
export type CartErrorCode = keyof typeof CART_ERRORS;

/**
 * What validateCart (and any read) reports about changes since the shopper last saw the cart. The
 * codes are stable; the texts are English fallbacks the UI translates by code.
 */
export const CART_NOTICES = {
  COUPON_REMOVED: 'The coupon is no longer valid and was removed.',
  PRICE_CHANGED: 'A price changed since the product was added.',
  QTY_REDUCED: 'The quantity was reduced to the stock available.',
  OUT_OF_STOCK: 'This product is out of stock.',
  PRODUCT_UNAVAILABLE: 'This product is no longer available and was removed.',
  MEMBER_CARD_REMOVED: 'The member card is no longer valid and was removed.',
  LOYALTY_REDUCED: 'The loyalty points used were reduced to what the cart allows.',
} as const;
export type CartNoticeCode = keyof typeof CART_NOTICES;
