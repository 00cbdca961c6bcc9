import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { ConsentCategory } from '../../../core/cookie-consent.ts';
import {
  CONSENT_ANONYMOUS_COOKIE,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentCategories,
  serializeConsent,
} from '../../../core/cookie-consent.ts';
import { readCookie, serializeCookie } from '../../../core/cookies.ts';
import { safeRedirectTarget } from '../../../core/links.ts';
import type { Logger } from '../../logger.ts';

/** Records a choice in the append-only cookie consent log; the site and user come from the request. */
export type RecordCookieChoice = (
  c: Context,
  choice: { anonymousId: string; categories: string },
) => Promise<void>;

const anonymousIdPattern = /^[0-9a-f-]{36}$/;

/**
 * The cookie banner's form (and the cookie settings page) posts here, so that choosing works without
 * JavaScript: the chosen categories go into the consent cookie, the choice is recorded under the
 * visitor's anonymous id, and the visitor returns to the page they were on. The island posts the same
 * form with `mode=js` and gets 204 instead of the redirect.
 */
export function cookieConsentRoutes(options: {
  secure: boolean;
  record?: RecordCookieChoice;
  logger?: Logger;
}) {
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
    const categories = serializeConsent(chosen);
    const known = readCookie(c.req.header('cookie') ?? null, CONSENT_ANONYMOUS_COOKIE);
    const anonymousId = known && anonymousIdPattern.test(known) ? known : randomUUID();
    c.header(
      'Set-Cookie',
      serializeCookie(CONSENT_COOKIE, categories, {
        maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
        secure: options.secure,
      }),
    );
    c.header(
      'Set-Cookie',
      serializeCookie(CONSENT_ANONYMOUS_COOKIE, anonymousId, {
        maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
        secure: options.secure,
        httpOnly: true,
      }),
      { append: true },
    );
    // The choice is the visitor's either way: a log that cannot be written is reported, not shown.
    await options.record?.(c, { anonymousId, categories }).catch((error) => {
      options.logger?.error({ err: error }, 'cookie consent not recorded');
    });
    if (form.mode === 'js') return c.body(null, 204);
    const returnTo = typeof form.returnTo === 'string' ? form.returnTo : '/';
    return c.redirect(safeRedirectTarget(returnTo), 303);
  });
  return router;
}
