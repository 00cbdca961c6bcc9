import { type Context, Hono } from 'hono';
import { staticPageCsp } from '../../http/security-headers.ts';
import {
  approvePage,
  type CardFormState,
  cardPage,
  challengePage,
  messagePage,
} from './sandbox-gateway.pages.ts';
import { SandboxError, type SandboxGateway } from './sandbox-gateway.service.ts';
import { verifyFields } from './webhook-signature.ts';

/** Base path of the sandbox gateway's pages (it plays an outside provider's site). */
export const SANDBOX_BASE = '/sandbox-gateway';

/** Fields of the hosted payment form, all signed by the merchant (`signature`). */
export const HPF_FIELDS = [
  'reference',
  'custom_id',
  'amount',
  'currency',
  'language',
  'description',
  'success_url',
  'failure_url',
  'webhook_url',
] as const;

const ID = /^(pay|sub)_[A-Za-z0-9_-]{20}$/;
/** A return address: a path on this site or an http(s) URL. */
const returnUrl = (value: string) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value);

function page(c: Context, html: string, status: 200 | 400 | 404 | 409 = 200) {
  c.header('Content-Security-Policy', staticPageCsp);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(html, status);
}

const languageOf = (c: Context) =>
  c.req.header('accept-language')?.toLowerCase().startsWith('hr') ? 'hr' : 'en';

async function formFields(c: Context) {
  const form = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

export function sandboxGatewayRoutes(gateway: SandboxGateway, merchantSecret: () => Promise<string>) {
  const router = new Hono();

  router.onError((error, c) => {
    if (error instanceof SandboxError)
      return page(
        c,
        messagePage(languageOf(c), error.status === 404 ? 'notFound' : 'badRequest'),
        error.status,
      );
    throw error;
  });

  const paymentOf = async (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!ID.test(id)) throw new SandboxError(404, 'No such payment.');
    return gateway.getPayment(id);
  };

  // The hosted payment form's target: the merchant's signed order, then the card page.
  router.post(`${SANDBOX_BASE}/hpf`, async (c) => {
    const fields = await formFields(c);
    const signed: Record<string, string> = {};
    for (const name of HPF_FIELDS) signed[name] = fields[name] ?? '';
    const amount = Number(signed.amount);
    const valid =
      verifyFields(await merchantSecret(), signed, fields.signature ?? '') &&
      /^[A-Za-z0-9_-]{1,80}$/.test(signed.reference!) &&
      /^[A-Za-z0-9_-]{0,64}$/.test(signed.custom_id!) &&
      /^\d{1,9}$/.test(signed.amount!) &&
      /^[A-Z]{3}$/.test(signed.currency!) &&
      /^[a-z]{2}$/.test(signed.language!) &&
      signed.description!.length <= 200 &&
      returnUrl(signed.success_url!) &&
      returnUrl(signed.failure_url!) &&
      returnUrl(signed.webhook_url!);
    if (!valid) return page(c, messagePage(languageOf(c), 'badRequest'), 400);
    // A form sent again (reload, back button) continues the open payment or ends where it ended.
    const latest = await gateway.latestFor(signed.reference!);
    if (latest && latest.kind === 'hpf' && latest.amount === amount) {
      if (latest.status === 'created') return c.redirect(`${SANDBOX_BASE}/pay/${latest.id}`, 303);
      if (latest.status === 'challenge') return c.redirect(`${SANDBOX_BASE}/pay/${latest.id}/confirm`, 303);
      if (latest.status === 'approved') return c.redirect(gateway.exitUrl(latest), 303);
    }
    const payment = await gateway.createPayment({
      kind: 'hpf',
      reference: signed.reference!,
      ...(signed.custom_id ? { customId: signed.custom_id } : {}),
      amount,
      currency: signed.currency!,
      language: signed.language!,
      description: signed.description!,
      successUrl: signed.success_url!,
      failureUrl: signed.failure_url!,
      webhookUrl: signed.webhook_url!,
    });
    return c.redirect(`${SANDBOX_BASE}/pay/${payment.id}`, 303);
  });

  router.get(`${SANDBOX_BASE}/pay/:id`, async (c) => {
    const payment = await paymentOf(c);
    if (payment.kind !== 'hpf') throw new SandboxError(404, 'No such card payment.');
    if (payment.status === 'challenge') return c.redirect(`${SANDBOX_BASE}/pay/${payment.id}/confirm`, 303);
    if (payment.status !== 'created')
      return page(c, messagePage(payment.language, 'done', gateway.exitUrl(payment)));
    return page(c, cardPage(payment));
  });

  router.post(`${SANDBOX_BASE}/pay/:id`, async (c) => {
    const payment = await paymentOf(c);
    const fields = await formFields(c);
    if (fields.action === 'cancel') {
      const cancelled = await gateway.cancel(payment.id);
      return c.redirect(gateway.exitUrl(cancelled), 303);
    }
    const card = {
      number: (fields.number ?? '').slice(0, 40),
      expiry: (fields.expiry ?? '').slice(0, 10),
      cvc: (fields.cvc ?? '').slice(0, 10),
      holder: (fields.holder ?? '').slice(0, 200),
    };
    const result = await gateway.submitCard(payment.id, card);
    if (result.next === 'invalid') {
      // The number and CVC are never sent back into the page.
      const state: CardFormState = { field: result.field, expiry: card.expiry, holder: card.holder };
      return page(c, cardPage(result.payment, state), 400);
    }
    if (result.next === 'challenge') return c.redirect(`${SANDBOX_BASE}/pay/${payment.id}/confirm`, 303);
    return c.redirect(gateway.exitUrl(result.payment), 303);
  });

  router.get(`${SANDBOX_BASE}/pay/:id/confirm`, async (c) => {
    const payment = await paymentOf(c);
    if (payment.status !== 'challenge')
      return page(c, messagePage(payment.language, 'done', gateway.exitUrl(payment)));
    return page(c, challengePage(payment));
  });

  router.post(`${SANDBOX_BASE}/pay/:id/confirm`, async (c) => {
    const payment = await paymentOf(c);
    const { decision } = await formFields(c);
    const decided = await gateway.completeChallenge(payment.id, decision === 'confirm');
    return c.redirect(gateway.exitUrl(decided), 303);
  });

  // The wallet (button flow): the buyer approves the order or the subscription, or cancels.
  router.get(`${SANDBOX_BASE}/approve/:id`, async (c) => {
    const payment = await paymentOf(c);
    if (payment.kind === 'hpf') throw new SandboxError(404, 'No such wallet payment.');
    if (payment.status !== 'created')
      return page(c, messagePage(payment.language, 'done', gateway.exitUrl(payment)));
    const plan = payment.planId ? await gateway.getPlan(payment.planId) : undefined;
    return page(c, approvePage(payment, plan));
  });

  router.post(`${SANDBOX_BASE}/approve/:id`, async (c) => {
    const payment = await paymentOf(c);
    const { decision } = await formFields(c);
    const decided = await gateway.decide(payment.id, decision === 'approve');
    return c.redirect(gateway.exitUrl(decided), 303);
  });

  return router;
}
