import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { MediaView } from '../../../core/media.ts';
import { discountPercent, toEuro } from '../../../core/money.ts';
import { type Db, type EmbeddedEngine, embeddedEngine, pooledPostgres } from '../../db/client.ts';
import { execWithToken, writeToken } from '../../db/embedded-writes.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { pickText } from '../../kernel/translations.ts';
import {
  type ProductRating,
  productRatingJson,
  productRatingsOf,
  ratingOfJson,
} from '../engagement/product-ratings.service.ts';
import { loadMedia, type MediaJson, mediaJsonById, mediaOfJson } from '../media/media.service.ts';
import type { ProductPrices as Prices, ProductCard, Stock } from './catalogue.contract.ts';
import {
  bundleItems,
  type CustomOptionType,
  customOptions,
  customOptionTranslations,
  customOptionValues,
  customOptionValueTranslations,
  eProductCodes,
  type ItemCondition,
  type ProductFormat,
  type ProductStatus,
  productMedia,
  productPrices,
  products,
  productTags,
  productTranslations,
} from './catalogue.schema.ts';
import type { TagRecord } from './catalogue-reference.ts';

/** What a catalogue response depends on besides its input: the site, the language and the prices' currency. */
export type CatalogueView = {
  siteId: number;
  apiKeyId: number;
  language: string;
  defaultLanguage: string;
  currency: { id: number; code: string; symbol: string };
  /** Display units per euro when the currency is not the euro; null for the euro itself. */
  eurRate: string | null;
};

export const viewLanguages = (view: CatalogueView) => [...new Set([view.language, view.defaultLanguage])];

export type ProductText = {
  name: string;
  slug: string;
  shortDescription: string;
  description: string;
  seoTitle: string | null;
  seoDescription: string | null;
};

export type LoadedProduct = {
  id: number;
  sku: string;
  format: ProductFormat;
  status: ProductStatus;
  parentId: number | null;
  isVisibleIndividually: boolean;
  taxRateBp: number;
  eproductDelivery: string | null;
  brand: string | null;
  gtin: string | null;
  itemCondition: ItemCondition;
  text: ProductText;
  mainProductSlug: string | null;
  prices: Prices | null;
  media: MediaView[];
  tags: { id: number; code: string; name: string }[];
  stock: Stock;
  /** The published reviews' rating (engagement module); null without one. */
  rating: ProductRating | null;
};

export function toCard(product: LoadedProduct): ProductCard {
  return {
    id: product.id,
    name: product.text.name,
    slug: product.text.slug,
    sku: product.sku,
    format: product.format,
    media: product.media.slice(0, 1),
    prices: product.prices,
    tags: product.tags.map(({ code, name }) => ({ code, name })),
    inStock: product.stock.inStock,
    rating: product.rating,
  };
}

type PriceRow = typeof productPrices.$inferSelect;

/** A sale price counts until its end; after it the regular price applies again. */
const saleOf = (row: PriceRow, now: Date) =>
  row.discountPrice !== null && (row.discountEndsAt === null || row.discountEndsAt > now)
    ? { price: row.discountPrice, endsAt: row.discountEndsAt }
    : null;

export function priceView(row: PriceRow | undefined, view: CatalogueView, now = new Date()): Prices | null {
  if (!row) return null;
  const sale = saleOf(row, now);
  const discount = sale?.price ?? null;
  const finalPrice = row.bundlePrice ?? discount ?? row.retailPrice;
  const euro = (amount: number | null) =>
    amount === null || view.eurRate === null ? null : toEuro(amount, view.eurRate);
  return {
    basicPrice: row.basicPrice,
    retailPrice: row.retailPrice,
    discountPrice: discount,
    membershipPrice: row.membershipPrice,
    bundlePrice: row.bundlePrice,
    finalPrice,
    currency: view.currency,
    eurEquivalent:
      view.eurRate === null
        ? null
        : {
            retailPrice: euro(row.retailPrice)!,
            discountPrice: euro(discount),
            membershipPrice: euro(row.membershipPrice),
            bundlePrice: euro(row.bundlePrice),
            finalPrice: euro(finalPrice)!,
          },
    discountPercent: discountPercent(row.retailPrice, row.bundlePrice ?? discount),
    discountEndsAt: sale?.endsAt && row.bundlePrice === null ? sale.endsAt.toISOString() : null,
  };
}

