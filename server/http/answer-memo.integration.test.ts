import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../../core/contract.ts';
import { cachedResponse } from '../cache/cached-response.ts';
import { MemoryCache } from '../cache/memory-cache.ts';
import { loadConfig } from '../config.ts';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { createLogger } from '../logger.ts';
import { createSiteService, siteCacheTag } from '../modules/site/site.service.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { AnswerMemo } from './answer-memo.ts';
import { createFastLane } from './fast-lane.ts';

/**
 * The fast lane reuses an anonymous API answer's bytes while the cache entries it was made from hold
 * (docs/decisions/0292). These tests count how often the handler runs: a reused answer does not run
 * it, and anything that could change the answer (a dropped tag, a newer value, a flush, an expiry,
 * credentials, another language) does.
 */

const memoRead = defineContract({
  method: 'get',
  path: '/v1/test/memo/{id}',
  tags: ['test'],
  summary: 'A cached read for the memo tests',
  params: z.object({ id: z.string() }),
  output: z.object({ id: z.string(), language: z.string(), version: z.number() }),
});
const uncachedRead = defineContract({
  method: 'get',
  path: '/v1/test/fresh',
  tags: ['test'],
  summary: 'A read that is computed every time',
  output: z.object({ version: z.number() }),
});

let database: TestDatabase;
let server: http.Server;
let base: string;
const cache = new MemoryCache({ maxEntries: 1000 });
let siteId: number;
let calls = 0;
let version = 1;
let ttlSeconds = 60;
/** Whether the lane's rate counter counts (a limit is set), and what it was asked. */
let counting = true;
let addressLookups = 0;
let countedAddresses: (string | undefined)[] = [];

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  siteId = (await seedDemoSite(database.db)).siteId;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const sites = createSiteService({ db: database.db, cache, config });
  const lane = createFastLane({
    logger: createLogger('silent'),
    baseHeaders: {},
    compressThreshold: 1024,
    logRequest: () => {},
    errorAnswer: () => ({ status: 500, body: { error: 'failed' } }),
    api: {
      implementations: [
        {
          contract: memoRead,
          handler: (ctx, input) => {
            const { id } = (input as { params: { id: string } }).params;
            return cachedResponse(
              cache,
              { namespace: 'test', operation: 'memo', scope: [ctx.site.id, ctx.language], input: id },
              { ttlSeconds, tags: [siteCacheTag(ctx.site.id)] },
              async () => {
                calls++;
                return { id, language: ctx.language, version };
              },
            );
          },
        },
        {
          contract: uncachedRead,
          handler: () => {
            calls++;
            return { version };
          },
        },
      ],
      sites,
      checkOutput: true,
      countRequest: async (address) => {
        countedAddresses.push(address);
        return undefined;
      },
      get countsRequests() {
        return counting;
      },
      clientAddress: (address) => {
        addressLookups++;
        return address;
      },
    },
    routedElsewhere: () => false,
  });
  server = http.createServer((req, res) =>
    lane(req, res, () => {
      res.writeHead(404);
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

beforeEach(async () => {
  await cache.flush();
  calls = 0;
  version = 1;
  ttlSeconds = 60;
  counting = true;
  addressLookups = 0;
  countedAddresses = [];
});

/** Fills the cache entry (the first answer is computed) and the memo (the second is a hit). */
async function warm(path: string, headers: Record<string, string> = {}) {
  await get(path, headers);
  await get(path, headers);
}

describe('the answer memo of the fast lane', () => {
  it('answers a repeated anonymous read without running the handler, with the same body', async () => {
    const first = await get('/api/v1/test/memo/a');
    expect(first).toEqual({ status: 200, body: { data: { id: 'a', language: 'hr', version: 1 } } });
    expect(calls).toBe(1);
    for (let i = 0; i < 5; i++) expect(await get('/api/v1/test/memo/a')).toEqual(first);
    expect(calls).toBe(1);
  });

  it('answers anew once the site tag is dropped (what every content write does)', async () => {
    await warm('/api/v1/test/memo/a');
    version = 2;
    expect((await get('/api/v1/test/memo/a')).body.data.version).toBe(1);
    await cache.deleteByTag(siteCacheTag(siteId));
    expect((await get('/api/v1/test/memo/a')).body.data.version).toBe(2);
    expect(calls).toBe(2);
  });

  it('answers anew after the entry is replaced, flushed or expired', async () => {
    await warm('/api/v1/test/memo/b');
    version = 2;
    await cache.flush('test');
    expect((await get('/api/v1/test/memo/b')).body.data.version).toBe(2);
    version = 3;
    await cache.flush();
    expect((await get('/api/v1/test/memo/b')).body.data.version).toBe(3);
    ttlSeconds = 1;
    version = 4;
    await cache.flush();
    await warm('/api/v1/test/memo/b');
    expect(calls).toBe(4);
    version = 5;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get('/api/v1/test/memo/b')).body.data.version).toBe(5);
    expect(calls).toBe(5);
  });

  it('keeps one answer per language and per path', async () => {
    await warm('/api/v1/test/memo/a');
    await warm('/api/v1/test/memo/a', { language: 'en' });
    await warm('/api/v1/test/memo/c');
    expect(calls).toBe(3);
    expect((await get('/api/v1/test/memo/a', { language: 'en' })).body.data.language).toBe('en');
    expect((await get('/api/v1/test/memo/a')).body.data.language).toBe('hr');
    expect(calls).toBe(3);
  });

  it('never reuses an answer for a request with cookies or credentials', async () => {
    await warm('/api/v1/test/memo/a');
    const before = calls;
    // The cache answers (no new computation), but the handler and the context run each time: the
    // memo is bypassed, which the shared cache alone cannot show. A changed entry proves it.
    version = 2;
    await cache.set(
      'test',
      `memo:${siteId}:hr:="a"`,
      { id: 'a', language: 'hr', version: 2 },
      { ttlSeconds: 60 },
    );
    expect((await get('/api/v1/test/memo/a', { cookie: 'cookie_consent=necessary' })).body.data.version).toBe(
      2,
    );
    expect((await get('/api/v1/test/memo/a', { authorization: 'Bearer x' })).body.data.version).toBe(2);
    // The anonymous request's memo was made from the replaced entry, so it answers anew too.
    expect((await get('/api/v1/test/memo/a')).body.data.version).toBe(2);
    expect(calls).toBe(before);
  });

  it('does not keep an answer the handler computed rather than read from the cache', async () => {
    await get('/api/v1/test/fresh');
    version = 2;
    expect((await get('/api/v1/test/fresh')).body.data.version).toBe(2);
    expect(calls).toBe(2);
  });

  it("counts every read with the client's address while a limit is set, memoised answers included", async () => {
    await warm('/api/v1/test/memo/a');
    for (let i = 0; i < 3; i++) await get('/api/v1/test/memo/a');
    expect(calls).toBe(1);
    expect(countedAddresses).toEqual(Array(5).fill('127.0.0.1'));
  });

  it('resolves no client address for a memoised answer when no limit is set, and answers the same (decision 0297)', async () => {
    counting = false;
    await warm('/api/v1/test/memo/a');
    const memoised = await get('/api/v1/test/memo/a');
    addressLookups = 0;
    for (let i = 0; i < 3; i++) expect(await get('/api/v1/test/memo/a')).toEqual(memoised);
    expect(memoised).toEqual({ status: 200, body: { data: { id: 'a', language: 'hr', version: 1 } } });
    // Only the request context of a computed answer asks for the address (it is part of the context).
    expect(addressLookups).toBe(0);
    expect(await get('/api/v1/test/memo/b')).toEqual({
      status: 200,
      body: { data: { id: 'b', language: 'hr', version: 1 } },
    });
    expect(addressLookups).toBe(1);
    expect(countedAddresses).toEqual([]);
    expect(calls).toBe(2);
  });
});

describe('AnswerMemo', () => {
  it('keeps only answers made of hits that answer with one of the values read', async () => {
    const memoCache = new MemoryCache({ maxEntries: 10 });
    await memoCache.set('n', 'k', { a: 1 });
    const value = await memoCache.get<object>('n', 'k');
    const memo = new AnswerMemo({ maxEntries: 2, maxBytes: 1024 });
    const read = { cache: memoCache, key: 'n\u0000k', value };
    memo.keep('miss', Buffer.from('x'), value!, [
      read,
      { cache: memoCache, key: 'n\u0000z', value: undefined },
    ]);
    memo.keep('other', Buffer.from('x'), { a: 1 }, [read]);
    memo.keep('hit', Buffer.from('x'), value!, [read]);
    expect(memo.get('miss')).toBeUndefined();
    expect(memo.get('other')).toBeUndefined();
    expect(memo.get('hit')?.shared).toBe(value);
    memo.keep('second', Buffer.from('x'), value!, [read]);
    memo.keep('third', Buffer.from('x'), value!, [read]);
    expect(memo.size).toBe(2);
    expect(memo.get('hit')).toBeUndefined();
    await memoCache.set('n', 'k', { a: 1 });
    expect(memo.get('third')).toBeUndefined();
    expect(memo.size).toBe(1);
  });
});
