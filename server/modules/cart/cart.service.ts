import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CART_ERRORS,
  CART_MAX_LINES,
  CART_MAX_QTY,
  CART_NOTICES,
  type CartErrorCode,
  type CartNoticeCode,
} from '../../../core/cart.ts';
import { isValidEan13 } from '../../../core/ean13.ts';
import { isUiLanguage } from '../../../core/languages.ts';
import { cartLineLink } from '../../../core/links.ts';
import { fromEuro, toEuro } from '../../../core/money.ts';
import { isBundleComplete } from '../../../core/product-rules.ts';
import { ApiError } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { dataResponseJson } from '../../cache/shared-json.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce, preparedPerDatabase } from '../../db/prepared-query.ts';
import { answerInTransaction, claimInTransaction, idempotencyClaimOf } from '../../http/idempotency.ts';
import { type CartProduct, freshCartRows, loadCartProducts } from '../catalogue/catalogue-cart.service.ts';
import {
  checkCoupon,
  couponByCode,
  couponById,
  deliveryMethodById,
  isListedMemberCard,
} from '../checkout/checkout-reference.service.ts';
import { type SiteService, siteCacheTag } from '../site/site.service.ts';
import type { addItemBody, Cart, CartLine, CartNotice, updateItemBody } from './cart.contract.ts';
import { type CartStatus, cartItems, carts, loyaltyAccounts, type StoredLineOptions } from './cart.schema.ts';
import { type LineInput, priceCart } from './cart-pricing.ts';
import { httpMemberCardValidator, type MemberCardVerdict } from './member-card-validator.ts';

/**
 * Cart changes commit without waiting for the WAL flush (decision 0257): a cart is no payment, and
 * what a crash of the database server could lose is its last fraction of a second of cart changes,
 * with their Idempotency-Key records (a retry then runs again), never a half change. Orders commit
 * synchronously as before.
 */
const ASYNC_COMMIT = sql`set local synchronous_commit = off`;

/** Awaits a query in an async function: queries started this way in a row reach the driver in that order. */
const inOrder = async <T>(query: PromiseLike<T>): Promise<T> => await query;
/** `inOrder` for other modules' queries sent in the same round trip as the cart's (lockForOrder). */
export const inOrderQuery = inOrder;
/** A cart's row id by its public id, as a subquery: for reads sent with the lock (lockForOrder). */
export const cartRowIdOf = (cartId: string) =>
  sql<number>`(select ${sql.raw('"carts"."id"')} from ${carts} where ${carts.cartId} = ${cartId})`;

/** Thrown in a change's transaction to end it when the request is the retry of a committed one. */
class Replayed extends Error {}

/** The id of the main currency (EUR): amounts of the checkout's reference data are kept in it. */
const EUR_ID = 44;
/**
 * How long a product read for a cart is reused at most (decision 0254). Catalogue writes drop it at
 * once through the site's cache tag; the TTL bounds what a write that does not (an order taking stock)
 * leaves: a line may show, and accept, stock that is this many seconds old. The order re-checks stock.
 */
const PRODUCT_TTL_SECONDS = 10;
/** How long a definite answer of the external member card validator is reused. */
const MEMBER_VERDICT_TTL_SECONDS = 600;
/** The cart's entries in the shared cache. */
const CACHE_NAMESPACE = 'cart';
/** The store's merge-items setting: as long as the site's own cached settings live. */
const SETTINGS_TTL_SECONDS = 300;
/** Below this many units left, a line says the stock is low. */
const LOW_STOCK = 5;

type CartRow = typeof carts.$inferSelect;
type ItemRow = typeof cartItems.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a change works on: the locked cart, its lines (id order), the products read so far, the balance. */
type CartState = { cart: CartRow; lines: ItemRow[]; products: Map<number, CartProduct>; balance: number };

/** A line as the cart read's JSON aggregate gives it (timestamps as text). */
type JsonLine = Omit<ItemRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
const fromJsonLine = (line: JsonLine): ItemRow => ({
  ...line,
  createdAt: new Date(line.createdAt),
  updatedAt: new Date(line.updatedAt),
});

const withoutBalance = ({ balance: _balance, ...cart }: CartRow & { balance: number | null }): CartRow =>
  cart;
type Session = { cartId: string; protectCode: string; currencyId?: number };
type AddInput = z.output<typeof addItemBody>;
type UpdateInput = z.output<typeof updateItemBody>;
type ParsedOptions = {
  variantId?: number;
  personalizations?: { optionId: number; valueId?: number; value?: string | number }[];
  bundleOptions?: { productId: number; variantId: number }[];
};

export const cartError = (code: CartErrorCode, status: 400 | 401 | 404 | 409 | 503, field?: string) =>
  new ApiError(
    status,
    code,
    CART_ERRORS[code],
    field ? { field, issues: [{ field, message: CART_ERRORS[code] }] } : {},
  );

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new session pair: a random UUID and 256 random bits (43 base64url characters). */
export function newCartSession() {
  return { cartId: randomUUID(), protectCode: randomBytes(32).toString('base64url') };
}

