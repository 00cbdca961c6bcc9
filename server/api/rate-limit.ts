import type { MiddlewareHandler } from 'hono';
import type { Cache } from '../cache/cache.ts';
import { MemoryCache } from '../cache/memory-cache.ts';
import { ApiError } from './errors.ts';
import { slidingWindowKeys, slidingWindowRetryAfter } from './sliding-window.ts';

const WINDOW_SECONDS = 60;

/**
 * Per-process counters used while the shared cache is unreachable, one set per cache so that every
 * rate limit of a process (API, forms) keeps counting against the same budget.
 */
const localCounters = new WeakMap<Cache, MemoryCache>();
function localCounter(cache: Cache): MemoryCache {
  let counter = localCounters.get(cache);
  if (!counter) {
    counter = new MemoryCache({ maxEntries: 10_000 });
    localCounters.set(cache, counter);
  }
  return counter;
}

/**
 * A sliding one-minute window per client address (decision 0563), counted in the shared cache so that
 * every process behind a load balancer enforces the same budget. Requests without an address (the
 * server's own in-process calls during rendering) are not counted. While the shared cache is
 * unreachable each process counts on its own (the budget then holds per process), and the shared
 * count resumes with it.
 *
 * The counting behind a rate limit, without a request object (the HTTP fast lane uses it directly):
 * counts one request of `address` and resolves to the seconds until the budget is back when it is
 * spent, else `undefined`. No address (the server's own calls) and `perMinute` 0 count nothing.
 */
export function createRateCounter(cache: Cache, perMinute: number, options: { bucket?: string } = {}) {
  // Separate budgets (all API calls; writes) count in separate namespaces.
  const namespace = options.bucket ? `rate-limit-${options.bucket}` : 'rate-limit';
  // A window's entry lives through the window after it, where it is still weighed.
  const ttl = 2 * WINDOW_SECONDS;
  // A process-local cache counts synchronously: the fast lane answers a read without awaiting a
  // promise (docs/decisions/0293). Redis counts over the network, with the local fallback.
  const local = cache instanceof MemoryCache ? cache : undefined;
  return (address: string | undefined): number | undefined | Promise<number | undefined> => {
    if (perMinute <= 0 || !address) return undefined;
    const { current, previous, elapsed } = slidingWindowKeys(address, WINDOW_SECONDS);
    const verdict = ([count, before]: [number, number]) =>
      slidingWindowRetryAfter(count, before, elapsed, perMinute, WINDOW_SECONDS);
    if (local) return verdict(local.incrementWindowNow(namespace, current, previous, ttl));
    return cache
      .incrementWindow(namespace, current, previous, ttl)
      .catch(() => localCounter(cache).incrementWindow(namespace, current, previous, ttl))
      .then(verdict);
  };
}

export const rateLimited = () =>
  new ApiError(429, 'RATE_LIMITED', 'Too many requests; try again in a minute.');

export function rateLimit(
  cache: Cache,
  perMinute: number,
  clientAddress: (c: Parameters<MiddlewareHandler>[0]) => string | undefined,
  options: { bucket?: string } = {},
): MiddlewareHandler {
  const count = createRateCounter(cache, perMinute, options);
  return async (c, next) => {
    const retryAfter = await count(perMinute > 0 ? clientAddress(c) : undefined);
    if (retryAfter !== undefined) {
      c.header('Retry-After', String(retryAfter));
      throw rateLimited();
    }
    await next();
  };
}
