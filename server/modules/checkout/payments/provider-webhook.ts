import { ApiError } from '../../../api/errors.ts';
import type { CheckoutService } from '../checkout.service.ts';
import type { WebhookInput } from './adapter.ts';

/**
 * A provider's webhook: its adapter verifies the signature and reads the events, and each event
 * reaches its order through applyPaymentOutcome (once per event id, forward only).
 */
export async function receiveProviderWebhook(
  checkout: Pick<CheckoutService, 'registry' | 'applyPaymentOutcome'>,
  provider: string,
  input: WebhookInput,
) {
  const [adapter] = checkout.registry.forProvider(provider);
  if (!adapter) throw new ApiError(404, 'NOT_FOUND', 'No such payment provider.');
  const events = await adapter.webhook(input);
  const results = [];
  for (const event of events) {
    if (event.orderId === undefined) {
      results.push({
        eventId: event.eventId,
        applied: false,
        reason: 'not_found' as const,
        paymentStatus: null,
      });
      continue;
    }
    const result = await checkout.applyPaymentOutcome({
      orderId: event.orderId,
      provider,
      eventId: event.eventId,
      outcome: event.outcome,
      amount: event.amount,
      providerRef: event.providerRef ?? null,
    });
    results.push({
      eventId: event.eventId,
      applied: result.applied,
      reason: result.reason,
      paymentStatus: result.paymentStatus,
    });
  }
  return results;
}
