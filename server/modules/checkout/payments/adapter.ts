import type { PaymentType } from '../checkout.schema.ts';

/**
 * Payment providers behind one interface (DECISIONS "Shop"; decision 0302). The checkout never
 * talks to a provider itself: it picks the adapter registered for the payment method's
 * `provider` and `paymentType`, calls `start` when the order is created, `confirm` from
 * `order/pgSuccess/{id}`, `webhook` for the provider's signed notifications and `refund` from the
 * back office. Whatever an adapter learns about a payment reaches the order only through
 * `applyPaymentOutcome` (./payment-outcome.ts), which applies each provider event once.
 */

/** What an adapter knows about the order it is paid for. Amounts in minor units of `currencyCode`. */
export type PaymentOrder = {
  id: number;
  slug: string;
  orderNumber: string;
  siteId: number;
  language: string;
  email: string;
  currencyCode: string;
  grandTotal: number;
  /** The tax in the grand total (a subscription's by the plan tax rule, decision 0304). */
  taxTotal: number;
  /** The same amount in euro cents (providers that take only EUR). */
  eurGrandTotal: number;
  paymentMethodCode: number;
  paymentType: PaymentType;
  /** Buyer data some providers need (tax of subscription plans, card holder name). */
  buyer: { firstName: string; lastName: string; country: string | null; isCompany: boolean };
  lines: { productId: number | null; sku: string; name: string; qty: number; finalPrice: number }[];
};

export type StartInput = {
  order: PaymentOrder;
  /** Absolute URLs on this site the provider sends the shopper back to. */
  successUrl: string;
  failureUrl: string;
  /** This site's origin (for the sandbox's own pages and webhooks). */
  origin: string;
};

/** The page's next step: an HTML form it adds and submits, a button flow, or nothing (offline). */
export type StartResult = {
  html: string | ButtonFlowStart | null;
  /** The provider's id for this payment attempt, stored in order_payments.provider_ref. */
  providerRef: string | null;
  /** Anything else the adapter wants kept with the attempt (never card data). */
  data?: Record<string, unknown>;
};

export type ButtonFlowStart = {
  type: 'button';
  provider: string;
  providerOrderId: string;
  intent: 'order' | 'subscription';
  approveUrl: string;
};

/** One thing a provider says happened to a payment; `eventId` is the provider's, unique per provider. */
export type PaymentEvent = {
  /** The order, by id or by the provider reference stored when the payment started. */
  orderId?: number;
  providerRef?: string;
  eventId: string;
  outcome: PaymentOutcome;
  /** Minor units of the order's currency. */
  amount: number;
};

export type PaymentOutcome = 'paid' | 'failed' | 'refunded';

export type ConfirmInput = {
  order: PaymentOrder;
  /** The provider reference stored by `start` (null for offline methods). */
  providerRef: string | null;
  /** What the page passed to pgSuccess (`details`). */
  details: Record<string, unknown>;
};

export type WebhookInput = {
  /** The raw body exactly as received (signatures are over it). */
  rawBody: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
};

export type RefundInput = { order: PaymentOrder; providerRef: string | null; amount: number };

export interface PaymentAdapter {
  /** The `payment_methods.provider` value it serves ('offline', 'sandbox', …). */
  readonly provider: string;
  /** The payment types it handles for that provider. */
  readonly paymentTypes: readonly PaymentType[];
  /** Called once per payment attempt when the order is created (or created again after a failure). */
  start(input: StartInput): Promise<StartResult>;
  /**
   * The shopper came back saying the payment was approved: ask the provider (capture for a
   * button flow) and answer the event to apply, or null when there is nothing to confirm.
   */
  confirm(input: ConfirmInput): Promise<PaymentEvent | null>;
  /**
   * A provider notification: verify its signature (throw ApiError 401 when it does not hold) and
   * answer the events it carries.
   */
  webhook(input: WebhookInput): Promise<PaymentEvent[]>;
  /** Gives money back; answers the refund event to apply (offline adapters record a manual refund). */
  refund(input: RefundInput): Promise<PaymentEvent>;
}

const registryKey = (provider: string, paymentType: PaymentType) => `${provider}:${paymentType}`;

/** Adapters by provider and payment type: a payment method row resolves to exactly one. */
export function createPaymentRegistry(adapters: PaymentAdapter[] = []) {
  const byKey = new Map<string, PaymentAdapter>();
  const byProvider = new Map<string, PaymentAdapter[]>();
  const registry = {
    register(adapter: PaymentAdapter) {
      for (const type of adapter.paymentTypes) {
        const key = registryKey(adapter.provider, type);
        if (byKey.has(key)) throw new Error(`A payment adapter for ${key} is already registered.`);
        byKey.set(key, adapter);
      }
      byProvider.set(adapter.provider, [...(byProvider.get(adapter.provider) ?? []), adapter]);
      return registry;
    },
    /** The adapter of a payment method (its provider and type), or undefined when none is registered. */
    resolve(method: { provider: string; paymentType: PaymentType }) {
      return byKey.get(registryKey(method.provider, method.paymentType));
    },
    /** The adapters of a provider (its webhook endpoint asks them). */
    forProvider(provider: string) {
      return byProvider.get(provider) ?? [];
    },
    /** Whether a method can be offered: a method without an adapter is never shown. */
    supports(method: { provider: string; paymentType: PaymentType }) {
      return byKey.has(registryKey(method.provider, method.paymentType));
    },
  };
  for (const adapter of adapters) registry.register(adapter);
  return registry;
}
export type PaymentRegistry = ReturnType<typeof createPaymentRegistry>;

/**
 * Offline methods: nothing happens online. The shop records the money when it arrives (on delivery,
 * or when the transfer is on the account) and when it gives it back; both go through
 * applyPaymentOutcome with an event id of the back office's choosing.
 */
function offlineAdapter(paymentType: 'cod' | 'bank_transfer'): PaymentAdapter {
  return {
    provider: 'offline',
    paymentTypes: [paymentType],
    async start() {
      return { html: null, providerRef: null };
    },
    async confirm() {
      return null;
    },
    async webhook() {
      return [];
    },
    async refund({ order, amount }) {
      return { orderId: order.id, eventId: `manual-refund-${order.id}`, outcome: 'refunded', amount };
    },
  };
}

export const cashOnDeliveryAdapter = offlineAdapter('cod');

/**
 * Bank transfer: the success page shows the payment details and a HUB-3 barcode built from
 * `bankTransferReference` (model HR00, the order number digits).
 */
export const bankTransferAdapter = offlineAdapter('bank_transfer');

/** The reference (poziv na broj) of an order paid by bank transfer: model HR00, the order number's digits. */
export function bankTransferReference(orderNumber: string) {
  return { model: 'HR00', reference: orderNumber.replace(/\D/g, '') };
}

export { applyPaymentOutcome, type PaymentOutcomeResult } from './payment-outcome.ts';
