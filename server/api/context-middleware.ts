import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { SiteService } from '../modules/site/site.service.ts';
import { normalizeHost } from '../modules/site/site.service.ts';
import type { ApiEnv } from './api-router.ts';
import { ApiError, notFound } from './errors.ts';

const positiveInt = (value: string | undefined) => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed > 0 ? parsed : undefined;
};

/**
 * Builds the request context from the spec's headers: `apiKey` or `siteId` choose the site (else the
 * Host header does), `language` and `storeId` choose language and store within it.
 */
export function contextMiddleware(sites: SiteService): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const requestId = c.get('requestId') ?? randomUUID();
    const apiKey = c.req.header('apikey');
    let siteId: number | null | undefined;
    if (apiKey) {
      siteId = await sites.siteIdForApiKey(apiKey);
      if (!siteId) throw new ApiError(401, 'INVALID_API_KEY', 'Unknown API key.', { field: 'apiKey' });
    } else {
      siteId = positiveInt(c.req.header('siteid'));
      if (siteId && !(await sites.siteById(siteId))) siteId = undefined;
      siteId ??= await sites.siteIdForHost(normalizeHost(c.req.header('host')));
    }
    const site = siteId ? await sites.siteById(siteId) : undefined;
    if (!site) throw notFound('No site is configured for this domain.');
    const language = sites.chooseLanguage(site, c.req.header('language'));
    const store = sites.chooseStore(site, language, positiveInt(c.req.header('storeid')));
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const accessToken = c.req.header('accesstoken') || bearer || null;
    c.set('ctx', { requestId, site, store, language, currency: store.currency, user: null, accessToken });
    await next();
  };
}
