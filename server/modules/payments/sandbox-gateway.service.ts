import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import {
  type SandboxPaymentKind,
  type SandboxStatus,
  sandboxEvents,
  sandboxPayments,
  sandboxPlans,
} from './payments.schema.ts';
import { type CardInput, cardOutcome, checkCard, maskCard } from './sandbox-cards.ts';
import { SIGNATURE_HEADER, signPayload } from './webhook-signature.ts';

// The built-in sandbox gateway: an outside card processor and a PayPal-style wallet, played inside
// the app so the whole payment path runs locally and in tests. It keeps its state in its own tables
// (every process sees the same payments), takes card numbers only on its own pages and keeps only
// the last four digits, and tells the merchant what happened through signed webhooks.

export type WebhookDelivery = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export type SandboxEventType =
  | 'payment.approved'
  | 'payment.declined'
  | 'payment.cancelled'
  | 'order.approved'
  | 'payment.captured'
  | 'payment.refunded'
  | 'subscription.activated';

export type SandboxEvent = {
  id: string;
  type: SandboxEventType;
  created: string;
  data: {
    paymentId: string;
    reference: string;
    customId: string | null;
    kind: SandboxPaymentKind;
    status: SandboxStatus;
    amount: number;
    currency: string;
    maskedCard: string | null;
  };
};

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

export class SandboxError extends Error {
  readonly status: 400 | 404 | 409;
  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
  }
}

const newId = (prefix: string) => `${prefix}_${randomBytes(15).toString('base64url')}`;

export type CreatePaymentInput = {
  kind: SandboxPaymentKind;
  reference: string;
  customId?: string;
  amount: number;
  taxAmount?: number;
  currency: string;
  language: string;
  description?: string;
  successUrl: string;
  failureUrl: string;
  webhookUrl: string;
  planId?: string;
};

