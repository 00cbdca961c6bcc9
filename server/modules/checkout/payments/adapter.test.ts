import { describe, expect, it } from 'vitest';
import {
  bankTransferAdapter,
  bankTransferReference,
  cashOnDeliveryAdapter,
  createPaymentRegistry,
  type PaymentAdapter,
} from './adapter.ts';

const card: PaymentAdapter = {
  provider: 'sandbox',
  paymentTypes: ['HPF', 'button'],
  start: async () => ({ html: '<form></form>', providerRef: 'ref-1' }),
  confirm: async () => null,
  webhook: async () => [],
  refund: async ({ order, amount }) => ({ orderId: order.id, eventId: 'r', outcome: 'refunded', amount }),
};

describe('payment registry', () => {
  it('resolves a method by provider and payment type, and only registered ones are supported', () => {
    const registry = createPaymentRegistry([cashOnDeliveryAdapter, bankTransferAdapter]);
    expect(registry.resolve({ provider: 'offline', paymentType: 'cod' })).toBe(cashOnDeliveryAdapter);
    expect(registry.resolve({ provider: 'offline', paymentType: 'bank_transfer' })).toBe(bankTransferAdapter);
    expect(registry.supports({ provider: 'sandbox', paymentType: 'HPF' })).toBe(false);
    registry.register(card);
    expect(registry.resolve({ provider: 'sandbox', paymentType: 'button' })).toBe(card);
    expect(registry.forProvider('offline')).toHaveLength(2);
  });

  it('refuses a second adapter for the same provider and type', () => {
    const registry = createPaymentRegistry([card]);
    expect(() => registry.register({ ...card, paymentTypes: ['HPF'] })).toThrow(/already registered/);
  });

  it('offline adapters start nothing online and record a manual refund', async () => {
    const started = await cashOnDeliveryAdapter.start({} as never);
    expect(started).toEqual({ html: null, providerRef: null });
    const refund = await bankTransferAdapter.refund({
      order: { id: 7 } as never,
      providerRef: null,
      amount: 1250,
    });
    expect(refund).toEqual({ orderId: 7, eventId: 'manual-refund-7', outcome: 'refunded', amount: 1250 });
  });

  it('the bank transfer reference is model HR00 with the order number digits', () => {
    expect(bankTransferReference('2026-000042')).toEqual({ model: 'HR00', reference: '2026000042' });
  });
});
