import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { paymentEvents, paymentKeys } from './payments.schema.ts';
import { verifySignature } from './webhook-signature.ts';

// The shop's side of provider webhooks: a signed message is checked (HMAC, time), then applied once
// per event id. Events of one payment are applied newest-last: an event older than one already
// applied is recorded but changes nothing, so a late retry cannot move a paid order back.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a provider event means for the order. */
export type PaymentOutcome = {
  provider: string;
  /** Our reference the provider carried: the order slug. */
  reference: string;
  providerPaymentId: string;
  status: 'paid' | 'failed' | 'refunded';
  eventId: string;
  /** Shown in the order's payment details: `•••• 4242` for a card, never more. */
  maskedCard?: string | null;
};

export type ApplyOutcome = (outcome: PaymentOutcome, tx: Tx) => Promise<void>;

const eventSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  type: z
    .string()
    .regex(/^[a-z]+\.[a-z_]+$/)
    .max(40),
  created: z.iso.datetime({ offset: true }),
  data: z.object({
    paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
    reference: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
    maskedCard: z.string().max(24).nullable().optional(),
  }),
});

/** Provider event types that decide an order's payment. */
export const OUTCOME_OF_EVENT: Record<string, PaymentOutcome['status'] | undefined> = {
  'payment.approved': 'paid',
  'payment.captured': 'paid',
  'subscription.activated': 'paid',
  'payment.declined': 'failed',
  'payment.cancelled': 'failed',
  'payment.refunded': 'refunded',
};

export class WebhookRejected extends Error {
  readonly status: 400 | 401;
  readonly field?: string;
  constructor(status: 400 | 401, message: string, field?: string) {
    super(message);
    this.name = 'WebhookRejected';
    this.status = status;
    this.field = field;
  }
}

/** A secret generated once and kept in the database, so that every process uses the same one. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(paymentKeys)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: paymentKeys.secret })
    .from(paymentKeys)
    .where(eq(paymentKeys.name, name));
  if (!row) throw new Error(`The payment secret ${name} could not be stored`);
  return row.secret;
}

export function createWebhookReceiver(deps: {
  db: Db;
  secret: () => Promise<string>;
  toleranceSeconds: number;
  apply: ApplyOutcome;
}) {
  const { db } = deps;

  /** Checks and applies one delivery; answers whether it was new and applied. */
  async function receive(provider: string, rawBody: string, signature: string | undefined, now = Date.now()) {
    const check = verifySignature(await deps.secret(), rawBody, signature, {
      toleranceSeconds: deps.toleranceSeconds,
      now,
    });
    if (!check.ok)
      throw new WebhookRejected(401, `The signature is not valid (${check.reason}).`, 'signature');
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected(400, 'The body is not JSON.', 'body');
    }
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new WebhookRejected(
        400,
        issue?.message ?? 'The event is not valid.',
        issue?.path.join('.') || 'body',
      );
    }
    const event = parsed.data;
    const occurredAt = new Date(event.created);
    return db.transaction(async (tx) => {
      // One payment's events are applied one at a time (concurrent deliveries wait here).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider}:${event.data.paymentId}`}))`);
      const [seen] = await tx
        .select({ applied: paymentEvents.applied })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)));
      if (seen) return { eventId: event.id, duplicate: true, applied: false };
      const [newer] = await tx
        .select({ eventId: paymentEvents.eventId })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.provider, provider),
            eq(paymentEvents.paymentId, event.data.paymentId),
            eq(paymentEvents.applied, true),
            sql`${paymentEvents.occurredAt} > ${occurredAt.toISOString()}`,
          ),
        )
        .limit(1);
      const status = OUTCOME_OF_EVENT[event.type];
      const applied = !newer && status !== undefined;
      if (applied)
        await deps.apply(
          {
            provider,
            reference: event.data.reference,
            providerPaymentId: event.data.paymentId,
            status,
            eventId: event.id,
            maskedCard: event.data.maskedCard ?? null,
          },
          tx,
        );
      await tx.insert(paymentEvents).values({
        provider,
        eventId: event.id,
        paymentId: event.data.paymentId,
        reference: event.data.reference,
        type: event.type,
        occurredAt,
        applied,
      });
      return { eventId: event.id, duplicate: false, applied };
    });
  }

  return { receive };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;
