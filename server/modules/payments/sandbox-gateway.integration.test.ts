import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { SANDBOX_CARDS } from './sandbox-cards.ts';

// The sandbox gateway end to end over HTTP: the hosted form, the card page with each test card, the
// second step, the wallet approval, and the signed webhooks each step sends back to the shop.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database);
});
afterAll(() => database?.destroy());

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The hidden inputs of the hosted payment form the shop gives the checkout page. */
function fieldsOf(html: string) {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g))
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code)),
    );
  return fields;
}

let counter = 0;
async function startCardPayment(amount = 12_345) {
  counter += 1;
  const reference = `order${String(counter).padStart(4, '0')}abcdefghijklm`;
  const html = await t.services.payments.hostedPaymentForm({
    reference,
    customId: 'not-an-order',
    amount,
    currency: 'EUR',
    language: 'en',
    description: `Order ${counter}`,
    successUrl: `/en/checkout/success?orderSlug=${reference}`,
    failureUrl: '/en/checkout/failure',
  });
  expect(html).toContain('action="/sandbox-gateway/hpf"');
  expect(html).not.toMatch(/name="(number|cvc|card)/);
  const response = await t.app.request('/sandbox-gateway/hpf', form(fieldsOf(html)));
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/sandbox-gateway\/pay\/pay_[A-Za-z0-9_-]{20}$/);
  return { reference, html, payPath: location, paymentId: location.split('/').pop()! };
}

const card = (number: string) => ({ number, expiry: '12/39', cvc: '123', holder: 'Ana Anić', action: 'pay' });

/** The events the sandbox sent for a reference, and whether the shop's webhook took them (200). */
const eventsFor = async (reference: string) =>
  (
    await database.rows<{ type: string; last_status: number }>(
      sql`select e.type, e.last_status from sandbox_events e join sandbox_payments p on p.id = e.payment_id
          where p.reference = ${reference} order by e.created_at`,
    )
  ).map((row) => ({ type: row.type, delivered: row.last_status === 200 }));

