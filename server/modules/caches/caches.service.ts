import { ApiError, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { CacheUnavailableError } from '../../cache/cache.ts';
import {
  CACHE_KEYS_LIMIT,
  CACHE_VALUE_LIMIT,
  type CacheKeyList,
  type CacheKeyView,
  type CacheOverview,
} from './caches.contract.ts';

const unavailable = () =>
  new ApiError(503, 'CACHE_UNAVAILABLE', 'The cache server cannot be reached right now; try again shortly.');

/** Turns the cache's "cannot answer now" into a clear 503 for the admin calls that need an answer. */
async function answered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CacheUnavailableError) throw unavailable();
    throw error;
  }
}

/**
 * The back office's view of the server cache (`/admin/cache`). With Redis every process reads and
 * writes the one shared cache (no process keeps its own copy of an entry: decision 0501), so clearing
 * there is clearing for every process. With the memory cache it is this process's cache only.
 * Access is checked by the router (`access: 'backoffice'`).
 */
export function createCachesService(deps: Pick<Deps, 'cache' | 'logger'>) {
  const { cache, logger } = deps;

  async function overview(): Promise<CacheOverview> {
    try {
      return { kind: cache.kind, available: true, namespaces: await cache.namespaces() };
    } catch (error) {
      if (!(error instanceof CacheUnavailableError)) throw error;
      return { kind: cache.kind, available: false, namespaces: [] };
    }
  }

  return {
    /** A cache server (Redis) is what makes the caches screen worth listing: one cache for every process. */
    panel: (_ctx: RequestContext) => ({ cacheServer: cache.kind === 'redis' }),

    overview: (_ctx: RequestContext) => overview(),

    async keys(_ctx: RequestContext, namespace: string): Promise<CacheKeyList> {
      const keys = await answered(() => cache.keys(namespace));
      return { namespace, keys: keys.slice(0, CACHE_KEYS_LIMIT), total: keys.length };
    },

    async key(_ctx: RequestContext, namespace: string, key: string): Promise<CacheKeyView> {
      const entry = await answered(() => cache.inspect(namespace, key));
      if (!entry) throw notFound('There is no such key in the cache (it may have expired).');
      let value = entry.json;
      try {
        value = JSON.stringify(JSON.parse(entry.json), null, 2);
      } catch {
        // Not JSON (written by something else): shown as it is.
      }
      return {
        namespace,
        key,
        bytes: entry.bytes,
        ttlSeconds: entry.ttlSeconds,
        value: value.slice(0, CACHE_VALUE_LIMIT),
        truncated: value.length > CACHE_VALUE_LIMIT,
      };
    },

    async clear(ctx: RequestContext, namespace: string | undefined) {
      await answered(() => cache.flush(namespace));
      logger.info(
        { namespace: namespace ?? '(all)', user: ctx.user?.id, cache: cache.kind },
        'cache cleared',
      );
      return { cleared: namespace ?? null, overview: await overview() };
    },
  };
}

export type CachesService = ReturnType<typeof createCachesService>;
