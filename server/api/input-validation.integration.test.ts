import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';

// Values PostgreSQL refuses (NUL in text, integers beyond its range, dates beyond its years) are
// refused by validation with a 400 naming the field, before any query.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  t = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0' });
}, 60_000);
afterAll(() => database.destroy());

const get = (path: string) => t.json(path, { headers: { language: 'hr' } });
const post = (path: string, body: unknown) => t.json(path, postJson(body, { language: 'hr' }));

function expectRefused(response: { status: number; body: Record<string, unknown> }, field: string) {
  expect(response.status).toBe(400);
  expect(response.body.error).toMatchObject({ statusCode: 400, payload: { field } });
}

describe('text with control characters', () => {
  it('refuses a NUL in a query, path or body text', async () => {
    expectRefused(await get('/api/v1/cms/finder/decide?slug=%00'), 'slug');
    expectRefused(await get('/api/v1/catalogue/product/web/get?slug=a%00b'), 'slug');
    expectRefused(await get('/api/v1/catalogue/web/category/get?slug=%00'), 'slug');
    expectRefused(await get('/api/v1/cms/finder/searchSlugs?keyword=%00'), 'keyword');
    expectRefused(await get('/api/v1/search?search=%00&category=posts'), 'search');
    expectRefused(await get('/api/v1/cms/option/filter?keys=a%00'), 'keys');
    expectRefused(await get('/api/v1/cms/term/get/%00'), 'slug');
    expectRefused(await get('/api/v1/cms/navigation/tree/main%00'), 'id');
    expectRefused(await post('/api/v1/catalogue/product/web/filter', { keywords: '\u0000' }), 'keywords');
    expectRefused(await post('/api/v1/catalogue/web/tag/filter', { codes: ['a\u0000'] }), 'codes.0');
    expectRefused(
      await post('/api/v1/cms/post/filterStandard', { filters: { termSlugs: ['\u0000'] } }),
      'filters.termSlugs.0',
    );
  });

  it('refuses the other C0 control characters and DEL too', async () => {
    for (const character of ['%01', '%09', '%0A', '%1F', '%7F'])
      expectRefused(await get(`/api/v1/cms/finder/decide?slug=a${character}b`), 'slug');
  });
});

describe('numbers beyond a PostgreSQL integer', () => {
  it('refuses ids from 2147483648 up, in queries, paths and bodies', async () => {
    expectRefused(await get('/api/v1/cms/finder/decide?productId=2147483648'), 'productId');
    expectRefused(await get('/api/v1/cms/finder/decide?categoryId=9999999999'), 'categoryId');
    expectRefused(await get('/api/v1/calendar/event/public/get?id=2147483648'), 'id');
    expectRefused(await get('/api/v1/catalogue/web/category/get/2147483648'), 'id');
    expectRefused(
      await post('/api/v1/cms/finder/getUrlOnLanguage', { newLanguage: 'en', postId: 2147483648 }),
      'postId',
    );
    expectRefused(
      await post('/api/v1/catalogue/product/web/filter', { mainCategory: 2147483648 }),
      'mainCategory',
    );
    // The largest integer is a valid id that names nothing.
    expect((await get('/api/v1/calendar/event/public/get?id=2147483647')).status).toBe(404);
  });

  it('refuses price bounds beyond the range, in every form the filter takes', async () => {
    const filter = (value: unknown) =>
      post('/api/v1/catalogue/product/web/filter', { filters: [{ key: 'price', value }] });
    expectRefused(await filter('-2147483649'), 'filters.0.value');
    expectRefused(await filter('0-2147483648'), 'filters.0.value');
    expectRefused(await filter({ min: -2147483649 }), 'filters.0.value.min');
    expectRefused(await filter({ max: 1e308 }), 'filters.0.value.max');
    expectRefused(await filter({ max: '1e308' }), 'filters.0.value');
    expectRefused(await filter([0, '2147483648']), 'filters.0.value');
    expect((await filter({ min: 0, max: 2147483647 })).status).toBe(200);
  });
});

describe('dates beyond the years a timestamp holds', () => {
  it('refuses them', async () => {
    expectRefused(await post('/api/v1/calendar/event/public/filter', { dateTo: '+275760-09-13' }), 'dateTo');
    expectRefused(
      await post('/api/v1/cms/post/filterStandard', { filters: { dateFrom: '-000100-01-01' } }),
      'filters.dateFrom',
    );
    expect((await post('/api/v1/calendar/event/public/filter', { dateTo: '9999-12-31' })).status).toBe(200);
  });
});

describe('media addresses', () => {
  it('answers 404 for an id beyond the range, as for any unknown file', async () => {
    for (const path of ['/media/1/9999999999/original/x.png', '/media/2147483648/1/original/x.png']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { statusCode: number } }).error.statusCode).toBe(404);
    }
  });
});