type StockRow = {
  id: number;
  format: ProductFormat;
  stockQty: number | null;
  manageStock: boolean;
  eproductDelivery: string | null;
};

/**
 * What a product's stock is made of: its own row; a Configurable's active variants; a code-delivered
 * EProduct's free codes; a Bundle's members with the quantity a bundle takes of each.
 */
type StockParts = StockRow & {
  variants?: { stockQty: number | null; manageStock: boolean }[];
  freeCodes?: number;
  members?: (StockParts & { quantity: number })[];
};

const trackedStock = (row: { stockQty: number | null; manageStock: boolean }): Stock =>
  row.manageStock
    ? { qty: row.stockQty ?? 0, inStock: (row.stockQty ?? 0) > 0 }
    : { qty: null, inStock: true };

/** A product that is not a Bundle, or a Bundle's member. */
function singleStock(row: StockParts): Stock {
  if (row.format === 'EProduct' && row.eproductDelivery === 'code') {
    const qty = row.freeCodes ?? 0;
    return { qty, inStock: qty > 0 };
  }
  if (row.format === 'Configurable') {
    const own = (row.variants ?? []).map(trackedStock);
    const untracked = own.some((stock) => stock.qty === null);
    return {
      qty: untracked ? null : own.reduce((sum, stock) => sum + (stock.qty ?? 0), 0),
      inStock: own.some((stock) => stock.inStock),
    };
  }
  return trackedStock(row);
}

/**
 * A Configurable has what its variants have, a Bundle as many as its scarcest member allows, a
 * code-delivered EProduct as many as its free codes.
 */
function stockOf(row: StockParts): Stock {
  if (row.format !== 'Bundle') return singleStock(row);
  const own = row.members ?? [];
  const sets = own.map((member) => {
    const stock = singleStock(member);
    return stock.qty === null ? null : Math.floor(stock.qty / member.quantity);
  });
  const limits = sets.filter((value): value is number => value !== null);
  const inStock =
    own.length > 0 && own.every((member) => singleStock(member).inStock) && limits.every((n) => n > 0);
  return { qty: limits.length === 0 ? null : Math.min(...limits), inStock };
}

/** Stock of products (`stockOf`) in a fixed number of queries. */
async function loadStock(db: Db, rows: StockRow[]): Promise<Map<number, Stock>> {
  const bundleIds = rows.filter((row) => row.format === 'Bundle').map((row) => row.id);
  const members =
    bundleIds.length === 0
      ? []
      : await db
          .select({
            bundleId: bundleItems.bundleId,
            quantity: bundleItems.quantity,
            id: products.id,
            format: products.format,
            stockQty: products.stockQty,
            manageStock: products.manageStock,
            eproductDelivery: products.eproductDelivery,
          })
          .from(bundleItems)
          .innerJoin(products, eq(products.id, bundleItems.productId))
          .where(inArray(bundleItems.bundleId, bundleIds));
  const all = [...rows, ...members];
  const configurableIds = all.filter((row) => row.format === 'Configurable').map((row) => row.id);
  const codeIds = all
    .filter((row) => row.format === 'EProduct' && row.eproductDelivery === 'code')
    .map((row) => row.id);
  const [variants, codes] = await Promise.all([
    configurableIds.length === 0
      ? []
      : db
          .select({
            parentId: products.parentId,
            stockQty: products.stockQty,
            manageStock: products.manageStock,
          })
          .from(products)
          .where(and(inArray(products.parentId, configurableIds), eq(products.status, 'active'))),
    codeIds.length === 0
      ? []
      : db
          .select({ productId: eProductCodes.productId, n: count() })
          .from(eProductCodes)
          .where(and(inArray(eProductCodes.productId, codeIds), isNull(eProductCodes.assignedOrderId)))
          .groupBy(eProductCodes.productId),
  ]);
  const freeCodes = new Map(codes.map((row) => [row.productId, Number(row.n)]));
  const parts = (row: StockRow): StockParts => ({
    ...row,
    variants: variants.filter((variant) => variant.parentId === row.id),
    freeCodes: freeCodes.get(row.id) ?? 0,
  });
  const result = new Map<number, Stock>();
  for (const row of rows)
    result.set(
      row.id,
      stockOf({
        ...parts(row),
        members: members
          .filter((member) => member.bundleId === row.id)
          .map((member) => ({ ...parts(member), quantity: member.quantity })),
      }),
    );
  return result;
}

