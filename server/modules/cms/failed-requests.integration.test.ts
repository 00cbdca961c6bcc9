import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { failedRequests } from './cms.schema.ts';

// redirect/addFailedRequest is open to anyone: what it stores must be a bounded path, one row per path.

let database: TestDatabase;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;
const url = '/api/v1/cms/redirect/addFailedRequest';
const report = (path: unknown) => t.json(url, postJson({ path }, { language: 'hr' }));

async function stored() {
  return database.db
    .select({ path: failedRequests.path, hits: failedRequests.hits })
    .from(failedRequests)
    .where(eq(failedRequests.siteId, demo.siteId))
    .orderBy(failedRequests.path);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  t = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0' });
}, 60_000);
afterAll(() => database.destroy());

describe('redirect/addFailedRequest', () => {
  it('keeps one row per path: 100 reports of one path are one row with 100 hits', async () => {
    for (let index = 0; index < 100; index++) expect((await report('/hundred-times')).status).toBe(200);
    expect(await stored()).toEqual([{ path: '/hundred-times', hits: 100 }]);
  });

  it('counts 20 concurrent reports of a new path in one row', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => report('/at-once')));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await stored()).find((row) => row.path === '/at-once')).toEqual({ path: '/at-once', hits: 20 });
  });

  it('stores the path only: no query or fragment, escapes decoded, duplicate slashes collapsed', async () => {
    const variants = [
      '/stara-stranica?utm_source=mail&x=1',
      '/stara-stranica#anchor',
      '//stara-stranica',
      '/stara%2Dstranica',
      '/stara-stranica',
    ];
    for (const path of variants) {
      const { status, body } = await report(path);
      expect(status).toBe(200);
      expect(body.data.path).toBe('/stara-stranica');
    }
    expect((await stored()).filter((row) => row.path.startsWith('/stara'))).toEqual([
      { path: '/stara-stranica', hits: variants.length },
    ]);
    const { body } = await report('/%C5%A1kola//ljeto/?page=2');
    expect(body.data.path).toBe('/škola/ljeto/');
    // Case and a trailing slash are kept: paths match exactly.
    expect((await report('/Stara-Stranica/')).body.data.path).toBe('/Stara-Stranica/');
  });

  it('refuses what is not a short path, naming the field, and stores nothing', async () => {
    const before = await stored();
    for (const path of [
      `/${'a'.repeat(5000)}`,
      `/${'b'.repeat(600)}`,
      '/a\u0000b',
      '/%00',
      '/tab%09here',
      '/line\nbreak',
      '/%E0%A4%A',
      'https://evil.example/x',
      '',
      42,
      null,
    ]) {
      const { status, body } = await report(path);
      expect(status, JSON.stringify(path).slice(0, 40)).toBe(400);
      expect(body.error).toMatchObject({ statusCode: 400, payload: { field: 'path' } });
    }
    expect(await stored()).toEqual(before);
  });

  it('accepts a path of the longest length kept', async () => {
    const path = `/${'c'.repeat(511)}`;
    const { status, body } = await report(path);
    expect(status).toBe(200);
    expect(body.data).toEqual({ path, hits: 1, redirect: null });
  });
});
