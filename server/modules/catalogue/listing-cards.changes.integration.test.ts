import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEngine } from '../../db/client.ts';
import { engineStatements } from '../../db/embedded-writes.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import {
  productCategories,
  productCategoryLinks,
  productCategoryTranslations,
  productPrices,
  products,
  productTranslations,
} from './catalogue.schema.ts';
import { takeStockForOrder } from './catalogue-cart.service.ts';
import { loadTags } from './catalogue-reference.ts';
import { type CatalogueView, loadProducts, toCard } from './product-view.ts';

/**
 * A listing's cards follow every write to what they are made of on the next request (decision 0373: on
 * PGlite the cards are kept in memory until the engine's write token moves; on PostgreSQL they are read
 * every time). After each write, a web/filter request no response cache has seen must give, for every
 * product, exactly the card the product loader (`loadProducts`, separate statements, nothing kept) makes
 * of the rows now, and the field the write changed must show the new value.
 */

const LANGUAGE = 'en';
let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
let siteId: number;
let view: CatalogueView;
let categoryId: number;
const ids: number[] = [];
let mediaIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  siteId = (await seedDemoSite(database.db)).siteId;
  const [store] = await database.rows<{ currency_id: number; code: string; api_key_id: number }>(
    sql`select s.currency_id, c.code, si.api_key_id from stores s join languages l on l.id = s.language_id
        join currencies c on c.id = s.currency_id join sites si on si.id = s.site_id
        where s.site_id = ${siteId} and l.code2 = ${LANGUAGE}`,
  );
  const currencyId = Number(store!.currency_id);
  view = {
    siteId,
    apiKeyId: Number(store!.api_key_id),
    language: LANGUAGE,
    defaultLanguage: 'hr',
    currency: { id: currencyId, code: store!.code, symbol: '€' },
    eurRate: null,
  };
  const db = database.db;
  const [category] = await db
    .insert(productCategories)
    .values({ siteId })
    .returning({ id: productCategories.id });
  categoryId = category!.id;
  await db.insert(productCategoryTranslations).values([
    { categoryId, siteId, languageCode: 'hr', name: 'Kartice', slug: 'kartice' },
    { categoryId, siteId, languageCode: 'en', name: 'Cards', slug: 'cards' },
  ]);
  const media = await database.rows<{ id: number }>(
    sql`insert into media (site_id, path, title, description, mime, extension, width, height, size, hash, original_name)
        select ${siteId}, 'cards/' || n || '.jpg', 'Picture ' || n, '', 'image/jpeg', 'jpg', 400, 300, 1000,
          lpad(to_hex(n), 64, '0'), 'picture-' || n || '.jpg'
        from generate_series(1, 4) n returning id`,
  );
  mediaIds = media.map((row) => Number(row.id)).sort((a, b) => a - b);
  for (let index = 0; index < 4; index++) {
    const [row] = await db
      .insert(products)
      .values({ siteId, format: 'Simple', sku: `CARD-${index}`, stockQty: 2, manageStock: true })
      .returning({ id: products.id });
    const id = row!.id;
    ids.push(id);
    await db.insert(productTranslations).values(
      ['hr', 'en'].map((languageCode) => ({
        productId: id,
        siteId,
        languageCode,
        name: `Card ${index} ${languageCode}`,
        slug: `card-${index}-${languageCode}`,
      })),
    );
    await db
      .insert(productPrices)
      .values({ productId: id, currencyId, basicPrice: 1000 + index, retailPrice: 1000 + index });
    await db.insert(productCategoryLinks).values({ productId: id, categoryId });
    await db.execute(
      sql`insert into product_media (product_id, media_id, position) values (${id}, ${mediaIds[index]!}, 0)`,
    );
  }
  app = createTestApp(database);
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

/** The category's listing, on a request no response cache has seen (a new limit each time). */
let freshness = 0;
async function listing(sort: 'newest' | 'name_asc' = 'newest') {
  const response = await app.json(
    '/api/v1/catalogue/product/web/filter',
    postJson({ mainCategory: 'cards', sort, page: 1, limit: 20 + ++freshness }, { language: LANGUAGE }),
  );
  expect(response.status).toBe(200);
  return response.body.data.records as ({ id: number } & Record<string, unknown>)[];
}

/** The cards the product loader makes of the rows now, in the listing's order (newest first). */
async function expected() {
  const loaded = await loadProducts(database.db, view, await loadTags(database.db, siteId), ids);
  return [...loaded.values()]
    .filter((product) => product.status === 'active' && product.isVisibleIndividually)
    .sort((a, b) => b.id - a.id)
    .map((product) => JSON.parse(JSON.stringify(toCard(product))) as Record<string, unknown>);
}

async function expectCurrent(step: string) {
  const records = await listing();
  expect(records, step).toEqual(await expected());
  return records;
}

const cardOf = (records: { id: number }[], id: number) =>
  records.find((record) => record.id === id) as unknown as {
    name: string;
    inStock: boolean;
    prices: { retailPrice: number; discountPrice: number | null } | null;
    media: { id: number; title: string }[];
    tags: { code: string }[];
    rating: unknown;
  };