/**
 * Everything a card or a product page shows about the given products, in a fixed number of queries
 * whatever the number of products. Products of another site are left out.
 */
export async function loadProducts(
  db: Db,
  view: CatalogueView,
  tagList: TagRecord[],
  ids: number[],
  /** `ratings: false` where no rating is shown (the cart and the order): one query fewer. */
  options: { ratings?: boolean } = {},
): Promise<Map<number, LoadedProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const languages = viewLanguages(view);
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      format: products.format,
      status: products.status,
      parentId: products.parentId,
      isVisibleIndividually: products.isVisibleIndividually,
      taxRateBp: products.taxRateBp,
      stockQty: products.stockQty,
      manageStock: products.manageStock,
      eproductDelivery: products.eproductDelivery,
      brand: products.brand,
      gtin: products.gtin,
      itemCondition: products.itemCondition,
    })
    .from(products)
    .where(and(inArray(products.id, unique), eq(products.siteId, view.siteId)));
  if (rows.length === 0) return new Map();
  const found = rows.map((row) => row.id);
  const parentIds = rows.map((row) => row.parentId).filter((id): id is number => id !== null);
  const [texts, prices, mediaRows, tagRows, stock, ratings] = await Promise.all([
    db
      .select()
      .from(productTranslations)
      .where(
        and(
          inArray(productTranslations.productId, [...found, ...parentIds]),
          inArray(productTranslations.languageCode, languages),
        ),
      ),
    db
      .select()
      .from(productPrices)
      .where(and(inArray(productPrices.productId, found), eq(productPrices.currencyId, view.currency.id))),
    db
      .select({ productId: productMedia.productId, mediaId: productMedia.mediaId })
      .from(productMedia)
      .where(inArray(productMedia.productId, found))
      .orderBy(asc(productMedia.position), asc(productMedia.mediaId)),
    db
      .select({ productId: productTags.productId, tagId: productTags.tagId })
      .from(productTags)
      .where(inArray(productTags.productId, found))
      .orderBy(asc(productTags.tagId)),
    loadStock(db, rows),
    options.ratings === false ? new Map<number, ProductRating>() : productRatingsOf(db, found),
  ]);
  const mediaById = await loadMedia(
    db,
    view.apiKeyId,
    mediaRows.map((link) => link.mediaId),
  );
  const textFor = (productId: number): ProductText | undefined => {
    const own = Object.fromEntries(
      texts.filter((text) => text.productId === productId).map((text) => [text.languageCode, text]),
    );
    const text = pickText(own, view.language, view.defaultLanguage);
    return (
      text && {
        name: text.name,
        slug: text.slug,
        shortDescription: text.shortDescription,
        description: text.description,
        seoTitle: text.seoTitle,
        seoDescription: text.seoDescription,
      }
    );
  };
  const tagsById = new Map(tagList.map((tag) => [tag.id, tag]));
  const result = new Map<number, LoadedProduct>();
  for (const row of rows) {
    const text = textFor(row.id);
    if (!text) continue;
    result.set(row.id, {
      id: row.id,
      sku: row.sku,
      format: row.format,
      status: row.status,
      parentId: row.parentId,
      isVisibleIndividually: row.isVisibleIndividually,
      taxRateBp: row.taxRateBp,
      eproductDelivery: row.eproductDelivery,
      brand: row.brand,
      gtin: row.gtin,
      itemCondition: row.itemCondition,
      text,
      mainProductSlug: row.parentId === null ? null : (textFor(row.parentId)?.slug ?? null),
      prices: priceView(
        prices.find((price) => price.productId === row.id),
        view,
      ),
      media: mediaRows
        .filter((link) => link.productId === row.id)
        .flatMap((link) => mediaById.get(link.mediaId) ?? []),
      tags: tagRows
        .filter((link) => link.productId === row.id)
        .map((link) => tagsById.get(link.tagId))
        .filter((tag): tag is TagRecord => tag !== undefined)
        .map((tag) => ({
          id: tag.id,
          code: tag.code,
          name: pickText(tag.names, view.language, view.defaultLanguage) ?? tag.code,
        })),
      stock: stock.get(row.id) ?? { qty: null, inStock: false },
      rating: ratings.get(row.id) ?? null,
    });
  }
  return result;
}

