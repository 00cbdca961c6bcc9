import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MediaView } from '../../../core/media.ts';
import type { Db } from '../../db/client.ts';
import { pickText } from '../../kernel/translations.ts';
import type { ProductFormat, ProductStatus } from './catalogue.schema.ts';
import {
  attributeTranslations,
  attributeValues,
  attributeValueTranslations,
  bundleItems,
  configurableAttributes,
  productAttributeValues,
  products,
} from './catalogue.schema.ts';
import {
  type CatalogueView,
  type LoadedCustomOption,
  loadCustomOptions,
  loadProducts,
  viewLanguages,
} from './product-view.ts';

/**
 * What the cart needs to know about products, in a fixed number of queries whatever the number of
 * lines: texts, first picture, prices in one currency, stock, the variant's attributes, custom
 * options with their values and price deltas (euro cents), and a bundle's members.
 */

export type CartCustomOption = LoadedCustomOption;

export type CartProduct = {
  id: number;
  sku: string;
  format: ProductFormat;
  status: ProductStatus;
  parentId: number | null;
  isVisibleIndividually: boolean;
  taxRateBp: number;
  name: string;
  slug: string;
  mainProductSlug: string | null;
  media: MediaView | null;
  /** Unit prices in the view's currency; null when the product has no price in it. */
  prices: {
    retail: number;
    discount: number | null;
    membership: number | null;
    bundle: number | null;
  } | null;
  stock: { qty: number | null; inStock: boolean };
  /** A variant's configuration: the attributes its Configurable product asks for. */
  attributes: { attributeId: number; label: string; valueId: number; value: string }[];
  customOptions: CartCustomOption[];
  /** A Bundle's members. */
  bundleMembers: { productId: number; quantity: number }[];
};

export type CartProductView = Pick<
  CatalogueView,
  'siteId' | 'apiKeyId' | 'language' | 'defaultLanguage' | 'currency'
>;

const textOf = (texts: Record<string, string>, view: CartProductView) =>
  pickText(texts, view.language, view.defaultLanguage) ?? '';

export async function loadCartProducts(
  db: Db,
  view: CartProductView,
  ids: number[],
): Promise<Map<number, CartProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const languages = viewLanguages({ ...view, eurRate: null });
  const [loaded, attributeRows, optionsByProduct, memberRows] = await Promise.all([
    loadProducts(db, { ...view, eurRate: null }, [], unique),
    db
      .select({
        productId: productAttributeValues.productId,
        attributeId: productAttributeValues.attributeId,
        valueId: productAttributeValues.valueId,
        position: configurableAttributes.position,
        labelLanguage: attributeTranslations.languageCode,
        label: attributeTranslations.label,
        valueLanguage: attributeValueTranslations.languageCode,
        value: attributeValueTranslations.label,
        valueCode: attributeValues.valueCode,
      })
      .from(productAttributeValues)
      .innerJoin(products, eq(products.id, productAttributeValues.productId))
      .innerJoin(
        configurableAttributes,
        and(
          eq(configurableAttributes.productId, products.parentId),
          eq(configurableAttributes.attributeId, productAttributeValues.attributeId),
        ),
      )
      .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.valueId))
      .leftJoin(
        attributeTranslations,
        and(
          eq(attributeTranslations.attributeId, productAttributeValues.attributeId),
          inArray(attributeTranslations.languageCode, languages),
        ),
      )
      .leftJoin(
        attributeValueTranslations,
        and(
          eq(attributeValueTranslations.valueId, productAttributeValues.valueId),
          inArray(attributeValueTranslations.languageCode, languages),
        ),
      )
      .where(inArray(productAttributeValues.productId, unique))
      .orderBy(asc(configurableAttributes.position)),
    loadCustomOptions(db, view, unique),
    db
      .select({
        bundleId: bundleItems.bundleId,
        productId: bundleItems.productId,
        quantity: bundleItems.quantity,
      })
      .from(bundleItems)
      .where(inArray(bundleItems.bundleId, unique))
      .orderBy(asc(bundleItems.position), asc(bundleItems.productId)),
  ]);

  const attributesByProduct = new Map<
    number,
    Map<
      number,
      { valueId: number; labels: Record<string, string>; values: Record<string, string>; code: string }
    >
  >();
  for (const row of attributeRows) {
    const own = attributesByProduct.get(row.productId) ?? new Map();
    const entry = own.get(row.attributeId) ?? {
      valueId: row.valueId,
      labels: {},
      values: {},
      code: row.valueCode,
    };
    if (row.labelLanguage && row.label !== null) entry.labels[row.labelLanguage] = row.label;
    if (row.valueLanguage && row.value !== null) entry.values[row.valueLanguage] = row.value;
    own.set(row.attributeId, entry);
    attributesByProduct.set(row.productId, own);
  }

  const result = new Map<number, CartProduct>();
  for (const [id, product] of loaded) {
    const prices = product.prices;
    result.set(id, {
      id,
      sku: product.sku,
      format: product.format,
      status: product.status,
      parentId: product.parentId,
      isVisibleIndividually: product.isVisibleIndividually,
      taxRateBp: product.taxRateBp,
      name: product.text.name,
      slug: product.text.slug,
      mainProductSlug: product.mainProductSlug,
      media: product.media[0] ?? null,
      prices: prices && {
        retail: prices.retailPrice,
        discount: prices.discountPrice,
        membership: prices.membershipPrice,
        bundle: prices.bundlePrice,
      },
      stock: product.stock,
      attributes: [...(attributesByProduct.get(id) ?? new Map()).entries()].map(([attributeId, entry]) => ({
        attributeId,
        label: textOf(entry.labels, view),
        valueId: entry.valueId,
        value: textOf(entry.values, view) || entry.code,
      })),
      customOptions: optionsByProduct.get(id) ?? [],
      bundleMembers: memberRows
        .filter((member) => member.bundleId === id)
        .map((member) => ({ productId: member.productId, quantity: member.quantity })),
    });
  }
  return result;
}
