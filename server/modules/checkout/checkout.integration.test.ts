import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERRORS } from '../../../core/cart.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { loyaltyAccounts } from '../cart/cart.schema.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { users } from '../users/users.schema.ts';
import { CHECKOUT_ERRORS } from './checkout.contract.ts';
import { coupons, deliveryMethods, orders, paymentMethods } from './checkout.schema.ts';

let database: TestDatabase;
let mediaDir: string;
let dataDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;
const ids: Record<string, number> = {};
const tokens = { ana: '' };
const userIds = { ana: 0 };
const methods = { pickup: 0, courier: 0, digital: 0, cod: 0, bank: 0, card: 0 };
let branchId = 0;

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

const address = {
  type: 'shipping',
  firstName: 'Marta',
  lastName: 'Kovač',
  contactEmail: 'Marta@Example.com',
  contactPhone: '+385 91 234 5678',
  country: 'HR',
  city: 'Zagreb',
  street: 'Ilica',
  houseNumber: '10',
  zipCode: '10000',
};

/** Address, pickup in the first branch, cash on delivery: a cart ready to order. */
async function prepare(session: Session, who: Who = null, payment = methods.cod) {
  const saved = await checkout('address/save', { ...session, shippingAddress: address }, { who });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const delivery = await checkout(
    'delivery/saveDeliveryMethod',
    { ...session, deliveryMethodId: methods.pickup, branchId },
    { method: 'PUT', who },
  );
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
  const pay = await checkout(
    'payment/savePaymentMethod',
    { ...session, paymentMethodId: payment },
    { method: 'PUT', who },
  );
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  return pay.body.data;
}

const stockOf = async (productId: number) =>
  (await database.db.select({ qty: products.stockQty }).from(products).where(eq(products.id, productId)))[0]!
    .qty;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-media-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-data-'));
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  for (const row of await database.db.select({ id: products.id, sku: products.sku }).from(products))
    ids[row.sku] = row.id;
  for (const row of await database.db.select().from(deliveryMethods)) {
    if (row.methodCode === 15) methods.pickup = row.id;
    if (row.methodCode === 11) methods.courier = row.id;
    if (row.methodCode === 20) methods.digital = row.id;
  }
  for (const row of await database.db.select().from(paymentMethods)) {
    if (row.paymentType === 'cod') methods.cod = row.id;
    if (row.paymentType === 'bank_transfer') methods.bank = row.id;
    if (row.paymentType === 'HPF') methods.card = row.id;
  }
  branchId = (
    await database.rows<{ id: number }>(
      sql`select id from delivery_branches where method_id = ${methods.pickup} order by id limit 1`,
    )
  )[0]!.id;
  const [ana] = await database.db
    .insert(users)
    .values({ siteId: demo.siteId, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić' })
    .returning();
  userIds.ana = ana!.id;
  await database.db.insert(loyaltyAccounts).values({ userId: ana!.id, siteId: demo.siteId, points: 500 });
  t = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: dataDir });
  tokens.ana = (await t.services.sessions.start(ana!)).accessToken;
}, 180_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
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
