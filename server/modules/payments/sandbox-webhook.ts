import { z } from 'zod';
import type { SandboxEvent } from './sandbox-gateway.service.ts';
import { verifySignature } from './webhook-signature.ts';

// Reading a webhook of the sandbox gateway: the signature first (HMAC over time and raw body, in
// constant time, within the tolerance), then the event's shape. What the event does to an order is
// the checkout's business (applyPaymentOutcome: once per event id, forward only).

export class WebhookRejected extends Error {
  readonly status: 400 | 401;
  readonly field: string;
  constructor(status: 400 | 401, message: string, field: string) {
    super(message);
    this.name = 'WebhookRejected';
    this.status = status;
    this.field = field;
  }
}

const id = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/);

const eventSchema = z.object({
  id,
  type: z
    .string()
    .max(40)
    .regex(/^[a-z]+\.[a-z_]+$/),
  created: z.iso.datetime({ offset: true }),
  data: z.object({
    paymentId: id,
    reference: id,
    customId: z.string().max(64).nullable(),
    kind: z.enum(['hpf', 'order', 'subscription']),
    status: z.string().max(16),
    amount: z.number().int().min(0),
    currency: z.string().regex(/^[A-Z]{3}$/),
    maskedCard: z.string().max(24).nullable(),
  }),
});

/** What each sandbox event means for the order's payment (other events change nothing). */
export const OUTCOME_OF_EVENT: Partial<Record<SandboxEvent['type'], 'paid' | 'failed' | 'refunded'>> = {
  'payment.approved': 'paid',
  'payment.captured': 'paid',
  'subscription.activated': 'paid',
  'payment.declined': 'failed',
  'payment.cancelled': 'failed',
  'payment.refunded': 'refunded',
};

export function readSandboxWebhook(
  secret: string,
  rawBody: string,
  signature: string | undefined,
  options: { toleranceSeconds: number; now?: number },
): SandboxEvent {
  const check = verifySignature(secret, rawBody, signature, options);
  if (!check.ok) throw new WebhookRejected(401, `The signature is not valid (${check.reason}).`, 'signature');
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
  return parsed.data as SandboxEvent;
}
