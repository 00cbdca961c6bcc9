import { BlockList, isIP } from 'node:net';
import { ApiError } from '../../../api/errors.ts';
import type { CheckoutService } from '../checkout.service.ts';
import type { WebhookInput } from './adapter.ts';

/**
 * Where each provider's webhooks may come from without counting in the per-address write budget
 * (`PAYMENT_WEBHOOK_ALLOW`, docs/decisions/0326): a real provider sends every shop's events from a few
 * addresses, so at a busy hour its notifications would otherwise be refused with 429 like a flood.
 */
export type WebhookAllowList = ReadonlyMap<string, BlockList>;

/**
 * Parses `provider=address-or-CIDR,address-or-CIDR;provider=…` (spaces allowed). Throws a message
 * naming the entry that is wrong.
 */
export function parseWebhookAllowList(value: string | undefined): WebhookAllowList {
  const allow = new Map<string, BlockList>();
  for (const part of (value ?? '').split(';')) {
    const text = part.trim();
    if (!text) continue;
    const [name, ranges, ...rest] = text.split('=');
    const provider = (name ?? '').trim().toLowerCase();
    if (rest.length > 0 || ranges === undefined || !/^[a-z][a-z0-9-]{0,31}$/.test(provider))
      throw new Error(`"${text}" is not provider=address-or-CIDR,…`);
    const list = allow.get(provider) ?? new BlockList();
    let entries = 0;
    for (const raw of ranges.split(',')) {
      const entry = raw.trim();
      if (!entry) continue;
      const [address = '', prefixText, ...more] = entry.split('/');
      const family = isIP(address);
      if (!family || more.length > 0)
        throw new Error(`"${entry}" (${provider}) is not an address or a CIDR range`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefixText === undefined) list.addAddress(address, type);
      else {
        const prefix = Number(prefixText);
        if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
          throw new Error(`"${entry}" (${provider}) has an invalid prefix length`);
        list.addSubnet(address, prefix, type);
      }
      entries += 1;
    }
    if (entries === 0) throw new Error(`"${text}" names no address`);
    allow.set(provider, list);
  }
  return allow;
}

/** Whether `address` (the resolved client address) is on `provider`'s allow-list. */
export function isAllowListed(allow: WebhookAllowList, provider: string, address: string | undefined) {
  const list = allow.get(provider);
  if (!list || !address) return false;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

export type WebhookLimit = {
  /** The sender is on the provider's allow-list. */
  allowListed: boolean;
  /** Counts the request in the sender's write budget; throws 429 when the budget is spent. */
  count(): Promise<void>;
};

/**
 * A provider's webhook: its adapter verifies the signature and reads the events, and each event
 * reaches its order through applyPaymentOutcome (once per event id, forward only).
 *
 * The rate limit: a sender that is not on the provider's allow-list is counted before anything is
 * read (as every write). An allow-listed sender's request is verified first: a signed one is not
 * counted, one whose signature (or event) is refused is counted like any other write, so an address
 * on the list gains nothing without the provider's key.
 */
export async function receiveProviderWebhook(
  checkout: Pick<CheckoutService, 'registry' | 'applyPaymentOutcome'>,
  provider: string,
  input: WebhookInput,
  limit: WebhookLimit = { allowListed: false, count: async () => {} },
) {
  const [adapter] = checkout.registry.forProvider(provider);
  if (!adapter) {
    await limit.count();
    throw new ApiError(404, 'NOT_FOUND', 'No such payment provider.');
  }
  if (!limit.allowListed) await limit.count();
  let events: Awaited<ReturnType<typeof adapter.webhook>>;
  try {
    events = await adapter.webhook(input);
  } catch (error) {
    if (limit.allowListed) await limit.count();
    throw error;
  }

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
