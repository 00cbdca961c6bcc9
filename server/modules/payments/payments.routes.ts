import { Hono } from 'hono';
import { ApiError, errorBody } from '../../api/errors.ts';
import { WebhookRejected } from './payment-webhooks.ts';
import type { PaymentsService } from './payments.service.ts';
import { sandboxGatewayRoutes } from './sandbox-gateway.routes.ts';
import { SIGNATURE_HEADER } from './webhook-signature.ts';

/** Providers whose webhooks this shop takes. */
const PROVIDERS = new Set(['sandbox']);

/**
 * Provider-facing routes, outside `/api`: a webhook is signed over its raw bytes (so it is read as
 * text, not through a JSON contract), comes from the provider's servers (no Idempotency-Key: the
 * event id makes it idempotent) and is not a shopper's write. Plus the sandbox gateway's pages.
 */
export function paymentRoutes(payments: PaymentsService) {
  const router = new Hono();
  router.post('/payments/webhook/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (!PROVIDERS.has(provider)) {
      const error = new ApiError(404, 'NOT_FOUND', 'No such payment provider.');
      return c.json(errorBody(error), 404);
    }
    const body = await c.req.text();
    try {
      const result = await payments.webhooks.receive(provider, body, c.req.header(SIGNATURE_HEADER));
      return c.json({ data: result });
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      const apiError = new ApiError(
        error.status,
        error.status === 401 ? 'SIGNATURE_INVALID' : 'INVALID_EVENT',
        error.message,
        error.field ? { field: error.field } : undefined,
      );
      return c.json(errorBody(apiError), error.status);
    }
  });
  router.route('/', sandboxGatewayRoutes(payments.gateway, payments.merchantSecret));
  return router;
}
