import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { seedCatalogue } from '../db/seed/catalogue-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { products } from '../modules/catalogue/catalogue.schema.ts';
import { deliveryMethods, paymentMethods } from '../modules/checkout/checkout.schema.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { CHECKOUT_ADDRESS } from './checkout-address.ts';
import { type createTestApp, postJson } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

/**
 * The shop that the checkout and payments integration tests order from: a test database with the
 * reference data, the demo site and its catalogue, the products by SKU, the delivery and payment
 * methods by kind and the first pickup branch. `destroy()` drops the database and the temporary folders.
 */
export type CheckoutFixture = {
  database: TestDatabase;
  demo: DemoSite;
  /** Product ids by SKU. */
  ids: Record<string, number>;
  methods: {
    pickup: number;
    courier: number;
    digital: number;
    cod: number;
    bank: number;
    card: number;
    button: number;
  };
  /** The first branch of the pickup method. */
  branchId: number;
  /** A temporary DATA_DIR for the app (mail outbox, files). */
  dataDir: string;
  destroy(): Promise<void>;
};

export async function createCheckoutFixture(name: string): Promise<CheckoutFixture> {
  const database = await createTestDatabase();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-media-`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-data-`));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  const ids: Record<string, number> = {};
  for (const row of await database.db.select({ id: products.id, sku: products.sku }).from(products))
    ids[row.sku] = row.id;
  const methods = { pickup: 0, courier: 0, digital: 0, cod: 0, bank: 0, card: 0, button: 0 };
  for (const row of await database.db.select().from(deliveryMethods)) {
    if (row.methodCode === 15) methods.pickup = row.id;
    if (row.methodCode === 11) methods.courier = row.id;
    if (row.methodCode === 20) methods.digital = row.id;
  }
  for (const row of await database.db.select().from(paymentMethods)) {
    if (row.paymentType === 'cod') methods.cod = row.id;
    if (row.paymentType === 'bank_transfer') methods.bank = row.id;
    if (row.paymentType === 'HPF') methods.card = row.id;
    if (row.paymentType === 'button') methods.button = row.id;
  }
  const [branch] = await database.rows<{ id: number }>(
    sql`select id from delivery_branches where method_id = ${methods.pickup} order by id limit 1`,
  );
  return {
    database,
    demo,
    ids,
    methods,
    branchId: branch!.id,
    dataDir,
    async destroy() {
      await database.destroy();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { CHECKOUT_ADDRESS };

export type CheckoutSession = { cartId: string; protectCode: string };

/**
 * The three checkout steps over HTTP for a cart: the address, pickup in the fixture's first branch and
 * `paymentMethodId`; each must answer 200. Resolves to the cart as savePaymentMethod answers it.
 */
export async function completeCheckoutSteps(
  app: ReturnType<typeof createTestApp>,
  fixture: Pick<CheckoutFixture, 'methods' | 'branchId'>,
  session: CheckoutSession,
  paymentMethodId: number,
  headers: Record<string, string> = {},
) {
  const send = async (name: string, body: object, method: string) => {
    const response = await app.json(`/api/v2/ecommerce/checkout/${name}`, {
      ...postJson({ ...session, ...body }, { language: 'en', ...headers }),
      method,
    });
    expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.data;
  };
  await send('address/save', { shippingAddress: CHECKOUT_ADDRESS }, 'POST');
  await send(
    'delivery/saveDeliveryMethod',
    { deliveryMethodId: fixture.methods.pickup, branchId: fixture.branchId },
    'PUT',
  );
  return send('payment/savePaymentMethod', { paymentMethodId }, 'PUT');
}
