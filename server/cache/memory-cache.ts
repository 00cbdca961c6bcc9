import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { Cache, CacheEntryInfo, CacheNamespaceInfo, CacheSetOptions } from './cache.ts';

/** `bytes`: the value's JSON size in UTF-8 (what Redis would hold), for the admin caches page. */
type Entry = { value: unknown; namespace: string; tags: string[]; bytes: number };

/** Freezes a value and everything it holds, so that no caller can change what the cache hands out. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const SEPARATOR = '\u0000';

/**
 * The values this process's memory caches hand out: deep-frozen, so anything derived from one of
 * them alone (its JSON text, see shared-json.ts) stays valid as long as the value lives.
 */
export const frozenCacheValues = new WeakSet<object>();

/**
 * The JSON text a value was stored from, kept until the next turn of the event loop: the answer to
 * the request that computed the value is written within it (shared-json.ts), and then needs no
 * second serialisation. Kept no longer, so that values never sent as they are (reference lists
 * other answers are made from) do not hold their text as well.
 */
export const justStoredJson = new WeakMap<object, string>();
let storedInThisTurn: object[] = [];

function keepJustStoredJson(value: object, json: string) {
  justStoredJson.set(value, json);
  if (storedInThisTurn.length === 0)
    setImmediate(() => {
      for (const stored of storedInThisTurn) justStoredJson.delete(stored);
      storedInThisTurn = [];
    });
  storedInThisTurn.push(value);
}

/** One read of a memory cache: the entry's key and what `get` handed out (undefined: a miss). */
export type CacheRead = { cache: MemoryCache; key: string; value: unknown };

/**
 * The reads of memory caches made inside `cacheReads.run(list, ...)`, appended to that list. The
 * HTTP fast lane records the reads behind an API answer to reuse the answer's bytes while every one
 * of them would still give the same value (docs/decisions/0292).
 */
export const cacheReads = new AsyncLocalStorage<CacheRead[]>();

