import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { deliveryMethods, paymentMethods } from './checkout.schema.ts';

/**
 * How many SQL statements order/create sends (issue 13), counted with a logging database client under
 * the whole HTTP stack, so that the number cannot creep back. BEGIN/COMMIT are not counted.
 */

let database: TestDatabase;
let mediaDir: string;
let t: ReturnType<typeof createTestApp>;
let productId = 0;
const methods = { pickup: 0, bank: 0 };
let branchId = 0;
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

const call = async (url: string, body: unknown, method = 'POST') => {
  const response = await t.json(`/api/v2/ecommerce/${url}`, {
    ...postJson(body, { language: 'en' }),
    method,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
};

async function readyCart() {
  const added = await call('cart/addItem', { productId, qty: 1 });
  const session = { cartId: added.cartId as string, protectCode: added.protectCode as string };
  await call('checkout/address/save', {
    ...session,
    shippingAddress: {
      type: 'shipping',
      firstName: 'Marta',
      lastName: 'Kovač',
      contactEmail: 'marta@example.com',
      contactPhone: '+385 91 234 5678',
      country: 'HR',
      city: 'Zagreb',
      street: 'Ilica',
      houseNumber: '10',
      zipCode: '10000',
    },
  });
  await call(
    'checkout/delivery/saveDeliveryMethod',
    { ...session, deliveryMethodId: methods.pickup, branchId },
    'PUT',
  );
  await call('checkout/payment/savePaymentMethod', { ...session, paymentMethodId: methods.bank }, 'PUT');
  return session;
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-statements-'));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  for (const row of await database.db.select({ id: products.id, sku: products.sku }).from(products))
    if (row.sku === 'KNJ-001') productId = row.id;
  for (const row of await database.db.select().from(deliveryMethods))
    if (row.methodCode === 15) methods.pickup = row.id;
  for (const row of await database.db.select().from(paymentMethods))
    if (row.paymentType === 'bank_transfer') methods.bank = row.id;
  branchId = (
    await database.rows<{ id: number }>(
      sql`select id from delivery_branches where method_id = ${methods.pickup} order by id limit 1`,
    )
  )[0]!.id;
  t = createTestApp(
    { ...database, db: countingDb(database) },
    { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' },
  );
}, 180_000);
afterAll(async () => {
  await t.services.mail.close();
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('statements per order/create (warm caches)', () => {
  it('a bank-transfer order (its mails sent too) stays within its statement budget', async () => {
    // The first order warms every cache the call may use.
    await call('checkout/order/create', await readyCart());
    const session = await readyCart();
    statements.length = 0;
    counting = true;
    let created: { orderId: number };
    try {
      created = await call('checkout/order/create', session);
    } finally {
      counting = false;
    }
    expect(created.orderId).toBeGreaterThan(0);
    // Issue 13 started at 37. Now (decision 0306): no reference reads (delivery and payment methods,
    // settings, mail templates come from the site's cache), 14 reads of the cart, its session, its
    // products and the existing order, 6 inserts and the cart update, the stock in one guarded UPDATE,
    // the number and cart version in one statement, and both mails queued in one insert. The budget
    // only goes down.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(23);
    // Nothing reads reference data or templates, and the stock is taken without a read first.
    expect(
      statements.filter((text) =>
        /from "(delivery_|payment_method|checkout_settings|mail_templates)/.test(text),
      ),
    ).toEqual([]);
    expect(
      statements.filter((text) => text.startsWith('select') && text.includes(' from "products"')),
    ).toHaveLength(1);
    expect(statements.filter((text) => text.startsWith('insert into "mail_queue"'))).toHaveLength(1);
  });
});
