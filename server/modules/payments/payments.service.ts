import type { Deps } from '../../api/request-context.ts';
import { sharedSecret } from './payment-keys.ts';
import { type HPF_FIELDS, SANDBOX_BASE } from './sandbox-gateway.routes.ts';
import { createSandboxGateway, type WebhookDelivery } from './sandbox-gateway.service.ts';
import { readSandboxWebhook } from './sandbox-webhook.ts';
import { signFields } from './webhook-signature.ts';

/** Where the sandbox sends its events: this app's webhook for the provider `sandbox`. */
export const SANDBOX_WEBHOOK_PATH = '/payments/webhook/sandbox';
/** The merchant key's row when PAYMENT_SANDBOX_SECRET is not set. */
const MERCHANT_KEY = 'sandbox-merchant';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Payments: the built-in sandbox gateway (its pages, state and webhooks), the shop's webhook
 * receiver, and what the payment adapters need from both (docs/decisions/0310).
 */
export function createPaymentsService(
  deps: Pick<Deps, 'config' | 'db' | 'logger'>,
  options: { deliver: WebhookDelivery },
) {
  const { config, db, logger } = deps;
  let secretPromise: Promise<string> | undefined;
  const merchantSecret = () => {
    if (config.PAYMENT_SANDBOX_SECRET) return Promise.resolve(config.PAYMENT_SANDBOX_SECRET);
    secretPromise ??= sharedSecret(db, MERCHANT_KEY).catch((error) => {
      secretPromise = undefined;
      throw error;
    });
    return secretPromise;
  };
  const gateway = createSandboxGateway({ db, logger, secret: merchantSecret, deliver: options.deliver });
  /** A webhook of the sandbox, checked (signature, time, shape): throws WebhookRejected. */
  const readWebhook = async (rawBody: string, signature: string | undefined) =>
    readSandboxWebhook(await merchantSecret(), rawBody, signature, {
      toleranceSeconds: config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
    });

  /**
   * The hosted payment form the checkout page adds and submits: the order's signed fields, posted to
   * the sandbox's payment page. It carries no card field: the card is typed on the gateway's page only.
   */
  async function hostedPaymentForm(input: {
    reference: string;
    /** Carried back in every event (our order id). */
    customId: string;
    amount: number;
    currency: string;
    language: string;
    description: string;
    successUrl: string;
    failureUrl: string;
  }) {
    const fields: Record<(typeof HPF_FIELDS)[number], string> = {
      reference: input.reference,
      custom_id: input.customId,
      amount: String(input.amount),
      currency: input.currency,
      language: input.language,
      description: input.description.slice(0, 200),
      success_url: input.successUrl,
      failure_url: input.failureUrl,
      webhook_url: SANDBOX_WEBHOOK_PATH,
    };
    const signature = signFields(await merchantSecret(), fields);
    const inputs = Object.entries({ ...fields, signature })
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeAttribute(value)}">`)
      .join('');
    return `<form id="hpf-form" method="post" action="${SANDBOX_BASE}/hpf" accept-charset="utf-8">${inputs}</form>`;
  }

  return { gateway, readWebhook, merchantSecret, hostedPaymentForm };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export type { SandboxEvent, SandboxPayment } from './sandbox-gateway.service.ts';
export { OUTCOME_OF_EVENT, WebhookRejected } from './sandbox-webhook.ts';