/** A products row's `StockParts` as JSON object entries, for `alias` in a statement (`loadCards`). */
function stockPartsJson(alias: string) {
  const row = sql.raw(alias);
  return sql`'id', ${row}.id, 'format', ${row}.format, 'stockQty', ${row}.stock_qty,
    'manageStock', ${row}.manage_stock, 'eproductDelivery', ${row}.eproduct_delivery,
    'variants', case when ${row}.format = 'Configurable' then coalesce(
      (select json_agg(json_build_object('stockQty', v.stock_qty, 'manageStock', v.manage_stock))
        from products v where v.parent_id = ${row}.id and v.status = 'active'), '[]') end,
    'freeCodes', case when ${row}.format = 'EProduct' and ${row}.eproduct_delivery = 'code' then
      (select count(*) from e_product_codes c where c.product_id = ${row}.id and c.assigned_order_id is null) end`;
}

type CardJson = StockParts & {
  sku: string;
  format: ProductFormat;
  text: [name: string, slug: string] | null;
  /** basic, retail, discount, discount end (epoch ms), membership, bundle */
  price: [number, number, number | null, number | null, number | null, number | null] | null;
  media: MediaJson | null;
  tags: number[] | null;
  rating: [sum: number, count: number] | null;
};

type CardParameters = { language: SQL; defaultLanguage: SQL; currency: SQL; ids: SQL; site: SQL };

/**
 * The statement behind `loadCards`, with its parameters as SQL (values, or `$n` when prepared).
 *
 * The id list is read through a scalar subquery (`any((select $ids)::int[])`) so that the planner
 * cannot see how many ids it holds, in a custom plan as in the generic one: both then cost the same,
 * and after its five custom plans postgres.js's prepared statement runs the generic plan (decision
 * 0367). With `any($ids)` a custom plan counted the six ids against the generic plan's default of
 * ten, so the generic plan never looked cheaper and every execution was planned again (0.9 ms of
 * planning for 0.4 ms of execution on PostgreSQL at 100,000 products).
 */
const cardStatement = (p: CardParameters) =>
  sql`select coalesce(json_agg(json_build_object(
      'sku', p.sku, ${stockPartsJson('p')},
      'text', (select json_build_array(t.name, t.slug) from product_translations t
        where t.product_id = p.id and t.language_code in (${p.language}, ${p.defaultLanguage})
        order by t.language_code = ${p.language} desc limit 1),
      'price', (select json_build_array(pp.basic_price, pp.retail_price, pp.discount_price,
          floor(extract(epoch from pp.discount_ends_at) * 1000)::bigint, pp.membership_price, pp.bundle_price)
        from product_prices pp where pp.product_id = p.id and pp.currency_id = ${p.currency}),
      'media', (select first.media from (select ${mediaJsonById(sql`pm.media_id`)} as media, pm.position, pm.media_id
          from product_media pm where pm.product_id = p.id) first
        where first.media is not null order by first.position, first.media_id limit 1),
      'tags', (select json_agg(pt.tag_id order by pt.tag_id) from product_tags pt where pt.product_id = p.id),
      'rating', ${productRatingJson(sql`p.id`)},
      'members', case when p.format = 'Bundle' then coalesce(
        (select json_agg(json_build_object('quantity', b.quantity, ${stockPartsJson('m')}))
          from bundle_items b join products m on m.id = b.product_id where b.bundle_id = p.id), '[]') end
    )), '[]')::text as cards
    from products p where p.id = any((select ${p.ids}::int[])::int[]) and p.site_id = ${p.site}`;

