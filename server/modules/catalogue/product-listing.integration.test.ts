import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';

let database: TestDatabase;
let mediaDir: string;
let t: ReturnType<typeof createTestApp>;

type Card = { id: number; sku: string; name: string; prices: { finalPrice: number } };
type Choice = { value: number; valueCode: string; totalProducts: number; selected: boolean };

const filter = async (body: unknown, language = 'en') =>
  t.json('/api/v1/catalogue/product/web/filter', postJson(body, { language }));
const navigation = async (body: unknown, language = 'en') =>
  t.json('/api/v1/catalogue/layered/navigation', postJson(body, { language }));
const skus = (records: Card[]) => records.map((record) => record.sku).sort();
const choicesOf = (filters: { attributeCode: string; choices: Choice[] }[], code: string) =>
  Object.fromEntries(
    (filters.find((f) => f.attributeCode === code)?.choices ?? []).map((c) => [c.valueCode, c.totalProducts]),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-media-'));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  t = createTestApp(database);
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('web/filter', () => {
  it('returns an empty result for a call without criteria, without touching the database', async () => {
    await filter({ mainCategory: 'books' }); // warms the site lookups the request context needs
    let queries = 0;
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select' || property === 'execute') queries++;
        return Reflect.get(target, property, receiver);
      },
    }) as Db;
    const app = createTestApp({ ...database, db: counting }, {}, t.cache);
    for (const body of [
      {},
      { filters: [{ key: 'archived', value: false }] },
      { keywords: '   ', sort: 'newest' },
    ]) {
      const { status, body: response } = await app.json(
        '/api/v1/catalogue/product/web/filter',
        postJson(body, { language: 'en' }),
      );
      expect(status).toBe(200);
      expect(response.data).toEqual({ records: [], totalPages: 0, totalRecords: 0, page: 1, limit: 10 });
    }
    expect(queries).toBe(0);
    // The counter does see a real call.
    await app.json('/api/v1/catalogue/product/web/filter', postJson({ page: 1 }, { language: 'en' }));
    expect(queries).toBeGreaterThan(0);
  });

  it('pages a category (with its subcategories): page defaults to 1 and limit to 10', async () => {
    const first = await filter({ mainCategory: 'books' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ totalRecords: 13, totalPages: 2, page: 1, limit: 10 });
    expect(first.body.data.records).toHaveLength(10);
    expect(first.body.data.records[0]).toMatchObject({
      name: expect.any(String),
      slug: expect.any(String),
      format: 'Simple',
      inStock: true,
      prices: { currency: { code: 'EUR' } },
    });
    expect(first.body.data.records[0].media.length).toBeLessThanOrEqual(1);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => filter({ mainCategory: 'knjige', limit: 5, page }, 'hr')),
    );
    expect(pages.map((p) => p.body.data.records.length)).toEqual([5, 5, 3]);
    expect(pages[0]!.body.data.totalPages).toBe(3);
    const ids = pages.flatMap((p) => p.body.data.records.map((r: Card) => r.id));
    expect(new Set(ids).size).toBe(13);
  });

  it('leaves out archived products and hidden variants', async () => {
    const { body } = await filter({ keywords: 'Majica', limit: 100 }, 'hr');
    expect(skus(body.data.records)).toEqual(['MAJ-001', 'MAJ-002', 'PAK-002']);
    const archived = await filter({ keywords: 'Bojanka' }, 'hr');
    expect(archived.body.data.totalRecords).toBe(0);
  });

  it('caps the limit at 100 unless unlimited is allowed', async () => {
    const capped = await filter({ keywords: 'a', limit: 1000 });
    expect(capped.body.data.limit).toBe(100);
    const unlimited = await filter({ keywords: 'a', limit: 1000, allowUnlimited: true });
    expect(unlimited.body.data.limit).toBe(1000);
  });

  it('sorts by price both ways and by name', async () => {
    const asc = await filter({ mainCategory: 'books', sort: 'price_asc', limit: 100 });
    const prices = asc.body.data.records.map((r: Card) => r.prices.finalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await filter({ mainCategory: 'books', sort: 'price_desc', limit: 100 });
    expect(desc.body.data.records.map((r: Card) => r.prices.finalPrice)).toEqual(
      [...prices].sort((a, b) => b - a),
    );
    const byName = await filter({ mainCategory: 'books', sort: 'name_asc', limit: 100 });
    const byNameDesc = await filter({ mainCategory: 'books', sort: 'name_desc', limit: 100 });
    expect(byNameDesc.body.data.records.map((r: Card) => r.id)).toEqual(
      byName.body.data.records.map((r: Card) => r.id).reverse(),
    );
  });

  it('puts higher category priority first', async () => {
    const { body } = await filter({ mainCategory: 'books', sort: 'priority', limit: 3 });
    // The Resilient Child has priority 20, Little Bear's Big Worry 10, the rest 0.
    expect(body.data.records.slice(0, 2).map((r: Card) => r.sku)).toEqual(['PRI-001', 'KNJ-001']);
  });

  it('filters by price range in store-currency minor units', async () => {
    const { body } = await filter({
      mainCategory: 'books',
      filters: [{ key: 'price', value: { min: 1000, max: 1500 } }],
      limit: 100,
    });
    expect(body.data.totalRecords).toBeGreaterThan(0);
    for (const record of body.data.records as Card[]) {
      expect(record.prices.finalPrice).toBeGreaterThanOrEqual(1000);
      expect(record.prices.finalPrice).toBeLessThanOrEqual(1500);
    }
    const asText = await filter({
      mainCategory: 'books',
      filters: [{ key: 'price', value: '1000-1500' }],
      limit: 100,
    });
    expect(asText.body.data.totalRecords).toBe(body.data.totalRecords);
  });

  it('filters by attribute value code or id, several values of one attribute meaning any of them', async () => {
    const byCode = await filter({ mainCategory: 'books', filters: [{ key: 'dob', value: '0-3' }] });
    expect(skus(byCode.body.data.records)).toEqual(['KNJ-002', 'KNJ-004', 'PRI-003']);
    const panel = await navigation({ mainCategory: 'books' });
    const dob = panel.body.data.filters.find((f: { attributeCode: string }) => f.attributeCode === 'dob');
    const zeroToThree = dob.choices.find((c: Choice) => c.valueCode === '0-3').value;
    const byId = await filter({ mainCategory: 'books', filters: [{ key: 'dob', value: [zeroToThree] }] });
    expect(skus(byId.body.data.records)).toEqual(skus(byCode.body.data.records));
    const either = await filter({ mainCategory: 'books', filters: [{ key: 'dob', value: ['0-3', '9-12'] }] });
    expect(either.body.data.totalRecords).toBeGreaterThan(byCode.body.data.totalRecords);
    const both = await filter({
      mainCategory: 'books',
      filters: [
        { key: 'dob', value: '0-3' },
        { key: 'format', value: 'meki-uvez' },
      ],
    });
    expect(both.body.data.totalRecords).toBe(0);
  });

  it('filters by tag and by category', async () => {
    const { body } = await filter({
      filters: [
        { key: 'tag', value: 'NOVO' },
        { key: 'category', value: 'clothing' },
      ],
    });
    expect(skus(body.data.records)).toEqual(['DUK-001', 'MAJ-002', 'PAK-002']);
  });

  it('finds keywords without diacritics, in the request language or the default one', async () => {
    const { body } = await filter({ keywords: 'skol' }, 'hr');
    expect(skus(body.data.records)).toEqual(['PAK-005', 'TEC-003']);
    const twoWords = await filter({ keywords: 'spremni skolu' }, 'hr');
    expect(skus(twoWords.body.data.records)).toEqual(['TEC-003']);
    const english = await filter({ keywords: 'SKOLARCE' }, 'en');
    expect(skus(english.body.data.records)).toEqual(['PAK-005']);
    const wildcard = await filter({ keywords: '100%' }, 'hr');
    expect(wildcard.body.data.totalRecords).toBe(0);
  });

  it('selects products by id', async () => {
    const some = await filter({ mainCategory: 'books', limit: 3 });
    const ids = some.body.data.records.map((r: Card) => r.id);
    const { body } = await filter({ select: ids });
    expect(body.data.records.map((r: Card) => r.id).sort()).toEqual([...ids].sort());
    expect(body.data.totalRecords).toBe(3);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ page: -1 }, 'page'],
      [{ sort: 'cheapest' }, 'sort'],
      [{ select: ['x'] }, 'select.0'],
      [{ filters: [{ key: 'planet', value: 'mars' }] }, 'filters.0.key'],
      [{ filters: [{ key: 'price', value: 'cheap' }] }, 'filters.0.value'],
      [{ keywords: 'x'.repeat(201) }, 'keywords'],
    ];
    for (const [body, field] of cases) {
      const response = await filter(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.payload.field).toBe(field);
    }
  });
});

