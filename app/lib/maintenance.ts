import type { MiddlewareFunction } from 'react-router';
import { appSettingsContext } from './context.ts';

/** When clients and crawlers are asked to come back during maintenance, in seconds. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

/**
 * During maintenance every page answers 503 with `Retry-After`, so crawlers keep the site indexed
 * and come back later, and `no-store`, so no cache keeps the maintenance page after it ends. A
 * route's own 404 becomes the same 503; redirects and React Router's data redirects (3xx, 204) pass
 * unchanged. The root loader's status alone cannot do this: React Router sends only the headers a
 * route's `headers` export returns, and a child route's error status wins over the root's.
 */
export const maintenanceMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!context.get(appSettingsContext).maintenance) return response;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  if (response.status !== 200 && response.status < 400)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
};
