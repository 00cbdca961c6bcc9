import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../../core/cookie-consent.ts';
import { readCookie } from '../../core/cookies.ts';
import { personalCookies } from '../../core/visitor-cookies.ts';
import type { Cache } from '../cache/cache.ts';
import { MemoryCache } from '../cache/memory-cache.ts';
import { RedisCache } from '../cache/redis-cache.ts';
import { loadConfig } from '../config.ts';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { createHttpApp } from '../http.ts';
import { createLogger } from '../logger.ts';
import { siteOptions } from '../modules/site/site.schema.ts';
import { invalidateSiteContent } from '../modules/site/site.service.ts';
import { createConfiguredStorage } from '../storage/configured-storage.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { testEnv } from '../testing/test-env.ts';
import { PAGE_CACHE_HEADER, PAGE_CACHE_NAMESPACE } from './page-cache.ts';

/**
 * The page cache in front of the server rendering. The React Router build is replaced by a small one
 * that renders what the real shell depends on: a site option read through the site service (cached
 * with the site's tag), the cookie banner unless the consent cookie is there, nonced scripts, and a
 * few pages that must never be stored.
 */

let database: TestDatabase;
let siteId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  ({ siteId } = await seedDemoSite(database.db));
  await database.db
    .insert(siteOptions)
    .values({ siteId, key: 'CopyrightText', value: 'first text' })
    .onConflictDoUpdate({ target: [siteOptions.siteId, siteOptions.key], set: { value: 'first text' } });
});
afterAll(() => database.destroy());

type Shop = ReturnType<typeof createShop>;

function createShop(cache: Cache, overrides: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...overrides });
  const renders: string[] = [];
  let services: ReturnType<typeof createHttpApp>['services'] | undefined;
  const handler = async (request: Request, context: { nonce: string }) => {
    const url = new URL(request.url);
    renders.push(url.pathname + url.search);
    const nonce = context.nonce;
    const options = await services!.sites.options(siteId, ['CopyrightText']);
    const copyright = String(options.find((option) => option.key === 'CopyrightText')?.value ?? '');
    const consent = readCookie(request.headers.get('cookie'), CONSENT_COOKIE);
    const html =
      `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>` +
      `<p id="copyright">${copyright}</p><p id="path">${url.pathname}${url.search}</p>` +
      (consent === null ? '<div id="cookie-banner">cookies?</div>' : `<p id="consent">${consent}</p>`) +
      `<script nonce="${nonce}" type="module">import("/x.js")</script></body></html>`;
    const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
    if (url.pathname === '/sets-cookie') headers.append('Set-Cookie', 'seen=1; Path=/');
    if (url.pathname === '/no-store') headers.set('Cache-Control', 'no-store');
    if (url.pathname === '/data.json') return Response.json({ copyright });
    const status = url.pathname === '/missing' ? 404 : config.MAINTENANCE_MODE ? 503 : 200;
    return new Response(html, { status, headers });
  };
  const build = {
    entry: {
      module: {
        createLoadContext: (options: { nonce: string }) => options,
        createRequestHandler: () => handler,
      },
    },
  } as unknown as ServerBuild;
  const created = createHttpApp({
    config,
    logger: createLogger('silent'),
    cache,
    storage: createConfiguredStorage(config),
    db: database.db,
    database,
    getServerBuild: async () => build,
  });
  services = created.services;
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await created.app.request(path, { method, headers: { host: 'localhost', ...headers } });
    return { response, state: response.headers.get(PAGE_CACHE_HEADER), text: await response.text() };
  };
  return { get, renders, cache };
}

async function setCopyright(value: string) {
  await database.db
    .update(siteOptions)
    .set({ value })
    .where(and(eq(siteOptions.siteId, siteId), eq(siteOptions.key, 'CopyrightText')));
}

/** The nonces a document's scripts carry, and the one its policy allows. */
function nonces(response: Response, text: string) {
  const inBody = [...text.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]);
  const inPolicy = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  return { inBody: new Set(inBody), count: inBody.length, inPolicy };
}

