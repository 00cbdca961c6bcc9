import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { deliveryMethods, paymentMethods } from '../checkout/checkout.schema.ts';
import { siteOptions } from '../site/site.schema.ts';
import { SANDBOX_CARDS } from './sandbox-cards.ts';
import { SIGNATURE_HEADER, signPayload } from './webhook-signature.ts';

// Orders paid through the sandbox gateway, end to end over HTTP: order/create gives the hosted form
// or the button flow, the shopper pays on the gateway's pages, the gateway's signed webhooks and the
// return (pgSuccess) move the order's payment, each provider event once.

let database: TestDatabase;
let mediaDir: string;
let dataDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;
const ids: Record<string, number> = {};
const methods = { pickup: 0, card: 0, button: 0, bank: 0 };
let branchId = 0;

const call = async (url: string, body?: unknown, method = 'POST') => {
  const headers = { language: 'en' };
  const init = body === undefined ? { method, headers } : { ...postJson(body, headers), method };
  return t.json(`/api/v2/ecommerce/checkout/${url}`, init);
};
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const card = (number: string) => ({
  number,
  expiry: '12/39',
  cvc: '123',
  holder: 'Marta Kovač',
  action: 'pay',
});

function fieldsOf(html: string) {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g))
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code)),
    );
  return fields;
}

type Session = { cartId: string; protectCode: string };

