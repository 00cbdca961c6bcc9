import { describe, expect, it } from 'vitest';
import { parseConsent, readCookie, serializeConsent } from './cookie-consent.ts';

describe('cookie consent', () => {
  it('stores the chosen categories comma-separated, always with necessary', () => {
    expect(serializeConsent(['analytics'])).toBe('necessary,analytics');
    expect(serializeConsent(['marketing', 'analytics', 'necessary'])).toBe('necessary,marketing,analytics');
    expect(serializeConsent([])).toBe('necessary');
  });
  it('reads the cookie back, dropping unknown entries; no cookie means no decision yet', () => {
    expect(parseConsent('necessary,analytics')).toEqual(['necessary', 'analytics']);
    expect(parseConsent('necessary%2Cmarketing')).toEqual(['necessary', 'marketing']);
    expect(parseConsent('evil,<script>')).toEqual(['necessary']);
    expect(parseConsent(null)).toBeNull();
  });
  it('reads one cookie from a header', () => {
    expect(readCookie('a=1; cookie_consent=necessary,analytics; b=2', 'cookie_consent')).toBe(
      'necessary,analytics',
    );
    expect(readCookie('a=1', 'cookie_consent')).toBeNull();
    expect(readCookie(undefined, 'x')).toBeNull();
  });
});