describe('page cache (memory)', () => {
  let shop: Shop;
  beforeEach(async () => {
    await setCopyright('first text');
    shop = createShop(new MemoryCache({ maxEntries: 1000 }));
  });

  it('renders a page once and serves it again with a fresh nonce that matches its policy', async () => {
    const first = await shop.get('/o-nama');
    const second = await shop.get('/o-nama');
    expect([first.state, second.state]).toEqual(['MISS', 'HIT']);
    expect(shop.renders).toEqual(['/o-nama']);
    const a = nonces(first.response, first.text);
    const b = nonces(second.response, second.text);
    for (const n of [a, b]) {
      expect(n.count).toBe(2);
      expect(n.inBody.size).toBe(1);
      expect([...n.inBody][0]).toBe(n.inPolicy);
    }
    expect(a.inPolicy).not.toBe(b.inPolicy);
    expect(second.text.replaceAll(b.inPolicy!, 'N')).toBe(first.text.replaceAll(a.inPolicy!, 'N'));
    expect(second.response.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=60, stale-while-revalidate=\d+$/,
    );
    expect(second.response.headers.get('vary')).toMatch(/Cookie/);
    expect(second.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('keys by path and query, and answers If-None-Match with 304 without a policy', async () => {
    await shop.get('/objave?page=2');
    const other = await shop.get('/objave?page=3');
    expect(other.state).toBe('MISS');
    expect(other.text).toContain('/objave?page=3');
    const cached = await shop.get('/objave?page=2');
    expect(cached.state).toBe('HIT');
    const etag = cached.response.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await shop.get('/objave?page=2', { 'if-none-match': etag });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.response.headers.get('content-security-policy')).toBeNull();
    expect(revalidated.response.headers.get('etag')).toBe(etag);
    // Another page's tag, or one from before a change, gets the page.
    expect((await shop.get('/objave?page=3', { 'if-none-match': etag })).response.status).toBe(200);
    expect(shop.renders).toEqual(['/objave?page=2', '/objave?page=3']);
  });

  it('serves HEAD from the cache without a body', async () => {
    await shop.get('/o-nama');
    const head = await shop.get('/o-nama', {}, 'HEAD');
    expect(head.state).toBe('HIT');
    expect(head.text).toBe('');
    expect(head.response.headers.get('etag')).toMatch(/^W\//);
  });

  it("never shows one visitor's consent choice to another", async () => {
    const anonymous = await shop.get('/o-nama');
    const accepted = await shop.get('/o-nama', { cookie: `${CONSENT_COOKIE}=necessary,analytics` });
    const again = await shop.get('/o-nama');
    const acceptedAgain = await shop.get('/o-nama', {
      cookie: `other=1; ${CONSENT_COOKIE}=analytics,necessary`,
    });
    expect([anonymous.state, accepted.state, again.state, acceptedAgain.state]).toEqual([
      'MISS',
      'MISS',
      'HIT',
      'HIT',
    ]);
    expect(anonymous.text).toContain('cookie-banner');
    expect(again.text).toContain('cookie-banner');
    expect(accepted.text).not.toContain('cookie-banner');
    expect(acceptedAgain.text).not.toContain('cookie-banner');
    // Consent with other categories is another variant.
    const marketing = await shop.get('/o-nama', { cookie: `${CONSENT_COOKIE}=necessary,marketing` });
    expect(marketing.state).toBe('MISS');
    expect(marketing.text).toContain('necessary,marketing');
  });

  it('steps aside for a session, a cart or edit mode, and marks those pages private', async () => {
    await shop.get('/o-nama');
    for (const name of personalCookies) {
      const personal = await shop.get('/o-nama', { cookie: `${CONSENT_COOKIE}=necessary; ${name}=abc` });
      expect(personal.state, name).toBe('BYPASS');
      expect(personal.response.headers.get('cache-control'), name).toBe('private, no-cache');
    }
    expect((await shop.get('/o-nama?editPage=true')).state).toBe('BYPASS');
    // Nothing a personal visitor saw was stored for the others.
    expect(shop.renders.filter((path) => path === '/o-nama')).toHaveLength(1 + personalCookies.length);
    expect((await shop.get('/o-nama', { cookie: `${CONSENT_COOKIE}=necessary` })).state).toBe('MISS');
  });

  it('stores no error page, no page that sets a cookie or refuses storage, and no other content type', async () => {
    for (const path of ['/missing', '/sets-cookie', '/no-store', '/data.json']) {
      const first = await shop.get(path);
      const second = await shop.get(path);
      expect(second.state, path).toBeNull();
      expect(first.response.headers.get('etag'), path).toBeNull();
    }
    expect((await shop.get('/sets-cookie')).response.headers.get('set-cookie')).toBe('seen=1; Path=/');
    expect(await shop.cache.keys(PAGE_CACHE_NAMESPACE)).toEqual([]);
    expect(shop.renders).toHaveLength(9);
  });

  it('varies the root by the language preference that may redirect it, and by nothing else', async () => {
    const croatian = await shop.get('/', { 'accept-language': 'hr-HR,hr;q=0.9' });
    const english = await shop.get('/', { 'accept-language': 'en-GB,en;q=0.9' });
    const englishAgain = await shop.get('/', { 'accept-language': 'en-US,en;q=0.8,fr;q=0.5' });
    const chosen = await shop.get('/', { 'accept-language': 'en', cookie: 'locale=hr' });
    expect([croatian.state, english.state, englishAgain.state, chosen.state]).toEqual([
      'MISS',
      'MISS',
      'HIT',
      'MISS',
    ]);
    expect(english.response.headers.get('vary')).toContain('Accept-Language');
    // Elsewhere the language is in the path: Accept-Language makes no other entry.
    await shop.get('/en/blog', { 'accept-language': 'hr' });
    expect((await shop.get('/en/blog', { 'accept-language': 'de' })).state).toBe('HIT');
  });

  it('drops the pages of a site when its content changes', async () => {
    expect((await shop.get('/o-nama')).text).toContain('first text');
    expect((await shop.get('/o-nama')).state).toBe('HIT');
    await setCopyright('second text');
    // Until a write says so, the cached page stands.
    expect((await shop.get('/o-nama')).text).toContain('first text');
    await invalidateSiteContent(shop.cache, siteId);
    const after = await shop.get('/o-nama');
    expect(after.state).toBe('MISS');
    expect(after.text).toContain('second text');
  });

  it('stores nothing and serves nothing from the cache in maintenance mode', async () => {
    const cache = new MemoryCache({ maxEntries: 1000 });
    const normal = createShop(cache);
    await normal.get('/o-nama');
    const maintenance = createShop(cache, { MAINTENANCE_MODE: 'true' });
    const first = await maintenance.get('/o-nama');
    const second = await maintenance.get('/o-nama');
    expect([first.state, second.state]).toEqual([null, null]);
    expect(second.response.status).toBe(503);
    expect(maintenance.renders).toHaveLength(2);
    expect(await cache.keys(PAGE_CACHE_NAMESPACE)).toHaveLength(1);
  });

  it('is off with PAGE_CACHE_SECONDS=0', async () => {
    const off = createShop(new MemoryCache({ maxEntries: 1000 }), { PAGE_CACHE_SECONDS: '0' });
    await off.get('/o-nama');
    expect((await off.get('/o-nama')).state).toBeNull();
    expect(off.renders).toHaveLength(2);
  });
});

describe.skipIf(!testEnv.TEST_REDIS_URL)('page cache shared through Redis by two processes', () => {
  const prefix = `test:pages:${randomUUID()}:`;
  let caches: RedisCache[] = [];
  beforeAll(() => {
    caches = [0, 1].map(() => new RedisCache(testEnv.TEST_REDIS_URL!, { prefix }));
  });
  afterAll(async () => {
    await caches[0]?.flush();
    for (const cache of caches) await cache.close();
  });

  it("serves one process's page from the other, and one invalidation reaches both", async () => {
    await setCopyright('shared text');
    const [first, second] = caches.map((cache) => createShop(cache)) as [Shop, Shop];
    const rendered = await first.get('/o-nama');
    const fromOther = await second.get('/o-nama');
    expect([rendered.state, fromOther.state]).toEqual(['MISS', 'HIT']);
    expect(second.renders).toEqual([]);
    expect(fromOther.text).toContain('shared text');
    const a = nonces(rendered.response, rendered.text);
    const b = nonces(fromOther.response, fromOther.text);
    expect(b.inBody).toEqual(new Set([b.inPolicy]));
    expect(b.inPolicy).not.toBe(a.inPolicy);
    // A visitor with consent gets their own variant there too.
    const consented = await second.get('/o-nama', { cookie: `${CONSENT_COOKIE}=necessary` });
    expect(consented.state).toBe('MISS');
    expect((await first.get('/o-nama')).text).toContain('cookie-banner');

    await setCopyright('changed text');
    // The write happened through the second process.
    await invalidateSiteContent(caches[1]!, siteId);
    const afterChange = await first.get('/o-nama');
    expect(afterChange.state).toBe('MISS');
    expect(afterChange.text).toContain('changed text');
    expect((await second.get('/o-nama')).state).toBe('HIT');
  });
});
