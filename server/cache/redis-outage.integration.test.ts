import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { createLogger } from '../logger.ts';
import { type RedisServer, redisServerInstalled, startRedisServer } from '../testing/redis-server.ts';
import { createTestApp, postJson } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { RedisCache } from './redis-cache.ts';

/**
 * Two "processes" (two apps, each with its own Redis connection) over one database and one private
 * redis-server, which the test stops, restarts and pauses.
 */
const RATE_LIMIT = 5;
const SECOND = 1000;

const reads: [name: string, path: string, init: RequestInit][] = [
  ['domainDetect', '/api/v2/master/domainDetect', postJson({}, { host: 'localhost:3000' })],
  ['countries', '/api/v1/master/commons?type=countries', { headers: { language: 'en' } }],
  ['cms options', '/api/v1/cms/option/filter?keys=AllowedLanguages,NumberOfStars', {}],
  ['blog categories', '/api/v1/cms/term/filter', { headers: { language: 'en' } }],
  ['product listing', '/api/v1/catalogue/product/web/filter', postJson({}, { language: 'hr' })],
];

type App = ReturnType<typeof createTestApp>;

async function timed(target: App, url: string, init: RequestInit = {}, env?: object) {
  const started = performance.now();
  const response = await target.app.request(url, init, env);
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, ms: performance.now() - started };
}

/** Bindings that give app.request() a client address, as @hono/node-server does for a real socket. */
const fromAddress = (address: string) => ({
  incoming: { socket: { remoteAddress: address, remoteFamily: 'IPv4', remotePort: 1 } },
});

async function statusesFor(target: App, address: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push(
      (await timed(target, '/api/v1/master/commons?type=languages', {}, fromAddress(address))).status,
    );
  return statuses;
}

