import type { Implement } from '../../api/contract-router.ts';
import { adminPanel, cacheClear, cacheFilter, cacheKey, cacheKeys } from './caches.contract.ts';
import type { CachesService } from './caches.service.ts';

export function cachesRoutes(implement: Implement, caches: CachesService) {
  implement(adminPanel, (ctx) => caches.panel(ctx));
  implement(cacheFilter, (ctx) => caches.overview(ctx));
  implement(cacheKeys, (ctx, { query }) => caches.keys(ctx, query.namespace));
  implement(cacheKey, (ctx, { query }) => caches.key(ctx, query.namespace, query.key));
  implement(cacheClear, (ctx, { body }) => caches.clear(ctx, body.namespace));
}