export function createSandboxGateway(deps: {
  db: Db;
  logger: Logger;
  /** The merchant's secret (signs the webhooks it receives). */
  secret: () => Promise<string>;
  deliver: WebhookDelivery;
}) {
  const { db, logger } = deps;

  async function getPayment(id: string): Promise<SandboxPayment> {
    const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    if (!payment) throw new SandboxError(404, 'No such payment at the sandbox gateway.');
    return payment;
  }

  async function createPayment(input: CreatePaymentInput): Promise<SandboxPayment> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 0 || input.amount > 2_147_483_647)
      throw new SandboxError(400, 'The amount must be whole minor units.');
    if (!/^[A-Z]{3}$/.test(input.currency))
      throw new SandboxError(400, 'The currency must be an ISO 4217 code.');
    if (input.planId) {
      const [plan] = await db
        .select({ id: sandboxPlans.id })
        .from(sandboxPlans)
        .where(eq(sandboxPlans.id, input.planId));
      if (!plan) throw new SandboxError(404, 'No such plan at the sandbox gateway.');
    }
    const [payment] = await db
      .insert(sandboxPayments)
      .values({
        id: newId(input.kind === 'subscription' ? 'sub' : 'pay'),
        kind: input.kind,
        reference: input.reference,
        customId: input.customId ?? null,
        amount: input.amount,
        taxAmount: input.taxAmount ?? 0,
        currency: input.currency,
        language: input.language,
        description: input.description ?? '',
        successUrl: input.successUrl,
        failureUrl: input.failureUrl,
        webhookUrl: input.webhookUrl,
        planId: input.planId ?? null,
      })
      .returning();
    return payment!;
  }

  async function createPlan(input: {
    name: string;
    amount: number;
    taxAmount: number;
    currency: string;
    interval: 'month' | 'year';
  }) {
    const [plan] = await db
      .insert(sandboxPlans)
      .values({ id: newId('plan'), ...input })
      .returning();
    return plan!;
  }

  async function getPlan(id: string) {
    const [plan] = await db.select().from(sandboxPlans).where(eq(sandboxPlans.id, id));
    return plan;
  }

  /** Moves a payment from one of `from` to `to`; undefined when another request moved it first. */
  async function transition(id: string, from: SandboxStatus[], to: SandboxStatus, maskedCard?: string) {
    const [moved] = await db
      .update(sandboxPayments)
      .set({ status: to, updatedAt: new Date(), ...(maskedCard ? { maskedCard } : {}) })
      .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, from)))
      .returning();
    return moved;
  }

  async function deliverEvent(eventId: string) {
    const [row] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
    if (!row) throw new SandboxError(404, 'No such event.');
    const payment = await getPayment(row.paymentId);
    const body = JSON.stringify(row.payload);
    let status = 0;
    try {
      status = await deps.deliver(payment.webhookUrl, body, {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signPayload(await deps.secret(), body),
      });
    } catch (error) {
      logger.warn({ err: error, eventId }, 'sandbox gateway: webhook delivery failed');
    }
    await db
      .update(sandboxEvents)
      .set({
        attempts: row.attempts + 1,
        lastStatus: status || null,
        ...(status >= 200 && status < 300 ? { deliveredAt: new Date() } : {}),
      })
      .where(eq(sandboxEvents.id, eventId));
    return status;
  }

  /** Records the event and sends it to the merchant (a real provider would retry a failure later). */
  async function emit(payment: SandboxPayment, type: SandboxEventType): Promise<SandboxEvent> {
    const event: SandboxEvent = {
      id: newId('evt'),
      type,
      created: new Date().toISOString(),
      data: {
        paymentId: payment.id,
        reference: payment.reference,
        customId: payment.customId,
        kind: payment.kind,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        maskedCard: payment.maskedCard,
      },
    };
    await db.insert(sandboxEvents).values({ id: event.id, paymentId: payment.id, type, payload: event });
    await deliverEvent(event.id);
    return event;
  }

  /**
   * Where the shopper goes after a payment reached this status, with the payment id as `token` (as
   * PayPal returns its order id), so the merchant's return page knows which payment came back.
   */
  const exitUrl = (payment: SandboxPayment) => {
    const url = ['approved', 'captured', 'active'].includes(payment.status)
      ? payment.successUrl
      : payment.failureUrl;
    return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(payment.id)}`;
  };

  /** The latest card payment for a merchant reference (a repeated form post continues it). */
  async function latestFor(reference: string) {
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference))
      .orderBy(desc(sandboxPayments.createdAt))
      .limit(1);
    return payment;
  }

  /**
   * The card form was sent: approves, declines or asks for the second step. A payment decided
   * before (a second tab, a reload) keeps its first outcome.
   */
  async function submitCard(id: string, card: CardInput) {
    const payment = await getPayment(id);
    if (payment.kind !== 'hpf') throw new SandboxError(409, 'This payment takes no card.');
    if (payment.status !== 'created') return { payment, next: 'exit' as const };
    const checked = checkCard(card);
    if ('field' in checked) return { payment, next: 'invalid' as const, field: checked.field };
    const outcome = cardOutcome(checked.digits);
    const status: SandboxStatus = outcome === 'challenge' ? 'challenge' : outcome;
    const moved = await transition(id, ['created'], status, maskCard(checked.digits));
    if (!moved) return { payment: await getPayment(id), next: 'exit' as const };
    if (outcome === 'challenge') return { payment: moved, next: 'challenge' as const };
    await emit(moved, outcome === 'approved' ? 'payment.approved' : 'payment.declined');
    return { payment: moved, next: 'exit' as const };
  }

  /** The second step: the cardholder confirmed (approved) or cancelled (declined). */
  async function completeChallenge(id: string, confirmed: boolean) {
    const to: SandboxStatus = confirmed ? 'approved' : 'declined';
    const moved = await transition(id, ['challenge'], to);
    if (!moved) return getPayment(id);
    await emit(moved, confirmed ? 'payment.approved' : 'payment.declined');
    return moved;
  }

  /** The shopper left the card page or the confirmation step with Cancel. */
  async function cancel(id: string) {
    const moved = await transition(id, ['created', 'challenge'], 'cancelled');
    if (!moved) return getPayment(id);
    await emit(moved, 'payment.cancelled');
    return moved;
  }

  /** The wallet's approval page: the buyer approved the order (or started the subscription) or cancelled. */
  async function decide(id: string, approved: boolean) {
    const payment = await getPayment(id);
    if (payment.kind === 'hpf') throw new SandboxError(409, 'A card payment is approved on its card page.');
    const to: SandboxStatus = !approved
      ? 'cancelled'
      : payment.kind === 'subscription'
        ? 'active'
        : 'approved';
    const moved = await transition(id, ['created'], to);
    if (!moved) return payment;
    await emit(
      moved,
      !approved
        ? 'payment.cancelled'
        : payment.kind === 'subscription'
          ? 'subscription.activated'
          : 'order.approved',
    );
    return moved;
  }

  /** The merchant captures an approved order (repeatable: a captured order answers as it is). */
  async function capture(id: string) {
    const payment = await getPayment(id);
    if (payment.kind !== 'order') throw new SandboxError(409, 'Only a wallet order is captured.');
    if (payment.status === 'captured') return payment;
    const moved = await transition(id, ['approved'], 'captured');
    if (!moved) {
      const now = await getPayment(id);
      if (now.status === 'captured') return now;
      throw new SandboxError(409, `The order is ${now.status}, not approved: it cannot be captured.`);
    }
    await emit(moved, 'payment.captured');
    return moved;
  }

  async function refund(id: string) {
    const moved = await transition(id, ['approved', 'captured', 'active'], 'refunded');
    if (!moved) {
      const now = await getPayment(id);
      if (now.status === 'refunded') return now;
      throw new SandboxError(409, `The payment is ${now.status}: nothing to refund.`);
    }
    await emit(moved, 'payment.refunded');
    return moved;
  }

  const eventsOf = (paymentId: string) =>
    db
      .select()
      .from(sandboxEvents)
      .where(eq(sandboxEvents.paymentId, paymentId))
      .orderBy(sandboxEvents.createdAt);

  return {
    getPayment,
    createPayment,
    createPlan,
    getPlan,
    submitCard,
    completeChallenge,
    cancel,
    decide,
    capture,
    refund,
    exitUrl,
    latestFor,
    eventsOf,
    deliverEvent,
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
