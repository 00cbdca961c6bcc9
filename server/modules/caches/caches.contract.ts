import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';

/** Back-office calls of the server's caches (`/admin/cache`); every one answers 401/403 to others. */

const namespaceInput = lineText(100).min(1);
const namespaceSchema = z.object({ name: z.string(), keys: z.number().int(), bytes: z.number().int() });

/** How many keys of a namespace one answer lists. */
export const CACHE_KEYS_LIMIT = 200;
/** How much of one value the key view shows. */
export const CACHE_VALUE_LIMIT = 65_536;

export const cacheOverviewSchema = z
  .object({
    /** `redis`: one cache server shared by every process; `memory`: each process has its own. */
    kind: z.enum(['memory', 'redis']),
    /** False while the cache server cannot be reached (then `namespaces` is empty). */
    available: z.boolean(),
    namespaces: z.array(namespaceSchema),
  })
  .meta({ id: 'CacheOverview' });
export type CacheOverview = z.output<typeof cacheOverviewSchema>;

export const cacheFilter = defineContract({
  method: 'get',
  path: '/v1/admin/cache/filter',
  tags: ['cache'],
  access: 'backoffice',
  summary: 'Back office: the cache namespaces with their key counts and sizes (bytes of JSON)',
  output: cacheOverviewSchema,
});

export const cacheKeys = defineContract({
  method: 'get',
  path: '/v1/admin/cache/keys',
  tags: ['cache'],
  access: 'backoffice',
  summary: `Back office: the keys of one namespace, sorted, at most ${CACHE_KEYS_LIMIT}`,
  description: '503 CACHE_UNAVAILABLE while the cache server cannot be reached.',
  query: z.object({ namespace: namespaceInput }),
  output: z.object({ namespace: z.string(), keys: z.array(z.string()), total: z.number().int() }),
});
export type CacheKeyList = z.output<typeof cacheKeys.output>;

export const cacheKey = defineContract({
  method: 'get',
  path: '/v1/admin/cache/key',
  tags: ['cache'],
  access: 'backoffice',
  summary: 'Back office: one cached value (JSON, indented), its size and remaining lifetime',
  description: `404 when there is no such key; the value is cut after ${CACHE_VALUE_LIMIT} characters (\`truncated\`).`,
  query: z.object({ namespace: namespaceInput, key: lineText(2000).min(1) }),
  output: z.object({
    namespace: z.string(),
    key: z.string(),
    bytes: z.number().int(),
    ttlSeconds: z.number().int().nullable(),
    value: z.string(),
    truncated: z.boolean(),
  }),
});
export type CacheKeyView = z.output<typeof cacheKey.output>;

export const cacheClear = defineContract({
  method: 'post',
  path: '/v1/admin/cache/clear',
  tags: ['cache'],
  access: 'backoffice',
  writes: true,
  summary: 'Back office: empty one namespace, or every namespace when none is given, for every process',
  description: '503 CACHE_UNAVAILABLE while the cache server cannot be reached (nothing is cleared then).',
  body: z.object({ namespace: namespaceInput.optional() }),
  output: z.object({ cleared: z.string().nullable(), overview: cacheOverviewSchema }),
});

export const adminPanel = defineContract({
  method: 'get',
  path: '/v1/admin/panel',
  tags: ['cache'],
  access: 'backoffice',
  summary:
    "Back office: what the admin panel's navigation offers (the caches screen only with a cache server)",
  output: z.object({ cacheServer: z.boolean() }),
});
export type AdminPanelInfo = z.output<typeof adminPanel.output>;
