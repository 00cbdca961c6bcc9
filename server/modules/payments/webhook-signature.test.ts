import { describe, expect, it } from 'vitest';
import { signFields, signPayload, verifyFields, verifySignature } from './webhook-signature.ts';

const secret = 'test-secret-of-the-shop-0123456789';
const body = JSON.stringify({ id: 'evt_1', type: 'payment.approved' });
const now = Date.UTC(2026, 10, 24, 9, 0, 0);

describe('webhook signatures', () => {
  it('accepts its own signature over the same body within the tolerance', () => {
    const header = signPayload(secret, body, now);
    expect(verifySignature(secret, body, header, { now })).toEqual({ ok: true, timestamp: now / 1000 });
    expect(verifySignature(secret, body, header, { now: now + 299_000 }).ok).toBe(true);
  });

  it('refuses a changed body, another secret, an old or future time, and malformed headers', () => {
    const header = signPayload(secret, body, now);
    expect(verifySignature(secret, `${body} `, header, { now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature('another-secret', body, header, { now })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifySignature(secret, body, header, { now: now + 301_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifySignature(secret, body, header, { now: now - 301_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifySignature(secret, body, undefined, { now })).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature(secret, body, 'v1=abc', { now })).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySignature(secret, body, `t=${now / 1000}`, { now })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('cannot be moved to a fresh time: the time is part of the signed text', () => {
    const header = signPayload(secret, body, now);
    const moved = header.replace(/^t=\d+/, `t=${now / 1000 + 600}`);
    expect(verifySignature(secret, body, moved, { now: now + 600_000 })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('signs form fields independent of their order and notices any change', () => {
    const fields = { amount: '1000', currency: 'EUR', order: 'abc' };
    const signature = signFields(secret, fields);
    expect(verifyFields(secret, { order: 'abc', currency: 'EUR', amount: '1000' }, signature)).toBe(true);
    expect(verifyFields(secret, { ...fields, amount: '1' }, signature)).toBe(false);
    expect(verifyFields(secret, fields, 'nothex')).toBe(false);
  });

  it('does not let a value carrying "&name=" stand for other fields', () => {
    // Signed: a failure path the shopper chose that looks like more fields.
    const signed = {
      amount: '1000',
      failure_url: '/x&language=hr&reference=R1',
      language: 'en',
      reference: 'R2',
    };
    const signature = signFields(secret, signed);
    // The same text split another way: the reference and language moved out of the path.
    const respliced = {
      amount: '1000',
      failure_url: '/x',
      language: 'hr&reference=R1&language=en',
      reference: 'R2',
    };
    expect(verifyFields(secret, respliced, signature)).toBe(false);
    expect(verifyFields(secret, signed, signature)).toBe(true);
  });
});
