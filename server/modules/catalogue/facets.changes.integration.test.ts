import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../cache/cache.ts';
import { MemoryCache } from '../../cache/memory-cache.ts';
import { RedisCache } from '../../cache/redis-cache.ts';
import { type DatabaseHandle, openPostgres } from '../../db/client.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { testEnv } from '../../testing/test-env.ts';
import {
  attributes,
  attributeValues,
  productAttributeValues,
  productCategories,
  productCategoryLinks,
  productCategoryTranslations,
  productPrices,
  products,
  productTranslations,
} from './catalogue.schema.ts';
import { takeStockForOrder } from './catalogue-cart.service.ts';

/**
 * Issue 14: a product, price, stock or visibility change shows on the next request of every process.
 * Two app instances share the database, as two processes of one shop do: on PostgreSQL the second has a
 * connection pool of its own; with TEST_REDIS_URL both share one Redis cache (the set-up of several
 * processes), else each has its own memory cache. After each change:
 * - a request never asked before (so no response cache can answer it) shows the change on BOTH instances:
 *   whatever the engine keeps per process (an index, a materialised count) must already be current;
 * - the instance that made the write invalidates the site's content, as every catalogue write does, and
 *   its repeated requests show the change; with the shared Redis cache so do the other's.
 * The expectations come from a model of the six products kept here, not from the module.
 */

const LANGUAGE = 'en';
let database: TestDatabase;
let second: DatabaseHandle | undefined;
let siteId: number;
let currencyId: number;
const caches: Cache[] = [];
type App = ReturnType<typeof createTestApp>;
let writer: App;
let other: App;
const shared = Boolean(testEnv.TEST_REDIS_URL);

type ModelProduct = {
  id: number;
  colours: ('red' | 'blue')[];
  price: number;
  visible: boolean;
  stock: number;
};
const model: ModelProduct[] = [];
let valueIds: Record<'red' | 'blue', number>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  siteId = (await seedDemoSite(database.db)).siteId;
  const [store] = await database.rows<{ currency_id: number }>(
    sql`select s.currency_id from stores s join languages l on l.id = s.language_id
        where s.site_id = ${siteId} and l.code2 = ${LANGUAGE}`,
  );
  currencyId = Number(store!.currency_id);
  const db = database.db;
  const [category] = await db
    .insert(productCategories)
    .values({ siteId })
    .returning({ id: productCategories.id });
  await db.insert(productCategoryTranslations).values([
    { categoryId: category!.id, siteId, languageCode: 'hr', name: 'Promjene', slug: 'promjene' },
    { categoryId: category!.id, siteId, languageCode: 'en', name: 'Changes', slug: 'changes' },
  ]);
  const [attribute] = await db
    .insert(attributes)
    .values({ siteId, attributeCode: 'promjena-boja', isFilterable: true })
    .returning({ id: attributes.id });
  const values = await db
    .insert(attributeValues)
    .values([
      { attributeId: attribute!.id, valueCode: 'red' },
      { attributeId: attribute!.id, valueCode: 'blue' },
    ])
    .returning({ id: attributeValues.id, code: attributeValues.valueCode });
  valueIds = {
    red: values.find((value) => value.code === 'red')!.id,
    blue: values.find((value) => value.code === 'blue')!.id,
  };
  const colours: ModelProduct['colours'][] = [['red'], ['red'], ['red'], ['blue'], ['blue'], ['red', 'blue']];
  for (const [index, productColours] of colours.entries()) {
    const [row] = await db
      .insert(products)
      .values({ siteId, format: 'Simple', sku: `CHG-${index}`, stockQty: 1, manageStock: true })
      .returning({ id: products.id });
    const price = 1000 + 100 * index;
    await db.insert(productTranslations).values(
      ['hr', 'en'].map((languageCode) => ({
        productId: row!.id,
        siteId,
        languageCode,
        name: `Change ${index}`,
        slug: `change-${index}`,
      })),
    );
    await db
      .insert(productPrices)
      .values({ productId: row!.id, currencyId, basicPrice: price, retailPrice: price });
    await db.insert(productCategoryLinks).values({ productId: row!.id, categoryId: category!.id });
    await db.insert(productAttributeValues).values(
      productColours.map((colour) => ({
        productId: row!.id,
        attributeId: attribute!.id,
        valueId: valueIds[colour],
      })),
    );
    model.push({ id: row!.id, colours: productColours, price, visible: true, stock: 1 });
  }

  const prefix = `test:facet-changes:${randomUUID()}:`;
  const cacheOf = () =>
    shared ? new RedisCache(testEnv.TEST_REDIS_URL!, { prefix }) : new MemoryCache({ maxEntries: 1000 });
  caches.push(cacheOf(), cacheOf());
  writer = createTestApp(database, {}, caches[0]);
  // A process of its own: on PostgreSQL its own pool (PGlite is one in-process database).
  if (database.databaseUrl) second = await openPostgres(database.databaseUrl, { max: 2 });
  other = createTestApp(second ? { ...second, destroy: () => second!.close() } : database, {}, caches[1]);
}, 120_000);

