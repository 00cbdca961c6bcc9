import type { ApiFailure } from '../../../core/contract.ts';
import type { catalogHr } from '../../i18n/catalog-hr.ts';

export type CheckoutErrorKey = keyof (typeof catalogHr)['checkout']['errors'];

/** The checkout API's error codes (server/modules/checkout/checkout.contract.ts) as catalog keys. */
const byCode: Record<string, CheckoutErrorKey> = {
  shippingMethodUndefined: 'shippingMethodUndefined',
  shippingBranchUndefined: 'shippingBranchUndefined',
  shippingMethodNotFound: 'shippingMethodNotFound',
  paymentMethodUndefined: 'paymentMethodUndefined',
  paymentMethodNotFound: 'paymentMethodUndefined',
  consentsNotFetched: 'consentsNotFetched',
  consentRequired: 'consentRequired',
  failedConsentLog: 'failedConsentLog',
  countryNotAllowed: 'countryNotAllowed',
  CART_CHANGED: 'cartUpdated',
  MEMBER_CARD_INVALID: 'memberCardInvalid',
  OUT_OF_STOCK: 'outOfStock',
};

export const checkoutErrorKey = (error: ApiFailure): CheckoutErrorKey =>
  (error.code && byCode[error.code]) || 'generic';

/** Failures after which the checkout cannot go on with this cart: the shopper goes back to the cart. */
const cartGone = new Set([
  'CART_EMPTY',
  'CART_SESSION_MISSING',
  'CART_ARCHIVED',
  'CART_USED',
  'CART_OTHER_STORE',
  'CART_OTHER_USER',
]);
export const sendsToCart = (error: ApiFailure) => error.code !== undefined && cartGone.has(error.code);
