import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../cache/cache.ts';
import { MemoryCache } from '../../cache/memory-cache.ts';
import { RedisCache } from '../../cache/redis-cache.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { testEnv } from '../../testing/test-env.ts';
import { siteOptions } from '../site/site.schema.ts';
import { invalidateSiteContent } from '../site/site.service.ts';

/** A local server that answers like the Instagram Graph API: success, an error, or no answer in time. */
type Mode = 'ok' | 'error' | 'slow';
let mode: Mode = 'ok';
const seen: URL[] = [];
const hashtagIds: Record<string, string> = { ucionicazaroditelje: '17841562', otpornodijete: '17841563' };
const recent: Record<string, unknown[]> = {
  '17841562': [
    {
      id: '900',
      media_type: 'IMAGE',
      caption: 'Radionica <b>za roditelje</b>',
      media_url: 'https://scontent.cdninstagram.com/a.jpg',
      permalink: 'https://www.instagram.com/p/AAA/',
      timestamp: '2026-11-20T10:00:00+0000',
    },
    {
      id: '901',
      media_type: 'VIDEO',
      caption: 'Video',
      media_url: 'https://video.cdninstagram.com/v.mp4',
      thumbnail_url: 'https://scontent.cdninstagram.com/v-cover.jpg',
      permalink: 'https://www.instagram.com/p/BBB/',
      timestamp: '2026-11-22T10:00:00+0000',
    },
    // No usable link: left out.
    { id: '902', media_type: 'IMAGE', media_url: 'javascript:alert(1)', permalink: 'javascript:alert(1)' },
  ],
  '17841563': [
    {
      id: '903',
      media_type: 'CAROUSEL_ALBUM',
      permalink: 'https://www.instagram.com/p/CCC/',
      timestamp: '2026-11-21T10:00:00+0000',
      children: { data: [{ media_type: 'IMAGE', media_url: 'https://scontent.cdninstagram.com/c1.jpg' }] },
    },
    // The same post under both hashtags is shown once.
    {
      id: '900',
      media_type: 'IMAGE',
      caption: 'Radionica <b>za roditelje</b>',
      media_url: 'https://scontent.cdninstagram.com/a.jpg',
      permalink: 'https://www.instagram.com/p/AAA/',
      timestamp: '2026-11-20T10:00:00+0000',
    },
  ],
};

const graph = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  seen.push(url);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (mode === 'slow') {
    setTimeout(() => send(200, { data: [] }), 3000).unref();
    return;
  }
  if (mode === 'error' || url.searchParams.get('access_token') !== 'test-token-123') {
    send(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    return;
  }
  if (url.pathname === '/v21.0/ig_hashtag_search') {
    const id = hashtagIds[url.searchParams.get('q') ?? ''];
    send(200, { data: id ? [{ id }] : [] });
    return;
  }
  const match = url.pathname.match(/^\/v21\.0\/(\d+)\/recent_media$/);
  if (match && url.searchParams.get('user_id') === '1784000') {
    send(200, { data: recent[match[1]!] ?? [] });
    return;
  }
  send(404, { error: { message: 'Unknown path' } });
});

let database: TestDatabase;
let site = 0;
let graphUrl = '';

const configured = (overrides: Record<string, string> = {}, cache?: Cache) =>
  createTestApp(
    database,
    {
      INSTAGRAM_ACCESS_TOKEN: 'test-token-123',
      INSTAGRAM_BUSINESS_ACCOUNT_ID: '1784000',
      INSTAGRAM_GRAPH_URL: `${graphUrl}/v21.0`,
      // Generous: a busy machine must not turn the success cases into timeouts; the timeout case sets its own.
      INSTAGRAM_TIMEOUT_MS: '5000',
      ...overrides,
    },
    cache,
  );
const call = (t: ReturnType<typeof createTestApp>, body: unknown = {}) =>
  t.json('/api/v1/socialGetters/getIgByHashtags', postJson(body, { language: 'hr' }));

async function setHashtags(t: ReturnType<typeof createTestApp>, value: unknown) {
  await database.db
    .insert(siteOptions)
    .values({ siteId: site, key: 'InstagramHashtags', value })
    .onConflictDoUpdate({ target: [siteOptions.siteId, siteOptions.key], set: { value } });
  await invalidateSiteContent(t.cache, site);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  site = (await seedDemoSite(database.db)).siteId;
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
});
afterAll(async () => {
  graph.closeAllConnections();
  await new Promise((resolve) => graph.close(resolve));
  await database?.close();
});
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
});

