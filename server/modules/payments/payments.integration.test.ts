import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_ADDRESS,
  type CheckoutFixture,
  completeCheckoutSteps,
  createCheckoutFixture,
} from '../../testing/checkout-fixture.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import type { TestDatabase } from '../../testing/test-db.ts';
import { siteOptions } from '../site/site.schema.ts';
import { SANDBOX_CARDS } from './sandbox-cards.ts';
import { SIGNATURE_HEADER, signPayload } from './webhook-signature.ts';

// Orders paid through the sandbox gateway, end to end over HTTP: order/create gives the hosted form
// or the button flow, the shopper pays on the gateway's pages, the gateway's signed webhooks and the
// return (pgSuccess) move the order's payment, each provider event once.

let fixture: CheckoutFixture;
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let ids: CheckoutFixture['ids'];
let methods: CheckoutFixture['methods'];

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

/** A mail's quoted-printable body as text (soft line breaks joined, =XX bytes read as UTF-8). */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A guest's cart with one product, address, pickup and the payment method: ready to order. */
async function readyCart(paymentMethodId: number, sku = 'KNJ-001'): Promise<Session> {
  const added = await t.json(
    '/api/v2/ecommerce/cart/addItem',
    postJson({ productId: ids[sku], qty: 1 }, { language: 'en' }),
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const session = { cartId: added.body.data.cartId, protectCode: added.body.data.protectCode };
  await completeCheckoutSteps(t, fixture, session, paymentMethodId);
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
  fixture = await createCheckoutFixture('payments');
  ({ database, ids, methods } = fixture);
  await database.db.insert(siteOptions).values({
    siteId: fixture.demo.siteId,
    key: 'SubscriptionPlans',
    value: { taxCountry: 'HR', vatRate: 25, products: { [String(ids['KNJ-002'])]: 'month' } },
  });
  t = createTestApp(database, {
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    DATA_DIR: fixture.dataDir,
  });
}, 180_000);
afterAll(() => fixture.destroy());

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
    const shippingAddress = CHECKOUT_ADDRESS;
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
    // The order's insert is prepared (decision 0313): the company data is stored as a JSON object,
    // and the billing address as given.
    const [stored] = await database.rows<{ kind: string; company: unknown; city: string }>(
      sql`select jsonb_typeof(o.company_data) as kind, o.company_data as company, a.city
          from orders o join order_addresses a on a.order_id = o.id and a.kind = 'billing'
          where o.id = ${order.orderId}`,
    );
    expect(stored).toMatchObject({ kind: 'object', city: 'Berlin' });
    expect(typeof stored!.company === 'string' ? JSON.parse(stored!.company) : stored!.company).toEqual({
      companyName: 'Buch GmbH',
      oib: 'DE123456789',
    });
    const approved = await t.app.request(html.approveUrl, form({ decision: 'approve' }));
    const back = await t.app.request(approved.headers.get('location')!);
    expect(back.headers.get('location')).toBe(`/en/checkout/success?orderSlug=${order.orderSlug}`);
    // The provider's 'paid' carries the net amount: it is the order's grand total, so the order is paid.
    expect(await orderOf(order.orderSlug)).toMatchObject({ paymentStatus: 'paid', state: 'active' });
    expect(await paymentChanges(order.orderId)).toEqual(['paid']);
    // The confirmation mail lists the VAT deduction, so its lines, delivery and deduction add up.
    const all = view.body.data.prices as Record<'itemsTotal' | 'coupon' | 'loyalty' | 'delivery', number>;
    const deduction = all.itemsTotal - all.coupon - all.loyalty + all.delivery - prices.grandTotal;
    expect(deduction).toBe(Math.round((gross * 25) / 125));
    const amount = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')} EUR`;
    await t.services.mail.drain();
    const outbox = path.join(fixture.dataDir, 'outbox');
    const mail = fs
      .readdirSync(outbox)
      .map((name) => quotedPrintable(fs.readFileSync(path.join(outbox, name), 'utf8')))
      .find((text) => text.includes('To: marta@example.com') && text.includes(view.body.data.orderNumber));
    expect(mail).toContain(`VAT deduction (reverse charge / export) — −${amount(deduction)}`);
    expect(mail).toContain(`Delivery — ${amount(all.delivery)}`);
    expect(mail).toContain(`Total: ${amount(prices.grandTotal)}`);
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
  /** A 'payment.captured' event of the order's wallet payment, for 1 cent (not its amount). */
  const capturedEvent = async (id: string) => {
    const order = await createOrder(await readyCart(methods.button));
    const html = order.html as Exclude<typeof order.html, string>;
    const body = JSON.stringify({
      id,
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
    return { order, body };
  };

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
    const { order, body: forged } = await capturedEvent('evt_forged0000000000000000');
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

  it("signed webhooks from the provider's allow-listed addresses skip the per-address write budget", async () => {
    const { body } = await capturedEvent('evt_allowlisted000000000000');
    // One write a minute per address; the sandbox provider sends from 203.0.113.0/24 and 2001:db8::7.
    const limited = createTestApp(fixture.database, {
      RATE_LIMIT_WRITES_PER_MINUTE: '1',
      DATA_DIR: fixture.dataDir,
      PAYMENT_WEBHOOK_ALLOW: 'sandbox=203.0.113.0/24, 2001:db8::7; other-psp=198.51.100.9',
    });
    const key = await secret();
    const send = (from: string, signature: string | undefined, provider = 'sandbox') =>
      limited.app.request(
        `/payments/webhook/${provider}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
          },
          body,
        },
        { incoming: { socket: { remoteAddress: from, remoteFamily: from.includes(':') ? 'IPv6' : 'IPv4' } } },
      );
    // Allow-listed and signed: never counted (the same event, applied once, answered each time).
    for (const from of ['203.0.113.10', '203.0.113.10', '203.0.113.10', '2001:db8::7', '2001:db8::7'])
      expect((await send(from, signPayload(key, body))).status).toBe(200);
    // Allow-listed but unsigned: the signature is checked first, then the request counts as a write.
    expect((await send('203.0.113.20', undefined)).status).toBe(401);
    const spent = await send('203.0.113.20', undefined);
    expect(spent.status).toBe(429);
    expect(spent.headers.get('retry-after')).toMatch(/^\d+$/);
    // ...and a signed one from that address still goes through.
    expect((await send('203.0.113.20', signPayload(key, body))).status).toBe(200);
    // Not on the list (or on another provider's list): counted like every write, signed or not.
    for (const from of ['192.0.2.50', '198.51.100.9']) {
      expect((await send(from, signPayload(key, body))).status).toBe(200);
      expect((await send(from, signPayload(key, body))).status).toBe(429);
    }
    // A provider name that is not served is counted too.
    expect((await send('203.0.113.30', undefined, 'nobody')).status).toBe(404);
    expect((await send('203.0.113.30', undefined, 'nobody')).status).toBe(429);
    const [events] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from payment_events where event_id = 'evt_allowlisted000000000000'`,
    );
    expect(events?.n).toBe(1);
  });
});