describe('the cards of a listing after a write', () => {
  it('are kept between requests while nothing is written (PGlite)', async () => {
    await expectCurrent('first');
    const engine = embeddedEngine(database.db);
    if (!engine) return; // PostgreSQL reads the cards every time
    await listing();
    const before = engineStatements(engine);
    const records = await listing();
    expect(records).toHaveLength(ids.length);
    expect(engineStatements(engine), 'a repeated listing asks the engine nothing').toBe(before);
  });

  it('show each write on the next request', async () => {
    const [first, second, third, fourth] = ids as [number, number, number, number];
    await expectCurrent('before');

    await database.db.execute(
      sql`update product_prices set retail_price = 4321, basic_price = 4321
          where product_id = ${first} and currency_id = ${view.currency.id}`,
    );
    expect(cardOf(await expectCurrent('price'), first).prices?.retailPrice).toBe(4321);

    const taken = await database.db.transaction((tx) =>
      takeStockForOrder(tx, 0, [{ productId: second, qty: 2 }]),
    );
    expect(taken.ok).toBe(true);
    expect(cardOf(await expectCurrent('stock to zero'), second).inStock).toBe(false);

    await database.db.execute(
      sql`update product_translations set name = 'Renamed card' where product_id = ${third} and language_code = 'en'`,
    );
    expect(cardOf(await expectCurrent('translation renamed'), third).name).toBe('Renamed card');

    await database.db.execute(
      sql`update product_media set media_id = ${mediaIds[3]!} where product_id = ${first}`,
    );
    expect(cardOf(await expectCurrent('image changed'), first).media[0]?.id).toBe(mediaIds[3]);
    await database.db.execute(sql`update media set title = 'A new title' where id = ${mediaIds[3]!}`);
    expect(cardOf(await expectCurrent('image retitled'), fourth).media[0]?.title).toBe('A new title');

    await database.db.execute(
      sql`with tag as (insert into tags (site_id, code) values (${siteId}, 'card-tag') returning id)
          insert into product_tags (product_id, tag_id) select ${fourth}, id from tag`,
    );
    // A new tag is new reference data (names by id, kept with the categories in the response cache):
    // the back office invalidates the site's content when it creates one.
    await app.services.catalogue.invalidate(siteId);
    expect(cardOf(await expectCurrent('tag added'), fourth).tags).toHaveLength(1);

    await database.db.execute(
      sql`insert into product_ratings (product_id, rating_count, rating_sum) values (${third}, 2, 9)`,
    );
    expect(cardOf(await expectCurrent('rated'), third).rating).not.toBeNull();

    await database.db.execute(sql`update products set is_visible_individually = false where id = ${fourth}`);
    expect(cardOf(await expectCurrent('hidden'), fourth)).toBeUndefined();
    await database.db.execute(sql`update products set is_visible_individually = true where id = ${fourth}`);
    await expectCurrent('shown again');
  });

  it('apply a sale that ends by the clock, with nothing written', async () => {
    const [first] = ids as [number];
    await database.db.execute(
      sql`update product_prices set discount_price = 999, discount_ends_at = now() + interval '1500 milliseconds'
          where product_id = ${first} and currency_id = ${view.currency.id}`,
    );
    expect(cardOf(await expectCurrent('on sale'), first).prices?.discountPrice).toBe(999);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(cardOf(await expectCurrent('sale over'), first).prices?.discountPrice ?? null).toBeNull();
  });
});

describe('the name order of a listing after a write', () => {
  /** The category's products by name (the page language's, else the default's), as SQL orders them. */
  async function sqlNameOrder() {
    const rows = await database.rows<{ id: number }>(
      sql`select p.id from products p
          join product_category_links l on l.product_id = p.id and l.category_id = ${categoryId}
          left join product_translations r on r.product_id = p.id and r.language_code = ${LANGUAGE}
          left join product_translations f on f.product_id = p.id and f.language_code = 'hr'
          where p.status = 'active' and p.is_visible_individually
          order by lower(coalesce(r.name, f.name)) asc nulls last, p.id asc`,
    );
    return rows.map((row) => Number(row.id));
  }
  const nameOrder = async () => (await listing('name_asc')).map((record) => record.id);

  it('places a product renamed while it was hidden by its new name once it is shown again', async () => {
    const [, second] = ids as [number, number];
    expect(await nameOrder(), 'before').toEqual(await sqlNameOrder());
    await database.db.execute(sql`update products set is_visible_individually = false where id = ${second}`);
    expect(await nameOrder(), 'hidden').toEqual(await sqlNameOrder());
    await database.db.execute(
      sql`update product_translations set name = 'AAA first of all' where product_id = ${second} and language_code = ${LANGUAGE}`,
    );
    // A name-sorted request while it is hidden: the names are ranked again, without it.
    expect(await nameOrder(), 'renamed while hidden').toEqual(await sqlNameOrder());
    await database.db.execute(sql`update products set is_visible_individually = true where id = ${second}`);
    const shown = await nameOrder();
    expect(shown, 'shown again').toEqual(await sqlNameOrder());
    expect(shown[0]).toBe(second);
  });
});
