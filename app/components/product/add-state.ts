import {
  type BundleSelection,
  canAddDirectly,
  isBundleComplete,
  normalizeFormat,
} from '../../../core/product-rules.ts';

/** Keys of `product.cart.reasons`: why the add-to-cart button is disabled. */
export type AddBlock =
  | 'configurationNotSet'
  | 'bundleCustomisationNeeded'
  | 'nestedBundle'
  | 'invalidVariant'
  | 'unknownFormat'
  | 'outOfStock'
  | 'noPrice';

export type AddState = { ok: true } | { ok: false; reason: AddBlock };

type Member = { product: { id: number; format: string } };

/**
 * Whether the product as chosen on the page can go to the cart, by the rules of core/product-rules.ts,
 * then by what the shopper would get: it must have a price and be in stock.
 */
export function addState(input: {
  product: { id: number; format: string; bundles: Member[] };
  /** The variant the attribute choice resolves to (Configurable), or null. */
  variant: { id: number; format: string } | null;
  /** Bundle members' chosen variants, for members that need one. */
  bundleSelections: BundleSelection[];
  /** What would be bought: the variant, else the product. */
  item: { hasPrice: boolean; inStock: boolean };
}): AddState {
  const { product, variant, bundleSelections, item } = input;
  const direct = canAddDirectly(product, variant?.id ?? null);
  if (!direct.ok) {
    if (direct.reason === 'configuration not set') return { ok: false, reason: 'configurationNotSet' };
    if (direct.reason === 'unknown format') return { ok: false, reason: 'unknownFormat' };
  }
  if (normalizeFormat(product.format) === 'Configurable' && variant) {
    const format = normalizeFormat(variant.format);
    if (variant.id === product.id || (format !== 'Simple' && format !== 'EProduct'))
      return { ok: false, reason: 'invalidVariant' };
  }
  if (normalizeFormat(product.format) === 'Bundle') {
    const complete = isBundleComplete({ format: product.format, bundles: product.bundles }, bundleSelections);
    if (!complete.ok) {
      if (complete.reason === 'nested bundle') return { ok: false, reason: 'nestedBundle' };
      if (complete.reason === 'invalid variant') return { ok: false, reason: 'invalidVariant' };
      return { ok: false, reason: 'bundleCustomisationNeeded' };
    }
  }
  if (!item.hasPrice) return { ok: false, reason: 'noPrice' };
  if (!item.inStock) return { ok: false, reason: 'outOfStock' };
  return { ok: true };
}
