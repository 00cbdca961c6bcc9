import { ApiError } from '../../../api/errors.ts';
import {
  OUTCOME_OF_EVENT,
  type PaymentsService,
  type SandboxEvent,
  type SandboxPayment,
  WebhookRejected,
} from '../../payments/payments.service.ts';
import type { ButtonFlowStart, PaymentAdapter, PaymentEvent, PaymentOrder } from './adapter.ts';

// The built-in sandbox gateway as the checkout's provider 'sandbox' (docs/decisions/0310): a hosted
// payment form for cards (type HPF) and a PayPal-style button flow (type button), with subscription
// plans. Events reach orders through applyPaymentOutcome with the sandbox's own event ids, so the
// webhook and the shopper's return (pgSuccess) report the same fact once.

export const SANDBOX_PROVIDER = 'sandbox';
const RETURN_PATH = '/payments/sandbox/return';

/** A plan sold by subscription: how often it is charged, and the shop's tax setting for plans. */
export type RecurringPlan = { interval: 'month' | 'year'; taxCountry: string; vatRate: number };

/** An address on this site as a path, so the sandbox (part of this site) sends the shopper to the host they use. */
const onSite = (url: string, origin: string) =>
  url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;

function eventOf(event: SandboxEvent): PaymentEvent | null {
  const outcome = OUTCOME_OF_EVENT[event.type];
  if (!outcome) return null;
  const orderId = Number(event.data.customId);
  return {
    ...(Number.isSafeInteger(orderId) && orderId > 0 ? { orderId } : {}),
    // A card payment is named by the sandbox only when its form arrives, so the order's attempt has
    // no reference to match: without one the order's latest attempt takes the status.
    ...(event.data.kind === 'hpf' ? {} : { providerRef: event.data.paymentId }),
    eventId: event.id,
    outcome,
    amount: event.data.amount,
  };
}

export function sandboxAdapters(
  payments: PaymentsService,
  options: { recurringPlan?: (order: PaymentOrder) => Promise<RecurringPlan | null> } = {},
): PaymentAdapter[] {
  const { gateway } = payments;

  /** The sandbox payment the shopper came back with, if it is this order's. */
  async function paymentOf(order: PaymentOrder, token: unknown, providerRef: string | null) {
    const id = typeof token === 'string' && /^(pay|sub)_[A-Za-z0-9_-]{20}$/.test(token) ? token : providerRef;
    const payment = id
      ? await gateway.getPayment(id).catch(() => undefined)
      : await gateway.latestFor(order.slug);
    return payment && payment.customId === String(order.id) ? payment : undefined;
  }

  /** The newest event of the payment that decides the order (the one its webhook carried). */
  async function decidingEvent(payment: SandboxPayment): Promise<PaymentEvent | null> {
    const events = await gateway.eventsOf(payment.id);
    for (const row of events.reverse()) {
      const event = eventOf(row.payload as SandboxEvent);
      if (event) return event;
    }
    return null;
  }

  async function webhook({ rawBody, headers }: { rawBody: string; headers: Record<string, string> }) {
    try {
      const event = eventOf(await payments.readWebhook(rawBody, headers['sandbox-signature']));
      return event ? [event] : [];
    } catch (error) {
      if (error instanceof WebhookRejected)
        throw new ApiError(
          error.status,
          error.status === 401 ? 'SIGNATURE_INVALID' : 'INVALID_EVENT',
          error.message,
          { field: error.field },
        );
      throw error;
    }
  }

  async function refund({ order, providerRef }: { order: PaymentOrder; providerRef: string | null }) {
    const payment = await paymentOf(order, undefined, providerRef);
    if (!payment) throw new ApiError(409, 'CONFLICT', 'The order has no sandbox payment to refund.');
    await gateway.refund(payment.id);
    const event = await decidingEvent(payment);
    if (event?.outcome !== 'refunded') throw new ApiError(409, 'CONFLICT', 'The refund was not recorded.');
    return event;
  }

  const hostedForm: PaymentAdapter = {
    provider: SANDBOX_PROVIDER,
    paymentTypes: ['HPF'],
    async start({ order, successUrl, failureUrl, origin }) {
      const html = await payments.hostedPaymentForm({
        reference: order.slug,
        customId: String(order.id),
        amount: order.grandTotal,
        currency: order.currencyCode,
        language: order.language,
        description: order.orderNumber,
        successUrl: onSite(successUrl, origin),
        failureUrl: onSite(failureUrl, origin),
      });
      // The sandbox names the payment when the form reaches it; its events carry that id.
      return { html, providerRef: null, data: { form: 'sandbox-hpf' } };
    },
    async confirm({ order, providerRef, details }) {
      const payment = await paymentOf(order, details.token, providerRef);
      return payment ? decidingEvent(payment) : null;
    },
    webhook,
    refund,
  };

  const buttonFlow: PaymentAdapter = {
    provider: SANDBOX_PROVIDER,
    paymentTypes: ['button'],
    async start({ order, failureUrl, origin }) {
      const plan = (await options.recurringPlan?.(order)) ?? null;
      const common = {
        reference: order.slug,
        customId: String(order.id),
        currency: order.currencyCode,
        language: order.language,
        description: order.orderNumber,
        successUrl: RETURN_PATH,
        failureUrl: onSite(failureUrl, origin),
        webhookUrl: '/payments/webhook/sandbox',
      };
      let payment: SandboxPayment;
      if (plan) {
        // A plan is created at the provider first, then the subscription. The order was priced by
        // the plan tax rule when it was created (decision 0304): its grand total and tax are the plan's.
        const created = await gateway.createPlan({
          name: order.lines[0]?.name ?? order.orderNumber,
          amount: order.grandTotal,
          taxAmount: order.taxTotal,
          currency: order.currencyCode,
          interval: plan.interval,
        });
        payment = await gateway.createPayment({
          ...common,
          kind: 'subscription',
          planId: created.id,
          amount: created.amount,
          taxAmount: created.taxAmount,
        });
      } else {
        payment = await gateway.createPayment({ ...common, kind: 'order', amount: order.grandTotal });
      }
      const html: ButtonFlowStart = {
        type: 'button',
        provider: SANDBOX_PROVIDER,
        providerOrderId: payment.id,
        intent: plan ? 'subscription' : 'order',
        approveUrl: `/sandbox-gateway/approve/${payment.id}`,
      };
      return { html, providerRef: payment.id, data: { intent: html.intent } };
    },
    async confirm({ order, providerRef, details }) {
      const payment = await paymentOf(order, details.token, providerRef);
      if (!payment) return null;
      // An approved single payment is captured now (the button flow's capture step).
      if (payment.kind === 'order' && payment.status === 'approved') await gateway.capture(payment.id);
      return decidingEvent(payment);
    },
    webhook,
    refund,
  };

  return [hostedForm, buttonFlow];
}