/** A guest's cart with one product, address, pickup and the payment method: ready to order. */
async function readyCart(paymentMethodId: number, sku = 'KNJ-001'): Promise<Session> {
  const added = await t.json(
    '/api/v2/ecommerce/cart/addItem',
    postJson({ productId: ids[sku], qty: 1 }, { language: 'en' }),
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const session = { cartId: added.body.data.cartId, protectCode: added.body.data.protectCode };
  const address = {
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
  };
  expect((await call('address/save', { ...session, shippingAddress: address })).status).toBe(200);
  const delivery = await call(
    'delivery/saveDeliveryMethod',
    { ...session, deliveryMethodId: methods.pickup, branchId },
    'PUT',
  );
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
  const payment = await call('payment/savePaymentMethod', { ...session, paymentMethodId }, 'PUT');
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  return session;
}

async function createOrder(session: Session) {
  const created = await call('order/create', session);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data as {
    orderId: number;
    orderSlug: string;
    html: string | { type: 'button'; providerOrderId: string; approveUrl: string; intent: string };
  };
}

const orderOf = async (slug: string) => {
  const view = await call(`order/view/${slug}`, undefined, 'GET');
  expect(view.status).toBe(200);
  return view.body.data as { paymentStatus: string; state: string };
};

const paymentChanges = async (orderId: number) =>
  (
    await database.rows<{ to_value: string }>(
      sql`select to_value from order_state_changes where order_id = ${orderId} and field = 'payment' order by id`,
    )
  ).map((row) => row.to_value);

/** Sends the hosted form to the gateway and pays with a card: where the gateway sends the shopper. */
async function payByCard(html: string, number: string) {
  const start = await t.app.request('/sandbox-gateway/hpf', form(fieldsOf(html)));
  expect(start.status).toBe(303);
  const payPath = start.headers.get('location')!;
  const paid = await t.app.request(payPath, form(card(number)));
  expect(paid.status).toBe(303);
  return { location: paid.headers.get('location')!, paymentId: payPath.split('/').pop()! };
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-media-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-data-'));
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  for (const row of await database.db.select({ id: products.id, sku: products.sku }).from(products))
    ids[row.sku] = row.id;
  for (const row of await database.db.select().from(deliveryMethods))
    if (row.methodCode === 15) methods.pickup = row.id;
  for (const row of await database.db.select().from(paymentMethods)) {
    if (row.paymentType === 'HPF') methods.card = row.id;
    if (row.paymentType === 'button') methods.button = row.id;
    if (row.paymentType === 'bank_transfer') methods.bank = row.id;
  }
  branchId = (
    await database.rows<{ id: number }>(
      sql`select id from delivery_branches where method_id = ${methods.pickup} order by id limit 1`,
    )
  )[0]!.id;
  await database.db.insert(siteOptions).values({
    siteId: demo.siteId,
    key: 'SubscriptionPlans',
    value: { taxCountry: 'HR', vatRate: 25, products: { [String(ids['KNJ-002'])]: 'month' } },
  });
  t = createTestApp(database, {
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    DATA_DIR: dataDir,
  });
}, 180_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('card payment through the hosted payment form', () => {
  it('offers the sandbox card and wallet methods', async () => {
    const session = await readyCart(methods.card);
    const offered = await call('payment/getApplicablePaymentMethods', session);
    const types = (offered.body.data as { paymentType: string }[]).map((method) => method.paymentType);
    expect(types).toEqual(expect.arrayContaining(['HPF', 'button']));
  });

  it('approved: the gateway returns to the success page and its webhook marks the order paid', async () => {
    const order = await createOrder(await readyCart(methods.card));
    expect(typeof order.html).toBe('string');
    const { location, paymentId } = await payByCard(order.html as string, SANDBOX_CARDS.approve);
    expect(location).toBe(`/en/checkout/success?orderSlug=${order.orderSlug}&token=${paymentId}`);
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'paid', state: 'active' });
    // The page's pgSuccess after the return reports the same event: nothing changes again.
    const confirmed = await call(`order/pgSuccess/${order.orderSlug}`, { details: { token: paymentId } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      paymentStatus: 'paid',
      url: `/en/checkout/success?orderSlug=${order.orderSlug}`,
    });
    expect(await paymentChanges(order.orderId)).toEqual(['paid']);
  });

  it("a refund through the checkout's adapter gives the money back and cancels the order", async () => {
    const order = await createOrder(await readyCart(methods.card));
    await payByCard(order.html as string, SANDBOX_CARDS.approve);
    const adapter = t.services.checkout.registry.resolve({ provider: 'sandbox', paymentType: 'HPF' })!;
    const paymentOrder = { id: order.orderId, slug: order.orderSlug } as Parameters<
      typeof adapter.refund
    >[0]['order'];
    const event = await adapter.refund({ order: paymentOrder, providerRef: null, amount: 0 });
    expect(event).toMatchObject({ orderId: order.orderId, outcome: 'refunded' });
    // The refund's webhook already reached the order; the adapter's answer is the same event.
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'refunded', state: 'cancelled' });
    const again = await t.services.checkout.applyPaymentOutcome({
      orderId: order.orderId,
      provider: 'sandbox',
      eventId: event.eventId,
      outcome: event.outcome,
      amount: event.amount,
    });
    expect(again).toMatchObject({ applied: false, reason: 'duplicate' });
    // Another order's slug finds no sandbox payment of this order.
    const other = { id: order.orderId + 1000, slug: order.orderSlug } as typeof paymentOrder;
    await expect(adapter.refund({ order: other, providerRef: null, amount: 0 })).rejects.toThrow(
      /no sandbox payment/,
    );
  });

  it('declined, then retried from the failure page: the same order is paid once', async () => {
    const session = await readyCart(methods.card);
    const order = await createOrder(session);
    const declined = await payByCard(order.html as string, SANDBOX_CARDS.decline);
    expect(declined.location).toContain(`/en/checkout/failure?orderSlug=${order.orderSlug}`);
    expect((await orderOf(order.orderSlug)).paymentStatus).toBe('failed');
    const retry = await createOrder(session);
    expect(retry.orderId).toBe(order.orderId);
    const approved = await payByCard(retry.html as string, SANDBOX_CARDS.challenge);
    expect(approved.location).toMatch(/\/confirm$/);
    const confirmed = await t.app.request(approved.location, form({ decision: 'confirm' }));
    expect(confirmed.headers.get('location')).toContain('/en/checkout/success');
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'paid', state: 'active' });
    // The checkout reopens the failed payment for the new attempt (pending), then the webhook pays it.
    expect(await paymentChanges(order.orderId)).toEqual(['failed', 'pending', 'paid']);
  });
});

