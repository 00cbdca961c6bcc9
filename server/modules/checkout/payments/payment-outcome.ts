import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  type OrderState,
  orderPayments,
  orderStateChanges,
  orders,
  type PaymentStatus,
  paymentEvents,
} from '../checkout.schema.ts';
import type { PaymentOutcome } from './adapter.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type PaymentOutcomeInput = {
  orderId: number;
  /** The adapter's provider name ('sandbox', 'offline', …). */
  provider: string;
  /** The provider's id of the event (webhook id, capture id, a back-office entry id): unique per provider. */
  eventId: string;
  outcome: PaymentOutcome;
  /** Minor units of the order's currency. */
  amount: number;
  /** The provider reference of the attempt (order_payments.provider_ref), when known. */
  providerRef?: string | null;
};

export type PaymentOutcomeResult = {
  /** False when the event changed nothing (seen before, too late, out of order, wrong amount). */
  applied: boolean;
  /** Why it changed nothing: 'duplicate' | 'not_found' | 'transition' | 'amount'. */
  reason: 'duplicate' | 'not_found' | 'transition' | 'amount' | null;
  paymentStatus: PaymentStatus | null;
  state: OrderState | null;
};

/** What the checkout does around a change the event made (e-mails, reopening the cart). */
export type OrderEffects = {
  /** Inside the transaction, after the order became `failed`: the checkout opens the cart again. */
  failed?(tx: Tx, order: typeof orders.$inferSelect): Promise<void>;
  /** Inside the transaction, after the order became `paid` (the cart is closed for good). */
  paid?(tx: Tx, order: typeof orders.$inferSelect): Promise<void>;
  /** After the commit, when the order became paid (confirmation e-mails). Must not throw. */
  afterPaid?(orderId: number): Promise<void>;
};

/**
 * Which payment status an outcome may move an order from. Anything else changes nothing: a late
 * 'failed' after 'paid', a 'paid' after 'refunded', a 'refunded' of an unpaid order.
 */
const ALLOWED: Record<PaymentOutcome, PaymentStatus[]> = {
  paid: ['pending', 'failed'],
  failed: ['pending'],
  refunded: ['paid'],
};

/**
 * THE way a payment result reaches an order (decision 0302). Contract:
 *
 * - Idempotent per (provider, eventId): the first call records the event in `payment_events`; any
 *   later call with the same pair changes nothing and answers `{ applied: false, reason: 'duplicate' }`
 *   with the order's current status. Concurrent calls with one event id: exactly one applies.
 * - Moves the payment status forward only: pending → paid, pending → failed, failed → paid (a retry
 *   that succeeded), paid → refunded. Every other pair (a late 'failed' after 'paid', anything after
 *   'refunded') is recorded with `applied = false` and changes nothing.
 * - 'paid' must carry the order's grand total (minor units); another amount changes nothing
 *   (reason 'amount'): the shop looks at it.
 * - 'paid' makes the order `active` (completed for the shopper) and sets `paid_at`; 'refunded'
 *   makes it `cancelled`; 'failed' keeps it `pending` and the checkout opens the cart again (the
 *   failure page leads back to an intact cart; a new create for it reuses this order).
 * - Every change is written to `order_state_changes`; the attempt in `order_payments` (matched by
 *   providerRef when given) takes the same status.
 * - Runs in its own transaction holding the order row; `effects` run inside it (failed, paid) and
 *   after the commit (afterPaid). Never throws for a business reason; database errors propagate.
 */
export async function applyPaymentOutcome(
  db: Db,
  input: PaymentOutcomeInput,
  effects: OrderEffects = {},
): Promise<PaymentOutcomeResult> {
  const result = await db.transaction(async (tx): Promise<PaymentOutcomeResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) return { applied: false, reason: 'not_found', paymentStatus: null, state: null };
    const from = order.paymentStatus;
    let reason: PaymentOutcomeResult['reason'] = null;
    if (!ALLOWED[input.outcome].includes(from)) reason = 'transition';
    else if (input.outcome === 'paid' && input.amount !== order.grandTotal) reason = 'amount';
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        provider: input.provider,
        eventId: input.eventId,
        orderId: order.id,
        outcome: input.outcome,
        amount: input.amount,
        applied: reason === null,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0)
      return { applied: false, reason: 'duplicate', paymentStatus: from, state: order.state };
    if (reason !== null) return { applied: false, reason, paymentStatus: from, state: order.state };

    const status: PaymentStatus = input.outcome;
    const state: OrderState =
      input.outcome === 'paid' ? 'active' : input.outcome === 'refunded' ? 'cancelled' : order.state;
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        paymentStatus: status,
        state,
        updatedAt: now,
        ...(input.outcome === 'paid' ? { paidAt: now } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    const changes: (typeof orderStateChanges.$inferInsert)[] = [
      {
        orderId: order.id,
        field: 'payment',
        fromValue: from,
        toValue: status,
        reason: `${input.provider}:${input.eventId}`,
      },
    ];
    if (state !== order.state)
      changes.push({
        orderId: order.id,
        field: 'state',
        fromValue: order.state,
        toValue: state,
        reason: input.outcome,
      });
    await tx.insert(orderStateChanges).values(changes);
    await tx
      .update(orderPayments)
      .set({ status, updatedAt: now })
      .where(
        and(
          eq(orderPayments.orderId, order.id),
          input.providerRef
            ? eq(orderPayments.providerRef, input.providerRef)
            : sql`${orderPayments.id} = (select max(id) from ${orderPayments} where ${orderPayments.orderId} = ${order.id})`,
        ),
      );
    if (input.outcome === 'failed') await effects.failed?.(tx, updated!);
    if (input.outcome === 'paid') await effects.paid?.(tx, updated!);
    return { applied: true, reason: null, paymentStatus: status, state };
  });
  if (result.applied && result.paymentStatus === 'paid') await effects.afterPaid?.(input.orderId);
  return result;
}
