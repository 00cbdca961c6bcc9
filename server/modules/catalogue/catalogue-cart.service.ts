import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { MediaView } from '../../../core/media.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared-query.ts';
import type { StatementSender } from '../../db/send-now.ts';
import { sentPrepared } from '../../db/sent-prepared.ts';
import { pickText } from '../../kernel/translations.ts';
import type { ProductFormat, ProductStatus } from './catalogue.schema.ts';
import {
  attributeTranslations,
  attributeValues,
  attributeValueTranslations,
  bundleItems,
  configurableAttributes,
  eProductCodes,
  productAttributeValues,
  productPrices,
  products,
} from './catalogue.schema.ts';
import {
  type CatalogueView,
  type LoadedCustomOption,
  loadCustomOptions,
  loadProducts,
  priceView,
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
    loadProducts(db, { ...view, eurRate: null }, [], unique, { ratings: false }),
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

// ---------------------------------------------------------------------------------------------
// Stock taken by orders (the checkout calls these inside its order transaction).

/** Units of one product an order takes: a Simple, a variant, an EProduct or a bundle member. */
export type StockTake = { productId: number; qty: number };

export type StockTakeResult =
  | {
      ok: true;
      /** What each EProduct delivers: its link, or the codes assigned to the order. */
      eproducts: Map<number, { delivery: 'link' | 'code' | 'qr'; url: string | null; codes: string[] }>;
    }
  | { ok: false; productId: number };

type Executor = Pick<Db, 'select' | 'update'>;

/**
 * Takes stock for an order in the caller's transaction. Per product (in id order, so concurrent
 * orders lock rows in the same order): a tracked product's `stock_qty` goes down only where at least
 * the quantity is left (`stock_qty >= qty` in the UPDATE itself, so concurrent orders serialise on
 * the row and the stock never goes below zero); a code-delivered EProduct gets its free codes
 * assigned to the order (rows locked, skipping ones another order holds). Untracked products take
 * nothing. Answers `{ ok: false, productId }` at the first product short of stock: the caller rolls
 * its transaction back. A tracked product is taken by the guarded UPDATE alone (its RETURNING says
 * what it is); only when it takes nothing does a read say why.
 */
export async function takeStockForOrder(
  tx: Executor,
  orderId: number,
  takes: StockTake[],
): Promise<StockTakeResult> {
  const wanted = new Map<number, number>();
  for (const take of takes) wanted.set(take.productId, (wanted.get(take.productId) ?? 0) + take.qty);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const eproducts: Extract<StockTakeResult, { ok: true }>['eproducts'] = new Map();
  if (ids.length === 0) return { ok: true, eproducts };
  const linkOf = (row: { eproductDelivery: string | null; eproductUrl: string | null }) => ({
    delivery: row.eproductDelivery === 'qr' ? ('qr' as const) : ('link' as const),
    url: row.eproductUrl,
    codes: [],
  });
  for (const id of ids) {
    const qty = wanted.get(id)!;
    // The common case in one statement: a tracked product with enough stock (decision 0306).
    const [taken] = await sentPrepared(
      tx
        .update(products)
        .set({ stockQty: sql`${products.stockQty} - ${qty}`, updatedAt: new Date() })
        .where(
          and(
            eq(products.id, id),
            eq(products.manageStock, true),
            gte(products.stockQty, qty),
            sql`(${products.format} <> 'EProduct' or ${products.eproductDelivery} is distinct from 'code')`,
          ),
        )
        .returning({
          format: products.format,
          eproductDelivery: products.eproductDelivery,
          eproductUrl: products.eproductUrl,
        }),
    );
    if (taken) {
      if (taken.format === 'EProduct') eproducts.set(id, linkOf(taken));
      continue;
    }
    // Nothing taken: the product is untracked, delivers codes, is short of stock or does not exist.
    const [row] = await tx
      .select({
        format: products.format,
        manageStock: products.manageStock,
        eproductDelivery: products.eproductDelivery,
        eproductUrl: products.eproductUrl,
      })
      .from(products)
      .where(eq(products.id, id));
    if (!row) return { ok: false, productId: id };
    if (row.format === 'EProduct' && row.eproductDelivery === 'code') {
      const free = await tx
        .select({ id: eProductCodes.id, code: eProductCodes.code })
        .from(eProductCodes)
        .where(and(eq(eProductCodes.productId, id), isNull(eProductCodes.assignedOrderId)))
        .orderBy(asc(eProductCodes.id))
        .limit(qty)
        .for('update', { skipLocked: true });
      if (free.length < qty) return { ok: false, productId: id };
      await tx
        .update(eProductCodes)
        .set({ assignedOrderId: orderId, assignedAt: new Date() })
        .where(
          inArray(
            eProductCodes.id,
            free.map((code) => code.id),
          ),
        );
      eproducts.set(id, { delivery: 'code', url: null, codes: free.map((code) => code.code) });
      continue;
    }
    // A tracked product was not taken: it is short of stock.
    if (row.manageStock) return { ok: false, productId: id };
    if (row.format === 'EProduct') eproducts.set(id, linkOf(row));
  }
  return { ok: true, eproducts };
}

/**
 * The SQLSTATE `takeStockNow` fails with when it takes nothing from a tracked product (or finds no
 * product): division by zero, which nothing else in an order's transaction can raise.
 */
export const STOCK_REFUSED = '22012';

const TAKE_STOCK_NOW = `with taken as (
    update products set stock_qty = stock_qty - $1, updated_at = $2::timestamptz
    where id = $3 and manage_stock and stock_qty >= $1
      and (format <> 'EProduct' or eproduct_delivery is distinct from 'code')
    returning id)
  select 1 / ((select count(*) from taken)
      + (select count(*) from products where id = $3 and not manage_stock))::int as taken,
    set_config('shop.order_stock_taken', $4::text, true) as marker`;

/**
 * takeStockForOrder for one product that is not an EProduct, as a statement queued on the
 * transaction's postgres.js connection at once (decision 0314): the guarded UPDATE of
 * takeStockForOrder, and an error (STOCK_REFUSED) instead of an empty answer when it takes nothing
 * from a tracked product, so that the transaction is aborted by the database itself and the COMMIT
 * sent right behind it rolls it back. An untracked product takes nothing and passes. It leaves
 * `marker` in the transaction's setting shop.order_stock_taken (see ORDER_COMPLETE_GUARD).
 */
export function takeStockNow(
  send: StatementSender,
  productId: number,
  qty: number,
  now: Date,
  marker: string,
) {
  return send<{ taken: number }>(TAKE_STOCK_NOW, [qty, now.toISOString(), productId, marker]);
}

/** Gives back what takeStockForOrder took for an order (a cancelled order): stock and codes. */
export async function releaseStockOfOrder(tx: Executor, orderId: number, takes: StockTake[]) {
  const wanted = new Map<number, number>();
  for (const take of takes) wanted.set(take.productId, (wanted.get(take.productId) ?? 0) + take.qty);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    await tx
      .update(products)
      .set({ stockQty: sql`${products.stockQty} + ${wanted.get(id)!}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, id),
          eq(products.manageStock, true),
          sql`${products.stockQty} is not null`,
          sql`not (${products.format} = 'EProduct' and ${products.eproductDelivery} = 'code')`,
        ),
      );
  }
  await tx
    .update(eProductCodes)
    .set({ assignedOrderId: null, assignedAt: null })
    .where(eq(eProductCodes.assignedOrderId, orderId));
}

// ---------------------------------------------------------------------------------------------
// What an order must read afresh about the cart's products (decision 0307).

/** A product's row as the order checks it against the cart's cached copy. */
export type FreshCartRow = {
  id: number;
  format: ProductFormat;
  status: ProductStatus;
  parentId: number | null;
  taxRateBp: number;
  /** The product's own stock, or null when it derives from other rows (variants, members, codes). */
  stock: { qty: number | null; inStock: boolean } | null;
  /** Unit prices in the view's currency as the cart prices them now (a sale past its end is gone). */
  prices: CartProduct['prices'];
};

function freshRowsQuery(db: Pick<Db, 'select'>, ids: unknown[], currencyId: unknown, siteId: unknown) {
  return db
    .select({
      id: products.id,
      format: products.format,
      status: products.status,
      parentId: products.parentId,
      taxRateBp: products.taxRateBp,
      stockQty: products.stockQty,
      manageStock: products.manageStock,
      eproductDelivery: products.eproductDelivery,
      price: productPrices,
    })
    .from(products)
    .leftJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.currencyId, currencyId as number)),
    )
    .where(and(inArray(products.id, ids as number[]), eq(products.siteId, siteId as number)));
}

const FRESH_PREPARED_IDS = 8;
const freshRowsBy = new Map<number, ReturnType<typeof preparedPerDatabase<Pick<Db, 'select'>, FreshRow[]>>>();
type FreshRow = Awaited<ReturnType<typeof freshRowsQuery>>[number];
/** freshCartRows's statement for `count` ids, built once per database. */
function freshRowsOf(count: number) {
  let run = freshRowsBy.get(count);
  if (!run) {
    run = preparedPerDatabase(`fresh_cart_rows_${count}`, (db: Pick<Db, 'select'>) =>
      freshRowsQuery(
        db,
        Array.from({ length: count }, (_, index) => sql.placeholder(`id${index}`)),
        sql.placeholder('currencyId'),
        sql.placeholder('siteId'),
      ),
    );
    freshRowsBy.set(count, run);
  }
  return run;
}

/**
 * One statement: status, format, parent, tax and own stock of the products of this site, with their
 * price row in the view's currency. The order compares these with the cart's cached products
 * (texts, media, options and attributes come from the cache; decision 0307).
 */
export async function freshCartRows(
  db: Pick<Db, 'select'>,
  view: CartProductView,
  ids: number[],
): Promise<Map<number, FreshCartRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // Prepared (decision 0308): one round trip on postgres.js; one text per number of ids, built once
  // per database up to FRESH_PREPARED_IDS ids (decision 0315).
  const rows =
    unique.length <= FRESH_PREPARED_IDS
      ? await freshRowsOf(unique.length)(db, {
          currencyId: view.currency.id,
          siteId: view.siteId,
          ...Object.fromEntries(unique.map((id, index) => [`id${index}`, id])),
        })
      : await sentPrepared(freshRowsQuery(db, unique, view.currency.id, view.siteId));
  const now = new Date();
  const result = new Map<number, FreshCartRow>();
  for (const row of rows) {
    const price = row.price ? priceView(row.price, { ...view, eurRate: null }, now) : null;
    const derived =
      row.format === 'Configurable' ||
      row.format === 'Bundle' ||
      (row.format === 'EProduct' && row.eproductDelivery === 'code');
    result.set(row.id, {
      id: row.id,
      format: row.format,
      status: row.status,
      parentId: row.parentId,
      taxRateBp: row.taxRateBp,
      stock: derived
        ? null
        : row.manageStock
          ? { qty: row.stockQty ?? 0, inStock: (row.stockQty ?? 0) > 0 }
          : { qty: null, inStock: true },
      prices: price && {
        retail: price.retailPrice,
        discount: price.discountPrice,
        membership: price.membershipPrice,
        bundle: price.bundlePrice,
      },
    });
  }
  return result;
}
