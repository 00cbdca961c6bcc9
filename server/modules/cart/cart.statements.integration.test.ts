import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { productPrices, products } from '../catalogue/catalogue.schema.ts';
import { idempotencyRequests } from '../platform/idempotency.schema.ts';

/**
 * How many SQL statements each cart call sends (decision 0254), counted with a logging database
 * client under the whole HTTP stack, so that the number cannot creep back. Transaction control
 * (BEGIN/COMMIT) is not counted: drizzle's logger does not see it.
 */

let database: TestDatabase;
let mediaDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;
let productId = 0;
const statements: string[] = [];
let counting = false;

const logger: DrizzleLogger = {
  logQuery(query) {
    if (counting) statements.push(query);
  },
};

function countingDb(handle: TestDatabase): Db {
  if (handle.pglite) return drizzlePglite({ client: handle.pglite, logger }) as unknown as Db;
  return drizzlePostgres({ client: handle.sql!, logger }) as unknown as Db;
}

const base = '/api/v2/ecommerce/cart';
const headers = { language: 'en' };

async function call(name: string, body: unknown, method = 'POST') {
  const response = await t.json(`${base}/${name}`, { ...postJson(body, headers), method });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as {
    cartId: string;
    protectCode: string;
    items: { itemId: number; qty: number }[];
  };
}

/** The statements one call sends, once every cache it may use is warm (the call is made once before). */
async function counted(run: () => Promise<unknown>) {
  statements.length = 0;
  counting = true;
  try {
    await run();
  } finally {
    counting = false;
  }
  return [...statements];
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cart-statements-'));
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  const [row] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sku, 'KNJ-001'));
  productId = row!.id;
  t = createTestApp({ ...database, db: countingDb(database) });
}, 180_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('statements per cart call (warm caches)', () => {
  it('addItem, getCart, updateItem and deleteItem each send only a handful of statements', async () => {
    const first = await call('addItem', { productId, qty: 1 });
    const session = { cartId: first.cartId, protectCode: first.protectCode };
    await call('getCart', session);

    const add = await counted(() => call('addItem', { ...session, productId, qty: 2 }));
    const read = await counted(() => call('getCart', session));
    const itemId = first.items[0]!.itemId;
    const update = await counted(() => call('updateItem', { ...session, itemId, qty: 5 }, 'PATCH'));
    const remove = await counted(() => call('deleteItem', { ...session, itemId }, 'DELETE'));
    // The commit setting, the lock (opening the cart in the same statement) and the lines, sent together
    // (decision 0257), then the line's upsert and the cart row's update.
    expect(add, add.join('\n')).toHaveLength(5);
    expect(add[0]).toBe('set local synchronous_commit = off');
    expect(add[1]).toMatch(/^insert into "carts"/);
    expect(add[2]).toMatch(/^select .* from "cart_items"/);
    // The cart, its lines and the loyalty balance in one statement.
    expect(read, read.join('\n')).toHaveLength(1);
    expect(update, update.join('\n')).toHaveLength(5);
    expect(remove, remove.join('\n')).toHaveLength(5);
    // A logged-out visitor's change reads no settings and no loyalty balance of its own.
    expect(add.join('\n')).not.toMatch(/checkout_settings|from "loyalty_accounts"/);
  });

  it("keeps the Idempotency-Key record in the change's own transaction, and replays its exact text", async () => {
    const first = await call('addItem', { productId, qty: 1 });
    const session = { cartId: first.cartId, protectCode: first.protectCode };
    const body = JSON.stringify({ ...session, productId, qty: 2 });
    const send = (text: string, key: string) =>
      t.app.request(`${base}/addItem`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headers },
        body: text,
      });
    let answer: Response | undefined;
    const add = await counted(async () => {
      answer = await send(body, 'cart-in-transaction-0001');
    });
    expect(answer!.status).toBe(200);
    const text = await answer!.text();
    // The claim comes after the transaction's first statement and the answer is its last: the record
    // and the change commit together (the middleware's own claim would come before it, in its own commit).
    expect(add, add.join('\n')).toHaveLength(7);
    expect(add[0]).toBe('set local synchronous_commit = off');
    expect(add[1]).toMatch(/^insert into "idempotency_requests"/);
    expect(add[6]).toMatch(/^update "idempotency_requests" set "state" = \$1, "response_status"/);
    // A retry: the first answer's own text, marked as replayed, and the line grew once.
    const retry = await send(body, 'cart-in-transaction-0001');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(text);
    const cart = await call('getCart', session);
    expect(cart.items[0]!.qty).toBe(3);
    // The same key with another body: refused, and nothing changed.
    const reused = await send(JSON.stringify({ ...session, productId, qty: 5 }), 'cart-in-transaction-0001');
    expect(reused.status).toBe(422);
    expect((await call('getCart', session)).items[0]!.qty).toBe(3);
  });

  it('keeps no record of a change refused inside its transaction, so that a retry runs again', async () => {
    const first = await call('addItem', { productId, qty: 1 });
    const session = { cartId: first.cartId, protectCode: first.protectCode };
    const send = (itemId: number) =>
      t.app.request(`${base}/updateItem`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'cart-refused-0001', ...headers },
        body: JSON.stringify({ ...session, itemId, qty: 2 }),
      });
    // 'item not in cart' is thrown after the claim, inside the transaction: the claim goes with it.
    expect((await send(first.items[0]!.itemId + 100_000)).status).toBe(404);
    const [kept] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyRequests)
      .where(eq(idempotencyRequests.key, 'cart-refused-0001'));
    expect(kept!.n).toBe(0);
  });

  it('prices from the cached product until a catalogue write invalidates the site, in every process', async () => {
    const first = await call('addItem', { productId, qty: 1 });
    const session = { cartId: first.cartId, protectCode: first.protectCode };
    const before = (first as unknown as { items: { prices: { finalPrice: number } }[] }).items[0]!.prices
      .finalPrice;
    await database.db.execute(
      sql`update product_prices set retail_price = retail_price + 100, discount_price = null where product_id = ${productId} and currency_id = 44`,
    );
    const [row] = await database.db
      .select({ retail: productPrices.retailPrice })
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), eq(productPrices.currencyId, 44)));
    const price = async () =>
      ((await call('getCart', session)) as unknown as { items: { prices: { finalPrice: number } }[] })
        .items[0]!.prices.finalPrice;
    // Within the TTL the cached product answers (decision 0254)...
    expect(await price()).toBe(before);
    // ...until the write's invalidation (the site's cache tag) drops it.
    await t.services.catalogue.invalidate(demo.siteId);
    expect(await price()).toBe(row!.retail);
    expect(row!.retail).not.toBe(before);
  });
});
