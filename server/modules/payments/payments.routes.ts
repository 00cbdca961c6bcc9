import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Implement } from '../../api/contract-router.ts';
import { ApiError, errorBody } from '../../api/errors.ts';
import type { createBankTransferService } from './bank-transfer.service.ts';
import { getBankTransferDetails } from './payments.contract.ts';
import type { PaymentsService } from './payments.service.ts';
import { sandboxGatewayRoutes } from './sandbox-gateway.routes.ts';

/** The return address of the sandbox wallet: the shopper approved (or cancelled) there. */
export const SANDBOX_RETURN_PATH = '/payments/sandbox/return';

const PROVIDER_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** A provider webhook's address with a well-formed provider name (its route does its own rate limiting). */
export const isProviderWebhookPath = (path: string) => {
  const match = /^\/payments\/webhook\/([^/]+)$/.exec(path);
  return match !== null && PROVIDER_NAME.test(match[1]!);
};

export type PaymentRouteHandlers = {
  /** A provider's webhook: verified by its adapter, each event applied to its order once. */
  webhook(c: Context, provider: string, rawBody: string, headers: Record<string, string>): Promise<unknown>;
  /**
   * The shopper is back from the wallet: confirm the order's payment (pgSuccess, which captures)
   * and answer the page to go to, or undefined when it did not go through.
   */
  confirmReturn(c: Context, orderSlug: string, token: string, language: string): Promise<string | undefined>;
};

/**
 * Provider-facing routes, outside `/api` (docs/decisions/0310): a webhook is signed over its raw
 * bytes (read as text, not through a JSON contract) and comes from the provider's servers (no
 * Idempotency-Key: the event id makes it idempotent). Plus the wallet's return address and the
 * sandbox gateway's pages.
 */
export function paymentRoutes(payments: PaymentsService, handlers: PaymentRouteHandlers) {
  const router = new Hono();
  router.post('/payments/webhook/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (!PROVIDER_NAME.test(provider)) {
      const error = new ApiError(404, 'NOT_FOUND', 'No such payment provider.');
      return c.json(errorBody(error), 404);
    }
    const rawBody = await c.req.text();
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    try {
      return c.json({ data: await handlers.webhook(c, provider, rawBody, headers) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.json(errorBody(error), error.status as ContentfulStatusCode);
    }
  });

  router.get(SANDBOX_RETURN_PATH, async (c) => {
    const token = c.req.query('token') ?? '';
    if (!/^(pay|sub)_[A-Za-z0-9_-]{20}$/.test(token)) return c.text('Not found', 404);
    let payment: Awaited<ReturnType<PaymentsService['gateway']['getPayment']>>;
    try {
      payment = await payments.gateway.getPayment(token);
    } catch {
      return c.text('Not found', 404);
    }
    const next = await handlers.confirmReturn(c, payment.reference, token, payment.language);
    c.header('Cache-Control', 'no-store');
    return c.redirect(next ?? payment.failureUrl, 303);
  });

  router.route('/', sandboxGatewayRoutes(payments.gateway, payments.merchantSecret));
  return router;
}

/** The payments module's API calls (contracts). */
export function paymentContractRoutes(
  implement: Implement,
  bankTransfer: ReturnType<typeof createBankTransferService>,
) {
  implement(getBankTransferDetails, (ctx, { params }) => bankTransfer.details(ctx, params.orderSlug));
}
