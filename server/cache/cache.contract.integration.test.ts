import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { testEnv } from '../testing/test-env.ts';
import { type Cache, cached } from './cache.ts';
import { MemoryCache } from './memory-cache.ts';
import { RedisCache } from './redis-cache.ts';
import { dataResponseJson } from './shared-json.ts';

type Backend = { name: string; create: () => Cache };

const backends: Backend[] = [{ name: 'memory', create: () => new MemoryCache({ maxEntries: 1000 }) }];
if (testEnv.TEST_REDIS_URL) {
  const url = testEnv.TEST_REDIS_URL;
  backends.push({ name: 'redis', create: () => new RedisCache(url, { prefix: `test:${randomUUID()}:` }) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('cache contract: $name', ({ create }) => {
  let cache: Cache;
  const opened: Cache[] = [];
  beforeEach(async () => {
    cache = create();
    opened.push(cache);
  });
  afterAll(async () => {
    for (const instance of opened) {
      await instance.flush();
      await instance.close();
    }
  });

  it('returns what was set, read-only and as JSON gives it, and undefined for a miss', async () => {
    const value = { title: 'Škola', items: [1, 2, 3], at: new Date('2026-01-02T03:04:05Z'), gone: undefined };
    await cache.set('api', 'k1', value);
    // The caller's object is still its own.
    value.items.push(9);
    value.items.pop();
    const first = await cache.get<{ items: number[] }>('api', 'k1');
    expect(first).toEqual({ title: 'Škola', items: [1, 2, 3], at: '2026-01-02T03:04:05.000Z' });
    // A caller that changes what it got (the memory cache refuses: the value is frozen) changes
    // nothing for the next caller.
    try {
      first!.items.push(4);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
    }
    expect(await cache.get('api', 'k1')).toEqual({
      title: 'Škola',
      items: [1, 2, 3],
      at: '2026-01-02T03:04:05.000Z',
    });
    expect(await cache.get('api', 'missing')).toBeUndefined();
    expect(await cache.get('other', 'k1')).toBeUndefined();
  });

  it('keeps falsy values distinct from a miss', async () => {
    await cache.set('api', 'zero', 0);
    await cache.set('api', 'empty', '');
    await cache.set('api', 'null', null);
    expect(await cache.get('api', 'zero')).toBe(0);
    expect(await cache.get('api', 'empty')).toBe('');
    expect(await cache.get('api', 'null')).toBeNull();
  });

  it('expires entries after their TTL', async () => {
    await cache.set('api', 'short', 'x', { ttlSeconds: 1 });
    await cache.set('api', 'long', 'y', { ttlSeconds: 60 });
    expect(await cache.get('api', 'short')).toBe('x');
    await sleep(1200);
    expect(await cache.get('api', 'short')).toBeUndefined();
    expect(await cache.get('api', 'long')).toBe('y');
  });

  it('deletes one key', async () => {
    await cache.set('api', 'a', 1);
    await cache.set('api', 'b', 2);
    await cache.delete('api', 'a');
    expect(await cache.get('api', 'a')).toBeUndefined();
    expect(await cache.get('api', 'b')).toBe(2);
  });

  it('deletes by tag across namespaces and leaves untagged entries', async () => {
    await cache.set('api', 'post-1', 'p1', { tags: ['posts', 'site:1'] });
    await cache.set('pages', 'home', 'h', { tags: ['site:1'] });
    await cache.set('api', 'product-1', 'x', { tags: ['products'] });
    expect(await cache.deleteByTag('site:1')).toBe(2);
    expect(await cache.get('api', 'post-1')).toBeUndefined();
    expect(await cache.get('pages', 'home')).toBeUndefined();
    expect(await cache.get('api', 'product-1')).toBe('x');
    expect(await cache.deleteByTag('site:1')).toBe(0);
  });

  it('lists namespaces with key counts and keys of one namespace', async () => {
    await cache.set('api', 'b', 1);
    await cache.set('api', 'a', 1);
    await cache.set('sites', 'localhost', 1);
    await cache.set('sites', 'localhost', { name: 'Škola' });
    // Sizes are the values' JSON in UTF-8 bytes: 1 + 1, and {"name":"Škola"} is 17 bytes (Š takes two).
    expect(await cache.namespaces()).toEqual([
      { name: 'api', keys: 2, bytes: 2 },
      { name: 'sites', keys: 1, bytes: 17 },
    ]);
    expect(await cache.keys('api')).toEqual(['a', 'b']);
  });

  it('inspects one entry without changing it: its JSON, size and remaining lifetime', async () => {
    await cache.set('api', 'with-ttl', { a: [1, 2] }, { ttlSeconds: 60 });
    await cache.set('api', 'forever', 'x');
    const entry = await cache.inspect('api', 'with-ttl');
    expect(entry).toMatchObject({ json: '{"a":[1,2]}', bytes: 11 });
    expect(entry!.ttlSeconds).toBeGreaterThan(55);
    expect(entry!.ttlSeconds).toBeLessThanOrEqual(60);
    expect(await cache.inspect('api', 'forever')).toEqual({ json: '"x"', bytes: 3, ttlSeconds: null });
    expect(await cache.inspect('api', 'missing')).toBeUndefined();
    expect(await cache.get('api', 'with-ttl')).toEqual({ a: [1, 2] });
  });

  it('keys with pattern characters stay literal', async () => {
    await cache.set('api', 'GET /x?q=*[a]', 1);
    await cache.set('api*', 'k', 2);
    expect(await cache.keys('api')).toEqual(['GET /x?q=*[a]']);
    await cache.flush('api*');
    expect(await cache.get('api', 'GET /x?q=*[a]')).toBe(1);
  });

  it('flushes one namespace or all of them', async () => {
    await cache.set('api', 'a', 1);
    await cache.set('sites', 'b', 2);
    await cache.flush('api');
    expect(await cache.get('api', 'a')).toBeUndefined();
    expect(await cache.get('sites', 'b')).toBe(2);
    expect((await cache.namespaces()).map((ns) => ns.name)).toEqual(['sites']);
    await cache.flush();
    expect(await cache.namespaces()).toEqual([]);
  });

  it('reads through with cached(): computes once, then serves the stored value', async () => {
    let calls = 0;
    const compute = async () => {
      calls++;
      return { n: calls };
    };
    expect(await cached(cache, 'api', 'rt', { ttlSeconds: 60 }, compute)).toEqual({ n: 1 });
    expect(await cached(cache, 'api', 'rt', { ttlSeconds: 60 }, compute)).toEqual({ n: 1 });
    expect(calls).toBe(1);
  });

  it('answers a miss exactly as a later hit: dates as text, no parts sharing one object', async () => {
    const currency = { code: 'EUR' };
    const compute = async () => ({ at: new Date('2026-01-02T03:04:05Z'), a: currency, b: currency });
    const miss = await cached(cache, 'api', 'same', { ttlSeconds: 60 }, compute);
    const hit = await cached(cache, 'api', 'same', { ttlSeconds: 60 }, compute);
    expect(miss).toEqual(hit);
    expect(miss.at).toBe('2026-01-02T03:04:05.000Z');
    expect(miss.a).not.toBe(miss.b);
  });

  it('set returns what a get of the entry hands out', async () => {
    const stored = await cache.set('api', 'returned', { at: new Date('2026-01-02T03:04:05Z'), n: [1] });
    expect(stored).toEqual({ at: '2026-01-02T03:04:05.000Z', n: [1] });
    expect(await cache.get('api', 'returned')).toEqual(stored);
    expect(await cache.set('api', 'nothing', undefined)).toBeUndefined();
  });

  it('increments counters atomically within a window that then expires', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => cache.increment('rate', 'ip-1', 1)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await cache.increment('rate', 'ip-2', 1)).toBe(1);
    await sleep(1200);
    expect(await cache.increment('rate', 'ip-1', 1)).toBe(1);
  });

  it('counts in one window and reads the window before it in one call', async () => {
    expect(await cache.incrementWindow('rate-window', 'c:2', 'c:1', 1)).toEqual([1, 0]);
    await Promise.all(Array.from({ length: 4 }, () => cache.increment('rate-window', 'c:2', 1)));
    // The next window sees the five of the one before it, and counts from 1 itself.
    const counts = await Promise.all(
      Array.from({ length: 3 }, () => cache.incrementWindow('rate-window', 'c:3', 'c:2', 1)),
    );
    expect(counts.map(([, previous]) => previous)).toEqual([5, 5, 5]);
    expect(counts.map(([count]) => count).sort()).toEqual([1, 2, 3]);
    await sleep(1200);
    expect(await cache.incrementWindow('rate-window', 'c:3', 'c:2', 1)).toEqual([1, 0]);
  });

  it('answers ping', async () => {
    await expect(cache.ping()).resolves.toBeUndefined();
  });
});

describe('memory cache', () => {
  it('answers a miss with the frozen value later hits get, and its response text with the stored text', async () => {
    const cache = new MemoryCache({ maxEntries: 10 });
    const value = { name: 'Škola “x”', price: 1e21, list: [0.1, -0, '\u2028'], at: new Date(0) };
    const miss = await cached(cache, 'api', 'text', { ttlSeconds: 60 }, async () => value);
    expect(Object.isFrozen(miss)).toBe(true);
    expect(await cache.get('api', 'text')).toBe(miss);
    const text = dataResponseJson(miss);
    expect(text).toBe(JSON.stringify({ data: JSON.parse(JSON.stringify(value)) }));
    // A value stored in an earlier turn of the event loop is serialised as it is: the same text.
    const later = await cached(cache, 'api', 'later', { ttlSeconds: 60 }, async () => value);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(dataResponseJson(later)).toBe(text);
  });

  it('evicts the least recently used entry beyond its size', async () => {
    const cache = new MemoryCache({ maxEntries: 10 });
    for (let i = 0; i < 10; i++) await cache.set('n', `k${i}`, i, { tags: ['t'] });
    await cache.get('n', 'k0');
    await cache.set('n', 'k10', 10, { tags: ['t'] });
    expect(await cache.get('n', 'k1')).toBeUndefined();
    expect(await cache.get('n', 'k0')).toBe(0);
    expect(await cache.deleteByTag('t')).toBe(10);
  });
});