afterAll(async () => {
  if (shared) await caches[0]?.flush();
  for (const cache of caches) await cache.close();
  await second?.close();
  await database?.destroy();
});

/** What the category page shows, by one instance; `fresh` makes it a request no cache has seen. */
let freshness = 0;
async function look(app: App, fresh: boolean) {
  const variant = fresh ? ++freshness : 0;
  const filters = [
    { key: 'price', value: { min: 1000, max: 1450 } },
    ...(fresh ? [{ key: 'archived', value: variant }] : []),
  ];
  const [listing, panel] = await Promise.all([
    app.json(
      '/api/v1/catalogue/product/web/filter',
      postJson(
        { mainCategory: 'changes', filters, sort: 'price_asc', page: 1, limit: 50 + variant },
        { language: LANGUAGE },
      ),
    ),
    app.json(
      '/api/v1/catalogue/layered/navigation',
      postJson({ mainCategory: 'changes', filters }, { language: LANGUAGE }),
    ),
  ]);
  expect(listing.status).toBe(200);
  expect(panel.status).toBe(200);
  const facets = panel.body.data.filters as {
    attributeCode: string;
    minValue: number | null;
    maxValue: number | null;
    choices: { value: number; totalProducts: number }[];
  }[];
  const colour = facets.find((facet) => facet.attributeCode === 'promjena-boja');
  const count = (id: number) => colour?.choices.find((choice) => choice.value === id)?.totalProducts ?? 0;
  const price = facets.find((facet) => facet.attributeCode === 'price');
  return {
    ids: (listing.body.data.records as { id: number }[]).map((record) => record.id),
    total: listing.body.data.totalRecords as number,
    inStock: (listing.body.data.records as { inStock: boolean }[]).map((record) => record.inStock),
    red: count(valueIds.red),
    blue: count(valueIds.blue),
    range: [price?.minValue ?? null, price?.maxValue ?? null],
  };
}

/** The ids web/filter lists for a keyword in the category, on a request no cache has seen. */
async function keywordIds(app: App, keywords: string) {
  const response = await app.json(
    '/api/v1/catalogue/product/web/filter',
    postJson(
      { mainCategory: 'changes', keywords, sort: 'price_asc', page: 1, limit: 50 + ++freshness },
      { language: LANGUAGE },
    ),
  );
  expect(response.status).toBe(200);
  return (response.body.data.records as { id: number }[]).map((record) => record.id);
}

/** The same, from the model. */
function expected() {
  const visible = model.filter((product) => product.visible);
  const listed = visible
    .filter((product) => product.price >= 1000 && product.price <= 1450)
    .sort((a, b) => a.price - b.price || a.id - b.id);
  const prices = visible.map((product) => product.price);
  return {
    ids: listed.map((product) => product.id),
    total: listed.length,
    inStock: listed.map((product) => product.stock > 0),
    red: listed.filter((product) => product.colours.includes('red')).length,
    blue: listed.filter((product) => product.colours.includes('blue')).length,
    range: prices.length === 0 ? [null, null] : [Math.min(...prices), Math.max(...prices)],
  };
}

async function expectEverywhere(step: string) {
  const want = expected();
  expect(await look(writer, true), `${step}: writer, new request`).toEqual(want);
  expect(await look(other, true), `${step}: other instance, new request`).toEqual(want);
  await writer.services.catalogue.invalidate(siteId);
  expect(await look(writer, false), `${step}: writer, repeated request`).toEqual(want);
  if (shared) expect(await look(other, false), `${step}: other instance, repeated request`).toEqual(want);
}

