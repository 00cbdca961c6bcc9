import { describe, expect, it } from 'vitest';
import { rootRedirectTarget } from './root-redirect.ts';

const base = {
  pathname: '/',
  rootRedirect: '',
  detectLanguage: false,
  allowedLanguages: ['hr', 'en'],
  cookieHeader: null,
  acceptLanguage: null,
};

describe('rootRedirectTarget', () => {
  it('serves the home page by default (no detection)', () => {
    expect(rootRedirectTarget({ ...base, acceptLanguage: 'en-GB,en;q=0.9' })).toBeNull();
  });

  it('follows a configured root redirect, only for the root', () => {
    expect(rootRedirectTarget({ ...base, rootRedirect: '/shop' })).toBe('/shop');
    expect(rootRedirectTarget({ ...base, rootRedirect: 'https://example.org/x' })).toBe(
      'https://example.org/x',
    );
    expect(rootRedirectTarget({ ...base, pathname: '/en', rootRedirect: '/shop' })).toBeNull();
  });

  it('ignores a root redirect that is not a path or an http(s) URL', () => {
    expect(rootRedirectTarget({ ...base, rootRedirect: '//evil.example' })).toBeNull();
    expect(rootRedirectTarget({ ...base, rootRedirect: 'javascript:alert(1)' })).toBeNull();
  });

  it('detects the language from the cookie first, then Accept-Language, when enabled', () => {
    const on = { ...base, detectLanguage: true };
    expect(rootRedirectTarget({ ...on, acceptLanguage: 'de-DE,en;q=0.8,hr;q=0.5' })).toBe('/en');
    expect(rootRedirectTarget({ ...on, cookieHeader: 'a=1; locale=hr', acceptLanguage: 'en' })).toBeNull();
    expect(rootRedirectTarget({ ...on, cookieHeader: 'locale=en' })).toBe('/en');
    expect(rootRedirectTarget({ ...on, cookieHeader: 'locale=de', acceptLanguage: 'fr' })).toBeNull();
    expect(rootRedirectTarget({ ...on, acceptLanguage: 'hr;q=0.4,en;q=0.9' })).toBe('/en');
  });
});