describe('layered navigation', () => {
  it('gives the price range and attribute choices with counts for the category', async () => {
    const { status, body } = await navigation({ mainCategory: 'books' });
    expect(status).toBe(200);
    const [price] = body.data.filters;
    expect(price).toMatchObject({
      attributeCode: 'price',
      type: 'range',
      label: 'Retail price',
      value: null,
    });
    const all = await filter({ mainCategory: 'books', allowUnlimited: true });
    const prices = all.body.data.records.map((r: Card) => r.prices.finalPrice);
    expect(price.minValue).toBe(Math.min(...prices));
    expect(price.maxValue).toBe(Math.max(...prices));
    expect(choicesOf(body.data.filters, 'format')).toEqual({ 'tvrdi-uvez': 6, 'meki-uvez': 7 });
    expect(choicesOf(body.data.filters, 'dob')).toMatchObject({ '0-3': 3, '3-6': 7 });
    const binding = body.data.filters.find((f: { attributeCode: string }) => f.attributeCode === 'format');
    expect(binding).toMatchObject({ label: 'Binding', type: 'single' });
    // Not filterable, so not offered.
    expect(body.data.filters.some((f: { attributeCode: string }) => f.attributeCode === 'jezik')).toBe(false);
  });

  it('narrows the other facets when a filter is applied, but not its own choices', async () => {
    const { body } = await navigation({
      mainCategory: 'books',
      filters: [{ key: 'format', value: 'tvrdi-uvez' }],
    });
    expect(choicesOf(body.data.filters, 'dob')).toMatchObject({ '0-3': 3, '3-6': 3 });
    expect(choicesOf(body.data.filters, 'format')).toEqual({ 'tvrdi-uvez': 6, 'meki-uvez': 7 });
    const binding = body.data.filters.find((f: { attributeCode: string }) => f.attributeCode === 'format');
    expect(binding.choices.find((c: Choice) => c.valueCode === 'tvrdi-uvez').selected).toBe(true);
    expect(binding.value).toEqual([binding.choices.find((c: Choice) => c.selected).value]);
    const listed = await filter({
      mainCategory: 'books',
      filters: [
        { key: 'format', value: 'tvrdi-uvez' },
        { key: 'dob', value: '3-6' },
      ],
    });
    expect(listed.body.data.totalRecords).toBe(3);
  });

  it('counts colours and sizes of clothing through the variants, in the Croatian store currency', async () => {
    const { body } = await navigation({ mainCategory: 'odjeca' }, 'hr');
    const colours = choicesOf(body.data.filters, 'boja');
    // Blue: the Resilient Child T-shirt and the Classroom Hoodie.
    expect(colours.plava).toBe(2);
    const price = body.data.filters[0];
    expect(price.label).toBe('Maloprodajna cijena');
    const english = await navigation({ mainCategory: 'clothing' }, 'en');
    expect(price.minValue).toBeGreaterThan(english.body.data.filters[0].minValue);
    const narrowed = await navigation(
      { mainCategory: 'odjeca', filters: [{ key: 'price', value: { max: 1 } }] },
      'hr',
    );
    expect(choicesOf(narrowed.body.data.filters, 'boja')).toEqual({});
    expect(narrowed.body.data.filters[0]).toMatchObject({
      minValue: price.minValue,
      value: { min: null, max: 1 },
    });
  });
});
