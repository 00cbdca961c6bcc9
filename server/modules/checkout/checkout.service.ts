import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUiLanguage } from '../../../core/languages.ts';
import { fromEuro, toEuro } from '../../../core/money.ts';
import { planTax } from '../../../core/plan-tax.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { ApiError } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-query.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { senderOf } from '../../db/send-now.ts';
import { sentPrepared } from '../../db/sent-prepared.ts';
import type { CartLine } from '../cart/cart.contract.ts';
import {
  adjustLoyaltyPoints,
  type CartService,
  cartRowIdOf,
  inOrderQuery,
  setCartStatus,
} from '../cart/cart.service.ts';
import {
  releaseStockOfOrder,
  STOCK_REFUSED,
  type StockTake,
  takeStockForOrder,
  takeStockNow,
} from '../catalogue/catalogue-cart.service.ts';
import type { ConsentService } from '../consent/consent.service.ts';
import type { MailService, MailSubstitution, TemplateMail } from '../mail/mail.service.ts';
import type { SiteService } from '../site/site.service.ts';
import type {
  applicableDeliveryBody,
  CheckoutCart,
  CheckoutErrorCode,
  createOrderBody,
  guestUpdateBody,
  Order,
  OrderHistoryItem,
  PaymentMethod,
  pgSuccessBody,
  ShippingMethod,
  saveAddressBody,
  saveDeliveryBody,
  savePaymentBody,
} from './checkout.contract.ts';
import { CHECKOUT_ERRORS } from './checkout.contract.ts';
import {
  type CompanyData,
  checkoutSessions,
  coupons,
  guestUsers,
  type OrderAddressData,
  orderAddresses,
  orderLines,
  orderNumberCounters,
  orderPayments,
  orderStateChanges,
  orders,
  PICKUP_METHOD_CODE,
} from './checkout.schema.ts';
import {
  cachedReference,
  cacheReferenceReadsIn,
  deliveryReference,
  paymentReference,
} from './checkout-reference.service.ts';
import { orderMailItems } from './order-mail-summary.ts';
import {
  bankTransferAdapter,
  cashOnDeliveryAdapter,
  createPaymentRegistry,
  type PaymentOrder,
  type PaymentRegistry,
} from './payments/adapter.ts';
import {
  applyPaymentOutcome,
  type OrderEffects,
  type PaymentOutcomeInput,
  type Tx,
} from './payments/payment-outcome.ts';
import type { RecurringPlan } from './payments/sandbox-adapters.ts';

/** The id of the main currency (EUR): the checkout's reference amounts are kept in it. */
const EUR_ID = 44;
/** Order e-mail templates (defaults shipped by migration 0012, per language). */
export const ORDER_MAIL = { confirmation: 'order-confirmation', shopNotice: 'order-notice' } as const;

type Session = { cartId: string; protectCode: string; currencyId?: number };
type OrderRow = typeof orders.$inferSelect;

/** The columns a new order is inserted with (the others take their defaults). */
const ORDER_INSERT_COLUMNS = [
  'siteId',
  'storeId',
  'orderNumber',
  'slug',
  'cartId',
  'cartVersion',
  'userId',
  'guestUserId',
  'email',
  'languageCode',
  'currencyId',
  'currencyCode',
  'eurRate',
  'paymentMethodId',
  'paymentMethodCode',
  'paymentType',
  'paymentProvider',
  'paymentName',
  'deliveryMethodId',
  'deliveryMethodCode',
  'deliveryName',
  'branchId',
  'branchName',
  'branchAddress',
  'companyData',
  'itemsTotal',
  'couponAmount',
  'loyaltyAmount',
  'deliveryAmount',
  'taxTotal',
  'grandTotal',
  'eurGrandTotal',
  'couponId',
  'couponCode',
  'loyaltyPointsSpent',
  'loyaltyPointsEarned',
  'giftMessage',
  'orderMessage',
  'giftTo',
  'giftFrom',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];
type OrderInsertValues = { [K in (typeof ORDER_INSERT_COLUMNS)[number]]-?: (typeof orders.$inferInsert)[K] };

const ORDER_LINE_COLUMNS = [
  'productId',
  'parentProductId',
  'format',
  'sku',
  'name',
  'image',
  'options',
  'qty',
  'basicPrice',
  'finalPrice',
  'rowTotal',
  'rowTax',
  'taxRateBp',
  'eproduct',
  'position',
] as const satisfies readonly (keyof typeof orderLines.$inferInsert)[];
type OrderLineValues = { [K in (typeof ORDER_LINE_COLUMNS)[number]]-?: (typeof orderLines.$inferInsert)[K] };

const ORDER_ADDRESS_COLUMNS = [
  'firstName',
  'lastName',
  'contactEmail',
  'contactPhone',
  'countryId',
  'country',
  'city',
  'street',
  'houseNumber',
  'zipCode',
  'isCompany',
  'companyName',
  'companyOib',
] as const satisfies readonly (keyof OrderAddressData)[];

export const checkoutError = (code: CheckoutErrorCode, status: 400 | 401 | 404 | 409, field?: string) =>
  new ApiError(
    status,
    code,
    CHECKOUT_ERRORS[code],
    field ? { field, issues: [{ field, message: CHECKOUT_ERRORS[code] }] } : {},
  );

const newSlug = () => randomBytes(16).toString('base64url');
/** Payments confirmed by a provider later (their mails go out when paid); the others are offline. */
const isOnline = (paymentType: string) => paymentType === 'HPF' || paymentType === 'button';
const uiLanguage = (language: string) => (isUiLanguage(language) ? language : 'hr');

/** A euro amount of the reference data in the store's currency. */
function euroToStore(ctx: RequestContext, euroMinor: number, currencyId = EUR_ID) {
  if (currencyId === ctx.store.currency.id) return euroMinor;
  return fromEuro(euroMinor, ctx.store.eurRate);
}