describe('a change shows on the next request of every instance', () => {
  it('follows price, visibility and stock changes in counts, price range and listing', async () => {
    // Both instances have answered (and cached, and built whatever they build) before the changes.
    await expectEverywhere('before');
    for (const app of [writer, other]) expect(await look(app, false)).toEqual(expected());

    // A price moves a product out of the price filter and widens the range.
    const cheap = model[0]!;
    await database.db.execute(
      sql`update product_prices set retail_price = 1900, basic_price = 1900
          where product_id = ${cheap.id} and currency_id = ${currencyId}`,
    );
    cheap.price = 1900;
    await expectEverywhere('price up');

    // A sale price brings a product into the filter: the shopper price is the sale price.
    const dear = model[5]!;
    await database.db.execute(
      sql`update product_prices set discount_price = 1050
          where product_id = ${dear.id} and currency_id = ${currencyId}`,
    );
    dear.price = 1050;
    await expectEverywhere('sale price');

    // Hidden, then archived, then shown again.
    const hidden = model[3]!;
    await database.db.execute(
      sql`update products set is_visible_individually = false where id = ${hidden.id}`,
    );
    hidden.visible = false;
    await expectEverywhere('hidden');
    const archived = model[1]!;
    await database.db.execute(sql`update products set status = 'archived' where id = ${archived.id}`);
    archived.visible = false;
    await expectEverywhere('archived');
    await database.db.execute(
      sql`update products set is_visible_individually = true where id = ${hidden.id}`,
    );
    hidden.visible = true;
    await expectEverywhere('shown again');

    // An order takes the last unit: the card says out of stock (the product stays listed).
    const sold = model[2]!;
    const taken = await database.db.transaction((tx) =>
      takeStockForOrder(tx, 0, [{ productId: sold.id, qty: 1 }]),
    );
    expect(taken.ok).toBe(true);
    sold.stock = 0;
    await expectEverywhere('sold out');

    // A new product in the category.
    const [row] = await database.db
      .insert(products)
      .values({ siteId, format: 'Simple', sku: 'CHG-NEW', stockQty: 3, manageStock: true })
      .returning({ id: products.id });
    await database.db.insert(productTranslations).values(
      ['hr', 'en'].map((languageCode) => ({
        productId: row!.id,
        siteId,
        languageCode,
        name: 'Change new',
        slug: 'change-new',
      })),
    );
    await database.db
      .insert(productPrices)
      .values({ productId: row!.id, currencyId, basicPrice: 1010, retailPrice: 1010 });
    const [category] = await database.rows<{ category_id: number }>(
      sql`select category_id from product_category_translations where slug = 'changes' and site_id = ${siteId}`,
    );
    await database.db
      .insert(productCategoryLinks)
      .values({ productId: row!.id, categoryId: Number(category!.category_id) });
    await database.db
      .insert(productAttributeValues)
      .values({ productId: row!.id, attributeId: await colourAttributeId(), valueId: valueIds.blue });
    model.push({ id: row!.id, colours: ['blue'], price: 1010, visible: true, stock: 3 });
    await expectEverywhere('new product');

    // A new name and a new SKU: keyword searches find them, and no longer the old name, on the next
    // request of both instances (keywords are matched in the index when there is one).
    const renamed = model[4]!;
    await database.db.execute(
      sql`update product_translations set name = 'Žuti Medo' where product_id = ${renamed.id}`,
    );
    await database.db.execute(sql`update products set sku = 'MEDO-Č9' where id = ${renamed.id}`);
    for (const [name, app] of [
      ['writer', writer],
      ['other', other],
    ] as const) {
      expect(await keywordIds(app, 'ZUTI'), `renamed, ${name}: new name`).toEqual([renamed.id]);
      expect(await keywordIds(app, 'medo-č'), `renamed, ${name}: new SKU`).toEqual([renamed.id]);
      expect(await keywordIds(app, 'change'), `renamed, ${name}: old name`).not.toContain(renamed.id);
      expect(await keywordIds(app, 'change'), `renamed, ${name}: the others`).toContain(model[0]!.id);
    }
  });
});

async function colourAttributeId() {
  const [row] = await database.rows<{ id: number }>(
    sql`select id from attributes where site_id = ${siteId} and attribute_code = 'promjena-boja'`,
  );
  return Number(row!.id);
}
