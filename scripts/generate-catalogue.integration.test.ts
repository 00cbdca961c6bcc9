import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../server/db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../server/db/seed/site-seed.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';
import { createTestApp, postJson } from '../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../server/testing/test-db.ts';
import { generateCatalogue } from './generate-catalogue.ts';

const databases: TestDatabase[] = [];
const mediaDirs: string[] = [];

async function demoDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'generate-media-'));
  mediaDirs.push(mediaDir);
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  return database;
}

/** What a shopper would see of every generated product, in a stable order. */
const dump = (database: TestDatabase) =>
  database.rows(sql`
    select p.sku, p.format, p.stock_qty, t.language_code, t.name, t.slug, pp.currency_id, pp.retail_price,
           pp.discount_price,
           (select string_agg(ct.slug, ',' order by ct.slug) from product_category_links l
              join product_category_translations ct on ct.category_id = l.category_id and ct.language_code = 'en'
              where l.product_id = p.id) as categories,
           (select string_agg(a.attribute_code || ':' || v.value_code, ',' order by a.attribute_code, v.value_code)
              from product_attribute_values pav join attributes a on a.id = pav.attribute_id
              join attribute_values v on v.id = pav.value_id where pav.product_id = p.id) as attributes
    from products p
    join product_translations t on t.product_id = p.id
    join product_prices pp on pp.product_id = p.id
    where p.sku like 'GEN-%'
    order by p.sku, t.language_code, pp.currency_id`);

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([demoDatabase(), demoDatabase()]);
}, 180_000);
afterAll(async () => {
  await Promise.all(databases.map((database) => database.destroy()));
  for (const dir of mediaDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('generate-catalogue', () => {
  it('adds only the missing products, and two runs that reach the same size give the same catalogue', async () => {
    expect(await generateCatalogue(first.db, { products: 300 })).toMatchObject({ before: 0, after: 300 });
    expect(await generateCatalogue(first.db, { products: 500 })).toMatchObject({ before: 300, after: 500 });
    expect(await generateCatalogue(first.db, { products: 500 })).toMatchObject({ before: 500, after: 500 });
    await generateCatalogue(second.db, { products: 500 });
    const [a, b] = await Promise.all([dump(first), dump(second)]);
    // 500 visible products and 4 variants for each of the 25 Configurable ones, 2 languages, 2 currencies.
    expect(a).toHaveLength((500 + 25 * 4) * 2 * 2);
    expect(b).toEqual(a);
    const [counts] = await first.rows<{ categories: number; roots: number }>(sql`
      select count(*)::int as categories, count(*) filter (where c.parent_id is null)::int as roots
      from product_categories c join product_category_translations t
        on t.category_id = c.id and t.language_code = 'en' and t.slug like 'gen-%'`);
    expect(counts).toEqual({ categories: 200, roots: 10 });
    // Three generator runs on two databases: seconds on a quiet machine, more on a busy one.
  }, 120_000);

  it('makes products the catalogue API lists and counts in the layered navigation', async () => {
    const app = createTestApp(first);
    const listing = await app.json(
      '/api/v1/catalogue/product/web/filter',
      postJson({ mainCategory: 'gen-department-1', page: 1, limit: 6 }, { language: 'en' }),
    );
    expect(listing.status).toBe(200);
    const total = listing.body.data.totalRecords as number;
    expect(total).toBeGreaterThan(20);
    const records = listing.body.data.records as {
      name: string;
      slug: string;
      prices: { finalPrice: number } | null;
      media: unknown[];
    }[];
    expect(records).toHaveLength(6);
    for (const record of records) {
      expect(record.slug).toMatch(/^gen-product-\d+$/);
      expect(record.prices?.finalPrice).toBeGreaterThan(0);
      expect(record.media).toHaveLength(1);
    }
    const navigation = await app.json(
      '/api/v1/catalogue/layered/navigation',
      postJson({ mainCategory: 'gen-department-1' }, { language: 'en' }),
    );
    const facets = navigation.body.data.filters as {
      attributeCode: string;
      choices: { totalProducts: number }[];
    }[];
    // Every generated product has exactly one brand, so the brand counts add up to the listing total.
    const brand = facets.find((facet) => facet.attributeCode === 'marka');
    expect(brand?.choices.reduce((sum, choice) => sum + choice.totalProducts, 0)).toBe(total);
    for (const code of ['boja', 'velicina', 'dob', 'materijal']) {
      expect(facets.find((facet) => facet.attributeCode === code)?.choices.length).toBeGreaterThan(1);
    }
  });
});
