import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERRORS } from '../../../core/cart.ts';
import { withEan13CheckDigit } from '../../../core/ean13.ts';
import type { DemoSite } from '../../db/seed/site-seed.ts';
import {
  CHECKOUT_ADDRESS,
  type CheckoutFixture,
  completeCheckoutSteps,
  createCheckoutFixture,
} from '../../testing/checkout-fixture.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-db.ts';
import { loyaltyAccounts } from '../cart/cart.schema.ts';
import {
  eProductCodes,
  productPrices,
  products,
  productTranslations,
} from '../catalogue/catalogue.schema.ts';
import { consentAssignments, consentLog, consents, consentTranslations } from '../consent/consent.schema.ts';
import { checkoutSettings } from '../site/site.schema.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { users } from '../users/users.schema.ts';
import { CHECKOUT_ERRORS } from './checkout.contract.ts';
import { coupons, guestUsers, memberCards, orderStateChanges, orders } from './checkout.schema.ts';

let fixture: CheckoutFixture;
let database: TestDatabase;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;
let ids: CheckoutFixture['ids'];
let methods: CheckoutFixture['methods'];
let branchId = 0;
const tokens = { ana: '' };
const userIds = { ana: 0 };

type Who = keyof typeof tokens | null;

async function call(
  url: string,
  body?: unknown,
  options: { method?: string; language?: string; who?: Who; key?: string } = {},
) {
  const headers: Record<string, string> = { language: options.language ?? 'en' };
  if (options.who) headers.authorization = `Bearer ${tokens[options.who]}`;
  if (options.key) headers['idempotency-key'] = options.key;
  const method = options.method ?? 'POST';
  const init = body === undefined ? { method, headers } : { ...postJson(body, headers), method };
  return t.json(`/api${url}`, init);
}
const checkout = (name: string, body?: unknown, options: Parameters<typeof call>[2] = {}) =>
  call(`/v2/ecommerce/checkout/${name}`, body, options);

type Session = { cartId: string; protectCode: string };

async function newCart(productId: number, qty = 1, who: Who = null): Promise<Session> {
  const added = await call('/v2/ecommerce/cart/addItem', { productId, qty }, { who });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { cartId: added.body.data.cartId, protectCode: added.body.data.protectCode };
}

const address = CHECKOUT_ADDRESS;

/** Address, pickup in the first branch, cash on delivery: a cart ready to order. */
async function prepare(session: Session, who: Who = null, payment = methods.cod) {
  const headers: Record<string, string> = who ? { authorization: `Bearer ${tokens[who]}` } : {};
  return completeCheckoutSteps(t, fixture, session, payment, headers);
}

const stockOf = async (productId: number) =>
  (await database.db.select({ qty: products.stockQty }).from(products).where(eq(products.id, productId)))[0]!
    .qty;

beforeAll(async () => {
  fixture = await createCheckoutFixture('checkout');
  ({ database, demo, ids, methods, branchId } = fixture);
  const [ana] = await database.db
    .insert(users)
    .values({ siteId: demo.siteId, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić' })
    .returning();
  userIds.ana = ana!.id;
  await database.db.insert(loyaltyAccounts).values({ userId: ana!.id, siteId: demo.siteId, points: 500 });
  t = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: fixture.dataDir });
  tokens.ana = (await t.services.sessions.start(ana!)).accessToken;
}, 180_000);
afterAll(async () => {
  await t.services.mail.close();
  await fixture.destroy();
});

