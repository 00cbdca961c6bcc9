import { describe, expect, it } from 'vitest';
import { cookieConsentRoutes } from './cookie-consent.routes.ts';

const post = (body: string) =>
  cookieConsentRoutes({ secure: false }).request('/cookie-consent', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

describe('POST /cookie-consent', () => {
  it('stores the known categories and returns to the page', async () => {
    const response = await post(
      'categories=necessary&categories=analytics&categories=bogus&returnTo=%2Fen%2Fblog%3Fpage%3D2',
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/blog?page=2');
    // 180 days: the question comes back after about six months.
    const [consent, anonymous] = response.headers.getSetCookie();
    expect(consent).toBe(
      `cookie_consent=necessary%2Canalytics; Max-Age=${180 * 24 * 60 * 60}; Path=/; SameSite=Lax`,
    );
    // The anonymous id the choice is recorded under: random, and out of the page's scripts' reach.
    expect(anonymous).toMatch(/^consent_anon=[0-9a-f-]{36}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('never redirects off the site', async () => {
    const response = await post('categories=necessary&returnTo=%2F%2Fevil.example');
    expect(response.headers.get('location')).toBe('/');
  });
});
