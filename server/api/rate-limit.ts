import type { MiddlewareHandler } from 'hono';
import type { Cache } from '../cache/cache.ts';
import { ApiError } from './errors.ts';

/**
 * Fixed one-minute window per client address, counted in the shared cache so that every process
 * behind a load balancer enforces the same budget. Requests without an address (the server's own
 * in-process calls during rendering) are not counted.
 */
export function rateLimit(
  cache: Cache,
  perMinute: number,
  clientAddress: (c: Parameters<MiddlewareHandler>[0]) => string | undefined,
): MiddlewareHandler {
  return async (c, next) => {
    const address = perMinute > 0 ? clientAddress(c) : undefined;
    if (address) {
      const window = Math.floor(Date.now() / 60_000);
      const count = await cache.increment('rate-limit', `${address}:${window}`, 60).catch(() => 0);
      if (count > perMinute) {
        c.header('Retry-After', String(60 - (Math.floor(Date.now() / 1000) % 60)));
        throw new ApiError(429, 'RATE_LIMITED', 'Too many requests; try again in a minute.');
      }
    }
    await next();
  };
}
