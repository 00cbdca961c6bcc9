import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../../scripts/generate-catalogue.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import type { ProductSort } from './catalogue.contract.ts';
import { type AttributeRecord, loadAttributes, loadCategories, loadTags } from './catalogue-reference.ts';
import { createFacetIndexes, type SiteFacetIndex } from './facet-index.ts';
import { layeredNavigation, navigationFilters } from './layered-navigation.ts';
import { type FilterEntry, resolveCriteria, searchProductIds } from './product-filter.ts';
import type { CatalogueView } from './product-view.ts';

/**
 * The in-memory facet index against the SQL it replaces: the same counts, price ranges and pages for
 * random filter states, and two app instances (two processes' indexes) that both see a change on
 * their next request.
 */

let database: TestDatabase;
let mediaDir: string;
let siteId: number;

const sorts: ProductSort[] = ['priority', 'newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'];

/** A small deterministic generator (mulberry32): a failure names its seed and can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

const view = (language: string, currency: { id: number; code: string }): CatalogueView => ({
  siteId,
  apiKeyId: 0,
  language,
  defaultLanguage: 'hr',
  currency: { ...currency, symbol: currency.code },
  eurRate: null,
});

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-index-media-'));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  siteId = demo.siteId;
  await seedCatalogue(database.db, {
    siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  await generateCatalogue(database.db, { products: 600, siteId });
}, 180_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('facet index', () => {
  it('gives the counts, price ranges and pages the SQL gives, for random filter states', async () => {
    const db = database.db;
    const [categories, attributes, tags] = await Promise.all([
      loadCategories(db, siteId),
      loadAttributes(db, siteId),
      loadTags(db, siteId),
    ]);
    const reference = { categories, attributes, tags };
    const facets = createFacetIndexes(db, { enabled: true });
    const index = (await facets.current(siteId)) as SiteFacetIndex;
    expect(index.size).toBeGreaterThan(600);
    // The category tree's product counts from the index equal the recursive query's.
    const counted = await loadCategories(db, siteId, (subtrees) => index.categoryCounts(subtrees));
    expect(counted).toEqual(categories);
    expect(categories.filter((category) => category.productCount > 0).length).toBeGreaterThan(100);
    const names = (
      await rowsOf<{ name: string }>(
        db,
        sql`(select name from product_translations order by product_id limit 40)
            union all (select sku as name from products order by id desc limit 10)`,
      )
    ).map((row) => row.name);
    const filterable = attributes.filter((attribute: AttributeRecord) => attribute.isFilterable);
    const currencies = [
      { id: 44, code: 'EUR' },
      { id: 52, code: 'HRK' },
    ];
    let compared = 0;
    let nonEmpty = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const r = random(seed);
      const filters: FilterEntry[] = [];
      for (const attribute of attributes) {
        if (!r.chance(0.12)) continue;
        const values = attribute.values.filter(() => r.chance(0.5)).map((value) => value.code);
        filters.push({
          key: attribute.code,
          value: values.length > 0 ? values : [r.pick(attribute.values).code],
        });
      }
      if (r.chance(0.4)) {
        const low = Math.floor(r.next() * 3000);
        filters.push({
          key: 'price',
          value: { min: low, max: r.chance(0.7) ? low + Math.floor(r.next() * 100000) : null },
        });
      }
      if (r.chance(0.2) && tags.length > 0) filters.push({ key: 'tag', value: r.pick(tags).code });
      if (r.chance(0.15)) filters.push({ key: 'category', value: String(r.pick(categories).id) });
      const keywordWords = r.pick(names).split(/\s+/);
      const input = {
        mainCategory: r.chance(0.75)
          ? r.pick(r.chance(0.6) ? categories.filter((category) => category.parentId === null) : categories)
              .id
          : undefined,
        keywords: r.chance(0.2) ? r.pick(keywordWords).slice(0, 4) : undefined,
        filters,
      };
      const v = view(r.pick(['hr', 'en']), r.pick(currencies));
      const criteria = resolveCriteria(input, reference, v);
      const query = { criteria, keywordIds: await facets.keywordIds(criteria, v), currencyId: v.currency.id };
      const fromIndex = index.facetCounts(
        query,
        filterable.map((attribute) => attribute.id),
      );
      const expected = await layeredNavigation(db, v, criteria, attributes);
      expect(
        navigationFilters(v, criteria, attributes, fromIndex.counts, fromIndex.price),
        `seed ${seed}`,
      ).toEqual(expected);
      for (const sort of sorts) {
        const offset = r.chance(0.3) ? Math.floor(r.next() * 30) : 0;
        const options = { sort, limit: 7, offset };
        const sqlPage = await searchProductIds(db, criteria, v, options);
        const nameRanks =
          sort === 'name_asc' || sort === 'name_desc'
            ? await facets.nameRanks(index, v.language, 'hr')
            : null;
        expect(index.page(query, { ...options, nameRanks }), `seed ${seed} ${sort}`).toEqual(sqlPage);
        compared++;
        if (sqlPage.ids.length > 0) nonEmpty++;
      }
    }
    console.info(`facet index: ${nonEmpty} of ${compared} pages not empty`);
    expect(compared).toBe(360);
    // The states are not all empty listings (a comparison of nothing with nothing proves little).
    expect(nonEmpty).toBeGreaterThan(120);
  }, 120_000);

  it('two app instances both show a price, visibility, attribute and category change on their next request', async () => {
    const first = createTestApp(database);
    const second = createTestApp(database);
    // Each request differs (an unbounded price maximum that changes), so the response cache never answers.
    let n = 0;
    const body = () => ({
      mainCategory: 'gen-odjel-2',
      filters: [{ key: 'price', value: { min: 0, max: 1_000_000_000 + n++ } }],
      sort: 'newest',
      limit: 100,
    });
    const ask = async (app: ReturnType<typeof createTestApp>) => {
      const [listing, panel] = await Promise.all([
        app.json('/api/v1/catalogue/product/web/filter', postJson(body(), { language: 'en' })),
        app.json('/api/v1/catalogue/layered/navigation', postJson(body(), { language: 'en' })),
      ]);
      expect(listing.status).toBe(200);
      expect(panel.status).toBe(200);
      const price = panel.body.data.filters.find(
        (filter: { attributeCode: string }) => filter.attributeCode === 'price',
      );
      const colours = Object.fromEntries(
        (
          panel.body.data.filters.find((filter: { attributeCode: string }) => filter.attributeCode === 'boja')
            ?.choices ?? []
        ).map((choice: { valueCode: string; totalProducts: number }) => [
          choice.valueCode,
          choice.totalProducts,
        ]),
      );
      return {
        ids: listing.body.data.records.map((record: { id: number }) => record.id) as number[],
        total: listing.body.data.totalRecords as number,
        maxPrice: price.maxValue as number,
        colours: colours as Record<string, number>,
      };
    };
    const before = await ask(first);
    expect(await ask(second)).toEqual(before);
    // Both answered from their own index (not the SQL path).
    for (const app of [first, second])
      expect(app.services.catalogue.facetIndexStats().map((entry) => entry.siteId)).toEqual([siteId]);
    const target = before.ids[0]!;

    // A price far above every other: the slider's maximum moves on both instances.
    await database.db.execute(
      sql`update product_prices set retail_price = 99999999, discount_price = null, bundle_price = null
          where product_id = ${target} and currency_id = 44`,
    );
    for (const app of [first, second]) expect((await ask(app)).maxPrice).toBe(99999999);

    // A new colour value on the product: the colour counts move by one.
    const [colour] = await rowsOf<{ attribute_id: number; value_id: number; value_code: string }>(
      database.db,
      sql`select v.attribute_id, v.id as value_id, v.value_code from attribute_values v
          join attributes a on a.id = v.attribute_id
          where a.site_id = ${siteId} and a.attribute_code = 'boja'
            and v.id not in (select value_id from product_attribute_values where product_id = ${target})
          order by v.id limit 1`,
    );
    await database.db.execute(
      sql`insert into product_attribute_values (product_id, attribute_id, value_id)
          values (${target}, ${colour!.attribute_id}, ${colour!.value_id})`,
    );
    for (const app of [first, second])
      expect((await ask(app)).colours[colour!.value_code]).toBe(
        (before.colours[colour!.value_code] ?? 0) + 1,
      );

    // Hidden: gone from the listing and the counts of both.
    await database.db.execute(sql`update products set is_visible_individually = false where id = ${target}`);
    for (const app of [first, second]) {
      const after = await ask(app);
      expect(after.ids).not.toContain(target);
      expect(after.total).toBe(before.total - 1);
    }
    await database.db.execute(sql`update products set is_visible_individually = true where id = ${target}`);
    for (const app of [first, second]) expect((await ask(app)).total).toBe(before.total);

    // Moved out of the department: its links go, and with them the product.
    await database.db.execute(sql`delete from product_category_links where product_id = ${target}`);
    for (const app of [first, second]) {
      const after = await ask(app);
      expect(after.ids).not.toContain(target);
      expect(after.total).toBe(before.total - 1);
    }

    // A change too large to list ("rebuild"): the answers stay exact while the index is rebuilt.
    const beforeRebuild = await ask(first);
    await database.db.transaction(async (tx) => {
      const [state] = await rowsOf<{ version: string }>(
        tx,
        sql`update catalogue_index_state set version = version + 1 where id = 1 returning version`,
      );
      await tx.execute(
        sql`insert into catalogue_changes (version, product_id, source) values (${Number(state!.version)}, null, 'test')`,
      );
      await tx.execute(
        sql`update product_prices set retail_price = retail_price + 1, discount_price = discount_price + 1,
              bundle_price = bundle_price + 1 where currency_id = 44`,
      );
    });
    for (let round = 0; round < 3; round++) {
      for (const app of [first, second]) {
        const after = await ask(app);
        expect(after.total).toBe(before.total - 1);
        expect(after.maxPrice).toBe(beforeRebuild.maxPrice + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  it('warms up the sites it is given: the index, the folded names and the name ranks in each language, again after a rebuild', async () => {
    const facets = createFacetIndexes(database.db, { enabled: true });
    await facets.warmUp([{ id: siteId, languages: ['hr', 'en'], defaultLanguage: 'hr' }]);
    const index = await facets.current(siteId);
    expect(index!.textsReady).toBe(true);
    expect([...index!.nameRanks.keys()].sort()).toEqual(['en|hr', 'hr|hr']);
    expect(facets.stats().find((figures) => figures.siteId === siteId)?.preloadMs).toBeGreaterThanOrEqual(0);
    // A rebuild (after a change the log cannot carry) preloads the new index in the background.
    const rebuilt = await facets.rebuild(siteId);
    expect(rebuilt).not.toBe(index);
    await expect.poll(() => rebuilt!.textsReady, { timeout: 30_000 }).toBe(true);
    expect([...rebuilt!.nameRanks.keys()].sort()).toEqual(['en|hr', 'hr|hr']);
    // A process that was not asked to warm up builds on demand and loads nothing more.
    const cold = await createFacetIndexes(database.db, { enabled: true }).current(siteId);
    expect(cold!.textsReady).toBe(false);
    expect(cold!.nameRanks.size).toBe(0);
  }, 120_000);
});
