import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../cache/cache.ts';
import { MemoryCache } from '../../cache/memory-cache.ts';
import { RedisCache } from '../../cache/redis-cache.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { testEnv } from '../../testing/test-env.ts';
import { users } from '../users/users.schema.ts';

/*
 * The back office's caches page calls, on the memory cache and (with TEST_REDIS_URL) on Redis shared
 * by two app instances standing for two processes: what one clears is gone for the other.
 */

type Backend = { name: string; create: () => { first: Cache; second: Cache } };
const backends: Backend[] = [
  {
    name: 'memory',
    create: () => {
      const cache = new MemoryCache({ maxEntries: 1000 });
      return { first: cache, second: cache };
    },
  },
];
if (testEnv.TEST_REDIS_URL) {
  const url = testEnv.TEST_REDIS_URL;
  backends.push({
    name: 'redis',
    create: () => {
      const prefix = `test:${randomUUID()}:`;
      return { first: new RedisCache(url, { prefix }), second: new RedisCache(url, { prefix }) };
    },
  });
}

let database: TestDatabase;
let siteId = 0;
let bossToken = '';

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  ({ siteId } = await seedDemoSite(database.db));
}, 120_000);
afterAll(() => database.destroy());

describe.each(backends)('admin caches: $name', ({ name, create }) => {
  const { first, second } = create();
  let one: ReturnType<typeof createTestApp>;
  let two: ReturnType<typeof createTestApp>;
  const call = (app: typeof one, url: string, body?: unknown) =>
    app.json(`/api/v1/admin/cache/${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        language: 'en',
        authorization: `Bearer ${bossToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    one = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' }, first);
    two = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' }, second);
    const [boss] = await database.db
      .insert(users)
      .values({
        siteId,
        email: `boss-${name}@example.com`,
        firstName: 'Boss',
        lastName: 'Admin',
        displayName: 'Boss',
        isBackofficeUser: true,
        scope: 'admin',
      })
      .returning();
    bossToken = (await one.services.sessions.start(boss!)).accessToken;
  });
  afterAll(async () => {
    await first.flush().catch(() => {});
    await first.close();
    if (second !== first) await second.close();
  });

  it('lists namespaces with key counts and sizes, the keys of one, and one value', async () => {
    await first.flush();
    await first.set('pages', 'hr|/', { html: 'Početna' }, { ttlSeconds: 120 });
    await first.set('pages', 'en|/', { html: 'Home' });
    await first.set('settings-test', 'localhost', { id: 1 });
    const { status, body } = await call(two, 'filter');
    expect(status).toBe(200);
    expect(body.data.kind).toBe(name);
    expect(body.data.available).toBe(true);
    // {"html":"Početna"} is 19 bytes (č takes two), {"html":"Home"} 15, {"id":1} 8.
    const listed = body.data.namespaces.filter((ns: { name: string }) =>
      ['pages', 'settings-test'].includes(ns.name),
    );
    expect(listed).toEqual([
      { name: 'pages', keys: 2, bytes: 34 },
      { name: 'settings-test', keys: 1, bytes: 8 },
    ]);
    const keys = await call(two, 'keys?namespace=pages');
    expect(keys.body.data).toEqual({ namespace: 'pages', keys: ['en|/', 'hr|/'], total: 2 });
    const view = await call(two, `key?namespace=pages&key=${encodeURIComponent('hr|/')}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      namespace: 'pages',
      key: 'hr|/',
      bytes: 19,
      value: '{\n  "html": "Početna"\n}',
      truncated: false,
    });
    expect(view.body.data.ttlSeconds).toBeGreaterThan(100);
    expect((await call(two, 'key?namespace=pages&key=missing')).status).toBe(404);
  });

  it('clears one namespace, then all, for every process', async () => {
    await first.set('pages', 'hr|/', { html: 'x' });
    await first.set('settings-test', 'localhost', { id: 1 });
    const cleared = await call(one, 'clear', { namespace: 'pages' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.cleared).toBe('pages');
    expect(cleared.body.data.overview.namespaces.map((ns: { name: string }) => ns.name)).not.toContain(
      'pages',
    );
    // The other process reads the shared cache (for memory: the same one): the page is gone there too.
    expect(await second.get('pages', 'hr|/')).toBeUndefined();
    expect(await second.get('settings-test', 'localhost')).toEqual({ id: 1 });
    const all = await call(two, 'clear', {});
    expect(all.body.data.cleared).toBeNull();
    // What is left was written by the clearing request itself after the flush (its site lookup).
    expect(all.body.data.overview.namespaces.map((ns: { name: string }) => ns.name)).not.toContain(
      'settings-test',
    );
    expect(await first.get('settings-test', 'localhost')).toBeUndefined();
  });

  it('refuses an empty or overlong namespace with a 400 naming it', async () => {
    const empty = await call(one, 'clear', { namespace: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.payload.field).toBe('namespace');
    expect((await call(one, `keys?namespace=${'n'.repeat(101)}`)).status).toBe(400);
  });
});

describe('admin caches while the cache server is down', () => {
  it('says so (200, not available) and refuses to clear with a clear 503', async () => {
    // A Redis nobody listens on: every admin call of the cache rejects quickly.
    const down = new RedisCache('redis://127.0.0.1:1', { commandTimeoutMs: 100, connectTimeoutMs: 100 });
    const app = createTestApp(
      database,
      { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' },
      down,
    );
    const [boss] = await database.db
      .insert(users)
      .values({
        siteId,
        email: 'boss-down@example.com',
        firstName: 'B',
        lastName: 'D',
        isBackofficeUser: true,
        scope: 'admin',
      })
      .returning();
    const token = (await app.services.sessions.start(boss!)).accessToken;
    const headers = { language: 'en', authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const overview = await app.json('/api/v1/admin/cache/filter', { headers });
    expect(overview.status).toBe(200);
    expect(overview.body.data).toEqual({ kind: 'redis', available: false, namespaces: [] });
    const clear = await app.json('/api/v1/admin/cache/clear', { method: 'POST', headers, body: '{}' });
    expect(clear.status).toBe(503);
    expect(clear.body.error.code).toBe('CACHE_UNAVAILABLE');
    await down.close();
  });
});