async function waitForReadiness(target: App, status: string, timeoutMs: number) {
  const started = performance.now();
  for (;;) {
    const ready = await timed(target, '/readyz');
    if (ready.body.status === status) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`readyz still says ${JSON.stringify(ready.body)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!redisServerInstalled)('a Redis outage', () => {
  const prefix = `test:${randomUUID()}:`;
  let database: TestDatabase;
  let demo: DemoSite;
  let redis: RedisServer;
  let caches: RedisCache[];
  let first: App;
  let second: App;
  const logs: string[][] = [[], []];
  const baseline = new Map<string, unknown>();
  /** Each read's time while Redis was up and the cache still empty: the call's own work, without the cache. */
  const missMs = new Map<string, number>();

  /** Value keys the cache holds in Redis, read with a connection of the test's own. */
  async function storedKeys(): Promise<string[]> {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      return await client.keys(`${prefix}v:*`);
    } finally {
      client.disconnect();
    }
  }

  const logged = (index: number, message: string) =>
    logs[index]!.map((line) => JSON.parse(line) as { msg: string }).filter((line) =>
      line.msg.startsWith(message),
    ).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    demo = await seedDemoSite(database.db);
    redis = await startRedisServer();
    const config = loadConfig({ NODE_ENV: 'test' });
    caches = logs.map(
      (lines) =>
        new RedisCache(redis.url, {
          prefix,
          commandTimeoutMs: config.CACHE_TIMEOUT_MS,
          connectTimeoutMs: config.CACHE_CONNECT_TIMEOUT_MS,
          logger: createLogger('info', { write: (line: string) => lines.push(line) }),
        }),
    );
    const overrides = { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) };
    first = createTestApp(database, overrides, caches[0]);
    second = createTestApp(database, overrides, caches[1]);
  }, 120_000);

  afterAll(async () => {
    for (const cache of caches ?? []) await cache.close();
    await redis?.stop();
    await database?.destroy();
  });

  it('uses Redis while it is up', async () => {
    for (const [name, url, init] of reads) {
      const response = await timed(first, url, init);
      expect(response.status, name).toBe(200);
      baseline.set(name, response.body);
      missMs.set(name, response.ms);
    }
    expect(baseline.get('domainDetect')).toMatchObject({ data: { siteID: demo.siteId } });
    expect((await storedKeys()).length).toBeGreaterThan(0);
    const ready = await timed(first, '/readyz');
    expect(ready).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', cache: 'ok' } },
    });
  });

  it('answers every call from the database, adding less than 1 s, while Redis is stopped', async () => {
    await redis.stop();
    for (let round = 0; round < 2; round++) {
      for (const [name, url, init] of reads) {
        for (const target of [first, second]) {
          // Bounded by the call's own work (its time on a cache miss while Redis was up) plus a second:
          // a call that waited on the stopped server would take longer every time; a busy machine can
          // slow one call down, so the fastest of up to three tries counts.
          const bound = SECOND + (missMs.get(name) ?? 0);
          let fastest = Number.POSITIVE_INFINITY;
          for (let attempt = 0; attempt < 3 && fastest >= bound; attempt++) {
            const response = await timed(target, url, init);
            expect(response.status, name).toBe(200);
            expect(response.body, name).toEqual(baseline.get(name));
            fastest = Math.min(fastest, response.ms);
          }
          expect(fastest, name).toBeLessThan(bound);
        }
      }
    }
    // A write's invalidation cannot fail either.
    const started = performance.now();
    await expect(first.services.sites.invalidate(demo.siteId)).resolves.toBe(0);
    expect(performance.now() - started).toBeLessThan(SECOND);
  });

  it('says so on /readyz (degraded, still 200) and quickly, while /healthz stays ok', async () => {
    const ready = await timed(first, '/readyz');
    expect(ready).toMatchObject({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', cache: 'unreachable' } },
    });
    expect(ready.ms).toBeLessThan(SECOND);
    expect((await timed(first, '/healthz')).status).toBe(200);
  });

  it('keeps limiting requests while Redis is down, each process on its own', async () => {
    const limited = [...Array(RATE_LIMIT).fill(200), 429];
    expect(await statusesFor(first, '203.0.113.7', RATE_LIMIT + 1)).toEqual(limited);
    expect(await statusesFor(second, '203.0.113.7', RATE_LIMIT + 1)).toEqual(limited);
  });

  it('recovers by itself when Redis is back: cache used again, rate limits shared again', async () => {
    await redis.start();
    expect(await waitForReadiness(first, 'ready', 5 * SECOND)).toBeLessThan(5 * SECOND);
    expect(await waitForReadiness(second, 'ready', 5 * SECOND)).toBeLessThan(5 * SECOND);
    // The restarted server is empty: whatever is in it now was written by the cache after recovery.
    expect(await storedKeys()).toEqual([]);
    for (const [name, url, init] of reads) {
      const response = await timed(first, url, init);
      expect(response.status, name).toBe(200);
      expect(response.body, name).toEqual(baseline.get(name));
    }
    expect((await storedKeys()).length).toBeGreaterThan(0);

    const half = Math.ceil(RATE_LIMIT / 2);
    const firstStatuses = await statusesFor(first, '203.0.113.8', half);
    const secondStatuses = await statusesFor(second, '203.0.113.8', RATE_LIMIT + 1 - half);
    // One budget across both processes: the call after the fifth is refused, whichever process takes it.
    expect([...firstStatuses, ...secondStatuses]).toEqual([...Array(RATE_LIMIT).fill(200), 429]);
  });

  it('logs the outage once and the return once, however many requests came in between', () => {
    for (const index of [0, 1]) {
      expect(logged(index, 'cache unreachable')).toBe(1);
      expect(logged(index, 'cache reachable again')).toBe(1);
    }
  });

  it('bounds the wait on a Redis that stops answering, and forgets nothing invalidated meanwhile', async () => {
    await caches[0]!.set('api', 'marker', 'before the outage', { tags: ['outage-test'] });
    redis.pause();
    try {
      for (const [name, url, init] of reads) {
        const response = await timed(first, url, init);
        expect(response.status, name).toBe(200);
        expect(response.body, name).toEqual(baseline.get(name));
        expect(response.ms, name).toBeLessThan(SECOND);
      }
      const ready = await timed(first, '/readyz');
      expect(ready).toMatchObject({ status: 200, body: { status: 'degraded' } });
      expect(ready.ms).toBeLessThan(SECOND);
      // Redis keeps its data through a pause, so an invalidation it missed must still take effect.
      await expect(caches[0]!.deleteByTag('outage-test')).resolves.toBe(0);
    } finally {
      redis.resume();
    }
    await waitForReadiness(first, 'ready', 5 * SECOND);
    await waitForReadiness(second, 'ready', 5 * SECOND);
    expect(await caches[1]!.get('api', 'marker')).toBeUndefined();
    expect(await caches[0]!.get('api', 'marker')).toBeUndefined();
  });
});
