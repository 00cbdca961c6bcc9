import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { siteDomains, siteLanguages, sites, stores } from './site.schema.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let demo: Awaited<ReturnType<typeof seedDemoSite>>;
let secondSiteId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  const [second] = await database.db
    .insert(sites)
    .values({ name: 'Second', url: 'https://second.example', apiKeyToken: 'second-key', apiKeyId: 2 })
    .returning({ id: sites.id });
  secondSiteId = second!.id;
  await database.db
    .insert(siteDomains)
    .values({ siteId: secondSiteId, name: 'Second', host: 'second.example' });
  await database.db.insert(siteLanguages).values({ siteId: secondSiteId, languageId: 2, isDefault: true });
  await database.db
    .insert(stores)
    .values({ siteId: secondSiteId, name: 'Only', languageId: 2, currencyId: 44 });
  t = createTestApp(database);
});
afterAll(() => database.destroy());

describe('domainDetect', () => {
  it('returns the site of an unknown host (the first site) with stores, languages and settings', async () => {
    const { status, body } = await t.json(
      '/api/v2/master/domainDetect',
      postJson({}, { host: 'localhost:3000' }),
    );
    expect(status).toBe(200);
    expect(body.data.siteID).toBe(demo.siteId);
    expect(body.data.cmsLanguages.map((l: { code2: string }) => l.code2)).toEqual(['hr', 'en']);
    const hrStore = body.data.stores.find((s: { language: string }) => s.language === 'hr');
    expect(hrStore.currency.code).toBe('HRK');
    expect(hrStore.loyalty.rewards[0]).toMatchObject({ freeDelivery: true });
    expect(body.data.extra.currencyConfig[hrStore.storeID]).toMatchObject({
      eurRate: 7.5345,
      showEuroEquivalent: true,
    });
    expect(body.data.extra.checkoutSettings[hrStore.storeID]).toMatchObject({
      guestCheckout: 1,
      cartType: 0,
      mergeItems: 1,
    });
    expect(body.data.extra.cmsOptionFilter.some((o: { key: string }) => o.key === 'AllowedLanguages')).toBe(
      true,
    );
  });

  it('chooses the site by host, and by apiKey', async () => {
    const byHost = await t.json('/api/v2/master/domainDetect', postJson({}, { host: 'Second.Example:443' }));
    expect(byHost.body.data.siteID).toBe(secondSiteId);
    const byKey = await t.json('/api/v2/master/domainDetect', postJson({}, { apikey: 'second-key' }));
    expect(byKey.body.data.siteID).toBe(secondSiteId);
  });

  it('refuses an unknown apiKey with 401', async () => {
    const { status, body } = await t.json('/api/v2/master/domainDetect', postJson({}, { apikey: 'nope' }));
    expect(status).toBe(401);
    expect(body.error).toMatchObject({
      code: 'INVALID_API_KEY',
      statusCode: 401,
      payload: { field: 'apiKey' },
    });
  });
});

describe('commons', () => {
  it('lists 79 languages with 3-letter codes', async () => {
    const { body } = await t.json('/api/v1/master/commons?type=languages');
    expect(body.data).toHaveLength(79);
    expect(body.data.find((l: { code: string }) => l.code === 'hrv')).toMatchObject({
      code2: 'hr',
      nameHrv: 'hrvatski',
      nameEng: 'Croatian',
    });
  });

  it('names countries in the request language, sorted by that language', async () => {
    const hr = await t.json('/api/v1/master/commons?type=countries', { headers: { language: 'hr' } });
    const en = await t.json('/api/v1/master/commons?type=countries', { headers: { language: 'en' } });
    expect(hr.body.data.find((c: { iso: string }) => c.iso === 'DE').name).toBe('Njemačka');
    expect(en.body.data.find((c: { iso: string }) => c.iso === 'DE').name).toBe('Germany');
    const names = en.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('rejects an unknown type, naming the field', async () => {
    const { status, body } = await t.json('/api/v1/master/commons?type=planets');
    expect(status).toBe(400);
    expect(body.error.payload.field).toBe('type');
  });
});

describe('settings and options', () => {
  it('gives the checkout settings and currency config of the store chosen by language or storeId', async () => {
    const hr = await t.json('/api/v2/ecommerce/settings/getCurrencyConfig', { headers: { language: 'hr' } });
    expect(hr.body.data).toMatchObject({
      storeId: demo.storeIds.hr,
      mainCurrencyId: 44,
      currency: { code: 'HRK' },
    });
    const en = await t.json('/api/v2/ecommerce/settings/getCurrencyConfig', {
      headers: { storeid: String(demo.storeIds.en) },
    });
    expect(en.body.data).toMatchObject({
      storeId: demo.storeIds.en,
      showEuroEquivalent: false,
      currency: { id: 44, symbol: '€' },
    });
    const settings = await t.json('/api/v2/ecommerce/settings/getCheckoutSettings', {
      headers: { language: 'en' },
    });
    expect(settings.body.data).toMatchObject({
      storeId: demo.storeIds.en,
      checkoutEnabled: true,
      allowedCountries: 'ALL',
    });
  });

  it('filters CMS options by key', async () => {
    const { body } = await t.json('/api/v1/cms/option/filter?keys=AllowedLanguages,NumberOfStars');
    expect(body.data.map((o: { key: string }) => o.key)).toEqual(['AllowedLanguages', 'NumberOfStars']);
    expect(body.data[0].value).toEqual(['hr', 'en']);
  });

  it('lists the domains of the site', async () => {
    const { body } = await t.json('/api/v1/settings/domain/filter', postJson({}));
    expect(body.data.records.map((d: { url: string }) => d.url)).toEqual([
      'https://localhost',
      'https://127.0.0.1',
    ]);
    expect(body.data.totalRecords).toBe(2);
  });
});