/** `cardStatement` prepared under a name that changes with its text (a new build prepares anew). */
const preparedCardStatement = cardStatement({
  language: sql.raw('$1'),
  defaultLanguage: sql.raw('$2'),
  currency: sql.raw('$3'),
  ids: sql.raw('$4'),
  site: sql.raw('$5'),
});
const preparedCardText = new PgDialect().sqlToQuery(preparedCardStatement).sql;
const preparedCards = (() => {
  const text = preparedCardText;
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return `catalogue_cards_${(hash >>> 0).toString(36)}`;
})();
const preparedOn = new WeakMap<object, Promise<void>>();

/** A text as an SQL literal (standard_conforming_strings is on in both engines). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The cards' JSON text on PostgreSQL (prepared per connection, decision 0367) or in a transaction. */
async function cardsJson(db: Db, view: CatalogueView, ids: number[]): Promise<string | undefined> {
  const idList = `{${ids.join(',')}}`;
  const pool = pooledPostgres(db);
  if (pool) {
    // Prepared per connection (drizzle would send it unnamed and PostgreSQL would plan it every time).
    const [row] = await pool.unsafe<{ cards: string }[]>(
      preparedCardText,
      [view.language, view.defaultLanguage, view.currency.id, idList, view.siteId],
      { prepare: true },
    );
    return row?.cards;
  }
  const [row] = await rowsOf<{ cards: string }>(
    db,
    cardStatement({
      language: sql`${view.language}`,
      defaultLanguage: sql`${view.defaultLanguage}`,
      currency: sql`${view.currency.id}`,
      ids: sql`${idList}`,
      site: sql`${view.siteId}`,
    }),
  );
  return row?.cards;
}

/**
 * The cards from the embedded engine, and the write token they were read at (decision 0372).
 *
 * PGlite plans every statement it is sent, and planning this one took longer than running it
 * (decision 0366). Prepared once in the engine's one session, it is planned once: the planner would
 * keep making custom plans for it (its generic estimate for the id array is larger), so this
 * execution alone asks for the generic one (SET LOCAL in the call's implicit transaction). EXECUTE
 * takes no bound parameters: its arguments are literals, integers and the view's language codes.
 */