describe('sandbox card payments (hosted payment form)', () => {
  it('shows the card page with the test cards', async () => {
    const { payPath } = await startCardPayment();
    const page = await t.app.request(payPath);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<label for="number">Card number</label>');
    expect(html).toContain('4242 4242 4242 4242');
    expect(html).toContain('€123.45');
  });

  it('approves with the approving card, returns to the success URL and tells the shop by webhook', async () => {
    const { reference, payPath, paymentId } = await startCardPayment();
    const response = await t.app.request(payPath, form(card(SANDBOX_CARDS.approve)));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/en/checkout/success?orderSlug=${reference}&token=${paymentId}`,
    );
    expect(await eventsFor(reference)).toEqual([{ type: 'payment.approved', delivered: true }]);
    const [payment] = await database.rows<{ status: string; masked_card: string }>(
      sql`select status, masked_card from sandbox_payments where id = ${paymentId}`,
    );
    expect(payment).toEqual({ status: 'approved', masked_card: '•••• 4242' });
    const [delivered] = await database.rows<{ delivered: boolean; last_status: number }>(
      sql`select delivered_at is not null as delivered, last_status from sandbox_events where payment_id = ${paymentId}`,
    );
    expect(delivered).toEqual({ delivered: true, last_status: 200 });
  });

  it('keeps no card number anywhere: only the masked last four digits', async () => {
    const [found] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from (
            select row_to_json(p)::text as t from sandbox_payments p
            union all select payload::text from sandbox_events) x
          where x.t like ${`%${SANDBOX_CARDS.approve}%`} or x.t like '%424242424242%'`,
    );
    expect(found?.n).toBe(0);
  });

  it('declines with the declining card and returns to the failure URL', async () => {
    const { reference, payPath, paymentId } = await startCardPayment();
    const response = await t.app.request(payPath, form(card(SANDBOX_CARDS.decline)));
    expect(response.headers.get('location')).toBe(`/en/checkout/failure?token=${paymentId}`);
    expect(await eventsFor(reference)).toEqual([{ type: 'payment.declined', delivered: true }]);
    // The decided payment answers as decided: a second card post changes nothing.
    const again = await t.app.request(payPath, form(card(SANDBOX_CARDS.approve)));
    expect(again.headers.get('location')).toBe(`/en/checkout/failure?token=${paymentId}`);
    expect(await eventsFor(reference)).toHaveLength(1);
  });

  it('asks for the second step with the challenge card; confirming approves, cancelling declines', async () => {
    for (const decision of ['confirm', 'cancel'] as const) {
      const { reference, payPath, paymentId } = await startCardPayment();
      const response = await t.app.request(payPath, form(card(SANDBOX_CARDS.challenge)));
      expect(response.headers.get('location')).toBe(`${payPath}/confirm`);
      expect(await eventsFor(reference)).toEqual([]);
      const page = await t.app.request(`${payPath}/confirm`);
      expect(await page.text()).toContain('•••• 3220');
      const done = await t.app.request(`${payPath}/confirm`, form({ decision }));
      expect(done.headers.get('location')).toContain(
        decision === 'confirm' ? '/en/checkout/success' : '/en/checkout/failure',
      );
      expect(done.headers.get('location')).toContain(`token=${paymentId}`);
      expect(await eventsFor(reference)).toEqual([
        { type: decision === 'confirm' ? 'payment.approved' : 'payment.declined', delivered: true },
      ]);
    }
  });

  it('refuses a wrong card number or expiry without echoing the number, and changes nothing', async () => {
    const { reference, payPath } = await startCardPayment();
    const response = await t.app.request(payPath, form({ ...card('4242424242424241') }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Enter a valid card number.');
    expect(html).not.toContain('4242424242424241');
    const expired = await t.app.request(payPath, form({ ...card(SANDBOX_CARDS.approve), expiry: '01/20' }));
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('Enter an expiry date in the future');
    expect(await eventsFor(reference)).toEqual([]);
  });

  it('cancelling on the card page returns to the failure URL and tells the shop', async () => {
    const { reference, payPath, paymentId } = await startCardPayment();
    const response = await t.app.request(payPath, form({ action: 'cancel' }));
    expect(response.headers.get('location')).toBe(`/en/checkout/failure?token=${paymentId}`);
    expect(await eventsFor(reference)).toEqual([{ type: 'payment.cancelled', delivered: true }]);
  });

  it('refuses a form whose signed fields were changed', async () => {
    const { html } = await startCardPayment();
    const fields = fieldsOf(html);
    const response = await t.app.request('/sandbox-gateway/hpf', form({ ...fields, amount: '1' }));
    expect(response.status).toBe(400);
    const unknown = await t.app.request('/sandbox-gateway/pay/pay_AAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
  });

  it('continues the open payment when the same form is sent again', async () => {
    const { html, paymentId } = await startCardPayment();
    const again = await t.app.request('/sandbox-gateway/hpf', form(fieldsOf(html)));
    expect(again.headers.get('location')).toBe(`/sandbox-gateway/pay/${paymentId}`);
  });

  it('shows the pages in Croatian for a Croatian order', async () => {
    const html = await t.services.payments.hostedPaymentForm({
      reference: 'hrorder0000000000000001',
      customId: '',
      amount: 500,
      currency: 'EUR',
      language: 'hr',
      description: 'Narudžba',
      successUrl: '/naplata/uspjesna',
      failureUrl: '/naplata/neuspjesna',
    });
    const start = await t.app.request('/sandbox-gateway/hpf', form(fieldsOf(html)));
    const page = await (await t.app.request(start.headers.get('location')!)).text();
    expect(page).toContain('<html lang="hr">');
    expect(page).toContain('Broj kartice');
  });
});

describe('sandbox wallet (button flow)', () => {
  it('create → approve → capture: the approval returns with the token, the capture tells the shop', async () => {
    const gateway = t.services.payments.gateway;
    const payment = await gateway.createPayment({
      kind: 'order',
      reference: 'walletorder00000000001',
      amount: 2_000,
      currency: 'EUR',
      language: 'en',
      successUrl: '/payments/return',
      failureUrl: '/en/checkout/failure',
      webhookUrl: '/payments/webhook/sandbox',
    });
    const page = await t.app.request(`/sandbox-gateway/approve/${payment.id}`);
    expect(await page.text()).toContain('Approve the payment to the merchant.');
    await expect(gateway.capture(payment.id)).rejects.toThrow(/not approved/);
    const approved = await t.app.request(
      `/sandbox-gateway/approve/${payment.id}`,
      form({ decision: 'approve' }),
    );
    expect(approved.headers.get('location')).toBe(`/payments/return?token=${payment.id}`);
    expect(await eventsFor('walletorder00000000001')).toEqual([{ type: 'order.approved', delivered: true }]);
    expect((await gateway.capture(payment.id)).status).toBe('captured');
    expect((await gateway.capture(payment.id)).status).toBe('captured');
    expect(await eventsFor('walletorder00000000001')).toEqual([
      { type: 'order.approved', delivered: true },
      { type: 'payment.captured', delivered: true },
    ]);
  });

  it('a subscription is approved against a plan created first', async () => {
    const gateway = t.services.payments.gateway;
    const plan = await gateway.createPlan({
      name: 'Monthly box',
      amount: 1_000,
      taxAmount: 0,
      currency: 'EUR',
      interval: 'month',
    });
    const subscription = await gateway.createPayment({
      kind: 'subscription',
      reference: 'suborder00000000000001',
      amount: plan.amount,
      currency: 'EUR',
      language: 'en',
      planId: plan.id,
      successUrl: '/payments/return',
      failureUrl: '/en/checkout/failure',
      webhookUrl: '/payments/webhook/sandbox',
    });
    expect(subscription.id).toMatch(/^sub_/);
    const page = await (await t.app.request(`/sandbox-gateway/approve/${subscription.id}`)).text();
    expect(page).toContain('charged every month');
    await t.app.request(`/sandbox-gateway/approve/${subscription.id}`, form({ decision: 'approve' }));
    expect(await eventsFor('suborder00000000000001')).toEqual([
      { type: 'subscription.activated', delivered: true },
    ]);
  });
});
