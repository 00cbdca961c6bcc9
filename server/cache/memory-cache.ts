import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import type { Cache, CacheNamespaceInfo, CacheSetOptions } from './cache.ts';

type Entry = { value: unknown; namespace: string; tags: string[] };

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

  async set(namespace: string, key: string, value: unknown, options: CacheSetOptions = {}): Promise<void> {
    const fullKey = namespace + SEPARATOR + key;
    const tags = options.tags ?? [];
    // Through JSON once, when stored: a hit gives what Redis would give (dates as strings, no
    // undefined properties), and the caller's own object stays its own and unfrozen.
    const json = JSON.stringify(value);
    if (json === undefined) return;
    const stored = deepFreeze(JSON.parse(json) as unknown);
    if (stored !== null && typeof stored === 'object') frozenCacheValues.add(stored);
    this.lru.set(
      fullKey,
      { value: stored, namespace, tags },
      {
        size: Math.max(1, json.length + fullKey.length),
        ...(options.ttlSeconds ? { ttl: options.ttlSeconds * 1000 } : {}),
      },
    );
    // Too large for the whole cache: lru-cache refused it.
    if (!this.lru.has(fullKey)) return;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(fullKey);
    }
  }

  async delete(namespace: string, key: string): Promise<void> {
    this.lru.delete(namespace + SEPARATOR + key);
  }

  async increment(namespace: string, key: string, windowSeconds: number): Promise<number> {
    const fullKey = namespace + SEPARATOR + key;
    const entry = this.lru.get(fullKey);
    const count = entry ? (entry.value as number) + 1 : 1;
    if (entry) {
      // Keep the window's original expiry: only the value changes.
      entry.value = count;
    } else {
      this.lru.set(
        fullKey,
        { value: 1, namespace, tags: [] },
        { ttl: windowSeconds * 1000, size: 16 + fullKey.length },
      );
    }
    return count;
  }

  async deleteByTag(tag: string): Promise<number> {
    const keys = [...(this.byTag.get(tag) ?? [])];
    let deleted = 0;
    for (const fullKey of keys) if (this.lru.delete(fullKey)) deleted++;
    this.byTag.delete(tag);
    return deleted;
  }

  async namespaces(): Promise<CacheNamespaceInfo[]> {
    const counts = new Map<string, number>();
    this.lru.purgeStale();
    for (const entry of this.lru.values())
      counts.set(entry.namespace, (counts.get(entry.namespace) ?? 0) + 1);
    return [...counts].map(([name, keys]) => ({ name, keys })).sort((a, b) => a.name.localeCompare(b.name));
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