async function engineCards(
  db: Db,
  engine: EmbeddedEngine,
  view: CatalogueView,
  ids: number[],
): Promise<{ cards: CardJson[]; token: string | null }> {
  let prepared = preparedOn.get(engine);
  if (!prepared) {
    prepared = (async () => {
      const [known] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_prepared_statements where name = ${preparedCards}`,
      );
      if (Number(known?.n) > 0) return;
      await db.execute(
        sql`prepare ${sql.raw(preparedCards)} (text, text, int, text, int) as ${preparedCardStatement}`,
      );
    })();
    preparedOn.set(engine, prepared);
    prepared.catch(() => preparedOn.delete(engine));
  }
  await prepared;
  if (!Number.isSafeInteger(view.currency.id) || !Number.isSafeInteger(view.siteId))
    throw new Error('loadCards: the site and currency are integers');
  const { results, token } = await execWithToken(
    engine,
    `set local plan_cache_mode = force_generic_plan;
     execute ${preparedCards}(${literal(view.language)}, ${literal(view.defaultLanguage)}, ${view.currency.id}, ${literal(`{${ids.join(',')}}`)}, ${view.siteId})`,
  );
  const cards = (results.at(-1)?.rows[0] as { cards?: string } | undefined)?.cards;
  return { cards: JSON.parse(cards ?? '[]') as CardJson[], token };
}

/**
 * PGlite: the cards read so far, by view and product, valid while the engine's write token is the one
 * they were read at (decision 0373). The engine is this process's own, so every write to any table a
 * card is made of (products and their stock, variants, codes, texts, prices, media, tags, ratings,
 * bundle members) moves the token, and the next request starts a new cache. Entries are the rows as
 * the statement gave them: the clock (sale ends), the stock rule and the tag names are applied per
 * request, as for a card just read.
 */
type CardCache = { token: string; cards: Map<string, CardJson> };
const cardCaches = new WeakMap<EmbeddedEngine, CardCache>();
/** About 1 KB of heap each (measured in decision 0373). */
export const CARD_CACHE_LIMIT = 20_000;

async function embeddedCards(db: Db, engine: EmbeddedEngine, view: CatalogueView, ids: number[]) {
  const token = process.env.CATALOGUE_CARD_CACHE === 'off' ? null : await writeToken(engine);
  if (token === null) return (await engineCards(db, engine, view, ids)).cards;
  let cache = cardCaches.get(engine);
  if (cache?.token !== token) {
    cache = { token, cards: new Map() };
    cardCaches.set(engine, cache);
  }
  const scope = `${view.siteId}|${view.language}|${view.defaultLanguage}|${view.currency.id}|`;
  const found: CardJson[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const card = cache.cards.get(scope + id);
    if (card) found.push(card);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const fetched = await engineCards(db, engine, view, missing);
  // Kept under the token they were read at: this request's, unless something was written meanwhile
  // (then under the newer token, and the older cards go).
  let target = cardCaches.get(engine);
  if (fetched.token !== null && (!target || BigInt(fetched.token) > BigInt(target.token))) {
    target = { token: fetched.token, cards: new Map() };
    cardCaches.set(engine, target);
  }
  if (fetched.token !== null && target?.token === fetched.token) {
    let excess = target.cards.size + fetched.cards.length - CARD_CACHE_LIMIT;
    for (const key of target.cards.keys()) {
      if (excess-- <= 0) break;
      target.cards.delete(key);
    }
    for (const card of fetched.cards) target.cards.set(scope + card.id, card);
  }
  return found.length === 0 ? fetched.cards : [...found, ...fetched.cards];
}

/**
 * The cards of the given products (what `toCard` makes of `loadProducts`) in one statement that
 * builds them as JSON: a listing page's six cards took nine statements, each a round trip and, on
 * PGlite, a pass through the engine. Products of another site, and products without a text in the
 * view's languages, are left out.
 */
export async function loadCards(
  db: Db,
  view: CatalogueView,
  tagList: TagRecord[],
  ids: number[],
): Promise<Map<number, ProductCard>> {
  const result = new Map<number, ProductCard>();
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return result;
  const engine = embeddedEngine(db);
  const cards = engine
    ? await embeddedCards(db, engine, view, unique)
    : (JSON.parse((await cardsJson(db, view, unique)) ?? '[]') as CardJson[]);
  const tagsById = new Map(tagList.map((tag) => [tag.id, tag]));
  for (const card of cards) {
    if (!card.text) continue;
    const [basicPrice, retailPrice, discountPrice, endsAt, membershipPrice, bundlePrice] = card.price ?? [];
    result.set(card.id, {
      id: card.id,
      name: card.text[0],
      slug: card.text[1],
      sku: card.sku,
      format: card.format,
      media: card.media ? [mediaOfJson(view.apiKeyId, card.media)] : [],
      prices: card.price
        ? priceView(
            {
              productId: card.id,
              currencyId: view.currency.id,
              basicPrice: basicPrice!,
              retailPrice: retailPrice!,
              discountPrice: discountPrice ?? null,
              discountEndsAt: endsAt === null || endsAt === undefined ? null : new Date(endsAt),
              membershipPrice: membershipPrice ?? null,
              bundlePrice: bundlePrice ?? null,
            },
            view,
          )
        : null,
      tags: (card.tags ?? []).flatMap((id) => {
        const tag = tagsById.get(id);
        return tag
          ? [{ code: tag.code, name: pickText(tag.names, view.language, view.defaultLanguage) ?? tag.code }]
          : [];
      }),
      inStock: stockOf(card).inStock,
      rating: ratingOfJson(card.rating),
    });
  }
  return result;
}

export type LoadedCustomOption = {
  id: number;
  productId: number;
  type: CustomOptionType;
  isRequired: boolean;
  maxLength: number | null;
  minValue: number | null;
  maxValue: number | null;
  title: string;
  /** Price deltas are euro cents: the cart converts them with the line. */
  values: { id: number; sku: string; title: string; priceDelta: number }[];
};

/** Rows with a translation each, grouped per id with the text in the view's language (else the default). */
function titled<T extends { id: number; languageCode: string | null; title: string | null }>(
  rows: T[],
  view: Pick<CatalogueView, 'language' | 'defaultLanguage'>,
) {
  const byId = new Map<number, { row: T; texts: Record<string, string> }>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { row, texts: {} };
    if (row.languageCode && row.title !== null) entry.texts[row.languageCode] = row.title;
    byId.set(row.id, entry);
  }
  return [...byId.values()].map(({ row, texts }) => ({
    row,
    title: pickText(texts, view.language, view.defaultLanguage) ?? '',
  }));
}

/** The custom options of products, in their order, with their values: two queries for any number of products. */
export async function loadCustomOptions(
  db: Db,
  view: Pick<CatalogueView, 'language' | 'defaultLanguage'>,
  productIds: number[],
): Promise<Map<number, LoadedCustomOption[]>> {
  const result = new Map<number, LoadedCustomOption[]>();
  if (productIds.length === 0) return result;
  const languages = [...new Set([view.language, view.defaultLanguage])];
  const [options, values] = await Promise.all([
    db
      .select({
        id: customOptions.id,
        productId: customOptions.productId,
        optionType: customOptions.optionType,
        isRequired: customOptions.isRequired,
        maxLength: customOptions.maxLength,
        minValue: customOptions.minValue,
        maxValue: customOptions.maxValue,
        languageCode: customOptionTranslations.languageCode,
        title: customOptionTranslations.optionTitle,
      })
      .from(customOptions)
      .leftJoin(
        customOptionTranslations,
        and(
          eq(customOptionTranslations.optionId, customOptions.id),
          inArray(customOptionTranslations.languageCode, languages),
        ),
      )
      .where(inArray(customOptions.productId, productIds))
      .orderBy(asc(customOptions.position), asc(customOptions.id)),
    db
      .select({
        id: customOptionValues.id,
        optionId: customOptionValues.optionId,
        sku: customOptionValues.sku,
        priceDelta: customOptionValues.priceDelta,
        languageCode: customOptionValueTranslations.languageCode,
        title: customOptionValueTranslations.title,
      })
      .from(customOptionValues)
      .innerJoin(customOptions, eq(customOptions.id, customOptionValues.optionId))
      .leftJoin(
        customOptionValueTranslations,
        and(
          eq(customOptionValueTranslations.valueId, customOptionValues.id),
          inArray(customOptionValueTranslations.languageCode, languages),
        ),
      )
      .where(inArray(customOptions.productId, productIds))
      .orderBy(asc(customOptionValues.position), asc(customOptionValues.id)),
  ]);
  const valueList = titled(values, view);
  for (const { row, title } of titled(options, view)) {
    const list = result.get(row.productId) ?? [];
    list.push({
      id: row.id,
      productId: row.productId,
      type: row.optionType,
      isRequired: row.isRequired,
      maxLength: row.maxLength,
      minValue: row.minValue,
      maxValue: row.maxValue,
      title,
      values: valueList
        .filter((value) => value.row.optionId === row.id)
        .map((value) => ({
          id: value.row.id,
          sku: value.row.sku,
          title: value.title,
          priceDelta: value.row.priceDelta,
        })),
    });
    result.set(row.productId, list);
  }
  return result;
}
