/**
 * The add-to-cart rules of the specification ("Add to cart behaviour" and the quantity rule), as pure
 * functions: the product page decides what to show with them and the cart service refuses what they
 * refuse, so both sides agree.
 */

export const PRODUCT_FORMATS = ['Simple', 'EProduct', 'Configurable', 'Bundle'] as const;
export type ProductFormat = (typeof PRODUCT_FORMATS)[number];

const formatBySpelling: Record<string, ProductFormat> = {
  simple: 'Simple',
  eproduct: 'EProduct',
  configurable: 'Configurable',
  bundle: 'Bundle',
};

/**
 * The canonical format for any of the spellings the client uses ('simple', 'Simple', 'eProduct',
 * 'EProduct', 'e-product', ...), or null for anything else.
 */
export function normalizeFormat(input: string | null | undefined): ProductFormat | null {
  if (typeof input !== 'string') return null;
  return (
    formatBySpelling[
      input
        .trim()
        .toLowerCase()
        .replace(/[-_\s]/g, '')
    ] ?? null
  );
}

export type ProductRef = { id: number; format: string };

export type AddCheck =
  | { ok: true }
  | { ok: false; reason: 'configuration not set' | 'bundle customisation needed' | 'unknown format' };

/**
 * Whether the product can go to the cart as it is. A Configurable needs the chosen variant; a Bundle
 * with a Configurable member needs the customisation popup first.
 */
export function canAddDirectly(
  product: { format: string; bundles?: { product: { format: string } }[] },
  chosenVariantId?: number | null,
): AddCheck {
  switch (normalizeFormat(product.format)) {
    case 'Simple':
    case 'EProduct':
      return { ok: true };
    case 'Configurable':
      return chosenVariantId ? { ok: true } : { ok: false, reason: 'configuration not set' };
    case 'Bundle': {
      const needsChoice = (product.bundles ?? []).some(
        (member) => normalizeFormat(member.product.format) === 'Configurable',
      );
      return needsChoice ? { ok: false, reason: 'bundle customisation needed' } : { ok: true };
    }
    default:
      return { ok: false, reason: 'unknown format' };
  }
}

/** One member's choice in the bundle customisation popup. */
export type BundleSelection = { mainProduct: ProductRef; activeProduct?: ProductRef | null };

export type BundleCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'nested bundle' | 'configuration not set' | 'invalid variant' | 'not a bundle';
      productId?: number;
    };

/**
 * Whether every member of a bundle is set: a nested Bundle is never allowed, and a Configurable member
 * needs a chosen variant that is not the member itself and is a Simple or EProduct.
 */
export function isBundleComplete(
  bundle: { format: string; bundles: { product: ProductRef }[] },
  selections: BundleSelection[],
): BundleCheck {
  if (normalizeFormat(bundle.format) !== 'Bundle') return { ok: false, reason: 'not a bundle' };
  for (const { product } of bundle.bundles) {
    const format = normalizeFormat(product.format);
    if (format === 'Bundle') return { ok: false, reason: 'nested bundle', productId: product.id };
    if (format !== 'Configurable') continue;
    const active = selections.find((selection) => selection.mainProduct.id === product.id)?.activeProduct;
    if (!active) return { ok: false, reason: 'configuration not set', productId: product.id };
    const activeFormat = normalizeFormat(active.format);
    if (active.id === product.id || (activeFormat !== 'Simple' && activeFormat !== 'EProduct')) {
      return { ok: false, reason: 'invalid variant', productId: product.id };
    }
  }
  return { ok: true };
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; error: 'invalid quantity' };

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A typed quantity as a whole number of units. Anything that is not a number, or is 0 or less once
 * the fraction is dropped, is 'invalid quantity' and nothing is sent.
 */
export function parseQuantity(input: unknown): QuantityCheck {
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string' && NUMERIC.test(input.trim())) value = Number(input.trim());
  else return { ok: false, error: 'invalid quantity' };
  const quantity = Math.trunc(value);
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return { ok: false, error: 'invalid quantity' };
  return { ok: true, quantity };
}