describe('order/create', () => {
  it('a guest orders with pickup and cash on delivery; the cart is archived; a repeat answers the same order', async () => {
    const productId = ids['KNJ-001']!;
    const before = await stockOf(productId);
    const session = await newCart(productId, 2);
    const prepared = await prepare(session);
    expect(prepared.options.deliveryBranchId).toBe(branchId);
    const created = await checkout('order/create', {
      ...session,
      expected: {
        itemCount: 2,
        cartTotal: prepared.prices.cartTotal,
        items: prepared.items.map(
          (line: { itemId: number; qty: number; prices: { finalPrice: number } }) => ({
            itemId: line.itemId,
            qty: line.qty,
            finalPrice: line.prices.finalPrice,
          }),
        ),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const data = created.body.data;
    expect(data.html).toBeNull();
    expect(data.orderNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(data.redirectPath).toBe(`/en/checkout/success?orderSlug=${data.orderSlug}`);
    expect(await stockOf(productId)).toBe(before! - 2);
    // Both mails were queued with the order, rendered before its number existed and given it by the
    // database in the same round trip (decision 0308): the number in subject and bodies, no token left.
    const queued = await database.rows<{ subject: string; body_html: string; body_text: string }>(
      sql`select subject, body_html, body_text from mail_queue where body_text like ${`%${data.orderSlug}%`} or subject like ${`%${data.orderNumber}%`}`,
    );
    expect(queued.length).toBe(2);
    for (const mail of queued) {
      expect(mail.subject).toContain(data.orderNumber);
      expect(`${mail.subject}${mail.body_html}${mail.body_text}`).not.toMatch(/\d{30}/);
    }
    expect(queued.some((mail) => mail.body_text.includes(data.orderNumber))).toBe(true);
    // A guest without company data: SQL NULL (not the JSON value null) from the prepared insert
    // (decision 0313); one line with its options as a JSON object, no e-product; both addresses.
    const [row] = await database.rows<{
      company_null: boolean;
      lines: number;
      options: string;
      addresses: number;
    }>(
      sql`select o.company_data is null as company_null,
            (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
            (select jsonb_typeof(l.options) || ':' || (l.eproduct is null)::text from order_lines l
              where l.order_id = o.id limit 1) as options,
            (select count(*)::int from order_addresses a where a.order_id = o.id) as addresses
          from orders o where o.slug = ${data.orderSlug}`,
    );
    expect(row).toEqual({ company_null: true, lines: 1, options: 'object:true', addresses: 2 });

    const again = await checkout('order/create', session);
    expect(again.status).toBe(200);
    expect(again.body.data.orderId).toBe(data.orderId);
    expect(await stockOf(productId)).toBe(before! - 2);

    const read = await call('/v2/ecommerce/cart/getCart', session);
    expect(read.status).toBe(409);
    expect(read.body.error.payload.message).toBe(CART_ERRORS.CART_ARCHIVED);

    const order = await checkout(`order/view/${data.orderSlug}`, undefined, { method: 'GET' });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({
      orderNumber: data.orderNumber,
      state: 'pending',
      paymentStatus: 'pending',
      email: 'marta@example.com',
      branch: { id: branchId },
      shippingMethod: { methodCode: 15 },
      paymentMethod: { paymentType: 'cod' },
    });
    expect(order.body.data.items).toHaveLength(1);
    expect(order.body.data.items[0].quantity).toBe(2);
    expect(order.body.data.prices.grandTotal).toBe(prepared.prices.orderTotal);
  });
});

const expectedOf = (cart: {
  itemCount: number;
  prices: { cartTotal: number };
  items: { itemId: number; qty: number; prices: { finalPrice: number } }[];
}) => ({
  itemCount: cart.itemCount,
  cartTotal: cart.prices.cartTotal,
  items: cart.items.map((line) => ({
    itemId: line.itemId,
    qty: line.qty,
    finalPrice: line.prices.finalPrice,
  })),
});

/** A product of its own with the given stock (tests that drain stock do not touch the demo's). */
async function productWithStock(sku: string, stock: number) {
  const [source] = await database.db.select().from(products).where(eq(products.id, ids['KNJ-001']!));
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source!;
  const [row] = await database.db
    .insert(products)
    .values({ ...rest, sku, stockQty: stock, manageStock: true })
    .returning({ id: products.id });
  const prices = await database.db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, source!.id));
  await database.db.insert(productPrices).values(prices.map((price) => ({ ...price, productId: row!.id })));
  const texts = await database.db
    .select()
    .from(productTranslations)
    .where(eq(productTranslations.productId, source!.id));
  await database.db.insert(productTranslations).values(
    texts.map((text) => ({
      ...text,
      productId: row!.id,
      name: `${text.name} ${sku}`,
      slug: `${text.slug}-${sku.toLowerCase()}`,
    })),
  );
  return row!.id;
}

describe('the steps refuse what section 8 lists', () => {
  it('delivery: undefined, not found, branch missing; payment undefined; order without address', async () => {
    const session = await newCart(ids['KNJ-001']!, 1);
    const missing = await checkout('delivery/saveDeliveryMethod', { ...session }, { method: 'PUT' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('shippingMethodUndefined');
    expect(missing.body.error.payload.message).toBe(CHECKOUT_ERRORS.shippingMethodUndefined);
    const digital = await checkout(
      'delivery/saveDeliveryMethod',
      { ...session, deliveryMethodId: methods.digital },
      { method: 'PUT' },
    );
    expect(digital.body.error.code).toBe('shippingMethodNotFound');
    const noBranch = await checkout(
      'delivery/saveDeliveryMethod',
      { ...session, deliveryMethodId: methods.pickup },
      { method: 'PUT' },
    );
    expect(noBranch.body.error.code).toBe('shippingBranchUndefined');
    const payment = await checkout('payment/savePaymentMethod', { ...session }, { method: 'PUT' });
    expect(payment.body.error.code).toBe('paymentMethodUndefined');
    const order = await checkout('order/create', session);
    expect(order.status).toBe(400);
    expect(order.body.error.code).toBe('shippingMethodUndefined');
    // Nothing was taken or ordered.
    const cart = await call('/v2/ecommerce/cart/getCart', session);
    expect(cart.status).toBe(200);
  });

  it('lists the methods for the cart and country: pickup with its branches, no digital method for books', async () => {
    const session = await newCart(ids['KNJ-001']!, 1);
    const [croatia] = await database.rows<{ id: number }>(sql`select id from countries where iso = 'HR'`);
    const hr = (
      await checkout('delivery/getApplicableDeliveryMethods', { ...session, countryId: croatia!.id })
    ).body.data;
    const codes = hr.map((method: { methodCode: number }) => method.methodCode);
    expect(codes).toContain(15);
    expect(codes).not.toContain(20);
    expect(
      hr.find((method: { methodCode: number }) => method.methodCode === 15).options.length,
    ).toBeGreaterThan(0);
    const ebook = await newCart(ids['EK-001']!, 1);
    const digital = (await checkout('delivery/getApplicableDeliveryMethods', ebook)).body.data;
    expect(digital.map((method: { methodCode: number }) => method.methodCode)).toEqual([20]);
    const payments = (await checkout('payment/getApplicablePaymentMethods', session)).body.data;
    expect(payments.map((method: { paymentType: string }) => method.paymentType)).toEqual(
      expect.arrayContaining(['cod', 'bank_transfer']),
    );
  });

  it('a price changed by the back office after the cart was shown stops the order (CART_CHANGED), nothing taken', async () => {
    const productId = await productWithStock('CHG-1', 5);
    const session = await newCart(productId, 1);
    const prepared = await prepare(session);
    await database.db
      .update(productPrices)
      .set({
        retailPrice: sql`${productPrices.retailPrice} + 100`,
        basicPrice: sql`${productPrices.basicPrice} + 100`,
      })
      .where(eq(productPrices.productId, productId));
    const refused = await checkout('order/create', { ...session, expected: expectedOf(prepared) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CART_CHANGED');
    expect(await stockOf(productId)).toBe(5);
    // validateCart takes the new price; the order then goes through with the new copy.
    const validated = await checkout('cart/validateCart', session);
    expect(validated.body.data.changed).toBe(true);
    const created = await checkout('order/create', { ...session, expected: expectedOf(validated.body.data) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await stockOf(productId)).toBe(4);
  });

  it('a client copy with another item count or total is refused', async () => {
    const session = await newCart(ids['KNJ-001']!, 1);
    const prepared = await prepare(session);
    const refused = await checkout('order/create', {
      ...session,
      expected: { ...expectedOf(prepared), itemCount: prepared.itemCount + 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CART_CHANGED');
  });
});

describe('stock', () => {
  it('N in stock, N + k concurrent buyers: exactly N orders, the rest OUT_OF_STOCK, stock 0', async () => {
    const n = 3;
    const k = 4;
    const productId = await productWithStock('RACE-1', n);
    const sessions: Session[] = [];
    for (let i = 0; i < n + k; i += 1) {
      const session = await newCart(productId, 1);
      await prepare(session);
      sessions.push(session);
    }
    const mailsBefore = await database.rows<{ n: number }>(sql`select count(*)::int as n from mail_queue`);
    const answers = await Promise.all(sessions.map((session) => checkout('order/create', session)));
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(ok).toHaveLength(n);
    expect(refused).toHaveLength(k);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('OUT_OF_STOCK');
    }
    expect(await stockOf(productId)).toBe(0);
    // A refused order leaves nothing (on PostgreSQL its COMMIT, sent with the stock, rolled back:
    // decision 0314): n orders of the product, and the two mails of each of them only.
    const [placed] = await database.rows<{ n: number }>(
      sql`select count(distinct order_id)::int as n from order_lines where product_id = ${productId}`,
    );
    expect(placed!.n).toBe(n);
    const mailsAfter = await database.rows<{ n: number }>(sql`select count(*)::int as n from mail_queue`);
    expect(mailsAfter[0]!.n - mailsBefore[0]!.n).toBe(2 * n);
    expect(new Set(ok.map((answer) => answer.body.data.orderNumber)).size).toBe(n);
    // The refused carts are still open and intact (validateCart prices from the database, not the display cache).
    const still = await checkout('cart/validateCart', sessions[answers.indexOf(refused[0]!)]);
    expect(still.status).toBe(200);
    expect(still.body.data.items[0].stock.state).toBe('out_of_stock');
  });

  it('concurrent creates for one cart make one order', async () => {
    const productId = await productWithStock('SAME-1', 10);
    const session = await newCart(productId, 2);
    await prepare(session);
    const answers = await Promise.all([1, 2, 3, 4].map(() => checkout('order/create', session)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.data.orderId)).size).toBe(1);
    expect(await stockOf(productId)).toBe(8);
    const [row] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from orders where order_number = ${answers[0]!.body.data.orderNumber}`,
    );
    expect(row!.n).toBe(1);
  });

  it('code-delivered e-products take free codes, shown only once paid', async () => {
    const productId = ids['TEC-001']!;
    const session = await newCart(productId, 2);
    const saved = await checkout('address/save', { ...session, shippingAddress: address });
    expect(saved.status).toBe(200);
    const pay = await checkout(
      'payment/savePaymentMethod',
      { ...session, paymentMethodId: methods.bank },
      { method: 'PUT' },
    );
    expect(pay.status).toBe(200);
    // Digital only: no delivery method needed.
    const created = await checkout('order/create', session);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderId, orderSlug } = created.body.data;
    const codes = await database.db
      .select()
      .from(eProductCodes)
      .where(eq(eProductCodes.assignedOrderId, orderId));
    expect(codes).toHaveLength(2);
    const unpaid = (await checkout(`order/view/${orderSlug}`, undefined, { method: 'GET' })).body.data;
    expect(unpaid.items[0].eproduct).toBeNull();
    const paid = await t.services.checkout.applyPaymentOutcome({
      orderId,
      provider: 'offline',
      eventId: `bank-${orderId}`,
      outcome: 'paid',
      amount: unpaid.prices.grandTotal,
    });
    expect(paid.applied).toBe(true);
    const shown = (await checkout(`order/view/${orderSlug}`, undefined, { method: 'GET' })).body.data;
    expect(shown.state).toBe('active');
    expect(shown.items[0].eproduct.codes.sort()).toEqual(codes.map((code) => code.code).sort());
  });
});

describe('applyPaymentOutcome', () => {
  it('applies an event once, never moves back, refunds a paid order', async () => {
    const productId = await productWithStock('PAY-1', 5);
    const session = await newCart(productId, 1);
    await prepare(session);
    const { orderId } = (await checkout('order/create', session)).body.data;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const apply = (eventId: string, outcome: 'paid' | 'failed' | 'refunded', amount = order!.grandTotal) =>
      t.services.checkout.applyPaymentOutcome({ orderId, provider: 'offline', eventId, outcome, amount });
    expect((await apply('e0', 'paid', order!.grandTotal - 1)).reason).toBe('amount');
    const results = await Promise.all([apply('e1', 'paid'), apply('e1', 'paid'), apply('e1', 'paid')]);
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(results.filter((result) => result.reason === 'duplicate')).toHaveLength(2);
    const late = await apply('e2', 'failed');
    expect(late).toMatchObject({
      applied: false,
      reason: 'transition',
      paymentStatus: 'paid',
      state: 'active',
    });
    const refund = await apply('e3', 'refunded');
    expect(refund).toMatchObject({ applied: true, paymentStatus: 'refunded', state: 'cancelled' });
    expect((await apply('e4', 'paid')).applied).toBe(false);
    const changes = await database.db
      .select()
      .from(orderStateChanges)
      .where(eq(orderStateChanges.orderId, orderId));
    expect(changes.filter((change) => change.field === 'payment').map((change) => change.toValue)).toEqual([
      'paid',
      'refunded',
    ]);
  });
});

describe('a logged-in user', () => {
  it('earns and spends points, counts the coupon, gets the confirmation e-mail and sees the order in the history', async () => {
    const productId = await productWithStock('USER-1', 10);
    const added = await call('/v2/ecommerce/cart/addItem', { productId, qty: 3 }, { who: 'ana' });
    const session = { cartId: added.body.data.cartId, protectCode: added.body.data.protectCode };
    const coupon = await call(
      '/v2/ecommerce/cart/applyCoupon',
      { ...session, couponCode: 'dobrodosli10' },
      { who: 'ana' },
    );
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    const [before] = await database.db.select().from(coupons).where(eq(coupons.code, 'DOBRODOSLI10'));
    const prepared = await prepare(session, 'ana');
    const created = await checkout(
      'order/create',
      { ...session, expected: expectedOf(prepared) },
      { who: 'ana' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [after] = await database.db.select().from(coupons).where(eq(coupons.code, 'DOBRODOSLI10'));
    expect(after!.usedCount).toBe(before!.usedCount + 1);
    const [points] = await database.db
      .select()
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.userId, userIds.ana));
    const earned = prepared.loyalty?.pointsEarned ?? 0;
    expect(points!.points).toBe(500 + earned);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, created.body.data.orderId));
    expect(order!.email).toBe('ana@example.com');
    expect(order!.couponCode).toBe('DOBRODOSLI10');
    expect(order!.grandTotal).toBe(prepared.prices.orderTotal);

    // The mails were queued with the order (decision 0305); the worker sends what is due.
    await t.services.mail.drain();
    const outbox = path.join(fixture.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
    const confirmation = mails.find(
      (text) => text.includes('To: ana@example.com') && text.includes(order!.orderNumber),
    );
    expect(confirmation).toBeDefined();
    expect(confirmation).toContain('Order');

    // A second order: the history lists the newest first.
    const second = await call('/v2/ecommerce/cart/addItem', { productId, qty: 1 }, { who: 'ana' });
    const session2 = { cartId: second.body.data.cartId, protectCode: second.body.data.protectCode };
    await prepare(session2, 'ana');
    const created2 = await checkout('order/create', session2, { who: 'ana' });
    expect(created2.status).toBe(200);
    const history = await checkout('order/history', undefined, { method: 'GET', who: 'ana' });
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(2);
    expect(history.body.data.orders.map((entry: { id: number }) => entry.id)).toEqual([
      created2.body.data.orderId,
      created.body.data.orderId,
    ]);
    const entry = history.body.data.orders[1];
    expect(entry.extendedDetails.items[0]).toMatchObject({ quantity: 3 });
    expect(entry.extendedDetails.details.shippingMethod).not.toBe('');
    expect(entry.details.grandTotal).toBe(prepared.prices.orderTotal);
    const visitor = await checkout('order/history', undefined, { method: 'GET' });
    expect(visitor.status).toBe(401);
    // The profile's own list (GET /v1/user/web/orders) reads the same orders.
    const profile = await call('/v1/user/web/orders', undefined, { method: 'GET', who: 'ana' });
    expect(profile.status).toBe(200);
    expect(profile.body.data.orders.map((entry: { id: number }) => entry.id)).toEqual([
      created2.body.data.orderId,
      created.body.data.orderId,
    ]);
    expect(profile.body.data.orders[1]).toMatchObject({
      state: 'pending',
      grandTotal: prepared.prices.orderTotal,
    });
  });
});

describe('a failed payment', () => {
  it('opens the cart again; a retry reuses the order; a changed cart cancels it and gives its stock back', async () => {
    const productId = await productWithStock('FAIL-1', 10);
    const session = await newCart(productId, 2);
    await prepare(session);
    const first = (await checkout('order/create', session)).body.data;
    expect(await stockOf(productId)).toBe(8);
    const failed = await t.services.checkout.applyPaymentOutcome({
      orderId: first.orderId,
      provider: 'offline',
      eventId: `fail-${first.orderId}`,
      outcome: 'failed',
      amount: 0,
    });
    expect(failed.applied).toBe(true);
    // The failure page leads back to an intact cart.
    const cart = await call('/v2/ecommerce/cart/getCart', session);
    expect(cart.status).toBe(200);
    expect(cart.body.data.items[0].qty).toBe(2);
    const retry = (await checkout('order/create', session)).body.data;
    expect(retry.orderId).toBe(first.orderId);
    expect(await stockOf(productId)).toBe(8);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(row!.paymentStatus).toBe('pending');

    // Failed again, then the shopper changes the cart: the old order is cancelled, a new one made.
    await t.services.checkout.applyPaymentOutcome({
      orderId: first.orderId,
      provider: 'offline',
      eventId: `fail2-${first.orderId}`,
      outcome: 'failed',
      amount: 0,
    });
    const itemId = cart.body.data.items[0].itemId;
    const updated = await call(
      '/v2/ecommerce/cart/updateItem',
      { ...session, itemId, qty: 3 },
      { method: 'PATCH' },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const next = (await checkout('order/create', session)).body.data;
    expect(next.orderId).not.toBe(first.orderId);
    expect(await stockOf(productId)).toBe(7);
    const [old] = await database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(old!.state).toBe('cancelled');
  });
});

describe('property: random adds, removes and orders against a model', () => {
  it('stock never goes below zero and equals the model after every sequence', async () => {
    const start = 6;
    let round = 0;
    const action = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), cart: fc.nat(2), qty: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('remove' as const), cart: fc.nat(2) }),
      fc.record({ kind: fc.constant('order' as const), cart: fc.nat(2) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        round += 1;
        const productId = await productWithStock(`PROP-${round}`, start);
        // The model: the stock left, and each of three carts' quantity (null: no cart yet / ordered).
        let stock = start;
        const carts: ({ session: Session; qty: number; itemId: number; ordered: boolean } | null)[] = [
          null,
          null,
          null,
        ];
        for (const step of actions) {
          const current = carts[step.cart];
          if (step.kind === 'add') {
            if (current?.ordered) continue;
            const wanted = (current?.qty ?? 0) + step.qty;
            const answer = current
              ? await call(
                  '/v2/ecommerce/cart/updateItem',
                  { ...current.session, itemId: current.itemId, qty: wanted },
                  { method: 'PATCH' },
                )
              : await call('/v2/ecommerce/cart/addItem', { productId, qty: step.qty });
            // The cart refuses more than the stock left (the model says the same).
            if (wanted > stock) {
              expect(answer.status).toBe(409);
              continue;
            }
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            const data = answer.body.data;
            carts[step.cart] = {
              session: { cartId: data.cartId, protectCode: data.protectCode },
              qty: wanted,
              itemId: data.items[0].itemId,
              ordered: false,
            };
          } else if (step.kind === 'remove') {
            if (!current || current.ordered) continue;
            const answer = await call(
              '/v2/ecommerce/cart/deleteItem',
              { ...current.session, itemId: current.itemId },
              { method: 'DELETE' },
            );
            expect(answer.status).toBe(200);
            carts[step.cart] = null;
          } else {
            if (!current || current.ordered) continue;
            await prepare(current.session);
            const answer = await checkout('order/create', current.session);
            if (current.qty <= stock) {
              expect(answer.status, JSON.stringify(answer.body)).toBe(200);
              stock -= current.qty;
              current.ordered = true;
            } else {
              expect(answer.status).toBe(409);
              expect(answer.body.error.code).toBe('OUT_OF_STOCK');
            }
          }
          const actual = await stockOf(productId);
          expect(actual).toBe(stock);
          expect(actual).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});

describe('the address step', () => {
  it('refuses a country outside the allowed ones and lists them; guest checkout off refuses visitors', async () => {
    const session = await newCart(ids['KNJ-001']!, 1);
    await database.db.update(checkoutSettings).set({ allowedCountries: ['HR', 'SI'] });
    await invalidateSiteContent(t.cache, demo.siteId);
    try {
      const refused = await checkout('address/save', {
        ...session,
        shippingAddress: { ...address, country: 'DE' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('countryNotAllowed');
      expect(refused.body.error.payload.field).toBe('shippingAddress.country');
      const countries = (await checkout('getAvailableCountries')).body.data;
      expect(countries.map((country: { iso: string }) => country.iso).sort()).toEqual(['HR', 'SI']);
      const invalid = await checkout('address/save', {
        ...session,
        shippingAddress: { ...address, firstName: '' },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.payload.field).toBe('shippingAddress.firstName');

      await database.db.update(checkoutSettings).set({ guestCheckout: 0 });
      await invalidateSiteContent(t.cache, demo.siteId);
      const visitor = await checkout('address/save', { ...session, shippingAddress: address });
      expect(visitor.status).toBe(401);
      expect(visitor.body.error.code).toBe('guestCheckoutDisabled');
    } finally {
      await database.db.update(checkoutSettings).set({ allowedCountries: 'ALL', guestCheckout: 1 });
      await invalidateSiteContent(t.cache, demo.siteId);
    }
  });

  it('required consents are enforced and each acceptance is logged; a guest gets a record by e-mail', async () => {
    const [consent] = await database.db
      .insert(consents)
      .values({ siteId: demo.siteId, uniqueNumber: 'CHK-TERMS' })
      .returning();
    await database.db.insert(consentTranslations).values({
      consentId: consent!.id,
      languageCode: 'en',
      displayName: 'Terms',
      text: 'I accept the terms.',
    });
    await database.db
      .insert(consentAssignments)
      .values({
        siteId: demo.siteId,
        assignedTo: 'checkoutForm',
        consentIds: [consent!.id],
        requiredConsentIds: [consent!.id],
      })
      .onConflictDoUpdate({
        target: [consentAssignments.siteId, consentAssignments.assignedTo],
        set: { consentIds: [consent!.id], requiredConsentIds: [consent!.id] },
      });
    try {
      const session = await newCart(ids['KNJ-001']!, 1);
      const missing = await checkout('address/save', { ...session, shippingAddress: address });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('consentRequired');
      const accepted = await checkout('address/save', {
        ...session,
        shippingAddress: address,
        billingAddress: {
          ...address,
          type: 'billing',
          isCompany: true,
          companyName: 'Obrt Marta',
          companyOib: '69435151530',
        },
        consents: [consent!.id],
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.data.billingAddress.companyName).toBe('Obrt Marta');
      const logged = await database.db.select().from(consentLog).where(eq(consentLog.consentId, consent!.id));
      expect(logged).toHaveLength(1);
      expect(logged[0]!.email).toBe('marta@example.com');
      const [guest] = await database.db
        .select()
        .from(guestUsers)
        .where(eq(guestUsers.email, 'marta@example.com'));
      expect(guest).toMatchObject({ firstName: 'Marta', lastName: 'Kovač' });
      const updated = await call('/v1/user/web/guest/update', {
        email: 'MARTA@example.com',
        details: { firstName: 'Martina' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id: guest!.id, firstName: 'Martina', lastName: 'Kovač' });
    } finally {
      await database.db.delete(consentAssignments).where(eq(consentAssignments.assignedTo, 'checkoutForm'));
    }
  });
});

describe('order/pgSuccess', () => {
  it('answers where to go: the success page for an offline order; 404 for an unknown slug', async () => {
    const productId = await productWithStock('PGS-1', 3);
    const session = await newCart(productId, 1);
    await prepare(session, null, methods.bank);
    const { orderSlug } = (await checkout('order/create', session)).body.data;
    const answer = await checkout(`order/pgSuccess/${orderSlug}`, { details: {} }, { language: 'hr' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      url: `/en/checkout/success?orderSlug=${orderSlug}`,
      orderSlug,
      paymentStatus: 'pending',
    });
    const unknown = await checkout(`order/pgSuccess/${'A'.repeat(22)}`, { details: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ORDER_NOT_FOUND');
  });
});

describe('member card', () => {
  it('a card withdrawn after it was applied stops the order with MEMBER_CARD_INVALID', async () => {
    const barcode = withEan13CheckDigit('385123400002');
    const productId = await productWithStock('MEM-1', 3);
    const added = await call('/v2/ecommerce/cart/addItem', { productId, qty: 1 }, { who: 'ana' });
    const session = { cartId: added.body.data.cartId, protectCode: added.body.data.protectCode };
    const applied = await call('/v2/ecommerce/cart/applyMemberCard', { ...session, barcode }, { who: 'ana' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    await prepare(session, 'ana');
    await database.db.update(memberCards).set({ isActive: false }).where(eq(memberCards.barcode, barcode));
    try {
      const refused = await checkout('order/create', session, { who: 'ana' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('MEMBER_CARD_INVALID');
      expect(await stockOf(productId)).toBe(3);
    } finally {
      await database.db.update(memberCards).set({ isActive: true }).where(eq(memberCards.barcode, barcode));
    }
  });
});
