import { CART_ERRORS, CART_MAX_QTY } from '../../../core/cart.ts';
import type { ApiFailure } from '../../../core/contract.ts';
import type { catalogHr } from '../../i18n/catalog-hr.ts';

/** A quantity edit is sent after this pause; a newer edit cancels the pending one. */
export const QUANTITY_DEBOUNCE_MS = 500;

/** Keys of `cart.errors`. */
export type CartErrorKey = keyof (typeof catalogHr)['cart']['errors'];

/**
 * A typed quantity as the cart takes it: a whole number from 1 to the cart's maximum, surrounding
 * spaces ignored; anything else is null ('invalid quantity', nothing is sent).
 */
export function parseQuantity(value: string | number | null | undefined): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const qty = Number(text);
  return qty >= 1 && qty <= CART_MAX_QTY ? qty : null;
}

const keyByMessage = new Map<string, CartErrorKey>([
  [CART_ERRORS.INVALID_QUANTITY, 'invalidQuantity'],
  [CART_ERRORS.OUT_OF_STOCK, 'tooMany'],
  [CART_ERRORS.ITEM_NOT_IN_CART, 'notInCart'],
  [CART_ERRORS.COUPON_NOT_FOUND, 'couponNotFound'],
  [CART_ERRORS.COUPON_MIN_AMOUNT, 'couponNotFound'],
  [CART_ERRORS.MEMBER_CARD_INVALID, 'barcodeInvalid'],
  [CART_ERRORS.MEMBER_CARD_UNAVAILABLE, 'barcodeUnavailable'],
  [CART_ERRORS.LOYALTY_POINTS_INVALID, 'loyaltyInvalid'],
  [CART_ERRORS.CART_NO_ACTIVE_USER, 'loginRequired'],
  [CART_ERRORS.CART_SESSION_MISSING, 'sessionMissing'],
  [CART_ERRORS.CART_ARCHIVED, 'updateError'],
  [CART_ERRORS.CART_USED, 'updateError'],
  [CART_ERRORS.CART_OTHER_STORE, 'sessionMissing'],
  [CART_ERRORS.CART_OTHER_USER, 'sessionMissing'],
  [CART_ERRORS.CONFIGURATION_NOT_SET, 'configurationNotSet'],
  [CART_ERRORS.BUNDLE_INCOMPLETE, 'bundleIncomplete'],
  [CART_ERRORS.INVALID_OPTION, 'invalidOption'],
  [CART_ERRORS.PRODUCT_NOT_AVAILABLE, 'notAvailable'],
  [CART_ERRORS.CART_FULL, 'cartFull'],
]);

/** The catalog text for a failed cart call: by the server's message (field prefixes dropped). */
export function cartErrorKey(error: Pick<ApiFailure, 'message' | 'statusCode'>): CartErrorKey {
  const message = error.message.replace(/^[\w.]+: /, '');
  const key = keyByMessage.get(message);
  if (key) return key;
  if (error.statusCode === 400 && /barcode/i.test(message)) return 'barcodeInvalid';
  return 'generic';
}

/** What an add-to-cart form sends (the product page's form, with or without JavaScript). */
export type AddItemFields = {
  productId: number;
  qty: number;
  options: {
    variantId?: number;
    personalizations: { optionId: number; valueId?: number; value?: string | number }[];
    bundleOptions: { productId: number; variantId: number }[];
  };
};

const positiveId = (value: FormDataEntryValue | null): number | null => {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

/**
 * Reads the add-to-cart form: `productId`, `qty`, `variantId` (a Configurable product's chosen
 * variant), `bundle-{memberId}` (a bundle member's chosen variant) and per custom option
 * `option-{id}` (what the shopper typed), `optionType-{id}` and `optionValue-{id}` (the value it
 * is priced by). Returns the call's fields, or the catalog key of what is wrong (nothing is sent).
 */
export function addItemFields(
  form: FormData,
): { ok: true; fields: AddItemFields } | { ok: false; key: CartErrorKey } {
  const productId = positiveId(form.get('productId'));
  if (productId === null) return { ok: false, key: 'notAvailable' };
  const qtyValue = form.get('qty');
  const qty = parseQuantity(typeof qtyValue === 'string' ? qtyValue : '1');
  if (qty === null) return { ok: false, key: 'invalidQuantity' };
  const options: AddItemFields['options'] = { personalizations: [], bundleOptions: [] };
  const variantId = positiveId(form.get('variantId'));
  if (variantId !== null) options.variantId = variantId;
  for (const [name, value] of form.entries()) {
    const bundle = /^bundle-(\d{1,10})$/.exec(name);
    if (bundle) {
      const memberId = positiveId(bundle[1] ?? null);
      const chosen = positiveId(value);
      if (memberId !== null && chosen !== null)
        options.bundleOptions.push({ productId: memberId, variantId: chosen });
      continue;
    }
    const option = /^option-(\d{1,10})$/.exec(name);
    if (!option || typeof value !== 'string' || value.trim() === '') continue;
    const optionId = positiveId(option[1] ?? null);
    if (optionId === null) continue;
    const numeric = form.get(`optionType-${optionId}`) === 'number';
    const typed = value.trim();
    if (numeric && !Number.isFinite(Number(typed))) return { ok: false, key: 'invalidOption' };
    const valueId = positiveId(form.get(`optionValue-${optionId}`));
    options.personalizations.push({
      optionId,
      value: numeric ? Number(typed) : typed.slice(0, 500),
      ...(valueId !== null ? { valueId } : {}),
    });
  }
  return { ok: true, fields: { productId, qty, options } };
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

export function endsSession(error: Pick<ApiFailure, 'message' | 'code'>): boolean {
  const ending: string[] = [
    CART_ERRORS.CART_SESSION_MISSING,
    CART_ERRORS.CART_ARCHIVED,
    CART_ERRORS.CART_USED,
    CART_ERRORS.CART_OTHER_STORE,
    CART_ERRORS.CART_OTHER_USER,
  ];
  return (
    ending.includes(error.message.replace(/^[\w.]+: /, '')) ||
    (error.code !== undefined && error.code in sessionEndingCodes)
  );
}

export const sendsHome = (error: Pick<ApiFailure, 'message'>) =>
  error.message === CART_ERRORS.CART_ARCHIVED || error.message === CART_ERRORS.CART_USED;
