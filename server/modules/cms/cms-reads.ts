import type { RequestContext } from '../../api/request-context.ts';
import type { Cache } from '../../cache/cache.ts';
import { cachedResponse } from '../../cache/cached-response.ts';
import type { Db } from '../../db/client.ts';
import { siteCacheTag } from '../site/site.service.ts';

const TTL_SECONDS = 60;

/** What each part of the content service is built from. */
export type CmsReadDeps = {
  db: Db;
  cache: Cache;
  /** Whole read responses, cached per site, language and normalized input, dropped with the site's content. */
  cachedRead<T>(
    ctx: RequestContext,
    operation: string,
    input: unknown,
    compute: () => Promise<T>,
  ): Promise<T>;
};

export function cmsReadDeps(db: Db, cache: Cache): CmsReadDeps {
  return {
    db,
    cache,
    cachedRead: (ctx, operation, input, compute) =>
      cachedResponse(
        cache,
        { namespace: 'cms', operation, scope: [ctx.site.id, ctx.language], input },
        { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(ctx.site.id)] },
        compute,
      ),
  };
}

/** Cached per site only: data that holds every language (terms with all their texts). */
export function cachedPerSite<T>(
  deps: CmsReadDeps,
  operation: string,
  siteId: number,
  compute: () => Promise<T>,
) {
  return cachedResponse(
    deps.cache,
    { namespace: 'cms', operation, scope: [siteId], input: null },
    { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(siteId)] },
    compute,
  );
}
