import { describe, expect, it } from 'vitest';
import { hasPersonalCookie, personalCookies } from './visitor-cookies.ts';

describe('hasPersonalCookie', () => {
  it('finds any cookie of a session, a cart or a guest checkout among others', () => {
    for (const name of personalCookies) {
      expect(hasPersonalCookie(`cookie_consent=necessary; ${name}=x; locale=en`), name).toBe(true);
    }
  });

  it('ignores the consent and language cookies, tracking cookies and look-alike names', () => {
    expect(hasPersonalCookie(null)).toBe(false);
    expect(hasPersonalCookie('')).toBe(false);
    expect(hasPersonalCookie('cookie_consent=necessary%2Canalytics; locale=en; _ga=GA1.1.2.3')).toBe(false);
    expect(hasPersonalCookie('mycartId=1; xrefreshToken=2')).toBe(false);
  });
});
