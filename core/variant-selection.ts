/**
 * Choosing a variant of a Configurable product from its attributes, as pure functions: the product page
 * and the bundle customisation popup read the choice from the URL (so it works without JavaScript and
 * can be shared), resolve it to a variant and disable the values that lead nowhere.
 */

export type SelectableValue = { id: number; valueCode: string; shopDefault?: boolean };
export type SelectableAttribute = { id: number; attributeCode: string; values: SelectableValue[] };
export type SelectableVariant = {
  id: number;
  attributeValueIds: number[];
  stock: { inStock: boolean };
};

/** Attribute id -> chosen value id. An attribute without a choice is absent. */
export type Selection = Record<number, number>;

export type ValueState = 'available' | 'outOfStock' | 'missing';

/** Reads `?{prefix}{attributeCode}={valueCode or value id}`; unknown codes and values are ignored. */
export function selectionFromParams(
  attributes: SelectableAttribute[],
  params: URLSearchParams,
  prefix = '',
): Selection {
  const selection: Selection = {};
  for (const attribute of attributes) {
    const raw = params.get(`${prefix}${attribute.attributeCode}`)?.trim().toLowerCase();
    if (!raw) continue;
    const value = attribute.values.find(
      (candidate) => candidate.valueCode.toLowerCase() === raw || String(candidate.id) === raw,
    );
    if (value) selection[attribute.id] = value.id;
  }
  return selection;
}

/** The values a variant has for the given attributes. */
export function selectionOfVariant(attributes: SelectableAttribute[], variant: SelectableVariant): Selection {
  const selection: Selection = {};
  for (const attribute of attributes) {
    const value = attribute.values.find((candidate) => variant.attributeValueIds.includes(candidate.id));
    if (value) selection[attribute.id] = value.id;
  }
  return selection;
}

/** The shop's default value of each attribute that has one. */
export function defaultSelection(attributes: SelectableAttribute[]): Selection {
  const selection: Selection = {};
  for (const attribute of attributes) {
    const value = attribute.values.find((candidate) => candidate.shopDefault);
    if (value) selection[attribute.id] = value.id;
  }
  return selection;
}

/**
 * The choice a page shows: `?variant=` wins, then attribute parameters; a URL with neither starts from
 * the shop defaults.
 */
export function initialSelection(
  attributes: SelectableAttribute[],
  variants: SelectableVariant[],
  params: URLSearchParams,
  prefix = '',
): Selection {
  const variantId = Number(params.get(`${prefix}variant`));
  const variant = Number.isInteger(variantId)
    ? variants.find((candidate) => candidate.id === variantId)
    : null;
  if (variant) return selectionOfVariant(attributes, variant);
  const fromParams = selectionFromParams(attributes, params, prefix);
  const named = attributes.some((attribute) => params.has(`${prefix}${attribute.attributeCode}`));
  return named ? fromParams : defaultSelection(attributes);
}

const matches = (variant: SelectableVariant, selection: Selection, skipAttributeId?: number) =>
  Object.entries(selection).every(
    ([attributeId, valueId]) =>
      Number(attributeId) === skipAttributeId || variant.attributeValueIds.includes(valueId),
  );

/** The variant with exactly the chosen values, once every attribute has a choice; otherwise null. */
export function findVariant<V extends SelectableVariant>(
  attributes: SelectableAttribute[],
  variants: V[],
  selection: Selection,
): V | null {
  if (attributes.length === 0 || attributes.some((attribute) => selection[attribute.id] === undefined))
    return null;
  return variants.find((variant) => matches(variant, selection)) ?? null;
}

/**
 * Whether choosing this value, with the other attributes as they are chosen now, leads to a variant
 * ('missing' when no such variant exists, 'outOfStock' when every such variant is sold out).
 */
export function valueState(
  variants: SelectableVariant[],
  selection: Selection,
  attributeId: number,
  valueId: number,
): ValueState {
  const candidates = variants.filter(
    (variant) => variant.attributeValueIds.includes(valueId) && matches(variant, selection, attributeId),
  );
  if (candidates.length === 0) return 'missing';
  return candidates.some((variant) => variant.stock.inStock) ? 'available' : 'outOfStock';
}

/** The URL parameters of a choice, as attribute code = value code (readable and shareable). */
export function selectionParams(
  attributes: SelectableAttribute[],
  selection: Selection,
  prefix = '',
): [string, string][] {
  return attributes.flatMap((attribute) => {
    const value = attribute.values.find((candidate) => candidate.id === selection[attribute.id]);
    return value ? [[`${prefix}${attribute.attributeCode}`, value.valueCode] as [string, string]] : [];
  });
}
