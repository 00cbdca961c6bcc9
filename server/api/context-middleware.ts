import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { SiteService } from '../modules/site/site.service.ts';
import { normalizeHost } from '../modules/site/site.service.ts';
import type { SessionService } from '../modules/users/session.service.ts';
import type { ApiEnv } from './api-router.ts';
import { ApiError, notFound } from './errors.ts';
import type { RequestContext } from './request-context.ts';

const positiveInt = (value: string | undefined) => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const parsed = Number(value);
  return parsed > 0 ? parsed : undefined;
};

/** The request headers the context is built from (lower-case names). */
export type ContextHeaders = { get(name: string): string | null | undefined };

/** What a context needs beyond the headers: who the client is and where its cookies go. */
export type ContextOptions = {
  /** Verifies access tokens (and renews a browser's session); without it every request is anonymous. */
  sessions?: SessionService;
  clientAddress?: string;
  /** Where `Set-Cookie` values of the calls go (shared by all calls of one page). */
  responseCookies?: string[];
};

/**
 * Builds the request context from the spec's headers: `apiKey` or `siteId` choose the site (else the
 * Host header does), `language` and `storeId` choose language and store within it. Used by the HTTP
 * API and by in-process calls from server rendering alike.
 */
export async function resolveRequestContext(
  sites: SiteService,
  headers: ContextHeaders,
  requestId: string,
  options: ContextOptions = {},
): Promise<RequestContext> {
  const header = (name: string) => headers.get(name) ?? undefined;
  const apiKey = header('apikey');
  let siteId: number | null | undefined;
  if (apiKey) {
    siteId = await sites.siteIdForApiKey(apiKey);
    if (!siteId) throw new ApiError(401, 'INVALID_API_KEY', 'Unknown API key.', { field: 'apiKey' });
  } else {
    siteId = positiveInt(header('siteid'));
    if (siteId && !(await sites.siteById(siteId))) siteId = undefined;
    siteId ??= await sites.siteIdForHost(normalizeHost(header('host')));
  }
  const site = siteId ? await sites.siteById(siteId) : undefined;
  if (!site) throw notFound('No site is configured for this domain.');
  const language = sites.chooseLanguage(site, header('language'));
  const store = sites.chooseStore(site, language, positiveInt(header('storeid')));
  const bearer = header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const headerToken = header('accesstoken') || bearer || null;
  const ctx: RequestContext = {
    requestId,
    site,
    store,
    language,
    currency: store.currency,
    user: null,
    accessToken: headerToken,
    refreshToken: null,
    responseCookies: options.responseCookies ?? [],
    clientAddress: options.clientAddress,
    host: header('host'),
    cookieHeader: header('cookie'),
  };
  await options.sessions?.authenticate(ctx, headerToken, header('cookie'), header('refreshtoken') || null);
  return ctx;
}

export function contextMiddleware(
  sites: SiteService,
  sessions: SessionService,
  clientAddress: (c: Parameters<MiddlewareHandler<ApiEnv>>[0]) => string | undefined,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const requestId = c.get('requestId') ?? randomUUID();
    const ctx = await resolveRequestContext(sites, { get: (name) => c.req.header(name) }, requestId, {
      sessions,
      clientAddress: clientAddress(c),
    });
    c.set('ctx', ctx);
    await next();
    // Session cookies set or cleared by the call (login, refresh, logout, a silent renewal); an error
    // answer carries them too (a failed refresh clears the session).
    for (const cookie of ctx.responseCookies) c.res.headers.append('Set-Cookie', cookie);
  };
}
