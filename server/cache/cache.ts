export type CacheSetOptions = {
  /** Seconds until the entry expires; omitted means it stays until evicted or deleted. */
  ttlSeconds?: number;
  /** Tags group entries across namespaces so that one write can invalidate all of them. */
  tags?: string[];
};

/** A namespace as the admin caches page lists it: its live keys and their values' size in bytes (JSON, UTF-8). */
export type CacheNamespaceInfo = { name: string; keys: number; bytes: number };

/** One entry as the admin caches page shows it: its JSON text, size and remaining lifetime. */
export type CacheEntryInfo = { json: string; bytes: number; ttlSeconds: number | null };

/** The cache's backend cannot be reached right now; the call was not attempted or did not complete. */
export class CacheUnavailableError extends Error {
  constructor(reason?: string) {
    super(reason ? `Cache unavailable: ${reason}` : 'Cache unavailable');
    this.name = 'CacheUnavailableError';
  }
}

/**
 * The server-side cache. Namespaces separate kinds of entries (API responses, site lookups, ...)
 * and are what the admin caches page lists and flushes. Values must be JSON-serialisable, and come
 * back as JSON would give them (a Date as its ISO string). A value handed out is read-only: the
 * memory cache hands every caller the same frozen object (changing it throws), Redis a fresh copy.
 *
 * A cache is never a reason for a request to fail or wait: while its backend is unreachable, `get`
 * misses, `set` does nothing, and `delete`/`deleteByTag` are remembered until the backend is back, all
 * within a bounded time. The calls whose answer cannot be made up (`increment`, `ping`, and the admin
 * calls `namespaces`, `keys`, `inspect`, `flush`) reject quickly with CacheUnavailableError instead.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get<T>(namespace: string, key: string): Promise<T | undefined>;
  /**
   * Stores the value and returns what a `get` of it hands out (the value through JSON: the memory
   * cache's frozen copy, Redis a parsed copy of the text it sent), so that a caller answering with
   * the value it just stored copies it no further; undefined when the value has no JSON.
   */
  set(namespace: string, key: string, value: unknown, options?: CacheSetOptions): Promise<unknown>;
  delete(namespace: string, key: string): Promise<void>;
  /** Returns how many entries were deleted (0 when the deletion had to wait for the backend). */
  deleteByTag(tag: string): Promise<number>;
  /** Atomically adds 1 and returns the new count; the window starts with the first increment. */
  increment(namespace: string, key: string, windowSeconds: number): Promise<number>;
  /**
   * Counts one event in the window entry `key` (as `increment`: atomically, the entry living
   * `ttlSeconds` from its first event) and reads the count of the entry `previousKey` (0 when there is
   * none), in one round trip: the two figures a sliding-window limit weighs (server/api/sliding-window.ts).
   */
  incrementWindow(
    namespace: string,
    key: string,
    previousKey: string,
    ttlSeconds: number,
  ): Promise<[count: number, previous: number]>;
  namespaces(): Promise<CacheNamespaceInfo[]>;
  keys(namespace: string): Promise<string[]>;
  /** One entry without touching it (no recency change); undefined when there is none. */
  inspect(namespace: string, key: string): Promise<CacheEntryInfo | undefined>;
  /** Empties one namespace, or every namespace when none is given. */
  flush(namespace?: string): Promise<void>;
  /** Resolves while the cache is in use; rejects (quickly) while it is not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Reads through the cache: a miss (or a cache failure) computes the value and stores it. */
export async function cached<T>(
  cache: Cache,
  namespace: string,
  key: string,
  options: CacheSetOptions,
  compute: () => Promise<T>,
): Promise<T> {
  const hit = await cache.get<T>(namespace, key).catch(() => undefined);
  if (hit !== undefined) return hit;
  const computed = await compute();
  // A miss answers exactly what a later hit will (through JSON: dates as strings, no objects shared
  // between parts of the answer), so no response, and no page rendered from it, depends on whether
  // this process had the entry. The cache's own copy is that answer: the value goes through JSON
  // once (it went twice, a tenth of a cold catalogue read's CPU time).
  const stored = await cache.set(namespace, key, computed, options).catch(() => undefined);
  if (stored !== undefined || computed === undefined) return stored as T;
  return JSON.parse(JSON.stringify(computed)) as T;
}
