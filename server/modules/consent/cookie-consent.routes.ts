import { Hono } from 'hono';
import type { ConsentCategory } from '../../../core/cookie-consent.ts';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentCategories,
  serializeConsent,
} from '../../../core/cookie-consent.ts';
import { serializeCookie } from '../../../core/cookies.ts';
import { safeRedirectTarget } from '../../../core/links.ts';

/**
 * The cookie banner's form posts here, so that accepting works without JavaScript: the chosen
 * categories go into the consent cookie and the visitor returns to the page they were on.
 */
export function cookieConsentRoutes(options: { secure: boolean }) {
  const router = new Hono();
  router.post('/cookie-consent', async (c) => {
    const form = await c.req.parseBody({ all: true });
    const raw = form.categories;
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (value): value is string => typeof value === 'string',
    );
    const chosen = values.filter((value): value is ConsentCategory =>
      (consentCategories as readonly string[]).includes(value),
    );
    c.header(
      'Set-Cookie',
      serializeCookie(CONSENT_COOKIE, serializeConsent(chosen), {
        maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
        secure: options.secure,
      }),
    );
    const returnTo = typeof form.returnTo === 'string' ? form.returnTo : '/';
    return c.redirect(safeRedirectTarget(returnTo), 303);
  });
  return router;
}