/** Process-local LRU cache; the default when REDIS_URL is not set. */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly lru: LRUCache<string, Entry>;
  private readonly byTag = new Map<string, Set<string>>();

  /** `maxBytes` bounds the entries' JSON size in total (rendered pages are 50-100 kB each). */
  constructor(options: { maxEntries: number; maxBytes?: number }) {
    this.lru = new LRUCache<string, Entry>({
      max: options.maxEntries,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      ttlAutopurge: false,
      // Read the clock on every expiry check (a few tens of ns) instead of caching it for 1 ms with a
      // timer: under load that made a new unref'd timer about once per request, a tenth of a cached
      // API read in a CPU profile.
      ttlResolution: 0,
      dispose: (entry, fullKey) => this.untag(fullKey, entry.tags),
    });
  }

  private untag(fullKey: string, tags: string[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(fullKey);
      if (keys && keys.size === 0) this.byTag.delete(tag);
    }
  }

  async get<T>(namespace: string, key: string): Promise<T | undefined> {
    const fullKey = namespace + SEPARATOR + key;
    // Every hit hands out the same frozen value: no parsing or copying per hit (docs/decisions/0133).
    const value = this.lru.get(fullKey)?.value as T | undefined;
    cacheReads.getStore()?.push({ cache: this, key: fullKey, value });
    return value;
  }

  /**
   * Whether `get` of this entry (by its full key, as in a CacheRead) would hand out this very value
   * now: not replaced, deleted, flushed or expired since.
   */
  holds(fullKey: string, value: unknown): boolean {
    const entry = this.lru.get(fullKey);
    return entry !== undefined && entry.value === value;
  }

  async set(namespace: string, key: string, value: unknown, options: CacheSetOptions = {}): Promise<unknown> {
    const fullKey = namespace + SEPARATOR + key;
    const tags = options.tags ?? [];
    // Through JSON once, when stored: a hit gives what Redis would give (dates as strings, no
    // undefined properties), and the caller's own object stays its own and unfrozen.
    const json = JSON.stringify(value);
    if (json === undefined) return undefined;
    const stored = deepFreeze(JSON.parse(json) as unknown);
    if (stored !== null && typeof stored === 'object') {
      frozenCacheValues.add(stored);
      keepJustStoredJson(stored, json);
    }
    this.lru.set(
      fullKey,
      { value: stored, namespace, tags, bytes: Buffer.byteLength(json) },
      {
        size: Math.max(1, json.length + fullKey.length),
        ...(options.ttlSeconds ? { ttl: options.ttlSeconds * 1000 } : {}),
      },
    );
    // Too large for the whole cache: lru-cache refused it (the frozen copy is still the answer).
    if (!this.lru.has(fullKey)) return stored;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(fullKey);
    }
    return stored;
  }

  async delete(namespace: string, key: string): Promise<void> {
    this.lru.delete(namespace + SEPARATOR + key);
  }

  async increment(namespace: string, key: string, windowSeconds: number): Promise<number> {
    return this.incrementNow(namespace, key, windowSeconds);
  }

  /** `increment` without its promise (the rate counter of the HTTP fast lane). */
  incrementNow(namespace: string, key: string, windowSeconds: number): number {
    const fullKey = namespace + SEPARATOR + key;
    const entry = this.lru.get(fullKey);
    const count = entry ? (entry.value as number) + 1 : 1;
    if (entry) {
      // Keep the window's original expiry: only the value changes.
      entry.value = count;
      entry.bytes = String(count).length;
    } else {
      this.lru.set(
        fullKey,
        { value: 1, namespace, tags: [], bytes: 1 },
        { ttl: windowSeconds * 1000, size: 16 + fullKey.length },
      );
    }
    return count;
  }

  async incrementWindow(
    namespace: string,
    key: string,
    previousKey: string,
    ttlSeconds: number,
  ): Promise<[count: number, previous: number]> {
    return this.incrementWindowNow(namespace, key, previousKey, ttlSeconds);
  }

  /** `incrementWindow` without its promise (the rate counter of the HTTP fast lane). */
  incrementWindowNow(
    namespace: string,
    key: string,
    previousKey: string,
    ttlSeconds: number,
  ): [count: number, previous: number] {
    const count = this.incrementNow(namespace, key, ttlSeconds);
    const previous = this.lru.peek(namespace + SEPARATOR + previousKey)?.value;
    return [count, typeof previous === 'number' ? previous : 0];
  }

  async deleteByTag(tag: string): Promise<number> {
    const keys = [...(this.byTag.get(tag) ?? [])];
    let deleted = 0;
    for (const fullKey of keys) if (this.lru.delete(fullKey)) deleted++;
    this.byTag.delete(tag);
    return deleted;
  }

  async namespaces(): Promise<CacheNamespaceInfo[]> {
    const counts = new Map<string, CacheNamespaceInfo>();
    this.lru.purgeStale();
    for (const entry of this.lru.values()) {
      let info = counts.get(entry.namespace);
      if (!info) {
        info = { name: entry.namespace, keys: 0, bytes: 0 };
        counts.set(entry.namespace, info);
      }
      info.keys++;
      info.bytes += entry.bytes;
    }
    return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async inspect(namespace: string, key: string): Promise<CacheEntryInfo | undefined> {
    const fullKey = namespace + SEPARATOR + key;
    const entry = this.lru.peek(fullKey);
    if (!entry) return undefined;
    const remaining = this.lru.getRemainingTTL(fullKey);
    return {
      json: JSON.stringify(entry.value),
      bytes: entry.bytes,
      ttlSeconds: Number.isFinite(remaining) ? Math.max(0, Math.ceil(remaining / 1000)) : null,
    };
  }

  async keys(namespace: string): Promise<string[]> {
    this.lru.purgeStale();
    const prefix = namespace + SEPARATOR;
    return [...this.lru.keys()]
      .filter((fullKey) => fullKey.startsWith(prefix))
      .map((fullKey) => fullKey.slice(prefix.length))
      .sort();
  }

  async flush(namespace?: string): Promise<void> {
    if (namespace === undefined) {
      this.lru.clear();
      this.byTag.clear();
      return;
    }
    const prefix = namespace + SEPARATOR;
    for (const fullKey of [...this.lru.keys()]) if (fullKey.startsWith(prefix)) this.lru.delete(fullKey);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.lru.clear();
    this.byTag.clear();
  }
}
