import { createHash } from 'node:crypto';
import { type Cache, cached } from './cache.ts';

export type ResponseKey = {
  /** The cache namespace (what the admin caches page lists and flushes). */
  namespace: string;
  /** The call, e.g. `product` or `finder-decide`. */
  operation: string;
  /** What else the answer depends on besides the input: site, language, store, currency. */
  scope: readonly (string | number)[];
  /** The normalized input; hashed, so a long search or filter list makes a short key. */
  input: unknown;
};

/** Inputs up to this length (as JSON) are kept in the key as they are; longer ones are hashed. */
const MAX_PLAIN_INPUT = 64;

const inFlightByCache = new WeakMap<Cache, Map<string, Promise<unknown>>>();

/**
 * A read's whole response, cached by its input. Concurrent requests for one key share one
 * computation: when a popular entry expires, the requests that arrive while it is recomputed wait for
 * that result instead of each querying again (at 100,000 products the catalogue's reference lists
 * took seconds on a busy machine).
 */
export function cachedResponse<T>(
  cache: Cache,
  key: ResponseKey,
  options: { ttlSeconds: number; tags: string[] },
  compute: () => Promise<T>,
): Promise<T> {
  const input = JSON.stringify(key.input) ?? '';
  // A short input is its own key (the usual read: an id, a handle, a page number); only a long one
  // (a search, a filter list) is hashed, which cost a cached read a sha256 per hit.
  const digest =
    input.length <= MAX_PLAIN_INPUT
      ? `=${input}`
      : createHash('sha256').update(input).digest('base64url').slice(0, 32);
  const name = `${key.operation}:${key.scope.join(':')}:${digest}`;
  let inFlight = inFlightByCache.get(cache);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByCache.set(cache, inFlight);
  }
  const flightKey = `${key.namespace}\u0000${name}`;
  const pending = inFlight.get(flightKey);
  if (pending) return pending as Promise<T>;
  const promise = cached(cache, key.namespace, name, options, compute).finally(() =>
    inFlight.delete(flightKey),
  );
  inFlight.set(flightKey, promise);
  return promise;
}