/** The stock one cart line takes: the product itself, or a bundle's members times the quantity. */
export function stockTakesOf(
  lines: Pick<CartLine, 'productId' | 'format' | 'qty' | 'options'>[],
): StockTake[] {
  return lines.flatMap((line) =>
    line.format === 'Bundle'
      ? line.options.bundleOptions.map((member) => ({
          productId: member.chosenProductId,
          qty: member.quantity * line.qty,
        }))
      : [{ productId: line.productId, qty: line.qty }],
  );
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export function createCheckoutService(
  deps: Pick<Deps, 'db' | 'config' | 'logger'> & Partial<Pick<Deps, 'cache'>>,
  services: {
    cart: CartService;
    sites: Pick<SiteService, 'checkoutSettingsFor' | 'commons' | 'option' | 'siteById'>;
    consents: Pick<ConsentService, 'forForms' | 'log'>;
    mail: Pick<MailService, 'queueTemplates' | 'renderTemplates' | 'queueNow' | 'kick'>;
    /** Whether an order's lines make it a subscription plan, and the plan's tax rule (decision 0304). */
    recurringPlans?: (
      siteId: number,
    ) => Promise<(lines: { productId: number | null }[]) => RecurringPlan | null>;
  },
  registry: PaymentRegistry = createPaymentRegistry([cashOnDeliveryAdapter, bankTransferAdapter]),
) {
  const { db, config, logger } = deps;
  const { cart, sites, consents, mail } = services;

  // The order's inserts built once per service (decision 0313): drizzle builds a statement's text and
  // parameter list on every call, and the order's 45-column insert was the dearest build of an order.
  // Values go as placeholders; the nullable jsonb columns take their JSON text through a cast (a
  // placeholder's column encoder would turn null into the JSON value `null`, not SQL NULL).
  const placeholders = (keys: readonly string[], jsonb: readonly string[] = [], prefix = '') =>
    Object.fromEntries(
      keys.map((key) => [
        key,
        jsonb.includes(key) ? sql`${sql.placeholder(prefix + key)}::jsonb` : sql.placeholder(prefix + key),
      ]),
    );
  const insertOrder = preparedOnce('order_insert', (tx: Tx) =>
    tx
      .insert(orders)
      .values(placeholders(ORDER_INSERT_COLUMNS, ['companyData']) as unknown as typeof orders.$inferInsert)
      .returning(),
  );
  /** The id the order's insert just took on this connection (decision 0308). */
  const orderIdSql = sql`currval(pg_get_serial_sequence('orders', 'id'))`;
  /** Per number of lines (orders with more lines than this are built per call). */
  const MAX_PREPARED_LINES = 8;
  const insertLinesBy = new Map<number, ReturnType<typeof preparedOnce<Tx, unknown>>>();
  const insertLines = (tx: Tx, lines: readonly OrderLineValues[]): PromiseLike<unknown> => {
    const rows = lines.map((line) => ({ ...line, orderId: orderIdSql as unknown as number }));
    if (lines.length > MAX_PREPARED_LINES) return sentPrepared(tx.insert(orderLines).values(rows));
    let run = insertLinesBy.get(lines.length);
    if (!run) {
      const count = lines.length;
      run = preparedOnce(`order_lines_${count}`, (executor: Tx) =>
        executor.insert(orderLines).values(
          Array.from(
            { length: count },
            (_, index) =>
              ({
                ...placeholders(ORDER_LINE_COLUMNS, ['options', 'eproduct'], `l${index}_`),
                orderId: orderIdSql,
              }) as unknown as typeof orderLines.$inferInsert,
          ),
        ),
      );
      insertLinesBy.set(count, run);
    }
    const values: Record<string, unknown> = {};
    lines.forEach((line, index) => {
      for (const key of ORDER_LINE_COLUMNS) {
        const value = line[key];
        values[`l${index}_${key}`] =
          key === 'options' || key === 'eproduct' ? (value === null ? null : JSON.stringify(value)) : value;
      }
    });
    return run(tx, values);
  };
  const insertAddresses = preparedOnce('order_addresses_insert', (tx: Tx) =>
    tx.insert(orderAddresses).values(
      (['shipping', 'billing'] as const).map(
        (kind) =>
          ({
            ...placeholders(ORDER_ADDRESS_COLUMNS, [], `${kind}_`),
            orderId: orderIdSql,
            kind,
          }) as unknown as typeof orderAddresses.$inferInsert,
      ),
    ),
  );
  const addressValues = (shipping: OrderAddressData, billing: OrderAddressData) => {
    const values: Record<string, unknown> = {};
    for (const [kind, address] of [
      ['shipping', shipping],
      ['billing', billing],
    ] as const)
      for (const key of ORDER_ADDRESS_COLUMNS)
        values[`${kind}_${key}`] =
          address[key] ??
          (key === 'isCompany' ? false : key === 'companyName' || key === 'companyOib' ? '' : null);
    return values;
  };
  // The reads of the order's first round trip (decision 0308), by the cart's public id.
  const cartRowIdParam = () => cartRowIdOf(sql.placeholder('cartId') as unknown as string);
  const existingOrderOfCart = preparedOnce('order_of_cart', (tx: Tx) =>
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cartRowIdParam()), ne(orders.state, 'cancelled'))),
  );
  const checkoutSessionOfCart = preparedOnce('checkout_session_of_cart', (tx: Tx) =>
    tx.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartRowIdParam())),
  );
  const insertCreated = preparedOnce('order_created_insert', (tx: Tx) =>
    tx.insert(orderStateChanges).values({
      orderId: orderIdSql as unknown as number,
      field: 'state',
      fromValue: null,
      toValue: 'pending',
      reason: 'created',
    }),
  );
  const insertFirstPayment = preparedOnce('order_payment_insert', (tx: Tx) =>
    tx.insert(orderPayments).values({
      orderId: orderIdSql as unknown as number,
      provider: sql.placeholder('provider'),
      amount: sql.placeholder('amount'),
      currencyCode: sql.placeholder('currencyCode'),
    } as unknown as typeof orderPayments.$inferInsert),
  );
  // Delivery and payment methods, checkout settings: per site in the shared cache (decision 0306).
  cacheReferenceReadsIn(deps.cache);

  async function settingsOf(ctx: RequestContext) {
    const [row] = await cachedReference(ctx.site.id, `settings-${ctx.store.id}`, () =>
      sites.checkoutSettingsFor([ctx.store.id]),
    );
    return {
      guestCheckout: row?.guestCheckout ?? 0,
      allowedCountries: row?.allowedCountries ?? ('ALL' as const),
      skipShippingStep: row?.skipShippingStep ?? false,
    };
  }

  async function countries(ctx: RequestContext) {
    return (await sites.commons(ctx, 'countries')) as { id: number; iso: string; name: string }[];
  }

  async function allowedCountries(ctx: RequestContext) {
    const [all, settings] = await Promise.all([countries(ctx), settingsOf(ctx)]);
    const allowed = settings.allowedCountries;
    return allowed === 'ALL' ? all : all.filter((country) => allowed.includes(country.iso));
  }

  async function sessionRow(executor: Db | Tx, cartRowId: number) {
    const [row] = await executor
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.cartId, cartRowId));
    return row;
  }

  async function upsertSession(cartRowId: number, values: Partial<typeof checkoutSessions.$inferInsert>) {
    await db
      .insert(checkoutSessions)
      .values({ cartId: cartRowId, ...values })
      .onConflictDoUpdate({ target: checkoutSessions.cartId, set: { ...values, updatedAt: new Date() } });
  }

  async function checkoutCart(ctx: RequestContext, session: Session): Promise<CheckoutCart> {
    const { row, view } = await cart.checkoutView(ctx, session);
    const stored = await sessionRow(db, row.id);
    return {
      ...view,
      paymentMethodId: stored?.paymentMethodId ?? null,
      options: { deliveryBranchId: stored?.deliveryBranchId ?? null },
      companyData: stored?.companyData ?? null,
      shippingAddress: stored?.shippingAddress ?? null,
      billingAddress: stored?.billingAddress ?? null,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Delivery

  /** The site's active delivery methods with their names, branches and country lists. */
  async function siteDeliveryMethods(executor: Db | Tx, ctx: RequestContext) {
    const { methods, texts, branches } = await deliveryReference(executor as Db, ctx.site.id);
    return methods.map((method) => {
      const text =
        texts.find((row) => row.methodId === method.id && row.languageCode === ctx.language) ??
        texts.find((row) => row.methodId === method.id && row.languageCode === ctx.site.defaultLanguage) ??
        texts.find((row) => row.methodId === method.id);
      return {
        method,
        name: text?.name ?? '',
        description: text?.description ?? '',
        branches: branches
          .filter((branch) => branch.methodId === method.id)
          .map((branch) => ({ id: branch.id, name: branch.name, address: branch.address })),
      };
    });
  }

  type CartViewLike = Pick<CheckoutCart, 'digitalOnly' | 'prices' | 'coupon' | 'loyaltyRewards' | 'items'>;

  /** The methods that apply to a cart and (when known) a country, priced as the cart prices them. */
  async function applicableMethods(ctx: RequestContext, view: CartViewLike, countryIso: string | null) {
    const all = await siteDeliveryMethods(db, ctx);
    const freeForCart = view.coupon?.type === 'free_delivery' || view.loyaltyRewards.freeDelivery;
    return all
      .filter(({ method }) => method.isDigital === view.digitalOnly)
      .filter(
        ({ method }) =>
          countryIso === null || method.countries === 'ALL' || method.countries.includes(countryIso),
      )
      .map(({ method, name, description, branches }): ShippingMethod => {
        const price = euroToStore(ctx, method.price, method.currencyId);
        const freeOver =
          method.freeOver === null ? null : euroToStore(ctx, method.freeOver, method.currencyId);
        const free = freeForCart || (freeOver !== null && view.prices.itemsTotal >= freeOver);
        return {
          id: method.id,
          name,
          description,
          price: free ? 0 : price,
          methodCode: method.methodCode,
          isDigital: method.isDigital,
          options: method.methodCode === PICKUP_METHOD_CODE ? branches : [],
        };
      });
  }

  async function countryIsoOf(ctx: RequestContext, countryId: number | undefined, fallback: string | null) {
    if (countryId === undefined) return fallback;
    const found = (await countries(ctx)).find((country) => country.id === countryId);
    if (!found) throw new ApiError(400, 'VALIDATION_ERROR', 'Unknown country.', { field: 'countryId' });
    return found.iso;
  }

  // -------------------------------------------------------------------------------------------
  // Payment

  async function sitePaymentMethods(executor: Db | Tx, ctx: RequestContext): Promise<PaymentMethod[]> {
    const { methods, texts } = await paymentReference(executor as Db, ctx.site.id);
    return methods
      .filter((method) => registry.supports(method))
      .map((method) => {
        const text =
          texts.find((row) => row.methodId === method.id && row.languageCode === ctx.language) ??
          texts.find((row) => row.methodId === method.id && row.languageCode === ctx.site.defaultLanguage) ??
          texts.find((row) => row.methodId === method.id);
        return {
          id: method.id,
          name: text?.name ?? '',
          description: text?.description ?? '',
          methodCode: method.methodCode,
          paymentType: method.paymentType,
          provider: method.provider,
        };
      });
  }

  // -------------------------------------------------------------------------------------------
  // Addresses and guests

  async function toOrderAddress(
    ctx: RequestContext,
    input: z.output<typeof saveAddressBody>['shippingAddress'],
  ): Promise<OrderAddressData> {
    const country = (await countries(ctx)).find((row) => row.iso === input.country);
    if (!country) throw new ApiError(400, 'VALIDATION_ERROR', 'Choose a country.', { field: 'country' });
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      countryId: country.id,
      country: country.iso,
      city: input.city,
      street: input.street,
      houseNumber: input.houseNumber,
      zipCode: input.zipCode,
      isCompany: input.isCompany,
      companyName: input.companyName,
      companyOib: input.companyOib,
    };
  }

  async function requireGuestCheckout(ctx: RequestContext) {
    if (ctx.user) return;
    if ((await settingsOf(ctx)).guestCheckout === 0) throw checkoutError('guestCheckoutDisabled', 401);
  }

  async function upsertGuest(
    ctx: RequestContext,
    email: string,
    values: Partial<
      Pick<
        typeof guestUsers.$inferInsert,
        'firstName' | 'lastName' | 'companyName' | 'companyOib' | 'addresses'
      >
    >,
  ) {
    const normalized = email.trim().toLowerCase();
    const [row] = await db
      .insert(guestUsers)
      .values({ siteId: ctx.site.id, email: normalized, ...values })
      .onConflictDoUpdate({
        target: [guestUsers.siteId, guestUsers.email],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }

  const guestView = (row: typeof guestUsers.$inferSelect) => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    companyOib: row.companyOib,
    addresses: row.addresses,
  });

  // -------------------------------------------------------------------------------------------
  // Orders

  const paymentOrderOf = (
    order: OrderRow,
    lines: (typeof orderLines.$inferSelect)[],
    shipping: OrderAddressData | null,
  ): PaymentOrder => ({
    id: order.id,
    slug: order.slug,
    orderNumber: order.orderNumber,
    siteId: order.siteId,
    language: order.languageCode,
    email: order.email,
    currencyCode: order.currencyCode,
    grandTotal: order.grandTotal,
    taxTotal: order.taxTotal,
    eurGrandTotal: order.eurGrandTotal,
    paymentMethodCode: order.paymentMethodCode,
    paymentType: order.paymentType,
    buyer: {
      firstName: shipping?.firstName ?? '',
      lastName: shipping?.lastName ?? '',
      country: shipping?.country ?? null,
      isCompany: order.companyData !== null,
    },
    lines: lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      finalPrice: line.finalPrice,
    })),
  });

  /**
   * Gives a new order the next number of its site, YYYY-NNNNNN (decision 0300), and the archived
   * cart's version, in one statement: the counter row is taken last in the order's transaction.
   */
  async function numberOrder(tx: Tx, siteId: number, orderId: number, now: Date, cartVersion: number) {
    const year = now.getUTCFullYear();
    const [row] = await rowsOf<{ order_number: string }>(
      tx as unknown as Db,
      sql`with counter as (
            insert into ${orderNumberCounters} (site_id, year, last) values (${siteId}, ${year}, 1)
            on conflict (site_id, year) do update set last = ${orderNumberCounters}.last + 1
            returning last)
          update ${orders} set cart_version = ${cartVersion},
            order_number = ${`${year}-`} || case when counter.last < 1000000
              then lpad(counter.last::text, 6, '0') else counter.last::text end
          from counter where ${orders}.id = ${orderId}
          returning ${orders}.order_number`,
    );
    return row!.order_number;
  }

  /**
   * Cancels an unpaid order inside a transaction: its stock and codes go back, the coupon use and the
   * loyalty points are undone (a retry after a failed payment with a changed cart).
   */
  async function cancelUnpaidOrder(tx: Tx, order: OrderRow, reason: string, touched: Set<number>) {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const takes = lines.flatMap((line) => (line.options.stock ?? []) as StockTake[]);
    for (const take of takes) touched.add(take.productId);
    for (const line of lines) if (line.productId !== null) touched.add(line.productId);
    await releaseStockOfOrder(tx, order.id, takes);
    if (order.couponId !== null)
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(0, ${coupons.usedCount} - 1)` })
        .where(eq(coupons.id, order.couponId));
    if (order.userId !== null)
      await adjustLoyaltyPoints(
        tx,
        order.userId,
        order.siteId,
        order.loyaltyPointsSpent - order.loyaltyPointsEarned,
      );
    await tx.update(orders).set({ state: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, order.id));
    await tx
      .insert(orderStateChanges)
      .values({ orderId: order.id, field: 'state', fromValue: order.state, toValue: 'cancelled', reason });
  }

  type CreateResult = {
    order: OrderRow;
    isNew: boolean;
    restart: boolean;
    /** The last statements of an order committed right behind them (decision 0314), once answered. */
    pending?: Promise<
      [
        PromiseSettledResult<unknown>,
        PromiseSettledResult<{ order_number: string }[]>,
        PromiseSettledResult<unknown>,
        PromiseSettledResult<unknown>,
      ]
    >;
  };

  /** The SQLSTATE behind an error (postgres.js errors carry it; wrappers keep it in `cause`). */
  const sqlStateOf = (error: unknown) => {
    let current: unknown = error;
    for (let depth = 0; depth < 4 && current; depth++) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string') return code;
      current = (current as { cause?: unknown }).cause;
    }
    return undefined;
  };

  /**
   * numberOrder's statement for `senderOf` (decision 0314): $1 site, $2 year, $3 the archived cart's
   * version, $4 the number's prefix, $5 the order.
   */
  const NUMBER_ORDER = `with counter as (
      insert into order_number_counters (site_id, year, last) values ($1, $2, 1)
      on conflict (site_id, year) do update set last = order_number_counters.last + 1
      returning last)
    update orders set cart_version = $3,
      order_number = $4::text || case when counter.last < 1000000
        then lpad(counter.last::text, 6, '0') else counter.last::text end
    from counter where orders.id = $5
    returning orders.order_number`;

  /**
   * The last statement before the COMMIT of decision 0314: fails (aborting the transaction, so the
   * COMMIT rolls it back) unless the stock statement ran to its end in this transaction ($1, the marker
   * it sets) and the order ($2) has its number. A statement the driver refused before sending it
   * (a parameter it cannot encode) aborts nothing by itself: this catches it.
   */
  const ORDER_COMPLETE_GUARD = `select 1 / (current_setting('shop.order_stock_taken', true) is not distinct from $1::text
      and exists (select 1 from orders where id = $2 and order_number not like '#%'))::int as complete`;

  /** Where the order number goes in mails rendered before it exists: digits only, so no filter or escaping changes it. */
  const numberToken = () =>
    `9${BigInt(`0x${randomBytes(16).toString('hex')}`)
      .toString()
      .padStart(39, '0')}`;

  /** `touched` collects the products whose stock the order took or gave back. */
  async function placeOrder(
    ctx: RequestContext,
    body: z.output<typeof createOrderBody>,
    touched: Set<number>,
  ): Promise<CreateResult> {
    // Reference data read before the transaction (on PGlite a read outside it would wait for it).
    const [settings, deliveryChoices, paymentChoices, planOf, site] = await Promise.all([
      settingsOf(ctx),
      siteDeliveryMethods(db, ctx),
      sitePaymentMethods(db, ctx),
      services.recurringPlans?.(ctx.site.id) ?? null,
      mailSite(ctx.site, ctx.site.id),
    ]);
    const session: Session = {
      cartId: body.cartId,
      protectCode: body.protectCode,
      currencyId: body.currencyId,
    };
    let result: CreateResult;
    try {
      result = await transaction();
    } catch (error) {
      // The stock statement of decision 0314 failed before the transaction's end was sent.
      if (sqlStateOf(error) === STOCK_REFUSED) throw checkoutError('OUT_OF_STOCK', 409, 'items');
      throw error;
    }
    if (!result.pending) return result;
    // Any of the last statements that failed aborted the transaction: its COMMIT rolled it back.
    const [stock, numbered, queued, complete] = await result.pending;
    if (stock.status === 'rejected')
      throw sqlStateOf(stock.reason) === STOCK_REFUSED
        ? checkoutError('OUT_OF_STOCK', 409, 'items')
        : stock.reason;
    if (numbered.status === 'rejected') throw numbered.reason;
    if (queued.status === 'rejected') throw queued.reason;
    if (complete.status === 'rejected') throw complete.reason;
    const orderNumber = numbered.value[0]?.order_number;
    if (orderNumber === undefined) throw new Error('the order number was not assigned');
    return { order: { ...result.order, orderNumber }, isNew: true, restart: false };

    function transaction() {
      return db.transaction(async (tx): Promise<CreateResult> => {
        // One round trip (decision 0308): the cart's lock, its lines, an order of this cart and the
        // checkout session, each read once the cart row is held.
        const {
          row,
          lines: cartLines,
          extra: [[existing], [stored]],
          open,
        } = await cart.lockForOrder(tx, ctx, session, () =>
          Promise.all([
            inOrderQuery(existingOrderOfCart(tx, { cartId: session.cartId })),
            inOrderQuery(checkoutSessionOfCart(tx, { cartId: session.cartId })),
          ]),
        );
        if (existing) {
          // The same cart again: a repeat (or a concurrent call that waited for the first) gets the order.
          if (row.status !== 'active') return { order: existing, isNew: false, restart: false };
          // The cart was opened again after a failed payment.
          open();
          if (existing.cartVersion === row.version && existing.paymentStatus !== 'paid') {
            const [updated] = await tx
              .update(orders)
              .set({ paymentStatus: 'pending', updatedAt: new Date() })
              .where(eq(orders.id, existing.id))
              .returning();
            if (existing.paymentStatus !== 'pending')
              await tx.insert(orderStateChanges).values({
                orderId: existing.id,
                field: 'payment',
                fromValue: existing.paymentStatus,
                toValue: 'pending',
                reason: 'retry',
              });
            const version = await setCartStatus(tx, row.id, 'archived');
            await tx.update(orders).set({ cartVersion: version }).where(eq(orders.id, existing.id));
            return { order: updated!, isNew: false, restart: true };
          }
          await cancelUnpaidOrder(tx, existing, 'cart changed after a failed payment', touched);
        }
        open();
        if (!ctx.user && settings.guestCheckout === 0) throw checkoutError('guestCheckoutDisabled', 401);
        const { view, shownPrices, memberValid } = await cart.viewInTransaction(
          tx,
          ctx,
          row,
          session,
          cartLines,
        );
        if (view.items.length === 0) throw checkoutError('CART_EMPTY', 400);

        // The cart against the copy the shopper saw (section 5 "Cart validation").
        const expected = body.expected;
        const priceMoved = view.items.some((line) => shownPrices.get(line.itemId) !== line.prices.finalPrice);
        const differs =
          expected !== undefined &&
          (expected.itemCount !== view.itemCount ||
            expected.cartTotal !== view.prices.cartTotal ||
            expected.items.length !== view.items.length ||
            view.items.some((line) => {
              const seen = expected.items.find((item) => item.itemId === line.itemId);
              return !seen || seen.qty !== line.qty || seen.finalPrice !== line.prices.finalPrice;
            }));
        // A withdrawn member card first: its prices fall away with it, and it has its own alert.
        if (row.memberBarcode !== null && row.userId !== null && !memberValid)
          throw checkoutError('MEMBER_CARD_INVALID', 409);
        if (priceMoved || differs) throw checkoutError('CART_CHANGED', 409);

        // Delivery: required unless nothing is shipped; pickup needs one of its branches.
        let delivery: { id: number; methodCode: number; name: string } | null = null;
        let branch: { id: number; name: string; address: string } | null = null;
        if (!view.digitalOnly || row.deliveryMethodId !== null) {
          if (row.deliveryMethodId === null)
            throw checkoutError('shippingMethodUndefined', 400, 'deliveryMethodId');
          const found = deliveryChoices.find(({ method }) => method.id === row.deliveryMethodId);
          if (!found || found.method.isDigital !== view.digitalOnly)
            throw checkoutError('shippingMethodNotFound', 400, 'deliveryMethodId');
          delivery = { id: found.method.id, methodCode: found.method.methodCode, name: found.name };
          if (found.method.methodCode === PICKUP_METHOD_CODE) {
            branch = found.branches.find((candidate) => candidate.id === stored?.deliveryBranchId) ?? null;
            if (!branch) throw checkoutError('shippingBranchUndefined', 400, 'branchId');
          }
        }
        const payment = paymentChoices.find((method) => method.id === stored?.paymentMethodId);
        if (!payment) throw checkoutError('paymentMethodUndefined', 400, 'paymentMethodId');
        const shipping = stored?.shippingAddress ?? null;
        if (!shipping) throw checkoutError('addressesUndefined', 400, 'shippingAddress');
        const billing = stored?.billingAddress ?? shipping;
        const email = ctx.user?.email ?? shipping.contactEmail.toLowerCase();

        if (row.couponId !== null && view.coupon) {
          const used = await tx
            .update(coupons)
            .set({ usedCount: sql`${coupons.usedCount} + 1` })
            .where(
              and(
                eq(coupons.id, row.couponId),
                sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
              ),
            )
            .returning({ id: coupons.id });
          if (used.length === 0) throw checkoutError('CART_CHANGED', 409);
        }
        const pointsSpent = view.loyalty?.pointsSpent ?? 0;
        const pointsEarned = ctx.user ? (view.loyalty?.pointsEarned ?? 0) : 0;
        if (ctx.user) await adjustLoyaltyPoints(tx, ctx.user.id, ctx.site.id, pointsEarned - pointsSpent);

        const now = new Date();
        // A placeholder number until the end: the hot rows (stock, the site's counter) are taken last.
        const placeholder = `#${randomBytes(12).toString('base64url')}`;
        const guest = ctx.user ? null : (stored?.guestUserId ?? null);
        const prices = view.prices;
        // A subscription plan is charged by the plan tax rule (decision 0304): a company in another EU
        // country or any buyer outside the EU pays the net price with no tax; the order says so, so the
        // provider's payment (the plan's amount) is the order's grand total.
        const plan = planOf ? planOf(view.items) : null;
        const charged = plan
          ? planTax({
              grossAmount: prices.orderTotal,
              vatRate: plan.vatRate,
              shopCountry: plan.taxCountry,
              buyerCountry: billing.country,
              isCompany: (stored?.companyData ?? null) !== null,
            })
          : { amount: prices.orderTotal, taxAmount: prices.tax.orderTotal, zeroRated: false };
        const grandTotal = charged.amount;
        // The order and everything that refers to it in one round trip (decision 0308): the others take
        // the order's id from the sequence the order's insert just used on this connection.
        const orderValues: OrderInsertValues = {
          siteId: ctx.site.id,
          storeId: ctx.store.id,
          orderNumber: placeholder,
          slug: newSlug(),
          cartId: row.id,
          // Set below from the archived cart's version.
          cartVersion: row.version,
          userId: ctx.user?.id ?? null,
          guestUserId: guest,
          email,
          languageCode: row.languageCode,
          currencyId: ctx.store.currency.id,
          currencyCode: ctx.store.currency.code,
          eurRate: ctx.store.eurRate,
          paymentMethodId: payment.id,
          paymentMethodCode: payment.methodCode,
          paymentType: payment.paymentType,
          paymentProvider: payment.provider,
          paymentName: payment.name,
          deliveryMethodId: delivery?.id ?? null,
          deliveryMethodCode: delivery?.methodCode ?? null,
          deliveryName: delivery?.name ?? null,
          branchId: branch?.id ?? null,
          branchName: branch?.name ?? null,
          branchAddress: branch?.address ?? null,
          companyData: stored?.companyData ?? null,
          itemsTotal: prices.itemsTotal,
          couponAmount: prices.coupon,
          loyaltyAmount: prices.loyalty,
          deliveryAmount: prices.delivery,
          taxTotal: charged.taxAmount,
          grandTotal,
          eurGrandTotal:
            grandTotal === prices.orderTotal && prices.eurEquivalent
              ? prices.eurEquivalent.orderTotal
              : toEuro(grandTotal, ctx.store.eurRate),
          couponId: view.coupon ? row.couponId : null,
          couponCode: view.couponCode,
          loyaltyPointsSpent: pointsSpent,
          loyaltyPointsEarned: pointsEarned,
          giftMessage: body.giftMessage ?? '',
          orderMessage: body.orderMessage ?? '',
          giftTo: body.to ?? '',
          giftFrom: body.from ?? '',
          createdAt: now,
          updatedAt: now,
        };
        const lineValues = view.items.map(
          (line, position): OrderLineValues => ({
            productId: line.productId,
            parentProductId: line.parentProductId,
            format: line.format,
            sku: line.sku,
            name: line.productData.name,
            image: line.productData.media?.url ?? null,
            options: {
              labels: [
                ...line.options.attributes.map((attribute) => `${attribute.label}: ${attribute.value}`),
                ...line.options.personalizations.map((option) => `${option.title}: ${option.label}`),
                ...line.options.bundleOptions.map((member) => `${member.quantity} × ${member.name}`),
              ],
              stock: stockTakesOf([line]),
            },
            qty: line.qty,
            basicPrice: Math.max(line.prices.regularPrice, line.prices.finalPrice),
            finalPrice: line.prices.finalPrice,
            rowTotal: line.prices.row,
            rowTax: charged.zeroRated ? 0 : line.prices.rowTax,
            taxRateBp: charged.zeroRated ? 0 : line.prices.taxRateBp,
            eproduct: null,
            position,
          }),
        );
        // Sent together, the order first (each started by an async function awaiting its query, so that
        // the driver receives them in this order); postgres.js pipelines them on the transaction's
        // connection. The order's id comes back with it; the others use `currval`.
        const [[order], , , , , version] = await Promise.all([
          inOrderQuery(
            insertOrder(tx, {
              ...orderValues,
              companyData: orderValues.companyData === null ? null : JSON.stringify(orderValues.companyData),
            }),
          ),
          inOrderQuery(insertLines(tx, lineValues)),
          inOrderQuery(insertAddresses(tx, addressValues(shipping, billing))),
          inOrderQuery(insertCreated(tx, {})),
          inOrderQuery(
            insertFirstPayment(tx, {
              provider: payment.provider,
              amount: grandTotal,
              currencyCode: ctx.store.currency.code,
            }),
          ),
          setCartStatus(tx, row.id, 'archived'),
        ]);
        const orderId = order!.id;

        // Last, so that concurrent orders of the same products and site hold these rows only briefly:
        // the stock (decision 0301), what e-products deliver, the order number (decision 0300).
        const takes = stockTakesOf(view.items);
        const mailsNow = !isOnline(payment.paymentType);
        // One product and no e-product codes (the common order): the stock, the number and the mails go
        // in one round trip (decision 0308). The mails are rendered with a token where the number goes
        // and the database puts the number in (the number exists only once the counter row is taken).
        // A refused stock take ends the transaction: the number and the mails go with it.
        const oneTake = new Set(takes.map((take) => take.productId)).size <= 1;
        // The order's mails, with the number (or the token the database replaces by it).
        const mailsOfOrder = (orderNumber: string) =>
          orderMails({ ...order!, cartVersion: version, orderNumber }, lineValues, shipping, site);
        const send = senderOf(tx);
        if (
          send &&
          oneTake &&
          takes.length > 0 &&
          view.items.every((line) => line.format !== 'EProduct' && line.format !== 'Bundle')
        ) {
          // One product, nothing delivered by the order (decision 0314): the mails are rendered first,
          // then the stock, the number and the mails are queued on the connection at once and the
          // transaction ends, its COMMIT in the same write. The hot rows (stock, the site's counter) are
          // held from their update to the commit's flush only, not while this process answers. A refused
          // stock take is an error in the database, so that COMMIT rolls everything back.
          const token = numberToken();
          const rendered = mailsNow
            ? await mail.renderTemplates(tx as unknown as Db, mailsOfOrder(token)).catch((error: unknown) => {
                logger.error({ err: error, orderId }, 'order mails not queued');
                return [];
              })
            : [];
          const year = now.getUTCFullYear();
          const qty = takes.reduce((sum, take) => sum + take.qty, 0);
          const marker = String(orderId);
          const taking = takeStockNow(send, takes[0]!.productId, qty, now, marker);
          const numbering = send<{ order_number: string }>(NUMBER_ORDER, [
            ctx.site.id,
            year,
            version,
            `${year}-`,
            orderId,
          ]);
          const queueing =
            mail.queueNow(tx as unknown as Db, rendered, {
              token,
              value: sql`(select ${orders.orderNumber} from ${orders} where ${orders.id} = ${orderId})`,
            }) ?? Promise.resolve();
          const checking = send(ORDER_COMPLETE_GUARD, [marker, orderId]);
          for (const take of takes) touched.add(take.productId);
          for (const line of view.items) touched.add(line.productId);
          return {
            order: { ...order!, cartVersion: version },
            isNew: true,
            restart: false,
            pending: Promise.allSettled([taking, numbering, queueing, checking]),
          };
        }
        let numbering: Promise<string> | undefined;
        let queueing: Promise<unknown> | undefined;
        const takingStock = takeStockForOrder(tx, orderId, takes);
        if (oneTake) {
          numbering = numberOrder(tx, ctx.site.id, orderId, now, version);
          if (mailsNow) {
            const token = numberToken();
            // A failure here is reported below only when the stock was taken (else the transaction
            // was already ending, and that is the answer).
            queueing = mail
              .queueTemplates(tx as unknown as Db, mailsOfOrder(token), {
                token,
                value: sql`(select ${orders.orderNumber} from ${orders} where ${orders.id} = ${orderId})`,
              })
              .then(
                () => undefined,
                (error: unknown) => error ?? new Error('mail queue'),
              );
          }
        }
        const [taken, numbered, mailFailure] = await Promise.all([
          takingStock,
          numbering?.catch(() => undefined),
          queueing,
        ]);
        for (const take of takes) touched.add(take.productId);
        for (const line of view.items) touched.add(line.productId);
        if (!taken.ok) throw checkoutError('OUT_OF_STOCK', 409, 'items');
        if (mailFailure !== undefined) logger.error({ err: mailFailure, orderId }, 'order mails not queued');
        for (const [productId, eproduct] of taken.eproducts)
          await tx
            .update(orderLines)
            .set({ eproduct })
            .where(
              and(
                eq(orderLines.orderId, orderId),
                eq(orderLines.productId, productId),
                eq(orderLines.format, 'EProduct'),
              ),
            );
        const orderNumber = oneTake ? numbered : await numberOrder(tx, ctx.site.id, orderId, now, version);
        if (orderNumber === undefined) throw new Error('the order number was not assigned');
        const placed = { ...order!, cartVersion: version, orderNumber };
        // Offline payments are confirmed now: their mails are queued with the order (online ones with
        // the payment, see effectsFor).
        if (mailsNow && !oneTake)
          await queueOrderMails(tx, orderMails(placed, lineValues, shipping, site), orderId);
        return { order: placed, isNew: true, restart: false };
      });
    }
  }

  async function linesAndAddresses(orderId: number, executor: Db | Tx = db) {
    const [lines, addresses] = await Promise.all([
      executor
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position)),
      executor.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId)),
    ]);
    const address = (kind: 'shipping' | 'billing'): OrderAddressData | null => {
      const found = addresses.find((row) => row.kind === kind);
      if (!found) return null;
      const { orderId: _order, kind: _kind, ...rest } = found;
      return rest;
    };
    return { lines, shipping: address('shipping'), billing: address('billing') };
  }

  function absolute(ctx: RequestContext, path: string) {
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : new URL(ctx.site.url).origin;
    return `${origin}${path}`;
  }

  function successPath(order: Pick<OrderRow, 'languageCode' | 'slug'>) {
    return `${localizedPath('checkoutSuccess', uiLanguage(order.languageCode))}?orderSlug=${order.slug}`;
  }

  function failurePath(order: Pick<OrderRow, 'languageCode' | 'slug'>) {
    return `${localizedPath('checkoutFailure', uiLanguage(order.languageCode))}?orderSlug=${order.slug}`;
  }

  /** Starts a payment attempt at the order's adapter and keeps the provider's reference. */
  async function startPayment(ctx: RequestContext, order: OrderRow, body: z.output<typeof createOrderBody>) {
    const adapter = registry.resolve({ provider: order.paymentProvider, paymentType: order.paymentType });
    if (!adapter) throw checkoutError('paymentMethodNotFound', 400, 'paymentMethodId');
    const { lines, shipping } = await linesAndAddresses(order.id);
    const started = await adapter.start({
      order: paymentOrderOf(order, lines, shipping),
      successUrl: absolute(ctx, body.successURL ?? successPath(order)),
      failureUrl: absolute(ctx, body.failureURL ?? failurePath(order)),
      origin: absolute(ctx, ''),
    });
    if (started.providerRef !== null || started.data) {
      const [attempt] = await db
        .select({ id: orderPayments.id, providerRef: orderPayments.providerRef })
        .from(orderPayments)
        .where(eq(orderPayments.orderId, order.id))
        .orderBy(desc(orderPayments.id))
        .limit(1);
      const values = {
        providerRef: started.providerRef,
        data: started.data ?? {},
        status: 'pending' as const,
        updatedAt: new Date(),
      };
      if (attempt && attempt.providerRef === null)
        await db.update(orderPayments).set(values).where(eq(orderPayments.id, attempt.id));
      else
        await db.insert(orderPayments).values({
          orderId: order.id,
          provider: order.paymentProvider,
          amount: order.grandTotal,
          currencyCode: order.currencyCode,
          ...values,
        });
    }
    return started.html;
  }

  // -------------------------------------------------------------------------------------------
  // E-mails

  function money(amount: number, currency: string) {
    return `${(amount / 100).toFixed(2).replace('.', ',')} ${currency}`;
  }

  /** What the order mails need besides the order; read before a transaction (cached reads). */
  type MailSite = { name: string; origin: string; shopAddress: string };

  async function mailSite(
    site: { name: string; url: string } | undefined,
    siteId: number,
  ): Promise<MailSite> {
    const shopAddress = (await sites.option<string>(siteId, 'OrderNotificationEmail')) ?? config.MAIL_FROM;
    const origin = config.PUBLIC_URL
      ? new URL(config.PUBLIC_URL).origin
      : site
        ? new URL(site.url).origin
        : '';
    return { name: site?.name ?? '', origin, shopAddress };
  }

  /** The customer's confirmation in the order's language (then hr, en) and the shop's notice. */
  function orderMails(
    order: OrderRow,
    lines: Pick<typeof orderLines.$inferSelect, 'qty' | 'name' | 'rowTotal'>[],
    shipping: Pick<OrderAddressData, 'firstName' | 'lastName'> | null,
    site: MailSite,
  ): TemplateMail[] {
    const variables = {
      orderNumber: order.orderNumber,
      firstName: shipping?.firstName ?? '',
      lastName: shipping?.lastName ?? '',
      grandTotal: money(order.grandTotal, order.currencyCode),
      paymentMethod: order.paymentName,
      shippingMethod: order.deliveryName ?? '',
      items: orderMailItems(
        order,
        lines.map((line) => `${line.qty} × ${line.name} — ${money(line.rowTotal, order.currencyCode)}`),
        order.languageCode,
        (amount) => money(amount, order.currencyCode),
      ),
      orderUrl: `${site.origin}${successPath(order)}`,
      email: order.email,
      siteName: site.name,
    };
    return [
      {
        siteId: order.siteId,
        key: ORDER_MAIL.confirmation,
        languages: [order.languageCode, 'hr', 'en'],
        to: order.email,
        variables,
      },
      {
        siteId: order.siteId,
        key: ORDER_MAIL.shopNotice,
        languages: ['hr', 'en'],
        to: site.shopAddress,
        variables,
      },
    ];
  }

  /**
   * Queues the order's mails with the transaction that placed (or paid) the order (decision 0305): a
   * rolled-back order sends nothing. A template that cannot be rendered is logged; the order goes on.
   */
  async function queueOrderMails(
    tx: Tx,
    mails: TemplateMail[],
    orderId: number,
    substitute?: MailSubstitution,
  ) {
    try {
      await mail.queueTemplates(tx as unknown as Db, mails, substitute);
    } catch (error) {
      logger.error({ err: error, orderId }, 'order mails not queued');
    }
  }

  function effectsFor(site: MailSite): OrderEffects {
    return {
      async failed(tx, order) {
        // The failure page leads back to the cart: it is opened again, unchanged.
        const version = await setCartStatus(tx, order.cartId, 'active');
        await tx.update(orders).set({ cartVersion: version }).where(eq(orders.id, order.id));
      },
      async paid(tx, order) {
        const [, { lines, shipping }] = await Promise.all([
          setCartStatus(tx, order.cartId, 'archived'),
          linesAndAddresses(order.id, tx),
        ]);
        await queueOrderMails(tx, orderMails(order, lines, shipping, site), order.id);
      },
      // The mails were queued with the payment: the worker sends them now.
      afterPaid: async () => mail.kick(),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Reading orders

  async function orderView(order: OrderRow, currency: { symbol: string; decimals: number }): Promise<Order> {
    const { lines, shipping, billing } = await linesAndAddresses(order.id);
    const paid = order.paymentStatus === 'paid';
    const amounts = {
      itemsTotal: order.itemsTotal,
      coupon: order.couponAmount,
      loyalty: order.loyaltyAmount,
      delivery: order.deliveryAmount,
      tax: order.taxTotal,
      grandTotal: order.grandTotal,
    };
    const isEuro = order.currencyId === EUR_ID;
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      orderSlug: order.slug,
      createdAt: order.createdAt.toISOString(),
      state: order.state,
      paymentStatus: order.paymentStatus,
      language: order.languageCode,
      email: order.email,
      currency: { code: order.currencyCode, symbol: currency.symbol, decimals: currency.decimals },
      eurRate: order.eurRate,
      paymentMethod: {
        id: order.paymentMethodId ?? 0,
        name: order.paymentName,
        methodCode: order.paymentMethodCode,
        paymentType: order.paymentType,
        provider: order.paymentProvider,
      },
      shippingMethod:
        order.deliveryMethodCode === null
          ? null
          : {
              id: order.deliveryMethodId,
              name: order.deliveryName ?? '',
              methodCode: order.deliveryMethodCode,
            },
      branch:
        order.branchId === null
          ? null
          : { id: order.branchId, name: order.branchName ?? '', address: order.branchAddress ?? '' },
      shippingAddress: shipping,
      billingAddress: billing,
      companyData: order.companyData,
      items: lines.map((line) => ({
        id: line.id,
        productId: line.productId,
        sku: line.sku,
        name: line.name,
        format: line.format as Order['items'][number]['format'],
        image: line.image,
        optionLabels: line.options.labels,
        quantity: line.qty,
        basicPrice: line.basicPrice,
        finalPrice: line.finalPrice,
        discountAmount: (line.basicPrice - line.finalPrice) * line.qty,
        rowTotal: line.rowTotal,
        rowTax: line.rowTax,
        taxRateBp: line.taxRateBp,
        eproduct: paid ? line.eproduct : null,
      })),
      couponCode: order.couponCode,
      loyaltyPointsSpent: order.loyaltyPointsSpent,
      loyaltyPointsEarned: order.loyaltyPointsEarned,
      prices: {
        ...amounts,
        eurEquivalent: isEuro
          ? null
          : (Object.fromEntries(
              Object.entries(amounts).map(([key, value]) => [key, toEuro(value, order.eurRate)]),
            ) as typeof amounts),
      },
      giftMessage: order.giftMessage,
      orderMessage: order.orderMessage,
      to: order.giftTo,
      from: order.giftFrom,
    };
  }

  async function currencyOf(ctx: RequestContext, currencyId: number) {
    const all = (await sites.commons(ctx, 'currencies')) as {
      id: number;
      symbol: string;
      decimals: number;
    }[];
    const found = all.find((row) => row.id === currencyId);
    return { symbol: found?.symbol ?? '', decimals: found?.decimals ?? 2 };
  }

  return {
    registry,
    settingsOf,

    async getApplicableDeliveryMethods(ctx: RequestContext, body: z.output<typeof applicableDeliveryBody>) {
      const view = await checkoutCart(ctx, body);
      const iso = await countryIsoOf(ctx, body.countryId, view.shippingAddress?.country ?? null);
      return applicableMethods(ctx, view, iso);
    },

    async getDeliveryCountries(ctx: RequestContext, session: Session) {
      const view = await checkoutCart(ctx, session);
      const [allowed, methods] = await Promise.all([
        allowedCountries(ctx),
        applicableMethods(ctx, view, null),
      ]);
      const all = await siteDeliveryMethods(db, ctx);
      const lists = all.filter(({ method }) => methods.some((applicable) => applicable.id === method.id));
      return allowed.filter((country) =>
        lists.some(({ method }) => method.countries === 'ALL' || method.countries.includes(country.iso)),
      );
    },

    async saveDeliveryMethod(ctx: RequestContext, body: z.output<typeof saveDeliveryBody>) {
      if (!body.deliveryMethodId) throw checkoutError('shippingMethodUndefined', 400, 'deliveryMethodId');
      const view = await checkoutCart(ctx, body);
      const iso = await countryIsoOf(ctx, body.countryId, view.shippingAddress?.country ?? null);
      const method = (await applicableMethods(ctx, view, iso)).find(
        (candidate) => candidate.id === body.deliveryMethodId,
      );
      if (!method) throw checkoutError('shippingMethodNotFound', 400, 'deliveryMethodId');
      let branchId: number | null = null;
      if (method.options.length > 0) {
        if (!body.branchId || !method.options.some((branch) => branch.id === body.branchId))
          throw checkoutError('shippingBranchUndefined', 400, 'branchId');
        branchId = body.branchId;
      }
      await cart.setDeliveryMethod(ctx, body, method.id);
      const { row } = await cart.checkoutView(ctx, body);
      await upsertSession(row.id, { deliveryBranchId: branchId });
      return checkoutCart(ctx, body);
    },

    async getApplicablePaymentMethods(ctx: RequestContext, session: Session) {
      await checkoutCart(ctx, session);
      return sitePaymentMethods(db, ctx);
    },

    async savePaymentMethod(ctx: RequestContext, body: z.output<typeof savePaymentBody>) {
      if (!body.paymentMethodId) throw checkoutError('paymentMethodUndefined', 400, 'paymentMethodId');
      const { row } = await cart.checkoutView(ctx, body);
      const method = (await sitePaymentMethods(db, ctx)).find(
        (candidate) => candidate.id === body.paymentMethodId,
      );
      if (!method) throw checkoutError('paymentMethodNotFound', 400, 'paymentMethodId');
      const companyData: CompanyData | null = body.companyData
        ? { companyName: body.companyData.companyName, oib: body.companyData.oib }
        : null;
      await upsertSession(row.id, { paymentMethodId: method.id, companyData });
      return checkoutCart(ctx, body);
    },

    validateCart: (ctx: RequestContext, session: Session) => cart.validateCart(ctx, session),

    getCheckoutCart: (ctx: RequestContext, session: Session) => checkoutCart(ctx, session),

    async saveAddress(ctx: RequestContext, body: z.output<typeof saveAddressBody>) {
      await requireGuestCheckout(ctx);
      const { row } = await cart.checkoutView(ctx, body);
      const shipping = await toOrderAddress(ctx, body.shippingAddress);
      const billing = body.billingAddress ? await toOrderAddress(ctx, body.billingAddress) : null;
      const allowed = await allowedCountries(ctx);
      for (const [field, address] of [
        ['shippingAddress.country', shipping],
        ['billingAddress.country', billing],
      ] as const) {
        if (address && !allowed.some((country) => country.id === address.countryId))
          throw checkoutError('countryNotAllowed', 400, field);
      }
      // Consents of the form: fetched, every required one accepted, each acceptance logged.
      let forms: Awaited<ReturnType<ConsentService['forForms']>>;
      try {
        forms = await consents.forForms(ctx, body.consentForm);
      } catch (error) {
        logger.error({ err: error }, 'consents not fetched');
        throw checkoutError('consentsNotFetched', 400, 'consents');
      }
      const assigned = forms.flatMap((form) => form.consents);
      if (body.consents.some((id) => !assigned.some((consent) => consent.id === id)))
        throw checkoutError('consentRequired', 400, 'consents');
      if (assigned.some((consent) => consent.required && !body.consents.includes(consent.id)))
        throw checkoutError('consentRequired', 400, 'consents');
      const email = ctx.user?.email ?? shipping.contactEmail.toLowerCase();
      try {
        await consents.log({
          siteId: ctx.site.id,
          status: 'accepted',
          consentIds: body.consents,
          form: body.consentForm,
          userId: ctx.user?.id ?? null,
          email,
          address: ctx.clientAddress,
        });
      } catch (error) {
        logger.error({ err: error }, 'consent log failed');
        throw checkoutError('failedConsentLog', 400, 'consents');
      }
      const guest = ctx.user
        ? null
        : await upsertGuest(ctx, email, {
            firstName: shipping.firstName,
            lastName: shipping.lastName,
            companyName: shipping.companyName,
            companyOib: shipping.companyOib,
            addresses: billing ? [shipping, billing] : [shipping],
          });
      await upsertSession(row.id, {
        shippingAddress: shipping,
        billingAddress: billing,
        guestUserId: guest?.id ?? null,
        ...(shipping.isCompany
          ? { companyData: { companyName: shipping.companyName, oib: shipping.companyOib } }
          : {}),
      });
      return { ...(await checkoutCart(ctx, body)), allowedCountries: allowed };
    },

    async updateGuestUser(ctx: RequestContext, body: z.output<typeof guestUpdateBody>) {
      await requireGuestCheckout(ctx);
      const addresses = body.addresses
        ? await Promise.all(body.addresses.map((address) => toOrderAddress(ctx, address)))
        : undefined;
      const row = await upsertGuest(ctx, body.email, {
        ...(body.details?.firstName !== undefined ? { firstName: body.details.firstName } : {}),
        ...(body.details?.lastName !== undefined ? { lastName: body.details.lastName } : {}),
        ...(body.company?.name !== undefined ? { companyName: body.company.name } : {}),
        ...(body.company?.oib !== undefined ? { companyOib: body.company.oib } : {}),
        ...(addresses ? { addresses } : {}),
      });
      return guestView(row);
    },

    async getAvailableCountries(ctx: RequestContext) {
      return allowedCountries(ctx);
    },

    /** order/create: the order once per cart, the payment started, the mails for offline payments. */
    async createOrder(ctx: RequestContext, body: z.output<typeof createOrderBody>) {
      const touched = new Set<number>();
      const { order, isNew, restart } = await placeOrder(ctx, body, touched);
      // Carts read products through a short-lived cache: the stock this order moved is read afresh.
      await cart.forgetProducts(ctx.site.id, [...touched]);
      const online = isOnline(order.paymentType);
      // A repeat for an order still unpaid starts a new attempt (the earlier page may be gone).
      const html =
        online && (isNew || restart || order.paymentStatus === 'pending')
          ? await startPayment(ctx, order, body)
          : null;
      // The order's mails were queued in its transaction: the worker sends them now.
      if (isNew && !online) mail.kick();
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        orderSlug: order.slug,
        html,
        redirectPath: successPath(order),
      };
    },

    async pgSuccess(ctx: RequestContext, slug: string, body: z.output<typeof pgSuccessBody>) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.slug, slug), eq(orders.siteId, ctx.site.id)));
      if (!order) throw checkoutError('ORDER_NOT_FOUND', 404, 'id');
      const adapter = registry.resolve({ provider: order.paymentProvider, paymentType: order.paymentType });
      if (!adapter) throw checkoutError('paymentMethodNotFound', 400, 'id');
      let status = order.paymentStatus;
      if (status !== 'paid') {
        const [attempt] = await db
          .select()
          .from(orderPayments)
          .where(eq(orderPayments.orderId, order.id))
          .orderBy(desc(orderPayments.id))
          .limit(1);
        const { lines, shipping } = await linesAndAddresses(order.id);
        const event = await adapter.confirm({
          order: paymentOrderOf(order, lines, shipping),
          providerRef: attempt?.providerRef ?? null,
          details: body.details,
        });
        if (event) {
          const result = await applyPaymentOutcome(
            db,
            {
              orderId: order.id,
              provider: order.paymentProvider,
              providerRef: event.providerRef ?? attempt?.providerRef ?? null,
              eventId: event.eventId,
              outcome: event.outcome,
              amount: event.amount,
            },
            effectsFor(await mailSite(ctx.site, ctx.site.id)),
          );
          status = result.paymentStatus ?? status;
        }
      }
      return {
        url:
          status === 'paid' || order.paymentType === 'cod' || order.paymentType === 'bank_transfer'
            ? successPath(order)
            : failurePath(order),
        orderSlug: order.slug,
        paymentStatus: status,
      };
    },

    /** The one way payment results reach orders, with the checkout's effects (see payment-outcome.ts). */
    async applyPaymentOutcome(input: PaymentOutcomeInput) {
      // The order's site, read before the outcome's transaction (its mails are queued inside it).
      const [row] = await db
        .select({ siteId: orders.siteId })
        .from(orders)
        .where(eq(orders.id, input.orderId));
      const site = row
        ? await mailSite(await sites.siteById(row.siteId), row.siteId)
        : { name: '', origin: '', shopAddress: config.MAIL_FROM };
      return applyPaymentOutcome(db, input, effectsFor(site));
    },

    async orderBySlug(ctx: RequestContext, slug: string) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.slug, slug), eq(orders.siteId, ctx.site.id)));
      if (!order) throw checkoutError('ORDER_NOT_FOUND', 404, 'orderSlug');
      return orderView(order, await currencyOf(ctx, order.currencyId));
    },

    /**
     * A user's orders on the request's site, newest first. `live` leaves out cancelled orders (the
     * profile's /v1 list, whose states are pending and active only).
     */
    async orderHistory(
      ctx: RequestContext,
      page: number,
      limit: number,
      options: { userId?: number; live?: boolean } = {},
    ) {
      const userId = options.userId ?? ctx.user?.id;
      if (userId === undefined) throw new ApiError(401, 'CART_NO_ACTIVE_USER', 'No active user');
      const where = and(
        eq(orders.userId, userId),
        eq(orders.siteId, ctx.site.id),
        options.live ? ne(orders.state, 'cancelled') : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      const lines =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(orderLines)
              .where(
                inArray(
                  orderLines.orderId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(orderLines.position));
      const currencies = new Map<number, { symbol: string; decimals: number }>();
      for (const row of rows)
        if (!currencies.has(row.currencyId))
          currencies.set(row.currencyId, await currencyOf(ctx, row.currencyId));
      const history: OrderHistoryItem[] = rows.map((order) => {
        const own = lines.filter((line) => line.orderId === order.id);
        const totalBasicPrice = own.reduce((sum, line) => sum + line.basicPrice * line.qty, 0);
        const totalDiscount = own.reduce(
          (sum, line) => sum + (line.basicPrice - line.finalPrice) * line.qty,
          0,
        );
        return {
          id: order.id,
          orderNumber: order.orderNumber,
          orderSlug: order.slug,
          createdAt: order.createdAt.toISOString(),
          state: order.state,
          itemImages: own.flatMap((line) => (line.image ? [line.image] : [])).slice(0, 3),
          itemCount: own.length,
          details: {
            grandTotal: order.grandTotal,
            currency: order.currencyCode,
            decimals: currencies.get(order.currencyId)?.decimals ?? 2,
          },
          extendedDetails: {
            details: {
              paymentType: order.paymentName,
              shippingMethod: order.deliveryName ?? '',
              totalBasicPrice,
              totalDiscount: totalDiscount + order.couponAmount + order.loyaltyAmount,
              shippingCost: order.deliveryAmount,
              totalTax: order.taxTotal,
            },
            items: own.map((line) => ({
              name: line.name,
              optionLabels: line.options.labels,
              basicPrice: line.basicPrice,
              quantity: line.qty,
              discountAmount: (line.basicPrice - line.finalPrice) * line.qty,
              image: line.image,
            })),
          },
        };
      });
      return { orders: history, total: Number(total?.n ?? 0) };
    },
  };
}
