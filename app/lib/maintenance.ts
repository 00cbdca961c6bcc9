import type { MiddlewareFunction } from 'react-router';
import { readCookie } from '../../core/cookies.ts';
import { languageOfPath } from '../../core/languages.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../core/visitor-cookies.ts';
import { legacyUser } from '../../server/modules/users/users.contract.ts';
import { appSettingsContext, contractCallerContext } from './context.ts';
import { requestPath } from './request-language.ts';

/** When clients and crawlers are asked to come back during maintenance, in seconds. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

/**
 * During maintenance every page answers 503 with `Retry-After`, so crawlers keep the site indexed
 * and come back later, and `no-store`, so no cache keeps the maintenance page after it ends. A
 * route's own 404 becomes the same 503; redirects and React Router's data redirects (3xx, 204) pass
 * unchanged. The root loader's status alone cannot do this: React Router sends only the headers a
 * route's `headers` export returns, and a child route's error status wins over the root's.
 */
export const maintenanceMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Back-office users browse the site during maintenance: for them the request runs as usual.
  if (context.get(appSettingsContext).maintenance && (await isBackofficeVisitor(request, context)))
    context.set(appSettingsContext, { ...context.get(appSettingsContext), maintenance: false });
  const response = await next();
  if (!context.get(appSettingsContext).maintenance) return response;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  if (response.status !== 200 && response.status < 400)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
};

/**
 * Whether the request comes from a logged-in back-office user (the users row decides, not the token's
 * copy of the role). Only a request with session cookies makes the call.
 */
async function isBackofficeVisitor(
  request: Request,
  context: Parameters<MiddlewareFunction<Response>>[0]['context'],
): Promise<boolean> {
  const cookies = request.headers.get('cookie');
  if (!readCookie(cookies, ACCESS_TOKEN_COOKIE) && !readCookie(cookies, REFRESH_TOKEN_COOKIE)) return false;
  const result = await context.get(contractCallerContext)(
    legacyUser,
    {},
    { language: languageOfPath(requestPath(request)) },
  );
  return !result.errored && result.data.isBackofficeUser;
}