describe('socialGetters/getIgByHashtags', () => {
  it('answers an empty list, and asks nobody, when Instagram is not configured', async () => {
    const t = createTestApp(database);
    const answer = await call(t);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it("lists the newest posts of the site's hashtags, each once, newest first, and caches them", async () => {
    const t = configured();
    await setHashtags(t, ['#UcionicaZaRoditelje', 'otpornodijete', 'not a tag!']);
    const answer = await call(t, { limit: 10 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        id: '901',
        media_type: 'VIDEO',
        caption: 'Video',
        media_url: 'https://scontent.cdninstagram.com/v-cover.jpg',
        permalink: 'https://www.instagram.com/p/BBB/',
        timestamp: '2026-11-22T10:00:00+0000',
      },
      {
        id: '903',
        media_type: 'CAROUSEL_ALBUM',
        caption: '',
        media_url: 'https://scontent.cdninstagram.com/c1.jpg',
        permalink: 'https://www.instagram.com/p/CCC/',
        timestamp: '2026-11-21T10:00:00+0000',
      },
      {
        id: '900',
        media_type: 'IMAGE',
        caption: 'Radionica <b>za roditelje</b>',
        media_url: 'https://scontent.cdninstagram.com/a.jpg',
        permalink: 'https://www.instagram.com/p/AAA/',
        timestamp: '2026-11-20T10:00:00+0000',
      },
    ]);
    // Hashtag search, then recent media, with the business account and the token.
    const searches = seen.filter((url) => url.pathname.endsWith('/ig_hashtag_search'));
    expect(searches.map((url) => url.searchParams.get('q')).sort()).toEqual([
      'otpornodijete',
      'ucionicazaroditelje',
    ]);
    expect(seen.every((url) => url.searchParams.get('user_id') === '1784000')).toBe(true);
    const asked = seen.length;
    expect(asked).toBe(4);

    const limited = await call(t, { limit: 1 });
    expect(limited.body.data.map((post: { id: string }) => post.id)).toEqual(['901']);
    // From the shared cache: the Graph API is not asked again.
    expect(seen).toHaveLength(asked);
  });

  it('another process sharing the cache (Redis when configured) does not ask Instagram again', async () => {
    const shared: Cache = testEnv.TEST_REDIS_URL
      ? new RedisCache(testEnv.TEST_REDIS_URL, { prefix: `test:instagram:${Date.now()}:` })
      : new MemoryCache({ maxEntries: 1000 });
    try {
      const first = configured({}, shared);
      await setHashtags(first, ['otpornodijete']);
      const answer = await call(first);
      expect(answer.body.data.map((post: { id: string }) => post.id)).toEqual(['903', '900']);
      const asked = seen.length;
      expect(asked).toBe(2);
      const second = configured({}, shared);
      expect((await call(second)).body.data).toEqual(answer.body.data);
      expect(seen).toHaveLength(asked);
    } finally {
      await shared.flush();
      await shared.close();
    }
  });

  it('shows nothing when the site has no hashtags', async () => {
    const t = configured();
    await setHashtags(t, []);
    const answer = await call(t);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it('degrades to an empty list when the Graph API answers an error, and does not ask again at once', async () => {
    mode = 'error';
    const t = configured();
    await setHashtags(t, ['ucionicazaroditelje']);
    const answer = await call(t);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(seen).toHaveLength(1);
    mode = 'ok';
    const again = await call(t);
    expect(again.body.data).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('degrades to an empty list within the timeout when the Graph API does not answer', async () => {
    mode = 'slow';
    const t = configured({ INSTAGRAM_TIMEOUT_MS: '300' });
    await setHashtags(t, ['ucionicazaroditelje', 'otpornodijete']);
    const started = Date.now();
    const answer = await call(t);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a limit out of range, naming the field', async () => {
    const t = configured();
    for (const limit of [0, 25, 'many']) {
      const answer = await call(t, { limit });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body.error.payload)).toContain('limit');
    }
  });
});