function protectCodeMatches(row: CartRow, protectCode: string) {
  const expected = Buffer.from(row.protectCodeHash, 'hex');
  const given = Buffer.from(sha256(protectCode), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Refuses a pair that does not open this cart for this request (see the contract's error codes). */
function checkAccess(ctx: RequestContext, row: CartRow | undefined, session: Session): CartRow {
  if (!row || row.siteId !== ctx.site.id || !protectCodeMatches(row, session.protectCode))
    throw cartError('CART_SESSION_MISSING', 400, 'cartId');
  const closed: Record<CartStatus, CartErrorCode | null> = {
    active: null,
    archived: 'CART_ARCHIVED',
    ordered: 'CART_USED',
  };
  const code = closed[row.status];
  if (code) throw cartError(code, 409);
  if (
    row.storeId !== ctx.store.id ||
    (session.currencyId !== undefined && session.currencyId !== row.currencyId)
  )
    throw cartError('CART_OTHER_STORE', 409);
  if (row.userId !== null && row.userId !== ctx.user?.id) throw cartError('CART_OTHER_USER', 409);
  return row;
}

function requireActiveUser(ctx: RequestContext) {
  if (!ctx.user) throw cartError('CART_NO_ACTIVE_USER', 401);
  return ctx.user;
}

/** A euro amount of the reference data in the cart's currency (negative deltas keep their sign). */
function euroToStore(ctx: RequestContext, euroMinor: number) {
  if (ctx.store.currency.id === EUR_ID) return euroMinor;
  return Math.sign(euroMinor) * fromEuro(Math.abs(euroMinor), ctx.store.eurRate);
}

/** The canonical form of a line's options and its hash: the same choices give the same line. */
export function canonicalOptions(options: StoredLineOptions): { options: StoredLineOptions; hash: string } {
  const canonical: StoredLineOptions = {};
  const personalizations = [...(options.personalizations ?? [])]
    .sort((a, b) => a.optionId - b.optionId)
    .map((entry) => ({
      optionId: entry.optionId,
      ...(entry.valueId !== undefined ? { valueId: entry.valueId } : {}),
      ...(entry.value !== undefined ? { value: entry.value } : {}),
    }));
  const bundleOptions = [...(options.bundleOptions ?? [])]
    .sort((a, b) => a.productId - b.productId)
    .map(({ productId, variantId }) => ({ productId, variantId }));
  if (personalizations.length > 0) canonical.personalizations = personalizations;
  if (bundleOptions.length > 0) canonical.bundleOptions = bundleOptions;
  return { options: canonical, hash: sha256(JSON.stringify(canonical)) };
}

type ResolvedLine = {
  product: CartProduct;
  options: StoredLineOptions;
  hash: string;
  /** Euro cents the options add to one unit. */
  optionsEuro: number;
  /** Units of this line the stock allows (null: not tracked). */
  available: number | null;
  inStock: boolean;
};

const isSellable = (product: CartProduct | undefined): product is CartProduct =>
  product !== undefined && product.status === 'active' && product.prices !== null;

function unitsAvailable(
  product: CartProduct,
  chosen: { product: CartProduct; quantity: number }[],
): { available: number | null; inStock: boolean } {
  let available = product.stock.qty;
  let inStock = product.stock.inStock;
  for (const { product: member, quantity } of chosen) {
    if (!member.stock.inStock) inStock = false;
    if (member.stock.qty !== null) {
      const units = Math.floor(member.stock.qty / quantity);
      available = available === null ? units : Math.min(available, units);
    }
  }
  if (available !== null && available <= 0) inStock = false;
  return { available, inStock };
}

/**
 * Works out which product a line is and its canonical options, checking the add-to-cart rules of
 * section 4: a Configurable needs its variant, a Bundle every Configurable member's variant and never
 * a nested Bundle, custom options must be the product's and within their limits.
 */
function resolveLine(
  productId: number,
  input: ParsedOptions,
  productsById: Map<number, CartProduct>,
): ResolvedLine {
  const requested = productsById.get(productId);
  if (requested?.status !== 'active' || (requested.format !== 'Configurable' && requested.prices === null))
    throw cartError('PRODUCT_NOT_AVAILABLE', 404, 'productId');
  let product = requested;
  if (requested.format === 'Configurable') {
    if (input.variantId === undefined) throw cartError('CONFIGURATION_NOT_SET', 400, 'options.variantId');
    const variant = productsById.get(input.variantId);
    if (
      !variant ||
      variant.parentId !== requested.id ||
      (variant.format !== 'Simple' && variant.format !== 'EProduct')
    )
      throw cartError('CONFIGURATION_NOT_SET', 400, 'options.variantId');
    if (!isSellable(variant)) throw cartError('PRODUCT_NOT_AVAILABLE', 404, 'options.variantId');
    product = variant;
  } else if (input.variantId !== undefined && input.variantId !== requested.id) {
    throw cartError('CONFIGURATION_NOT_SET', 400, 'options.variantId');
  }

  // Bundle members.
  const bundleOptions = input.bundleOptions ?? [];
  const chosen: { product: CartProduct; quantity: number }[] = [];
  if (product.format === 'Bundle') {
    const members = product.bundleMembers.map((member) => ({
      member,
      product: productsById.get(member.productId),
    }));
    if (members.some((entry) => !isSellableMember(entry.product)))
      throw cartError('PRODUCT_NOT_AVAILABLE', 404, 'productId');
    const selections = bundleOptions.map((option) => {
      const variant = productsById.get(option.variantId);
      return {
        mainProduct: { id: option.productId, format: productsById.get(option.productId)?.format ?? '' },
        activeProduct: variant ? { id: variant.id, format: variant.format } : null,
      };
    });
    const check = isBundleComplete(
      {
        format: product.format,
        bundles: members.map((entry) => ({
          product: { id: entry.member.productId, format: entry.product?.format ?? '' },
        })),
      },
      selections,
    );
    if (!check.ok) throw cartError('BUNDLE_INCOMPLETE', 400, 'options.bundleOptions');
    for (const option of bundleOptions) {
      const entry = members.find((candidate) => candidate.member.productId === option.productId);
      const variant = productsById.get(option.variantId);
      // Only a Configurable member takes a choice, and only one of its own active variants.
      if (
        entry?.product?.format !== 'Configurable' ||
        !variant ||
        variant.parentId !== option.productId ||
        variant.status !== 'active' ||
        bundleOptions.filter((other) => other.productId === option.productId).length > 1
      )
        throw cartError('BUNDLE_INCOMPLETE', 400, 'options.bundleOptions');
    }
    for (const entry of members) {
      const choice = bundleOptions.find((option) => option.productId === entry.member.productId);
      const boxed = choice ? productsById.get(choice.variantId) : entry.product;
      if (boxed) chosen.push({ product: boxed, quantity: entry.member.quantity });
    }
  } else if (bundleOptions.length > 0) {
    throw cartError('BUNDLE_INCOMPLETE', 400, 'options.bundleOptions');
  }

  // Custom options: the requested product's (a Configurable's are on the main product) and the line's own.
  const optionList = [...requested.customOptions, ...(product === requested ? [] : product.customOptions)];
  const personalizations: NonNullable<StoredLineOptions['personalizations']> = [];
  let optionsEuro = 0;
  const seen = new Set<number>();
  for (const entry of input.personalizations ?? []) {
    const option = optionList.find((candidate) => candidate.id === entry.optionId);
    if (!option || seen.has(entry.optionId))
      throw cartError('INVALID_OPTION', 400, 'options.personalizations');
    seen.add(entry.optionId);
    let value: string | number | undefined;
    if (option.type === 'text') {
      const text = entry.value === undefined ? '' : String(entry.value).trim();
      if (text.length > (option.maxLength ?? 500))
        throw cartError('INVALID_OPTION', 400, 'options.personalizations');
      value = text === '' ? undefined : text;
    } else if (entry.value !== undefined && String(entry.value).trim() !== '') {
      const number = typeof entry.value === 'number' ? entry.value : Number(String(entry.value).trim());
      if (
        !Number.isFinite(number) ||
        (option.minValue !== null && number < option.minValue) ||
        (option.maxValue !== null && number > option.maxValue)
      )
        throw cartError('INVALID_OPTION', 400, 'options.personalizations');
      value = number;
    }
    if (entry.valueId !== undefined && !option.values.some((candidate) => candidate.id === entry.valueId))
      throw cartError('INVALID_OPTION', 400, 'options.personalizations');
    if (value === undefined && entry.valueId === undefined) continue;
    // Filling an option applies its (first, or chosen) value and that value's price.
    const chosenValue =
      option.values.find((candidate) => candidate.id === entry.valueId) ?? option.values[0] ?? null;
    optionsEuro += chosenValue?.priceDelta ?? 0;
    personalizations.push({
      optionId: option.id,
      ...(chosenValue ? { valueId: chosenValue.id } : {}),
      ...(value !== undefined ? { value } : {}),
    });
  }
  for (const option of optionList)
    if (option.isRequired && !personalizations.some((entry) => entry.optionId === option.id))
      throw cartError('INVALID_OPTION', 400, 'options.personalizations');

  const { options, hash } = canonicalOptions({ personalizations, bundleOptions });
  return { product, options, hash, optionsEuro, ...unitsAvailable(product, chosen) };
}

const isSellableMember = (product: CartProduct | undefined) =>
  product !== undefined && product.status === 'active' && product.format !== 'Bundle';

/** Every product id a line's resolution may look at. */
function idsFor(productId: number, options: ParsedOptions | (StoredLineOptions & { variantId?: number })) {
  const ids = [productId];
  if (options.variantId !== undefined) ids.push(options.variantId);
  for (const entry of options.bundleOptions ?? []) ids.push(entry.productId, entry.variantId);
  return ids;
}

export type CartService = ReturnType<typeof createCartService>;

export function createCartService(
  { db, cache, config }: Pick<Deps, 'db' | 'cache' | 'config'>,
  sites: Pick<SiteService, 'checkoutSettingsFor'>,
) {
  const externalValidator = config.MEMBER_CARD_VALIDATOR_URL
    ? httpMemberCardValidator(config.MEMBER_CARD_VALIDATOR_URL, config.MEMBER_CARD_VALIDATOR_TIMEOUT_MS)
    : null;

  /**
   * Whether a barcode is a member card: the site's list, or the configured external validator, whose
   * definite answers are kept MEMBER_VERDICT_TTL_SECONDS so that reading a cart does not ask it each
   * time (an answer it could not give is not kept).
   */
  async function memberCardVerdict(executor: Db | Tx, ctx: RequestContext, barcode: string) {
    if (!externalValidator)
      return (await isListedMemberCard(executor as Db, ctx.site.id, barcode)) ? 'valid' : 'invalid';
    const key = `member:${ctx.site.id}:${barcode}`;
    const hit = await cache.get<MemberCardVerdict>(CACHE_NAMESPACE, key).catch(() => undefined);
    if (hit) return hit;
    const verdict = await externalValidator(ctx.site.id, barcode);
    if (verdict !== 'unavailable')
      await cache
        .set(CACHE_NAMESPACE, key, verdict, {
          ttlSeconds: MEMBER_VERDICT_TTL_SECONDS,
          tags: [siteCacheTag(ctx.site.id)],
        })
        .catch(() => {});
    return verdict;
  }

  const productView = (ctx: RequestContext) => ({
    siteId: ctx.site.id,
    apiKeyId: ctx.site.apiKeyId,
    language: ctx.language,
    defaultLanguage: ctx.site.defaultLanguage,
    currency: ctx.store.currency,
  });

  const productKey = (ctx: RequestContext, id: number) =>
    `product:${ctx.site.id}:${ctx.language}:${ctx.store.currency.id}:${id}`;
  /** A product's entry for the order's check, whose stock is not trusted (decision 0307). */
  const textKey = (ctx: RequestContext, id: number) =>
    `product-text:${ctx.site.id}:${ctx.language}:${ctx.store.currency.id}:${id}`;
  /** One product's entries in every language and currency (see forgetProducts). */
  const productTag = (siteId: number, id: number) => `cart-product:${siteId}:${id}`;

  /**
   * The products of the ids (and, for bundles, their members; for variants, their Configurable
   * product), added to `into`. Each product is read through the shared cache (decision 0254): tagged
   * with the site, so the catalogue's invalidation drops it in every process, and kept PRODUCT_TTL_SECONDS
   * at most, which bounds how stale the stock a line shows can be. Misses load through `executor`, so a
   * change's transaction never waits for a query queued behind it (PGlite).
   */
  async function productsFor(
    executor: Db | Tx,
    ctx: RequestContext,
    ids: number[],
    into: Map<number, CartProduct> = new Map(),
    fresh = false,
    /** Collects the ids answered by the cache (the rest were read through `executor`). */
    fromCache?: Set<number>,
    /**
     * With this set, a product the entry with stock lacks is looked for in its entry without stock
     * (kept when an order drops the first); such ids are collected here: their stock is not current.
     */
    withoutStock?: Set<number>,
  ) {
    const absent = new Set<number>();
    let wanted = [...new Set(ids)].filter((id) => !into.has(id));
    while (wanted.length > 0) {
      const hits = fresh
        ? []
        : await Promise.all(
            wanted.map(async (id) => {
              const hit = await cache
                .get<CartProduct>(CACHE_NAMESPACE, productKey(ctx, id))
                .catch(() => undefined);
              if (hit || !withoutStock) return hit;
              const text = await cache
                .get<CartProduct>(CACHE_NAMESPACE, textKey(ctx, id))
                .catch(() => undefined);
              if (text) withoutStock.add(id);
              return text;
            }),
          );
      const missing: number[] = [];
      wanted.forEach((id, index) => {
        const hit = hits[index];
        if (hit) {
          into.set(id, hit);
          fromCache?.add(id);
        } else missing.push(id);
      });
      if (missing.length > 0) {
        const loaded = await loadCartProducts(executor as Db, productView(ctx), missing);
        await Promise.all(
          [...loaded].map(([id, product]) => {
            // What a miss answers is what a later hit will (through JSON).
            into.set(id, JSON.parse(JSON.stringify(product)) as CartProduct);
            return Promise.all([
              cache
                .set(CACHE_NAMESPACE, productKey(ctx, id), product, {
                  ttlSeconds: PRODUCT_TTL_SECONDS,
                  tags: [siteCacheTag(ctx.site.id), productTag(ctx.site.id, id)],
                })
                .catch(() => {}),
              // The same without the product's own tag: an order's forgetProducts keeps it, and the
              // order's check (decision 0307) takes the stock from the database.
              cache
                .set(CACHE_NAMESPACE, textKey(ctx, id), product, {
                  ttlSeconds: PRODUCT_TTL_SECONDS,
                  tags: [siteCacheTag(ctx.site.id)],
                })
                .catch(() => {}),
            ]);
          }),
        );
        // Ids that name no product of this site are not looked for again in this call.
        for (const id of missing) if (!loaded.has(id)) absent.add(id);
      }
      const related = wanted.flatMap((id) => {
        const product = into.get(id);
        if (!product) return [];
        return [
          ...product.bundleMembers.map((member) => member.productId),
          ...(product.parentId === null ? [] : [product.parentId]),
        ];
      });
      wanted = [...new Set(related)].filter((id) => !into.has(id) && !absent.has(id));
    }
    return into;
  }

  /**
   * The products of the ids (and their members and parents) from the cache, checked against their rows
   * read now in one statement; products whose own stock moved take the fresh stock. Any other
   * difference (a price, status, tax, format or parent changed, a product gone) reads them all from
   * the database, as before (decision 0307).
   */
  async function freshlyChecked(tx: Tx, ctx: RequestContext, ids: number[]) {
    const hits = new Set<number>();
    const withoutStock = new Set<number>();
    const cached = await productsFor(tx, ctx, ids, new Map(), false, hits, withoutStock);
    // Products the cache did not have were just read in this transaction: only hits are checked.
    if (hits.size === 0) return cached;
    const fresh = await freshCartRows(tx, productView(ctx), [...hits]);
    const samePrices = (a: CartProduct['prices'], b: CartProduct['prices']) =>
      a === b ||
      (a !== null &&
        b !== null &&
        a.retail === b.retail &&
        a.discount === b.discount &&
        a.membership === b.membership &&
        a.bundle === b.bundle);
    let agree = true;
    for (const id of hits) {
      const product = cached.get(id)!;
      const row = fresh.get(id);
      if (
        !row ||
        row.status !== product.status ||
        row.format !== product.format ||
        row.parentId !== product.parentId ||
        row.taxRateBp !== product.taxRateBp ||
        !samePrices(row.prices, product.prices)
      ) {
        agree = false;
        break;
      }
      if (row.stock && (row.stock.qty !== product.stock.qty || row.stock.inStock !== product.stock.inStock))
        cached.set(id, { ...product, stock: row.stock });
      // A stock that derives from other rows (variants, members, codes) is not in the row: an entry
      // whose stock is not current cannot be used for such a product.
      if (!row.stock && withoutStock.has(id)) {
        agree = false;
        break;
      }
    }
    return agree ? cached : productsFor(tx, ctx, ids, new Map(), true);
  }

  async function loyaltyBalance(executor: Db | Tx, ctx: RequestContext, userId: number | null) {
    if (userId === null) return 0;
    const [row] = await executor
      .select({ points: loyaltyAccounts.points })
      .from(loyaltyAccounts)
      .where(and(eq(loyaltyAccounts.userId, userId), eq(loyaltyAccounts.siteId, ctx.site.id)));
    return row?.points ?? 0;
  }

  /** The ids every line of the cart may need. */
  const lineIds = (lines: ItemRow[]) => lines.flatMap((line) => idsFor(line.productId, line.options));

  /**
   * Everything the cart answer shows, priced, from the cart's lines and products already in hand; only
   * a coupon, a member card or a delivery method the cart holds is read (decision 0254).
   */
  async function compute(
    executor: Db | Tx,
    ctx: RequestContext,
    cart: CartRow,
    items: ItemRow[],
    productsById: Map<number, CartProduct>,
    balance: number,
  ) {
    const [couponRow, memberVerdict, delivery] = await Promise.all([
      cart.couponId === null ? undefined : couponById(executor as Db, cart.couponId),
      cart.memberBarcode === null || cart.userId === null
        ? ('invalid' as const)
        : memberCardVerdict(executor, ctx, cart.memberBarcode),
      cart.deliveryMethodId === null
        ? undefined
        : deliveryMethodById(executor as Db, ctx.site.id, cart.deliveryMethodId),
    ]);
    // A validator that cannot answer now leaves the card on the cart, without its prices for this answer.
    const memberValid = memberVerdict === 'valid';
    const lines = items.map((item) => {
      const product = productsById.get(item.productId);
      const chosen = (item.options.bundleOptions ?? []).flatMap((option) => {
        const variant = productsById.get(option.variantId);
        const quantity =
          product?.bundleMembers.find((member) => member.productId === option.productId)?.quantity ?? 1;
        return variant ? [{ product: variant, quantity }] : [];
      });
      const members =
        product?.bundleMembers.flatMap((member) => {
          if ((item.options.bundleOptions ?? []).some((option) => option.productId === member.productId))
            return [];
          const own = productsById.get(member.productId);
          return own ? [{ product: own, quantity: member.quantity }] : [];
        }) ?? [];
      const optionsEuro = (item.options.personalizations ?? []).reduce((sum, entry) => {
        const owner = [product, product?.parentId ? productsById.get(product.parentId) : undefined];
        const option = owner
          .flatMap((candidate) => candidate?.customOptions ?? [])
          .find((candidate) => candidate.id === entry.optionId);
        return sum + (option?.values.find((value) => value.id === entry.valueId)?.priceDelta ?? 0);
      }, 0);
      return {
        item,
        product,
        sellable:
          isSellable(product) && [...chosen, ...members].every((entry) => entry.product.status === 'active'),
        optionsEuro,
        stock: product ? unitsAvailable(product, [...chosen, ...members]) : { available: 0, inStock: false },
      };
    });
    const coupon = couponRow ? checkCoupon(couponRow) : null;
    const programme = ctx.store.loyalty;
    const freeDeliveryReward = programme?.rewards.find((reward) => reward.freeDelivery) ?? null;
    const deliveryInput = delivery
      ? {
          price:
            delivery.currencyId === ctx.store.currency.id ? delivery.price : euroToStore(ctx, delivery.price),
          freeOver:
            delivery.freeOver === null
              ? null
              : delivery.currencyId === ctx.store.currency.id
                ? delivery.freeOver
                : euroToStore(ctx, delivery.freeOver),
        }
      : null;
    const priced = (rows: typeof lines, memberOn: boolean, points: number) =>
      priceCart({
        lines: rows
          .filter((line) => line.sellable)
          .map(
            (line): LineInput => ({
              itemId: line.item.id,
              qty: line.item.qty,
              taxRateBp: line.product!.taxRateBp,
              retail: line.product!.prices!.retail,
              discount: line.product!.prices!.discount,
              membership: line.product!.prices!.membership,
              bundle: line.product!.prices!.bundle,
              optionsPrice: euroToStore(ctx, line.optionsEuro),
            }),
          ),
        memberCard: memberOn,
        coupon: coupon?.ok
          ? {
              type: coupon.coupon.type,
              value:
                coupon.coupon.type === 'fixed' ? euroToStore(ctx, coupon.coupon.value) : coupon.coupon.value,
              minOrderTotal:
                coupon.coupon.minOrderTotal === null ? null : euroToStore(ctx, coupon.coupon.minOrderTotal),
            }
          : null,
        loyalty: programme
          ? {
              requested: points,
              balance,
              pointValueCents: programme.pointValueCents,
              pointsPerEuro: programme.pointsPerEuro,
              freeDeliveryPoints: cart.userId === null ? null : (freeDeliveryReward?.pointsRequired ?? null),
            }
          : null,
        delivery: deliveryInput,
        eurRate: ctx.store.eurRate,
        isEuro: ctx.store.currency.id === EUR_ID,
      });
    const result = priced(lines, memberValid, cart.loyaltyPoints);
    const couponHolds = coupon === null || (coupon.ok && result.couponValid !== false);
    return {
      lines,
      productsById,
      coupon,
      couponHolds,
      memberValid,
      memberVerdict,
      balance,
      result,
      freeDeliveryReward,
    };
  }

  type Computed = Awaited<ReturnType<typeof compute>>;

  function toView(
    ctx: RequestContext,
    cart: CartRow,
    session: Session,
    computed: Computed,
    messages: CartNotice[],
  ): Cart {
    const { result, productsById } = computed;
    const language = isUiLanguage(ctx.language) ? ctx.language : 'hr';
    const isEuro = ctx.store.currency.id === EUR_ID;
    const items: CartLine[] = [];
    for (const line of computed.lines) {
      const product = line.product;
      const price = result.lines.find((entry) => entry.itemId === line.item.id);
      if (!product || !price) continue;
      const parent = product.parentId ? productsById.get(product.parentId) : undefined;
      const optionsOf = [...product.customOptions, ...(parent?.customOptions ?? [])];
      const available = line.stock.available;
      const state = !line.stock.inStock
        ? 'out_of_stock'
        : available !== null && line.item.qty > available
          ? 'insufficient'
          : available !== null && available <= LOW_STOCK
            ? 'low'
            : 'in_stock';
      items.push({
        itemId: line.item.id,
        productId: product.id,
        parentProductId: product.parentId,
        format: product.format,
        sku: product.sku,
        qty: line.item.qty,
        productData: {
          name: parent && !product.isVisibleIndividually ? parent.name : product.name,
          slug: product.isVisibleIndividually ? product.slug : (product.mainProductSlug ?? product.slug),
          url: cartLineLink(
            {
              itemId: line.item.id,
              product: {
                slug: product.slug,
                isVisibleIndividually: product.isVisibleIndividually,
                mainProductSlug: product.mainProductSlug,
              },
            },
            language,
          ),
          media: product.media ?? parent?.media ?? null,
        },
        options: {
          attributes: product.attributes,
          personalizations: (line.item.options.personalizations ?? []).flatMap((entry) => {
            const option = optionsOf.find((candidate) => candidate.id === entry.optionId);
            if (!option) return [];
            const value = option.values.find((candidate) => candidate.id === entry.valueId);
            return [
              {
                optionId: option.id,
                title: option.title,
                type: option.type,
                valueId: value?.id ?? null,
                label: entry.value !== undefined ? String(entry.value) : (value?.title ?? ''),
                price: euroToStore(ctx, value?.priceDelta ?? 0),
              },
            ];
          }),
          bundleOptions: product.bundleMembers.map((member) => {
            const choice = (line.item.options.bundleOptions ?? []).find(
              (option) => option.productId === member.productId,
            );
            const boxed = productsById.get(choice?.variantId ?? member.productId);
            return {
              productId: member.productId,
              chosenProductId: boxed?.id ?? member.productId,
              name: productsById.get(member.productId)?.name ?? boxed?.name ?? '',
              quantity: member.quantity,
              attributes: choice ? (boxed?.attributes ?? []) : [],
            };
          }),
        },
        priceKind: price.priceKind,
        prices: {
          regularPrice: price.regularPrice,
          finalPrice: price.finalPrice,
          row: price.row,
          rowTax: price.rowTax,
          taxRateBp: price.taxRateBp,
          eurEquivalent: isEuro
            ? null
            : {
                finalPrice: toEuroAmount(ctx, price.finalPrice),
                row: toEuroAmount(ctx, price.row),
              },
        },
        stock: { state, available },
        memberEligible: price.memberEligible,
      });
    }
    const coupon = computed.coupon?.ok && computed.couponHolds ? computed.coupon.coupon : null;
    const { totals } = result;
    return {
      id: cart.cartId,
      cartId: cart.cartId,
      protectCode: session.protectCode,
      status: cart.status,
      storeId: cart.storeId,
      language: cart.languageCode,
      currency: {
        id: ctx.store.currency.id,
        code: ctx.store.currency.code,
        symbol: ctx.store.currency.symbol,
        decimals: ctx.store.currency.decimals,
      },
      eurRate: ctx.store.eurRate,
      items,
      itemCount: items.reduce((sum, line) => sum + line.qty, 0),
      digitalOnly: items.length > 0 && items.every((line) => line.format === 'EProduct'),
      couponCode: coupon?.code ?? null,
      coupon: coupon
        ? {
            code: coupon.code,
            type: coupon.type,
            value: coupon.type === 'fixed' ? euroToStore(ctx, coupon.value) : coupon.value,
          }
        : null,
      memberCard: cart.memberBarcode ? { barcode: cart.memberBarcode, valid: computed.memberValid } : null,
      loyaltyPoints: result.loyalty?.pointsSpent ?? 0,
      loyalty: result.loyalty
        ? {
            pointsAvailable: cart.userId === null ? null : computed.balance,
            pointsSpent: result.loyalty.pointsSpent,
            pointsEarned: result.loyalty.pointsEarned,
            maxSpendable: result.loyalty.maxSpendable,
            pointValue: result.loyalty.pointValue,
          }
        : null,
      loyaltyRewards: {
        freeDelivery: result.loyalty?.freeDelivery ?? false,
        freeDeliveryPoints: computed.freeDeliveryReward?.pointsRequired ?? null,
      },
      deliveryMethodId: cart.deliveryMethodId,
      prices: {
        itemsTotal: totals.itemsTotal,
        coupon: totals.coupon,
        loyalty: totals.loyalty,
        cartTotal: totals.cartTotal,
        delivery: totals.delivery,
        orderTotal: totals.orderTotal,
        memberSavings: totals.memberSavings,
        tax: totals.tax,
        eurEquivalent: totals.eurEquivalent,
      },
      messages,
      version: cart.version,
      updatedAt: cart.updatedAt.toISOString(),
    };
  }

  const notice = (code: CartNoticeCode, itemId: number | null = null): CartNotice => ({
    code,
    message: CART_NOTICES[code],
    itemId,
  });

  /**
   * After a change: what stopped holding is fixed in the same transaction and said (a coupon below its
   * minimum or no longer valid is removed, points beyond what the cart allows are reduced).
   */
  async function settle(tx: Tx, ctx: RequestContext, state: CartState) {
    const messages: CartNotice[] = [];
    const { cart, lines, products, balance } = state;
    const computed = await compute(tx, ctx, cart, lines, products, balance);
    const changes: Partial<CartRow> = {};
    if (cart.couponId !== null && !computed.couponHolds) {
      changes.couponId = null;
      messages.push(notice('COUPON_REMOVED'));
    }
    const spent = computed.result.loyalty?.pointsSpent ?? 0;
    if (cart.loyaltyPoints > 0 && spent < cart.loyaltyPoints) {
      changes.loyaltyPoints = spent;
      messages.push(notice('LOYALTY_REDUCED'));
    }
    return { changes, messages, computed };
  }

  /** The store's merge-items checkout setting (default 1: merge). */
  async function mergeItemsSetting(ctx: RequestContext) {
    const key = `merge:${ctx.store.id}`;
    const hit = await cache.get<boolean>(CACHE_NAMESPACE, key).catch(() => undefined);
    if (hit !== undefined) return hit;
    const [settings] = await sites.checkoutSettingsFor([ctx.store.id]);
    const merge = (settings?.mergeItems ?? 1) !== 0;
    await cache
      .set(CACHE_NAMESPACE, key, merge, {
        ttlSeconds: SETTINGS_TTL_SECONDS,
        tags: [siteCacheTag(ctx.site.id)],
      })
      .catch(() => {});
    return merge;
  }

  /** Merges the user's other active carts of this store into this one and makes it the user's. */
  async function adopt(tx: Tx, ctx: RequestContext, cart: CartRow, mergeItems: boolean): Promise<CartRow> {
    const user = ctx.user;
    if (!user || cart.userId !== null) return cart;
    const others = await tx
      .select()
      .from(carts)
      .where(
        and(
          eq(carts.userId, user.id),
          eq(carts.storeId, cart.storeId),
          eq(carts.status, 'active'),
          ne(carts.id, cart.id),
        ),
      )
      .orderBy(desc(carts.updatedAt))
      .for('update');
    const changes: Partial<CartRow> = { userId: user.id };
    if (others.length > 0) {
      const otherIds = others.map((other) => other.id);
      if (mergeItems) {
        const lines = await tx.select().from(cartItems).where(inArray(cartItems.cartId, otherIds));
        for (const line of lines) {
          await tx
            .insert(cartItems)
            .values({
              cartId: cart.id,
              productId: line.productId,
              qty: line.qty,
              options: line.options,
              optionsHash: line.optionsHash,
              addedUnitPrice: line.addedUnitPrice,
            })
            .onConflictDoUpdate({
              target: [cartItems.cartId, cartItems.productId, cartItems.optionsHash],
              set: {
                qty: sql`least(${cartItems.qty} + excluded.qty, ${CART_MAX_QTY})`,
                updatedAt: new Date(),
              },
            });
        }
      }
      const newest = others[0]!;
      if (cart.couponId === null && newest.couponId !== null) changes.couponId = newest.couponId;
      if (cart.memberBarcode === null && newest.memberBarcode !== null)
        changes.memberBarcode = newest.memberBarcode;
      await tx
        .update(carts)
        .set({ status: 'archived', updatedAt: new Date() })
        .where(inArray(carts.id, otherIds));
    }
    await tx.update(carts).set(changes).where(eq(carts.id, cart.id));
    return { ...cart, ...changes };
  }

  /** The user's loyalty balance on the cart's site, as a column of the statement reading the cart. */
  // Written out with table names: drizzle leaves columns unqualified inside a select list's SQL.
  const balanceColumn = sql<
    number | null
  >`(select la.points from loyalty_accounts la where la.user_id = ${sql.raw('"carts"."user_id"')} and la.site_id = ${sql.raw('"carts"."site_id"')})`;

  /**
   * Takes the cart row (concurrent changes wait here) with the loyalty balance, in one statement; with
   * `create`, a pair no row has yet opens the cart in the same statement (the no-op update locks an
   * existing row and returns it, whoever's it is: checkAccess decides).
   */
  // The statements every change runs, built once (decision 0259): the lock (opening or not), the lines.
  const openAndLock = preparedOnce('cart_open_lock', (tx: Tx) =>
    tx
      .insert(carts)
      .values({
        cartId: sql.placeholder('cartId'),
        protectCodeHash: sql.placeholder('protectCodeHash'),
        siteId: sql.placeholder('siteId'),
        storeId: sql.placeholder('storeId'),
        currencyId: sql.placeholder('currencyId'),
        languageCode: sql.placeholder('languageCode'),
        userId: sql.placeholder('userId'),
      })
      .onConflictDoUpdate({ target: carts.cartId, set: { version: sql`${carts.version}` } })
      .returning({ ...getTableColumns(carts), balance: balanceColumn }),
  );
  const lockOnly = preparedOnce('cart_lock', (tx: Tx) =>
    tx
      .select({ ...getTableColumns(carts), balance: balanceColumn })
      .from(carts)
      .where(eq(carts.cartId, sql.placeholder('cartId')))
      .for('update', { of: carts }),
  );
  const linesById = preparedOnce('cart_lines', (executor: Db | Tx) =>
    executor
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, sql.placeholder('cartRowId')))
      .orderBy(asc(cartItems.id)),
  );
  const linesByPublicId = preparedOnce('cart_lines_by_public_id', (tx: Tx) =>
    tx
      .select()
      .from(cartItems)
      .where(
        eq(
          cartItems.cartId,
          sql`(select ${sql.raw('"carts"."id"')} from ${carts} where ${carts.cartId} = ${sql.placeholder('cartId')})`,
        ),
      )
      .orderBy(asc(cartItems.id)),
  );
  /** The line upsert of an add: one statement whether the line exists or not. */
  const upsertLine = preparedOnce('cart_upsert_line', (tx: Tx) =>
    tx
      .insert(cartItems)
      .values({
        cartId: sql.placeholder('cartRowId'),
        productId: sql.placeholder('productId'),
        qty: sql.placeholder('qty'),
        options: sql.placeholder('options'),
        optionsHash: sql.placeholder('optionsHash'),
        addedUnitPrice: sql.placeholder('unit'),
      })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.optionsHash],
        set: {
          qty: sql.placeholder('qty') as unknown as number,
          addedUnitPrice: sql.placeholder('unit') as unknown as number,
          updatedAt: sql.placeholder('now') as unknown as Date,
        },
      })
      .returning(),
  );
  /** The cart row's update when the change and settling changed no other column. */
  const bumpCart = preparedOnce('cart_bump', (tx: Tx) =>
    tx
      .update(carts)
      .set({ version: sql`${carts.version} + 1`, updatedAt: sql.placeholder('now') as unknown as Date })
      .where(eq(carts.id, sql.placeholder('cartRowId')))
      .returning(),
  );

  async function lock(tx: Tx, ctx: RequestContext, session: Session, create: boolean) {
    if (create) {
      const [row] = await openAndLock(tx, {
        cartId: session.cartId,
        protectCodeHash: sha256(session.protectCode),
        siteId: ctx.site.id,
        storeId: ctx.store.id,
        currencyId: ctx.store.currency.id,
        languageCode: ctx.language,
        userId: ctx.user?.id ?? null,
      });
      return row;
    }
    const [row] = await lockOnly(tx, { cartId: session.cartId });
    return row;
  }

  /** The lines of a cart in the order they were added. */
  const linesOf = (executor: Db | Tx, cart: CartRow) => linesById(executor, { cartRowId: cart.id });

  /** The lines of the pair's cart, by its public id: sent with the lock, without waiting for its row. */
  const linesOfSession = (executor: Tx, session: Session) =>
    linesByPublicId(executor, { cartId: session.cartId });

  /**
   * One change to a cart: in a transaction holding the cart row (concurrent changes wait for each
   * other), then settled and answered. `create` opens the cart when the pair names none yet. The change
   * gets the cart, its lines and the products read so far, and returns what it changed in the cart row
   * and the lines as they are now (in id order); it loads more products into `products` as it needs.
   * Statements: the lock, the lines, the change's own writes and the update of the cart row
   * (decision 0254).
   */
  async function mutate(
    ctx: RequestContext,
    session: Session,
    change: (tx: Tx, state: CartState) => Promise<{ own?: Partial<CartRow>; lines?: ItemRow[] } | undefined>,
    options: { create?: boolean; products?: Map<number, CartProduct> } = {},
  ): Promise<Cart> {
    // Read before the transaction: on PGlite a query outside it would wait for it to end.
    const mergeItems = ctx.user ? await mergeItemsSetting(ctx) : true;
    // The request's Idempotency-Key, when its operation keeps the record here (decision 0257).
    const claim = idempotencyClaimOf(ctx);
    const claiming = claim !== undefined && claim.claimedId === undefined && claim.replay === undefined;
    try {
      return await db.transaction(async (tx) => {
        // One round trip (decision 0257): the commit setting, the key's claim, the lock and the lines
        // go out together. Each statement starts when the one before it ended, so the lines are read
        // after the lock is held (a change queued behind another sees its lines, decision 0254).
        // Each is started by an async function awaiting its query, so that the drivers receive them in
        // this order (the same number of steps to each driver call; the 20-parallel test guards it).
        const [, runs, locked, linesRead] = await Promise.all([
          inOrder(tx.execute(ASYNC_COMMIT)),
          claiming ? claimInTransaction(tx, claim) : true,
          lock(tx, ctx, session, options.create ?? false),
          inOrder(linesOfSession(tx, session)),
        ]);
        if (!runs) throw new Replayed();
        let cart = checkAccess(ctx, locked && withoutBalance(locked), session);
        let balance = locked?.balance ?? 0;
        let lines = linesRead;
        const adopted = await adopt(tx, ctx, cart, mergeItems);
        if (adopted !== cart) {
          balance = await loyaltyBalance(tx, ctx, adopted.userId);
          lines = await linesOf(tx, adopted);
        }
        cart = adopted;
        const products = options.products ?? new Map<number, CartProduct>();
        const result = (await change(tx, { cart, lines, products, balance })) ?? {};
        const own = result.own ?? {};
        cart = { ...cart, ...own };
        lines = result.lines ?? lines;
        await productsFor(tx, ctx, lineIds(lines), products);
        const settled = await settle(tx, ctx, { cart, lines, products, balance });
        const changes = { ...own, ...settled.changes };
        const [updated] =
          Object.keys(changes).length === 0
            ? await bumpCart(tx, { cartRowId: cart.id, now: new Date() })
            : await tx
                .update(carts)
                .set({ ...changes, version: sql`${carts.version} + 1`, updatedAt: new Date() })
                .where(eq(carts.id, cart.id))
                .returning();
        // What settling priced is the committed state unless settling changed something.
        const unchanged = Object.keys(settled.changes).length === 0;
        const computed = unchanged
          ? settled.computed
          : await compute(tx, ctx, updated!, lines, products, balance);
        const view = toView(ctx, updated!, session, computed, settled.messages);
        // The answer is kept with the change: committed together or not at all.
        if (claiming) await answerInTransaction(tx, claim, dataResponseJson(view));
        return view;
      });
    } catch (error) {
      // A retry of a committed request: the middleware answers with the first answer's own text.
      if (error instanceof Replayed && claim?.replay)
        return (JSON.parse(claim.replay.body) as { data: Cart }).data;
      throw error;
    }
  }

  function checkStock(resolved: ResolvedLine, lines: ItemRow[], qty: number, exceptItemId?: number) {
    if (!resolved.inStock) throw cartError('OUT_OF_STOCK', 409, 'qty');
    if (resolved.available === null) return;
    const elsewhere = lines
      .filter((line) => line.productId === resolved.product.id && line.id !== exceptItemId)
      .reduce((sum, line) => sum + line.qty, 0);
    if (elsewhere + qty > resolved.available) throw cartError('OUT_OF_STOCK', 409, 'qty');
  }

  function unitPriceOf(ctx: RequestContext, resolved: ResolvedLine, cart: CartRow) {
    const prices = resolved.product.prices!;
    const memberOn = cart.memberBarcode !== null && cart.userId !== null;
    const base =
      prices.bundle ??
      Math.min(
        prices.discount ?? prices.retail,
        memberOn && prices.membership !== null ? prices.membership : Number.POSITIVE_INFINITY,
        prices.retail,
      );
    return base + euroToStore(ctx, resolved.optionsEuro);
  }

  return {
    newSession: () => newCartSession(),

    /**
     * Drops the cached products of these ids in every process (Redis) so that the next cart call
     * reads their stock afresh: for writes that move stock without the catalogue's invalidation
     * (an order taking or giving back stock).
     */
    async forgetProducts(siteId: number, ids: number[]) {
      await Promise.all(ids.map((id) => cache.deleteByTag(productTag(siteId, id)).catch(() => 0)));
    },

    /** One statement: the cart with its lines and the loyalty balance; products come from the cache. */
    async getCart(ctx: RequestContext, session: Session) {
      const [row] = await db
        .select({
          ...getTableColumns(carts),
          balance: balanceColumn,
          lines: sql<
            JsonLine[]
          >`coalesce((select json_agg(json_build_object('id', ci.id, 'cartId', ci.cart_id, 'productId', ci.product_id, 'qty', ci.qty, 'options', ci.options, 'optionsHash', ci.options_hash, 'addedUnitPrice', ci.added_unit_price, 'createdAt', ci.created_at, 'updatedAt', ci.updated_at) order by ci.id) from cart_items ci where ci.cart_id = ${sql.raw('"carts"."id"')}), '[]'::json)`,
        })
        .from(carts)
        .where(eq(carts.cartId, session.cartId));
      const { lines: jsonLines, ...withBalance } = row ?? { lines: [] };
      const cart = checkAccess(
        ctx,
        row && withoutBalance(withBalance as CartRow & { balance: number | null }),
        session,
      );
      if (ctx.user && cart.userId === null) return mutate(ctx, session, async () => undefined);
      const lines = (typeof jsonLines === 'string' ? (JSON.parse(jsonLines) as JsonLine[]) : jsonLines).map(
        fromJsonLine,
      );
      const products = await productsFor(db, ctx, lineIds(lines));
      const balance = row?.balance ?? 0;
      return toView(ctx, cart, session, await compute(db, ctx, cart, lines, products, balance), []);
    },

    async addItem(ctx: RequestContext, body: AddInput) {
      if ((body.cartId === undefined) !== (body.protectCode === undefined))
        throw cartError('CART_SESSION_MISSING', 400, body.cartId === undefined ? 'cartId' : 'protectCode');
      const session: Session =
        body.cartId && body.protectCode
          ? { cartId: body.cartId, protectCode: body.protectCode, currencyId: body.currencyId }
          : newCartSession();
      if (body.currencyId !== undefined && body.currencyId !== ctx.store.currency.id)
        throw cartError('CART_OTHER_STORE', 409);
      const options = body.options as ParsedOptions;
      // Bad input is refused before any transaction starts.
      const products = await productsFor(db, ctx, idsFor(body.productId, options));
      const resolved = resolveLine(body.productId, options, products);
      return mutate(
        ctx,
        session,
        async (tx, { cart, lines }) => {
          const same = lines.find(
            (line) => line.productId === resolved.product.id && line.optionsHash === resolved.hash,
          );
          const qty = (same?.qty ?? 0) + body.qty;
          if (qty > CART_MAX_QTY) throw cartError('INVALID_QUANTITY', 400, 'qty');
          if (!same && lines.length >= CART_MAX_LINES) throw cartError('CART_FULL', 400, 'productId');
          checkStock(resolved, lines, qty, same?.id);
          const unit = unitPriceOf(ctx, resolved, cart);
          // One statement whether the line exists or not; the cart row's lock makes `qty` current.
          const [line] = await upsertLine(tx, {
            cartRowId: cart.id,
            productId: resolved.product.id,
            qty,
            options: resolved.options,
            optionsHash: resolved.hash,
            unit,
            now: new Date(),
          });
          return {
            lines: same ? lines.map((entry) => (entry.id === same.id ? line! : entry)) : [...lines, line!],
          };
        },
        { create: true, products },
      );
    },

    async updateItem(ctx: RequestContext, body: UpdateInput) {
      return mutate(ctx, body, async (tx, { cart, lines, products }) => {
        const line = lines.find((candidate) => candidate.id === body.itemId);
        if (!line) throw cartError('ITEM_NOT_IN_CART', 404, 'itemId');
        const current = (await productsFor(tx, ctx, idsFor(line.productId, line.options), products)).get(
          line.productId,
        );
        // A variant line is re-resolved through its Configurable product.
        const parent = current?.parentId ?? null;
        const requestedId = parent !== null && body.options ? parent : line.productId;
        const options: ParsedOptions = body.options
          ? {
              ...(body.options as ParsedOptions),
              variantId: body.options.variantId ?? (parent !== null ? line.productId : undefined),
            }
          : {
              personalizations: line.options.personalizations ?? [],
              bundleOptions: line.options.bundleOptions ?? [],
            };
        await productsFor(tx, ctx, idsFor(requestedId, options), products);
        const resolved = resolveLine(requestedId, options, products);
        const target = lines.find(
          (candidate) =>
            candidate.id !== line.id &&
            candidate.productId === resolved.product.id &&
            candidate.optionsHash === resolved.hash,
        );
        const qty = target ? target.qty + body.qty : body.qty;
        if (qty > CART_MAX_QTY) throw cartError('INVALID_QUANTITY', 400, 'qty');
        checkStock(
          resolved,
          lines.filter((candidate) => candidate.id !== line.id),
          qty,
          target?.id,
        );
        const unit = unitPriceOf(ctx, resolved, cart);
        if (target) {
          await tx.delete(cartItems).where(eq(cartItems.id, line.id));
          const [merged] = await tx
            .update(cartItems)
            .set({ qty, addedUnitPrice: unit, updatedAt: new Date() })
            .where(eq(cartItems.id, target.id))
            .returning();
          return {
            lines: lines
              .filter((candidate) => candidate.id !== line.id)
              .map((candidate) => (candidate.id === target.id ? merged! : candidate)),
          };
        }
        const [changed] = await tx
          .update(cartItems)
          .set({
            qty,
            productId: resolved.product.id,
            options: resolved.options,
            optionsHash: resolved.hash,
            addedUnitPrice: unit,
            updatedAt: new Date(),
          })
          .where(eq(cartItems.id, line.id))
          .returning();
        return { lines: lines.map((candidate) => (candidate.id === line.id ? changed! : candidate)) };
      });
    },

    async deleteItem(ctx: RequestContext, body: Session & { itemId: number }) {
      return mutate(ctx, body, async (tx, { cart, lines }) => {
        if (!lines.some((line) => line.id === body.itemId))
          throw cartError('ITEM_NOT_IN_CART', 404, 'itemId');
        await tx.delete(cartItems).where(and(eq(cartItems.id, body.itemId), eq(cartItems.cartId, cart.id)));
        return { lines: lines.filter((line) => line.id !== body.itemId) };
      });
    },

    async clearCart(ctx: RequestContext, session: Session) {
      return mutate(ctx, session, async (tx, { cart }) => {
        await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
        return { own: { loyaltyPoints: 0 }, lines: [] };
      });
    },

    async applyCoupon(ctx: RequestContext, body: Session & { couponCode: string }) {
      const coupon = checkCoupon(await couponByCode(db, ctx.site.id, body.couponCode));
      if (!coupon.ok) throw cartError('COUPON_NOT_FOUND', 400, 'couponCode');
      return mutate(ctx, body, async (tx, { cart, lines, products, balance }) => {
        await productsFor(tx, ctx, lineIds(lines), products);
        const computed = await compute(
          tx,
          ctx,
          { ...cart, couponId: coupon.coupon.id },
          lines,
          products,
          balance,
        );
        if (!computed.couponHolds) throw cartError('COUPON_MIN_AMOUNT', 400, 'couponCode');
        return { own: { couponId: coupon.coupon.id } };
      });
    },

    async removeCoupon(ctx: RequestContext, session: Session) {
      return mutate(ctx, session, async () => ({ own: { couponId: null } }));
    },

    async applyMemberCard(ctx: RequestContext, body: Session & { barcode: string }) {
      requireActiveUser(ctx);
      if (!isValidEan13(body.barcode)) throw cartError('MEMBER_CARD_INVALID', 400, 'barcode');
      const verdict = await memberCardVerdict(db, ctx, body.barcode);
      if (verdict === 'unavailable') throw cartError('MEMBER_CARD_UNAVAILABLE', 503, 'barcode');
      if (verdict === 'invalid') throw cartError('MEMBER_CARD_INVALID', 400, 'barcode');
      return mutate(ctx, body, async () => ({ own: { memberBarcode: body.barcode } }));
    },

    async removeMemberCard(ctx: RequestContext, session: Session) {
      return mutate(ctx, session, async () => ({ own: { memberBarcode: null } }));
    },

    async setLoyaltyPoints(ctx: RequestContext, body: Session & { loyaltyPoints: number }) {
      requireActiveUser(ctx);
      if (!ctx.store.loyalty && body.loyaltyPoints > 0)
        throw cartError('LOYALTY_POINTS_INVALID', 400, 'loyaltyPoints');
      return mutate(ctx, body, async (tx, { cart, lines, products, balance }) => {
        await productsFor(tx, ctx, lineIds(lines), products);
        const computed = await compute(
          tx,
          ctx,
          { ...cart, loyaltyPoints: body.loyaltyPoints },
          lines,
          products,
          balance,
        );
        if ((computed.result.loyalty?.pointsSpent ?? 0) < body.loyaltyPoints)
          throw cartError('LOYALTY_POINTS_INVALID', 400, 'loyaltyPoints');
        return { own: { loyaltyPoints: body.loyaltyPoints } };
      });
    },

    /** Re-checks everything and fixes what no longer holds, saying what changed. */
    async validateCart(ctx: RequestContext, session: Session) {
      let validateMemberCard = false;
      const pending: CartNotice[] = [];
      const view = await mutate(ctx, session, async (tx, { cart, lines, products, balance }) => {
        // Everything from the database, not the cache (refreshed with it): this call is the one that checks.
        await productsFor(tx, ctx, lineIds(lines), products, true);
        const computed = await compute(tx, ctx, cart, lines, products, balance);
        const own: Partial<CartRow> = {};
        for (const line of computed.lines) {
          if (!line.sellable) {
            await tx.delete(cartItems).where(eq(cartItems.id, line.item.id));
            pending.push(notice('PRODUCT_UNAVAILABLE', line.item.id));
            continue;
          }
          const { available, inStock } = line.stock;
          if (!inStock) pending.push(notice('OUT_OF_STOCK', line.item.id));
          else if (available !== null && line.item.qty > available) {
            await tx
              .update(cartItems)
              .set({ qty: available, updatedAt: new Date() })
              .where(eq(cartItems.id, line.item.id));
            pending.push(notice('QTY_REDUCED', line.item.id));
          }
          const price = computed.result.lines.find((entry) => entry.itemId === line.item.id);
          if (price && price.finalPrice !== line.item.addedUnitPrice) {
            await tx
              .update(cartItems)
              .set({ addedUnitPrice: price.finalPrice })
              .where(eq(cartItems.id, line.item.id));
            pending.push(notice('PRICE_CHANGED', line.item.id));
          }
        }
        if (cart.memberBarcode !== null && computed.memberVerdict === 'invalid') {
          own.memberBarcode = null;
          pending.push(notice('MEMBER_CARD_REMOVED'));
        }
        validateMemberCard = cart.memberBarcode !== null && computed.memberValid;
        return { own, lines: await linesOf(tx, cart) };
      });
      const messages = [...pending.splice(0), ...view.messages];
      return { ...view, messages, validateMemberCard, changed: messages.length > 0 };
    },

    /** Chooses the cart's delivery method (the checkout checked it applies); null removes it. */
    async setDeliveryMethod(ctx: RequestContext, session: Session, deliveryMethodId: number | null) {
      return mutate(ctx, session, async () => ({ own: { deliveryMethodId } }));
    },

    /**
     * For the checkout's order transaction: the cart row of the pair, locked (FOR UPDATE), whatever
     * its status (a repeated order/create must find the order of an archived cart); a wrong pair or
     * another site answers CART_SESSION_MISSING. `open` runs the checks every other call makes.
     */
    /**
     * Locks the pair's cart for an order and reads its lines in the same round trip (decision 0308),
     * with `alongside`: the caller's own reads, started right after (so sent after the lock and seen
     * by the database once the cart row is held). `alongside` must start each of its queries with
     * `inOrderQuery` (one step, as the lines here) for the statements to reach the driver in this order.
     */
    async lockForOrder<T>(tx: Tx, ctx: RequestContext, session: Session, alongside: () => Promise<T>) {
      const [locked, lines, extra] = await Promise.all([
        lock(tx, ctx, session, false),
        inOrder(linesOfSession(tx, session)),
        alongside(),
      ]);
      const row = locked && withoutBalance(locked);
      if (!row || row.siteId !== ctx.site.id || !protectCodeMatches(row, session.protectCode))
        throw cartError('CART_SESSION_MISSING', 400, 'cartId');
      return { row, lines, extra, open: () => checkAccess(ctx, row, session) };
    },

    /** The cart as the shopper sees it, priced inside the caller's transaction (order/create). */
    async viewInTransaction(tx: Tx, ctx: RequestContext, row: CartRow, session: Session, read?: ItemRow[]) {
      // Priced from the database, not the product cache: the order must see a price the back office
      // changed a moment ago (decision 0254). One statement reads what decides the order (status,
      // format, parent, tax, own stock, the price row); texts, media, options and attributes come from
      // the cached products when those rows agree with them, else every product is read afresh
      // (decision 0307).
      // The lines read with the lock (lockForOrder), unless the cart was another one's by then.
      const lines = read?.every((line) => line.cartId === row.id) ? read : await linesOf(tx, row);
      const products = await freshlyChecked(tx, ctx, lineIds(lines));
      const balance = await loyaltyBalance(tx, ctx, row.userId);
      const computed = await compute(tx, ctx, row, lines, products, balance);
      const view = toView(ctx, row, session, computed, []);
      /** Unit prices the shopper was last shown per line (validateCart keeps them current). */
      const shownPrices = new Map(computed.lines.map((line) => [line.item.id, line.item.addedUnitPrice]));
      return { view, shownPrices, memberValid: computed.memberValid };
    },

    /** The cart row and view of a pair, with the usual checks (the checkout's reads). */
    async checkoutView(ctx: RequestContext, session: Session) {
      const view = await this.getCart(ctx, session);
      const [row] = await db.select().from(carts).where(eq(carts.cartId, session.cartId));
      return { row: row!, view };
    },

    /** The logged-in user's active cart in this store, re-keyed for this browser. */
    async getAbandoned(ctx: RequestContext) {
      const user = requireActiveUser(ctx);
      const protectCode = newCartSession().protectCode;
      const found = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(carts)
          .where(
            and(
              eq(carts.userId, user.id),
              eq(carts.storeId, ctx.store.id),
              eq(carts.status, 'active'),
              sql`exists (select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id})`,
            ),
          )
          .orderBy(desc(carts.updatedAt))
          .limit(1)
          .for('update');
        if (!row) return undefined;
        const [updated] = await tx
          .update(carts)
          .set({ protectCodeHash: sha256(protectCode), version: sql`${carts.version} + 1` })
          .where(eq(carts.id, row.id))
          .returning();
        return updated;
      });
      if (!found) return { cart: null };
      const session = { cartId: found.cartId, protectCode };
      const lines = await linesOf(db, found);
      const products = await productsFor(db, ctx, lineIds(lines));
      const balance = await loyaltyBalance(db, ctx, found.userId);
      return {
        cart: toView(ctx, found, session, await compute(db, ctx, found, lines, products, balance), []),
      };
    },
  };
}

