import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERRORS } from '../../../core/cart.ts';
import { withEan13CheckDigit } from '../../../core/ean13.ts';
import { toEuro } from '../../../core/money.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { productPrices, products } from '../catalogue/catalogue.schema.ts';
import { users } from '../users/users.schema.ts';
import { loyaltyAccounts } from './cart.schema.ts';

let database: TestDatabase;
let mediaDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;
const ids: Record<string, number> = {};
const tokens = { ana: '', ivo: '' };
const userIds = { ana: 0, ivo: 0 };

type Who = keyof typeof tokens | null;
const base = '/api/v2/ecommerce/cart';

/** A call as the storefront makes it: language header (store), optional login and Idempotency-Key. */
async function call(
  name: string,
  body?: unknown,
  options: { method?: string; language?: string; who?: Who; key?: string } = {},
) {
  const headers: Record<string, string> = { language: options.language ?? 'en' };
  if (options.who) headers.authorization = `Bearer ${tokens[options.who]}`;
  if (options.key) headers['idempotency-key'] = options.key;
  const method = options.method ?? 'POST';
  const init = body === undefined ? { method, headers } : { ...postJson(body, headers), method };
  return t.json(`${base}/${name}`, init);
}

type Session = { cartId: string; protectCode: string };
const pair = (data: { cartId: string; protectCode: string }): Session => ({
  cartId: data.cartId,
  protectCode: data.protectCode,
});