describe('button flow (wallet)', () => {
  it('create → approve → capture → pgSuccess: the return captures and lands on the success page', async () => {
    const order = await createOrder(await readyCart(methods.button));
    const html = order.html as Exclude<typeof order.html, string>;
    expect(html).toMatchObject({ type: 'button', provider: 'sandbox', intent: 'order' });
    expect(html.approveUrl).toBe(`/sandbox-gateway/approve/${html.providerOrderId}`);
    expect((await orderOf(order.orderSlug)).paymentStatus).toBe('pending');
    const approved = await t.app.request(html.approveUrl, form({ decision: 'approve' }));
    expect(approved.headers.get('location')).toBe(`/payments/sandbox/return?token=${html.providerOrderId}`);
    // Approval alone pays nothing: the shop captures when the shopper is back.
    expect((await orderOf(order.orderSlug)).paymentStatus).toBe('pending');
    const back = await t.app.request(approved.headers.get('location')!);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/en/checkout/success?orderSlug=${order.orderSlug}`);
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'paid', state: 'active' });
    const [payment] = await database.rows<{ status: string }>(
      sql`select status from sandbox_payments where id = ${html.providerOrderId}`,
    );
    expect(payment?.status).toBe('captured');
    expect(await paymentChanges(order.orderId)).toEqual(['paid']);
  });

  it('cancelled at the wallet: back to the failure page, the order not paid', async () => {
    const order = await createOrder(await readyCart(methods.button));
    const html = order.html as Exclude<typeof order.html, string>;
    const cancelled = await t.app.request(html.approveUrl, form({ decision: 'cancel' }));
    expect(cancelled.headers.get('location')).toContain(`/en/checkout/failure?orderSlug=${order.orderSlug}`);
    expect((await orderOf(order.orderSlug)).paymentStatus).toBe('failed');
  });

  it('a subscription plan is created first, then the subscription; approving it pays the order', async () => {
    const order = await createOrder(await readyCart(methods.button, 'KNJ-002'));
    const html = order.html as Exclude<typeof order.html, string>;
    expect(html.intent).toBe('subscription');
    expect(html.providerOrderId).toMatch(/^sub_/);
    const [plan] = await database.rows<{ interval: string; amount: number; tax_amount: number }>(
      sql`select pl.interval, pl.amount, pl.tax_amount from sandbox_plans pl
          join sandbox_payments p on p.plan_id = pl.id where p.id = ${html.providerOrderId}`,
    );
    expect(plan).toMatchObject({ interval: 'month' });
    // A consumer in the shop's country: the price includes 25 % VAT.
    expect(plan!.tax_amount).toBe(Math.round((plan!.amount * 25) / 125));
    const page = await (await t.app.request(html.approveUrl)).text();
    expect(page).toContain('charged every month');
    const approved = await t.app.request(html.approveUrl, form({ decision: 'approve' }));
    const back = await t.app.request(approved.headers.get('location')!);
    expect(back.headers.get('location')).toBe(`/en/checkout/success?orderSlug=${order.orderSlug}`);
    expect((await orderOf(order.orderSlug)).paymentStatus).toBe('paid');
  });

  it('a company in another EU country: the order is the net plan price with no tax, and its payment pays it', async () => {
    const session = await readyCart(methods.button, 'KNJ-002');
    const shippingAddress = {
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
    };
    const billingAddress = {
      ...shippingAddress,
      type: 'billing',
      country: 'DE',
      city: 'Berlin',
      street: 'Unter den Linden',
      zipCode: '10117',
    };
    const saved = await call('address/save', { ...session, shippingAddress, billingAddress });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const company = await call(
      'payment/savePaymentMethod',
      {
        ...session,
        paymentMethodId: methods.button,
        companyData: { companyName: 'Buch GmbH', oib: 'DE123456789' },
      },
      'PUT',
    );
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    const gross = (company.body.data as { prices: { orderTotal: number } }).prices.orderTotal;
    const order = await createOrder(session);
    const html = order.html as Exclude<typeof order.html, string>;
    expect(html.intent).toBe('subscription');
    const view = await call(`order/view/${order.orderSlug}`, undefined, 'GET');
    const prices = view.body.data.prices as { tax: number; grandTotal: number };
    // Reverse charge: the price without the 25 % VAT it includes, and no tax on the order.
    expect(prices).toMatchObject({ tax: 0, grandTotal: gross - Math.round((gross * 25) / 125) });
    expect(prices.grandTotal).toBeLessThan(gross);
    const [plan] = await database.rows<{ amount: number; tax_amount: number }>(
      sql`select pl.amount, pl.tax_amount from sandbox_plans pl
          join sandbox_payments p on p.plan_id = pl.id where p.id = ${html.providerOrderId}`,
    );
    expect(plan).toEqual({ amount: prices.grandTotal, tax_amount: 0 });
    const [attempt] = await database.rows<{ amount: number }>(
      sql`select amount from order_payments where order_id = ${order.orderId} order by id limit 1`,
    );
    expect(Number(attempt!.amount)).toBe(prices.grandTotal);
    const approved = await t.app.request(html.approveUrl, form({ decision: 'approve' }));
    const back = await t.app.request(approved.headers.get('location')!);
    expect(back.headers.get('location')).toBe(`/en/checkout/success?orderSlug=${order.orderSlug}`);
    // The provider's 'paid' carries the net amount: it is the order's grand total, so the order is paid.
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'paid', state: 'active' });
    expect(await paymentChanges(order.orderId)).toEqual(['paid']);
  });
});

describe('bank transfer details and HUB-3 barcode', () => {
  const details = (slug: string) => t.json(`/api/v2/ecommerce/checkout/payment/bankTransfer/${slug}`);

  it("gives the order's payment details and its barcode, only for that order's slug", async () => {
    const order = await createOrder(await readyCart(methods.bank));
    expect(order.html).toBeNull();
    const view = await call(`order/view/${order.orderSlug}`, undefined, 'GET');
    const answer = await details(order.orderSlug);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      amount: view.body.data.prices.grandTotal,
      currency: 'EUR',
      iban: 'HR1210010051863000160',
      model: 'HR00',
      reference: (view.body.data.orderNumber as string).replace(/\D/g, ''),
      purposeCode: 'OTHR',
      description: view.body.data.orderNumber,
      payee: { name: 'Udruga Učionica', street: 'Ilica 1', city: '10000 Zagreb' },
    });
    expect(answer.body.data.barcodeSvg).toMatch(/^<svg [^>]*viewBox=/);
  });

  it('refuses another payment type, an unknown order and a malformed slug', async () => {
    const card = await createOrder(await readyCart(methods.card));
    const other = await details(card.orderSlug);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('NOT_BANK_TRANSFER');
    expect((await details('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const malformed = await details('short');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.payload.field).toBe('orderSlug');
  });
});

describe('webhooks', () => {
  const post = (body: string, signature?: string) =>
    t.app.request('/payments/webhook/sandbox', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
      },
      body,
    });
  const secret = () => t.services.payments.merchantSecret();

  it('the same events replayed 3 times, out of order, change the order once each', async () => {
    const order = await createOrder(await readyCart(methods.button));
    const html = order.html as Exclude<typeof order.html, string>;
    await t.app.request(html.approveUrl, form({ decision: 'approve' }));
    await t.app.request(`/payments/sandbox/return?token=${html.providerOrderId}`);
    await t.services.payments.gateway.refund(html.providerOrderId);
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'refunded', state: 'cancelled' });
    expect(await paymentChanges(order.orderId)).toEqual(['paid', 'refunded']);

    const sent = await database.rows<{ payload: unknown }>(
      sql`select payload from sandbox_events where payment_id = ${html.providerOrderId} order by created_at`,
    );
    expect(sent.map((row) => (row.payload as { type: string }).type)).toEqual([
      'order.approved',
      'payment.captured',
      'payment.refunded',
    ]);
    const bodies = sent.map((row) => JSON.stringify(row.payload));
    // Newest first, then all of them twice more in shuffled order.
    for (const index of [2, 1, 0, 0, 2, 1, 1, 0, 2]) {
      const response = await post(bodies[index]!, signPayload(await secret(), bodies[index]!));
      expect(response.status).toBe(200);
      const results = ((await response.json()) as { data: { applied: boolean }[] }).data;
      expect(results.every((result) => !result.applied)).toBe(true);
    }
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'refunded', state: 'cancelled' });
    expect(await paymentChanges(order.orderId)).toEqual(['paid', 'refunded']);
    const [events] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from payment_events where order_id = ${order.orderId}`,
    );
    expect(events?.n).toBe(2);
  });

  it('a new event with a bad, missing or expired signature is refused and changes nothing', async () => {
    const order = await createOrder(await readyCart(methods.button));
    const html = order.html as Exclude<typeof order.html, string>;
    const forged = JSON.stringify({
      id: 'evt_forged0000000000000000',
      type: 'payment.captured',
      created: new Date().toISOString(),
      data: {
        paymentId: html.providerOrderId,
        reference: order.orderSlug,
        customId: String(order.orderId),
        kind: 'order',
        status: 'captured',
        amount: 1,
        currency: 'EUR',
        maskedCard: null,
      },
    });
    const missing = await post(forged);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('SIGNATURE_INVALID');
    expect((await post(forged, signPayload('someone-elses-key-0123456789abcdef', forged))).status).toBe(401);
    expect((await post(forged, signPayload(await secret(), forged, Date.now() - 6 * 60_000))).status).toBe(
      401,
    );
    const notAnEvent = '{"id":"evt_1"}';
    const invalid = await post(notAnEvent, signPayload(await secret(), notAnEvent));
    expect(invalid.status).toBe(400);
    expect(
      ((await invalid.json()) as { error: { payload: { field: string } } }).error.payload.field,
    ).toBeTruthy();
    expect((await post(forged, signPayload(await secret(), forged))).status).toBe(200);
    // Signed but for the wrong amount: recorded, not applied (the checkout's amount check).
    expect((await orderOf(order.orderSlug)).paymentStatus).toBe('pending');
    expect((await t.app.request('/payments/webhook/nobody', { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
  });
});