const toEuroAmount = (ctx: RequestContext, amount: number) => toEuro(amount, ctx.store.eurRate);

/** setCartStatus's statement, built once per database (decision 0315: it runs in every order). */
const cartStatusUpdate = preparedPerDatabase('cart_status_update', (tx: Pick<Db, 'update'>) =>
  tx
    .update(carts)
    .set({
      status: sql.placeholder('status') as unknown as CartStatus,
      version: sql`${carts.version} + 1`,
      updatedAt: sql.placeholder('now') as unknown as Date,
    })
    .where(eq(carts.id, sql.placeholder('id')))
    .returning({ version: carts.version }),
);

/** The checkout closes a cart with its order ('archived': later calls answer 'Cart is archived.') or opens it again. */
export async function setCartStatus(tx: Pick<Db, 'update'>, cartRowId: number, status: CartStatus) {
  const [row] = await cartStatusUpdate(tx, { id: cartRowId, status, now: new Date() });
  /** The cart's version after the change. */
  return row?.version ?? 0;
}

/** Adds (or, negative, takes) loyalty points of a user on a site; the balance never goes below zero. */
export async function adjustLoyaltyPoints(
  tx: Pick<Db, 'insert'>,
  userId: number,
  siteId: number,
  delta: number,
) {
  if (delta === 0) return;
  await tx
    .insert(loyaltyAccounts)
    .values({ userId, siteId, points: Math.max(0, delta) })
    .onConflictDoUpdate({
      target: [loyaltyAccounts.userId, loyaltyAccounts.siteId],
      set: { points: sql`greatest(0, ${loyaltyAccounts.points} + ${delta})`, updatedAt: new Date() },
    });
}
