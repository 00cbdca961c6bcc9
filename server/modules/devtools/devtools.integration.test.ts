import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../cache/cache.ts';
import { MemoryCache } from '../../cache/memory-cache.ts';
import { RedisCache } from '../../cache/redis-cache.ts';
import { seedDemoSite, seedProductionSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { testEnv } from '../../testing/test-env.ts';

let database: TestDatabase;
let demoSite = 0;
let secondSite = 0;

const changelog = fs.readFileSync(path.resolve(import.meta.dirname, '../../../CHANGELOG.md'), 'utf8');
const headings = [...changelog.matchAll(/^## +(.+)$/gm)].map((match) => match[1]!.trim());

const detect = (t: ReturnType<typeof createTestApp>, host = 'localhost:3000') =>
  t.json('/api/v2/master/domainDetect', { method: 'POST', headers: { host } });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  demoSite = (await seedDemoSite(database.db)).siteId;
  // A second site with a domain of its own (its local hosts and api key id would clash with the demo's).
  await database.db.execute(sql`update site_domains set host = 'demo-' || host where site_id = ${demoSite}`);
  await database.db.execute(sql`update sites set api_key_id = 2 where id = ${demoSite}`);
  secondSite = (
    await seedProductionSite(database.db, {
      name: 'Druga trgovina',
      url: 'https://druga-trgovina.test',
      apiKeyToken: 'second-site-key',
    })
  ).siteId;
  await database.db.execute(
    sql`delete from site_domains where site_id = ${secondSite} and host in ('localhost', '127.0.0.1')`,
  );
  await database.db.execute(
    sql`update site_domains set host = substr(host, 6) where site_id = ${demoSite} and host like 'demo-%'`,
  );
  await database.db.execute(sql`update sites set api_key_id = 3 where id = ${secondSite}`);
  await database.db.execute(sql`update sites set api_key_id = 1 where id = ${demoSite}`);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from developer_settings`);
});

describe('releases (_cli/get-latest-release, _cli/get-latest-tag)', () => {
  it("lists the project's CHANGELOG.md sections, newest first, as sanitized HTML; the tag is the newest", async () => {
    const t = createTestApp(database);
    const releases = await t.json('/api/v1/_cli/get-latest-release', postJson({ gitlabBranch: 'main' }));
    expect(releases.status).toBe(200);
    expect(headings.length).toBeGreaterThan(0);
    expect(releases.body.data.map((release: { name: string }) => release.name)).toEqual(headings);
    for (const release of releases.body.data) {
      expect(release.tag_name).toMatch(/^[a-z0-9.+-]+$/);
      expect(release.description_html).not.toMatch(/<script|javascript:/i);
    }
    expect(releases.body.data[0].description_html).toContain('<li>');
    const tag = await t.json('/api/v1/_cli/get-latest-tag');
    expect(tag.status).toBe(200);
    expect(tag.body.data).toBe(releases.body.data[0].tag_name);
  });

  it('refuses a malformed body, naming the field', async () => {
    const t = createTestApp(database);
    const answer = await t.json('/api/v1/_cli/get-latest-release', postJson({ gitlabBranch: 12 }));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.error.payload)).toContain('gitlabBranch');
  });
});

describe('domain picker (settings/domain/filter, _cli/get-domain, _cli/set-domain)', () => {
  it('lists every site’s domains with allSites, and only the current site’s without', async () => {
    const t = createTestApp(database);
    const all = await t.json(
      '/api/v1/settings/domain/filter',
      postJson({ allSites: true }, { host: 'localhost' }),
    );
    expect(all.status).toBe(200);
    const urls = all.body.data.records.map((record: { url: string; siteName: string }) => [
      record.url,
      record.siteName,
    ]);
    expect(urls).toEqual([
      ['https://localhost', 'Učionica za roditelje'],
      ['https://127.0.0.1', 'Učionica za roditelje'],
      ['https://druga-trgovina.test', 'Druga trgovina'],
    ]);
    const own = await t.json('/api/v1/settings/domain/filter', postJson({}, { host: 'localhost' }));
    expect(own.body.data.records.map((record: { url: string }) => record.url)).toEqual([
      'https://localhost',
      'https://127.0.0.1',
    ]);
  });

  it('switches which site the instance serves, whatever the request host, and back', async () => {
    const t = createTestApp(database);
    expect((await t.json('/api/v1/_cli/get-domain')).body.data).toEqual({
      url: null,
      forcedUrl: null,
      siteName: null,
    });
    expect((await detect(t)).body.data.siteID).toBe(demoSite);

    const set = await t.json('/api/v1/_cli/set-domain', postJson({ domain: 'https://druga-trgovina.test' }));
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      url: 'https://druga-trgovina.test',
      forcedUrl: null,
      siteName: 'Druga trgovina',
    });
    expect((await detect(t)).body.data.siteID).toBe(secondSite);
    expect((await detect(t, '127.0.0.1')).body.data.site.name).toBe('Druga trgovina');
    const current = await t.json('/api/v1/_cli/get-domain', { headers: { host: 'localhost' } });
    expect(current.body.data).toEqual({
      url: 'https://druga-trgovina.test',
      forcedUrl: null,
      siteName: 'Druga trgovina',
    });

    // Another process on the same database (its own cache) serves the picked site too.
    const other = createTestApp(database);
    expect((await detect(other)).body.data.siteID).toBe(secondSite);

    const back = await t.json('/api/v1/_cli/set-domain', postJson({ domain: 'localhost' }));
    expect(back.body.data.siteName).toBe('Učionica za roditelje');
    expect((await detect(t)).body.data.siteID).toBe(demoSite);
  });

  it('processes sharing the cache (Redis when configured) see a new pick at once', async () => {
    const shared: Cache = testEnv.TEST_REDIS_URL
      ? new RedisCache(testEnv.TEST_REDIS_URL, { prefix: `test:devtools:${Date.now()}:` })
      : new MemoryCache({ maxEntries: 1000 });
    try {
      const first = createTestApp(database, {}, shared);
      const second = createTestApp(database, {}, shared);
      expect((await detect(second)).body.data.siteID).toBe(demoSite);
      await first.json('/api/v1/_cli/set-domain', postJson({ domain: 'druga-trgovina.test' }));
      expect((await detect(second)).body.data.siteID).toBe(secondSite);
      await second.json('/api/v1/_cli/set-domain', postJson({ domain: 'localhost' }));
      expect((await detect(first)).body.data.siteID).toBe(demoSite);
    } finally {
      await shared.flush();
      await shared.close();
    }
  });

  it('refuses a domain that belongs to no site, naming the field, and changes nothing', async () => {
    const t = createTestApp(database);
    for (const domain of ['https://evil.example', 'not a url at all', '']) {
      const answer = await t.json('/api/v1/_cli/set-domain', postJson({ domain }));
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body.error.payload)).toContain('domain');
    }
    expect((await t.json('/api/v1/_cli/get-domain')).body.data.url).toBeNull();
    expect((await detect(t)).body.data.siteID).toBe(demoSite);
  });

  it('serves DEV_FORCE_DOMAIN until another domain is picked, and reports it', async () => {
    const t = createTestApp(database, { DEV_FORCE_DOMAIN: 'druga-trgovina.test' });
    expect((await detect(t)).body.data.siteID).toBe(secondSite);
    const forced = await t.json('/api/v1/_cli/get-domain');
    expect(forced.body.data).toEqual({
      url: 'https://druga-trgovina.test',
      forcedUrl: 'https://druga-trgovina.test',
      siteName: 'Druga trgovina',
    });
    await t.json('/api/v1/_cli/set-domain', postJson({ domain: '127.0.0.1' }));
    const picked = await t.json('/api/v1/_cli/get-domain');
    expect(picked.body.data.url).toBe('https://127.0.0.1');
    expect(picked.body.data.forcedUrl).toBe('https://druga-trgovina.test');
    expect((await detect(t)).body.data.siteID).toBe(demoSite);
  });
});

describe('in production', () => {
  const calls = [
    ['GET', '/api/v1/_cli/get-latest-tag'],
    ['POST', '/api/v1/_cli/get-latest-release'],
    ['GET', '/api/v1/_cli/get-domain'],
    ['POST', '/api/v1/_cli/set-domain'],
  ] as const;
  const request = (t: ReturnType<typeof createTestApp>, method: string, url: string) =>
    t.json(url, method === 'GET' ? {} : postJson({ domain: 'https://druga-trgovina.test' }));

  it('the developer calls do not exist (404), are not documented, and a picked domain is ignored', async () => {
    await createTestApp(database).json(
      '/api/v1/_cli/set-domain',
      postJson({ domain: 'druga-trgovina.test' }),
    );
    const t = createTestApp(database, { NODE_ENV: 'production', DEV_FORCE_DOMAIN: 'druga-trgovina.test' });
    for (const [method, url] of calls) {
      const answer = await request(t, method, url);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    const document = await t.json('/api/openapi.json');
    expect(Object.keys(document.body.paths).filter((key) => key.includes('_cli'))).toEqual([]);
    // Neither the picked domain nor DEV_FORCE_DOMAIN moves a production instance off its request host.
    expect((await detect(t)).body.data.siteID).toBe(demoSite);
    const all = await t.json(
      '/api/v1/settings/domain/filter',
      postJson({ allSites: true }, { host: 'localhost' }),
    );
    expect(all.body.data.records).toHaveLength(2);
  });

  it('DEV_TOOLS=true turns them on in a production build', async () => {
    const t = createTestApp(database, { NODE_ENV: 'production', DEV_TOOLS: 'true' });
    const tag = await t.json('/api/v1/_cli/get-latest-tag');
    expect(tag.status).toBe(200);
    expect(typeof tag.body.data).toBe('string');
    const off = createTestApp(database, { DEV_TOOLS: 'false' });
    expect((await off.json('/api/v1/_cli/get-latest-tag')).status).toBe(404);
  });
});
