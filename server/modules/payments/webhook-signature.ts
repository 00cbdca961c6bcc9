import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed provider messages (webhooks): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
// the scheme Stripe made common. The timestamp is inside the signed text, so an old message cannot
// be replayed with a fresh time; the receiver refuses times outside its tolerance either way.

export const SIGNATURE_HEADER = 'Sandbox-Signature';
/** How far a signed time may be from the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

export function signPayload(secret: string, body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

/** Checks a signature header against the raw body; every candidate `v1` is compared in constant time. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined | null,
  options: { toleranceSeconds?: number; now?: number } = {},
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(hmac(secret, `${timestamp}.${body}`), 'hex');
  const matches = candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}

/**
 * A signature over form fields (the hosted payment form): the fields in a fixed order, each name and
 * value URI-encoded before joining, so a value holding `&name=` cannot stand for another set of fields.
 */
export function signFields(secret: string, fields: Record<string, string>): string {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(fields[key] ?? '')}`)
    .join('&');
  return hmac(secret, text);
}

export function verifyFields(secret: string, fields: Record<string, string>, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signFields(secret, fields), 'hex'), Buffer.from(signature, 'hex'));
}