async function newCart(productId: number, qty = 1, options: object = {}, who: Who = null) {
  const added = await call('addItem', { productId, qty, options }, { who });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { session: pair(added.body.data), cart: added.body.data };
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cart-media-'));
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  for (const row of await database.db.select({ id: products.id, sku: products.sku }).from(products))
    ids[row.sku] = row.id;
  const created = await database.db
    .insert(users)
    .values([
      { siteId: demo.siteId, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić' },
      { siteId: demo.siteId, email: 'ivo@example.com', firstName: 'Ivo', lastName: 'Ivić' },
    ])
    .returning();
  userIds.ana = created[0]!.id;
  userIds.ivo = created[1]!.id;
  await database.db.insert(loyaltyAccounts).values({ userId: userIds.ana, siteId: demo.siteId, points: 500 });
  t = createTestApp(database);
  tokens.ana = (await t.services.sessions.start(created[0]!)).accessToken;
  tokens.ivo = (await t.services.sessions.start(created[1]!)).accessToken;
}, 180_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** An in-stock variant of a Configurable product. */
async function variantOf(sku: string) {
  const rows = await database.rows<{ id: number; stock_qty: number }>(
    sql`select id, stock_qty from products where parent_id = ${ids[sku]} and stock_qty > 5 order by id limit 1`,
  );
  return rows[0]!.id;
}

describe('session', () => {
  it('gives a new pair, and a pair without a cart reads nothing', async () => {
    const session = await call('getNewCartSession', undefined, { method: 'GET' });
    expect(session.status).toBe(200);
    expect(session.body.data.cartId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.body.data.protectCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = await call('getCart', session.body.data);
    expect(read.status).toBe(400);
    expect(read.body.error.payload.message).toBe(CART_ERRORS.CART_SESSION_MISSING);
  });

  it('stores the cart with its first line under the pair getNewCartSession gave', async () => {
    const session = (await call('getNewCartSession', undefined, { method: 'GET' })).body.data;
    const added = await call('addItem', { ...session, productId: ids['KNJ-001'], qty: 1 });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      cartId: session.cartId,
      protectCode: session.protectCode,
      itemCount: 1,
    });
    expect((await call('getCart', session)).body.data.items).toHaveLength(1);
  });

  it('without the right protectCode nothing can be read or changed', async () => {
    const { session, cart } = await newCart(ids['KNJ-001']!, 2);
    const itemId = cart.items[0].itemId;
    const wrong = { cartId: session.cartId, protectCode: 'A'.repeat(43) };
    const attempts = [
      await call('getCart', wrong),
      await call('validateCart', wrong),
      await call('addItem', { ...wrong, productId: ids['KNJ-002'], qty: 1 }),
      await call('updateItem', { ...wrong, itemId, qty: 5 }, { method: 'PATCH' }),
      await call('deleteItem', { ...wrong, itemId }, { method: 'DELETE' }),
      await call('clearCart', wrong),
      await call('applyCoupon', { ...wrong, couponCode: 'DOBRODOSLI10' }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(attempt.body.error.code).toBe('CART_SESSION_MISSING');
    }
    const after = (await call('getCart', session)).body.data;
    expect(after.items).toHaveLength(1);
    expect(after.items[0].qty).toBe(2);
    expect(after.couponCode).toBeNull();
  });

  it('refuses the cart of another store (language) with 409', async () => {
    const { session } = await newCart(ids['KNJ-001']!);
    const other = await call('getCart', session, { language: 'hr' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CART_OTHER_STORE');
    expect((await call('getCart', { ...session, currencyId: 52 })).status).toBe(409);
  });
});

describe('lines', () => {
  it('adds a simple product with prices, tax and stock, and the same product again grows the line', async () => {
    const { session, cart } = await newCart(ids['KNJ-001']!, 2);
    expect(cart.items[0]).toMatchObject({
      productId: ids['KNJ-001'],
      format: 'Simple',
      qty: 2,
      productData: {
        name: 'Little Bear’s Big Worry',
        slug: 'little-bears-big-worry',
        url: '/en/product/little-bears-big-worry',
      },
      priceKind: 'retail',
      prices: { finalPrice: 1490, row: 2980, eurEquivalent: null },
      stock: { state: 'in_stock', available: 120 },
    });
    expect(cart.items[0].productData.media.url).toMatch(/^\/media\//);
    const rate = cart.items[0].prices.taxRateBp;
    expect(cart.items[0].prices.rowTax).toBe(Math.round((2980 * rate) / (10_000 + rate)));
    expect(cart.prices).toMatchObject({ itemsTotal: 2980, cartTotal: 2980, orderTotal: 2980, coupon: 0 });
    const again = await call('addItem', { ...session, productId: ids['KNJ-001'], qty: 3 });
    expect(again.body.data.items).toHaveLength(1);
    expect(again.body.data.items[0].qty).toBe(5);
    expect(again.body.data.itemCount).toBe(5);
  });

  it("refuses a bad quantity with 'invalid quantity' and never goes over the stock", async () => {
    for (const qty of [0, -1, 1.5, '2', 10_000]) {
      const refused = await call('addItem', { productId: ids['KNJ-001'], qty });
      expect(refused.status).toBe(400);
      expect(refused.body.error.payload.message).toContain(CART_ERRORS.INVALID_QUANTITY);
    }
    const tooMany = await call('addItem', { productId: ids['KNJ-003'], qty: 65 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatchObject({ code: 'OUT_OF_STOCK', payload: { field: 'qty' } });
    const soldOut = await call('addItem', { productId: ids['KNJ-005'], qty: 1 });
    expect(soldOut.status).toBe(409);
    const { session, cart } = await newCart(ids['KNJ-003']!, 60);
    const over = await call(
      'updateItem',
      { ...session, itemId: cart.items[0].itemId, qty: 65 },
      { method: 'PATCH' },
    );
    expect(over.status).toBe(409);
    expect((await call('getCart', session)).body.data.items[0].qty).toBe(60);
  });

  it("adds a configurable product only with a variant ('configuration not set')", async () => {
    const refused = await call('addItem', { productId: ids['MAJ-001'], qty: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'CONFIGURATION_NOT_SET',
      payload: { message: 'configuration not set', field: 'options.variantId' },
    });
    const variantId = await variantOf('MAJ-001');
    const { cart } = await newCart(ids['MAJ-001']!, 1, { variantId });
    expect(cart.items[0]).toMatchObject({ productId: variantId, parentProductId: ids['MAJ-001'] });
    expect(cart.items[0].options.attributes.map((a: { label: string }) => a.label).sort()).toEqual([
      'Colour',
      'Size',
    ]);
    expect(cart.items[0].productData.url).toMatch(/^\/en\/product\/resilient-child-t-shirt\?cartItemId=\d+$/);
    const other = await call('addItem', {
      productId: ids['MAJ-001'],
      qty: 1,
      options: { variantId: ids['KNJ-001'] },
    });
    expect(other.status).toBe(400);
  });

  it('adds a bundle with a configurable member only with its variant, at the bundle price', async () => {
    const refused = await call('addItem', { productId: ids['PAK-002'], qty: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('BUNDLE_INCOMPLETE');
    const variantId = await variantOf('MAJ-001');
    const wrongMember = await call('addItem', {
      productId: ids['PAK-002'],
      qty: 1,
      options: { bundleOptions: [{ productId: ids['PRI-001'], variantId }] },
    });
    expect(wrongMember.status).toBe(400);
    const { cart } = await newCart(ids['PAK-002']!, 1, {
      bundleOptions: [{ productId: ids['MAJ-001'], variantId }],
    });
    expect(cart.items[0]).toMatchObject({
      format: 'Bundle',
      priceKind: 'bundle',
      prices: { finalPrice: 3490 },
    });
    const members = cart.items[0].options.bundleOptions;
    expect(members.find((m: { productId: number }) => m.productId === ids['MAJ-001'])).toMatchObject({
      chosenProductId: variantId,
    });
    // A bundle without configurable members goes in directly.
    expect((await call('addItem', { productId: ids['PAK-001'], qty: 1 })).status).toBe(200);
  });

  it('prices custom options, keeps lines with other options apart, and refuses a missing required one', async () => {
    const missing = await call('addItem', { productId: ids['KNJ-008'], qty: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('INVALID_OPTION');
    const options = await database.rows<{ id: number; option_type: string }>(
      sql`select id, option_type from custom_options where product_id = ${ids['KNJ-008']} order by position, id`,
    );
    const nameOption = options.find((o) => o.option_type === 'text')!.id;
    const ageOption = options.find((o) => o.option_type === 'number')!.id;
    const outOfRange = await call('addItem', {
      productId: ids['KNJ-008'],
      qty: 1,
      options: {
        personalizations: [
          { optionId: nameOption, value: 'Mia' },
          { optionId: ageOption, value: 40 },
        ],
      },
    });
    expect(outOfRange.status).toBe(400);
    const { session, cart } = await newCart(ids['KNJ-008']!, 1, {
      personalizations: [
        { optionId: nameOption, value: 'Mia' },
        { optionId: ageOption, value: 4 },
      ],
    });
    const line = cart.items[0];
    expect(line.prices.finalPrice - line.prices.regularPrice).toBe(0);
    expect(line.options.personalizations).toEqual([
      expect.objectContaining({ optionId: nameOption, label: 'Mia', price: 300 }),
      expect.objectContaining({ optionId: ageOption, label: '4', price: 0 }),
    ]);
    const retail = (
      await database.db.select().from(productPrices).where(eq(productPrices.productId, ids['KNJ-008']!))
    ).find((row) => row.currencyId === 44)!.retailPrice;
    expect(line.prices.finalPrice).toBe(retail + 300);
    // The same options in another order: the same line. Another name: another line.
    const same = await call('addItem', {
      ...session,
      productId: ids['KNJ-008'],
      qty: 1,
      options: {
        personalizations: [
          { optionId: ageOption, value: 4 },
          { optionId: nameOption, value: 'Mia' },
        ],
      },
    });
    expect(same.body.data.items).toHaveLength(1);
    expect(same.body.data.items[0].qty).toBe(2);
    const other = await call('addItem', {
      ...session,
      productId: ids['KNJ-008'],
      qty: 1,
      options: { personalizations: [{ optionId: nameOption, value: 'Leo' }] },
    });
    expect(other.body.data.items).toHaveLength(2);
  });

  it("updates, deletes ('item not in cart' for a line not there) and clears", async () => {
    const { session, cart } = await newCart(ids['KNJ-001']!, 1);
    await call('addItem', { ...session, productId: ids['KNJ-002'], qty: 1 });
    const itemId = cart.items[0].itemId;
    const updated = await call('updateItem', { ...session, itemId, qty: 4 }, { method: 'PATCH' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.items.find((i: { itemId: number }) => i.itemId === itemId).qty).toBe(4);
    const deleted = await call('deleteItem', { ...session, itemId }, { method: 'DELETE' });
    expect(deleted.body.data.items).toHaveLength(1);
    const again = await call('deleteItem', { ...session, itemId }, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.error.payload.message).toBe('item not in cart');
    const cleared = await call('clearCart', session);
    expect(cleared.body.data).toMatchObject({ items: [], itemCount: 0, prices: { itemsTotal: 0 } });
    expect((await call('clearCart', session)).status).toBe(200);
  });
});

describe('coupons', () => {
  it('applies a percent coupon, refuses unknown and inactive codes, removes it', async () => {
    const { session } = await newCart(ids['KNJ-001']!, 2);
    const unknown = await call('applyCoupon', { ...session, couponCode: 'NEMA' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.payload).toMatchObject({ message: 'Coupon not found!', field: 'couponCode' });
    expect(
      (await call('applyCoupon', { ...session, couponCode: 'STARIKOD' })).body.error.payload.message,
    ).toBe('Coupon not found!');
    const applied = await call('applyCoupon', { ...session, couponCode: 'dobrodosli10' });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({
      couponCode: 'DOBRODOSLI10',
      coupon: { type: 'percent', value: 1000 },
      prices: { itemsTotal: 2980, coupon: 298, cartTotal: 2682 },
    });
    const removed = await call('removeCoupon', session);
    expect(removed.body.data).toMatchObject({ couponCode: null, prices: { coupon: 0, cartTotal: 2980 } });
  });

  it('refuses a coupon below its minimum and removes it with a message when the cart drops below', async () => {
    const { session, cart } = await newCart(ids['KNJ-001']!, 1);
    const below = await call('applyCoupon', { ...session, couponCode: 'POPUST5' });
    expect(below.status).toBe(400);
    expect(below.body.error.code).toBe('COUPON_MIN_AMOUNT');
    const itemId = cart.items[0].itemId;
    await call('updateItem', { ...session, itemId, qty: 3 }, { method: 'PATCH' });
    const applied = await call('applyCoupon', { ...session, couponCode: 'POPUST5' });
    expect(applied.body.data.prices).toMatchObject({ itemsTotal: 4470, coupon: 500, cartTotal: 3970 });
    const reduced = await call('updateItem', { ...session, itemId, qty: 1 }, { method: 'PATCH' });
    expect(reduced.status).toBe(200);
    expect(reduced.body.data.couponCode).toBeNull();
    expect(reduced.body.data.messages).toEqual([expect.objectContaining({ code: 'COUPON_REMOVED' })]);
  });
});

describe('member card through the configured external validator', () => {
  /** A validator on a local port: one card is valid, one barcode makes it hang, the rest are unknown (404). */
  const validCard = withEan13CheckDigit('385777700001');
  const hangingCard = withEan13CheckDigit('385777700002');
  let validator: http.Server;
  let shop: ReturnType<typeof createTestApp>;
  /** The same shop with a short timeout, for the validator that hangs. */
  let impatient: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    validator = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const { barcode } = JSON.parse(body) as { barcode: string };
        if (barcode === validCard) response.end(JSON.stringify({ valid: true }));
        else if (barcode !== hangingCard) response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => validator.listen(0, '127.0.0.1', resolve));
    const port = (validator.address() as AddressInfo).port;
    // The default timeout (2 s) where the validator answers: a busy machine can take longer than the
    // short one to hand over an answer that came at once.
    shop = createTestApp(database, { MEMBER_CARD_VALIDATOR_URL: `http://127.0.0.1:${port}/member-cards` });
    impatient = createTestApp(database, {
      MEMBER_CARD_VALIDATOR_URL: `http://127.0.0.1:${port}/member-cards`,
      MEMBER_CARD_VALIDATOR_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    validator.closeAllConnections();
    await new Promise((resolve) => validator.close(resolve));
  });

  const apply = (session: Session, barcode: string, app = shop) =>
    app.json(`${base}/applyMemberCard`, {
      ...postJson({ ...session, barcode }, { language: 'en', authorization: `Bearer ${tokens.ana}` }),
    });

  it('applies a card the validator knows, instead of the site list, and refuses one it does not', async () => {
    const { session } = await newCart(ids['KNJ-004']!, 1, {}, 'ana');
    const applied = await apply(session, validCard);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.memberCard).toEqual({ barcode: validCard, valid: true });
    expect(applied.body.data.items[0].priceKind).toBe('membership');
    // The site's own list no longer decides: its card is unknown to the validator.
    const listed = await apply(session, withEan13CheckDigit('385123400001'));
    expect(listed.status).toBe(400);
    expect(listed.body.error.code).toBe('MEMBER_CARD_INVALID');
  });

  it('answers 503 with a clear message when the validator does not answer in time, changing nothing', async () => {
    const { session } = await newCart(ids['KNJ-004']!, 1, {}, 'ana');
    const started = performance.now();
    const refused = await apply(session, hangingCard, impatient);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({
      code: 'MEMBER_CARD_UNAVAILABLE',
      payload: { message: CART_ERRORS.MEMBER_CARD_UNAVAILABLE, field: 'barcode' },
    });
    expect((await call('getCart', session, { who: 'ana' })).body.data.memberCard).toBeNull();
  });
});

describe('member card and loyalty (logged-in users)', () => {
  const card = withEan13CheckDigit('385123400001');

  it("refuses a visitor ('No active user') and a barcode that is not a valid card", async () => {
    const { session } = await newCart(ids['KNJ-004']!, 1);
    const visitor = await call('applyMemberCard', { ...session, barcode: card });
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.payload.message).toBe('No active user');
    const { session: own } = await newCart(ids['KNJ-004']!, 1, {}, 'ana');
    const badDigit = await call('applyMemberBarcode', { ...own, barcode: '3851234000019' }, { who: 'ana' });
    expect(badDigit.status).toBe(400);
    const unlisted = await call(
      'applyMemberCard',
      { ...own, barcode: withEan13CheckDigit('385999999999') },
      { who: 'ana' },
    );
    expect(unlisted.body.error.code).toBe('MEMBER_CARD_INVALID');
  });

  it('switches eligible lines to the membership price', async () => {
    const { session, cart } = await newCart(ids['KNJ-004']!, 2, {}, 'ana');
    const regular = cart.items[0].prices.finalPrice;
    const applied = await call('applyMemberCard', { ...session, barcode: card }, { who: 'ana' });
    expect(applied.status).toBe(200);
    expect(applied.body.data.memberCard).toEqual({ barcode: card, valid: true });
    expect(applied.body.data.items[0]).toMatchObject({ priceKind: 'membership', memberEligible: true });
    expect(applied.body.data.items[0].prices.finalPrice).toBe(1190);
    expect(applied.body.data.prices.memberSavings).toBe((regular - 1190) * 2);
    const removed = await call('removeMemberCard', session, { who: 'ana' });
    expect(removed.body.data.items[0].prices.finalPrice).toBe(regular);
  });

  it('spends loyalty points up to the balance and earns points on the total', async () => {
    const { session } = await newCart(ids['KNJ-001']!, 2, {}, 'ana');
    const read = (await call('getCart', session, { who: 'ana' })).body.data;
    expect(read.loyalty).toMatchObject({
      pointsAvailable: 500,
      pointsSpent: 0,
      pointsEarned: 29,
      pointValue: 1,
    });
    expect(read.loyaltyRewards).toEqual({ freeDelivery: true, freeDeliveryPoints: 200 });
    const spent = await call('setLoyaltyPoints', { ...session, loyaltyPoints: 100 }, { who: 'ana' });
    expect(spent.body.data).toMatchObject({ loyaltyPoints: 100, prices: { loyalty: 100, cartTotal: 2880 } });
    const tooMany = await call('setLoyaltyPoints', { ...session, loyaltyPoints: 501 }, { who: 'ana' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('LOYALTY_POINTS_INVALID');
    expect((await call('setLoyaltyPoints', { ...session, loyaltyPoints: 1 })).status).toBe(401);
  });
});

describe('accounts', () => {
  it("makes a visitor's cart the user's at the first call after login, merging the user's older cart", async () => {
    const { session: older } = await newCart(ids['KNJ-001']!, 2, {}, 'ivo');
    await call('addItem', { ...older, productId: ids['KNJ-002'], qty: 1 }, { who: 'ivo' });
    const { session: visitor } = await newCart(ids['KNJ-001']!, 1);
    const merged = await call('getCart', visitor, { who: 'ivo' });
    expect(merged.status).toBe(200);
    const qtyOf = (sku: string) =>
      merged.body.data.items.find((item: { productId: number }) => item.productId === ids[sku])?.qty;
    expect(qtyOf('KNJ-001')).toBe(3);
    expect(qtyOf('KNJ-002')).toBe(1);
    const archived = await call('getCart', older, { who: 'ivo' });
    expect(archived.status).toBe(409);
    expect(archived.body.error.payload.message).toBe('Cart is archived.');
    // Now the user's: another account or a visitor cannot use it.
    expect((await call('getCart', visitor, { who: 'ana' })).body.error.code).toBe('CART_OTHER_USER');
    expect((await call('getCart', visitor)).status).toBe(409);
  });

  it('getAbandoned gives a logged-in user their cart with a new protectCode', async () => {
    expect((await call('getAbandoned')).status).toBe(401);
    const latest = (await call('getAbandoned', undefined, { who: 'ivo' })).body.data.cart;
    expect(latest.items.length).toBeGreaterThan(0);
    expect((await call('getCart', pair(latest), { who: 'ivo' })).status).toBe(200);
  });

  it('answers an ordered cart with "Session already used."', async () => {
    const { session } = await newCart(ids['KNJ-001']!, 1);
    await database.db.execute(sql`update carts set status = 'ordered' where cart_id = ${session.cartId}`);
    const used = await call('addItem', { ...session, productId: ids['KNJ-001'], qty: 1 });
    expect(used.status).toBe(409);
    expect(used.body.error.payload.message).toBe('Session already used.');
  });
});

describe('validateCart', () => {
  it('reports a changed price and reduces a quantity over the stock', async () => {
    const { session } = await newCart(ids['IGR-002']!, 10);
    await database.db.execute(sql`update products set stock_qty = 4 where id = ${ids['IGR-002']}`);
    await database.db.execute(
      sql`update product_prices set retail_price = retail_price + 100, discount_price = null where product_id = ${ids['IGR-002']}`,
    );
    const checked = await call('validateCart', session);
    expect(checked.status).toBe(200);
    expect(checked.body.data.changed).toBe(true);
    expect(checked.body.data.items[0].qty).toBe(4);
    expect(checked.body.data.messages.map((m: { code: string }) => m.code).sort()).toEqual([
      'PRICE_CHANGED',
      'QTY_REDUCED',
    ]);
    const again = await call('validateCart', session);
    expect(again.body.data).toMatchObject({ changed: false, messages: [], validateMemberCard: false });
  });
});

describe('HRK store', () => {
  it('prices in kuna with the euro equivalent beside every amount', async () => {
    const added = await call('addItem', { productId: ids['KNJ-001'], qty: 2 }, { language: 'hr' });
    expect(added.status).toBe(200);
    const data = added.body.data;
    expect(data.currency.code).toBe('HRK');
    expect(data.eurRate).toBe('7.534500');
    expect(data.items[0].prices.eurEquivalent.finalPrice).toBe(
      toEuro(data.items[0].prices.finalPrice, '7.5345'),
    );
    expect(data.prices.eurEquivalent.orderTotal).toBe(toEuro(data.prices.orderTotal, '7.5345'));
    expect(data.items[0].productData.url).toBe('/product/medo-i-velika-briga');
  });
});

describe('concurrency and retries', () => {
  it('10 concurrent replays of one add change the line once and all get the same answer', async () => {
    const { session } = await newCart(ids['KNJ-001']!, 1);
    const body = { ...session, productId: ids['KNJ-001'], qty: 2 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('addItem', body, { key: 'add-once-0001' })),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const texts = new Set(answers.map((answer) => JSON.stringify(answer.body)));
    expect(texts.size).toBe(1);
    expect((await call('getCart', session)).body.data.items[0].qty).toBe(3);
  });

  it('20 parallel adds and updates on one cart give the sum of the changes', async () => {
    const { session, cart } = await newCart(ids['KNJ-001']!, 1);
    const { body } = await call('addItem', { ...session, productId: ids['KNJ-002'], qty: 1 });
    const second = body.data.items.find((item: { productId: number }) => item.productId === ids['KNJ-002']);
    const changes = await Promise.all([
      ...Array.from({ length: 15 }, () => call('addItem', { ...session, productId: ids['KNJ-001'], qty: 1 })),
      ...Array.from({ length: 5 }, (_, index) =>
        call('updateItem', { ...session, itemId: second.itemId, qty: index + 2 }, { method: 'PATCH' }),
      ),
    ]);
    for (const change of changes) expect(change.status).toBe(200);
    const final = (await call('getCart', session)).body.data;
    expect(final.items.find((item: { itemId: number }) => item.itemId === cart.items[0].itemId).qty).toBe(16);
    expect(final.version).toBe(22);
  });
});
