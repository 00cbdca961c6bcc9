import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, parseConsent, serializeConsent } from './cookie-consent.ts';
import { readCookie, serializeCookie } from './cookies.ts';

describe('cookie consent', () => {
  it('stores the chosen categories comma-separated, always with necessary', () => {
    expect(serializeConsent(['analytics'])).toBe('necessary,analytics');
    expect(serializeConsent(['marketing', 'analytics', 'necessary'])).toBe('necessary,marketing,analytics');
    expect(serializeConsent([])).toBe('necessary');
  });
  it('reads the cookie back, dropping unknown entries; no cookie means no decision yet', () => {
    expect(parseConsent('necessary,analytics')).toEqual(['necessary', 'analytics']);
    expect(parseConsent('evil,<script>')).toEqual(['necessary']);
    expect(parseConsent(null)).toBeNull();
  });
  it('reads one cookie from a header, decoded', () => {
    expect(readCookie('a=1; cookie_consent=necessary,analytics; b=2', 'cookie_consent')).toBe(
      'necessary,analytics',
    );
    expect(readCookie('cookie_consent=necessary%2Cmarketing', 'cookie_consent')).toBe('necessary,marketing');
    expect(readCookie('a=1', 'cookie_consent')).toBeNull();
    expect(readCookie(undefined, 'x')).toBeNull();
  });
  it('tolerates any malformed Cookie header', () => {
    for (const header of [
      'cookie_consent=%',
      'cookie_consent=%E0%A4%A',
      '=;;=%;cookie_consent',
      '\u0000=%00',
    ]) {
      expect(() => parseConsent(readCookie(header, CONSENT_COOKIE))).not.toThrow();
    }
    expect(parseConsent(readCookie('cookie_consent=%', CONSENT_COOKIE))).toEqual(['necessary']);
  });
  it('writes what it reads back', () => {
    const setCookie = serializeCookie(CONSENT_COOKIE, serializeConsent(['marketing']), { maxAgeSeconds: 60 });
    expect(setCookie).toBe('cookie_consent=necessary%2Cmarketing; Max-Age=60; Path=/; SameSite=Lax');
    const header = setCookie.split(';')[0]!;
    expect(parseConsent(readCookie(header, CONSENT_COOKIE))).toEqual(['necessary', 'marketing']);
  });
});
