import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../../scripts/generate-catalogue.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { loadTags } from './catalogue-reference.ts';
import { type CatalogueView, loadCards, loadProducts, toCard } from './product-view.ts';

// `loadCards` builds a listing's cards in one statement; the cards must be exactly what the product
// loader (`loadProducts`, several statements, also behind the product page) makes of them.

let database: TestDatabase;
let mediaDir: string;
let siteId: number;
let apiKeyId: number;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-media-'));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  siteId = demo.siteId;
  await seedCatalogue(database.db, {
    siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  await generateCatalogue(database.db, { products: 120, siteId });
  const [site] = await database.rows<{ api_key_id: number }>(
    sql`select api_key_id from sites where id = ${siteId}`,
  );
  apiKeyId = Number(site!.api_key_id);
  const rows = await database.rows<{ id: number }>(
    sql`select id from products where site_id = ${siteId} order by id`,
  );
  ids = rows.map((row) => Number(row.id));
  // What the demo and the generator do not make, so that every branch of a card is compared: sale
  // prices that ended, end later or end this very second; ratings; a picture whose file row is gone
  // (the next picture is the card's); a product with only an English text; a sold-out variant;
  // free and assigned e-product codes; tags.
  await database.db.execute(sql`
    update product_prices set discount_price = retail_price - 100,
      discount_ends_at = case product_id % 3 when 0 then now() - interval '1 day'
        when 1 then now() + interval '1 day' else null end
    where product_id in (select id from products where site_id = ${siteId} and id % 4 = 0)`);
  await database.db.execute(sql`
    insert into product_ratings (product_id, rating_count, rating_sum)
    select id, id % 3, (id % 3) * 4 from products where site_id = ${siteId} and id % 5 = 0
    on conflict (product_id) do nothing`);
  await database.db.execute(sql`
    insert into product_media (product_id, media_id, position)
    select id, 999999, -1 from products where site_id = ${siteId} and id % 7 = 0
    on conflict do nothing`);
  await database.db.execute(sql`
    delete from product_translations where language_code = 'hr' and product_id in
      (select id from products where site_id = ${siteId} and id % 11 = 0)
      and exists (select 1 from product_translations other where other.product_id = product_translations.product_id
        and other.language_code = 'en')`);
  await database.db.execute(sql`
    update products set stock_qty = 0, manage_stock = true
    where parent_id is not null and site_id = ${siteId} and id % 2 = 0`);
  await database.db.execute(sql`
    insert into product_tags (product_id, tag_id)
    select p.id, t.id from products p cross join tags t
    where p.site_id = ${siteId} and t.site_id = ${siteId} and (p.id + t.id) % 3 = 0
    on conflict do nothing`);
}, 180_000);

afterAll(async () => {
  await database?.destroy();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

const views = (): CatalogueView[] =>
  [
    { language: 'hr', currency: { id: 52, code: 'HRK', symbol: 'kn' }, eurRate: '7.534500' },
    { language: 'en', currency: { id: 44, code: 'EUR', symbol: '€' }, eurRate: null },
    { language: 'en', currency: { id: 52, code: 'HRK', symbol: 'kn' }, eurRate: '7.534500' },
  ].map((view) => ({ ...view, siteId, apiKeyId, defaultLanguage: 'hr' }));

describe('loadCards', () => {
  it('gives every product the card the product loader gives it, in every language and currency', async () => {
    const tagList = await loadTags(database.db, siteId);
    const formats = new Set<string>();
    let withRating = 0;
    let withSale = 0;
    let outOfStock = 0;
    for (const view of views()) {
      const cards = await loadCards(database.db, view, tagList, ids);
      const loaded = await loadProducts(database.db, view, tagList, ids);
      const expected = new Map([...loaded].map(([id, product]) => [id, toCard(product)]));
      expect(cards.size).toBe(expected.size);
      for (const [id, card] of expected) {
        // Through JSON, as the response carries it (a Date would be its ISO text).
        expect(JSON.stringify(cards.get(id)), `product ${id}, ${view.language}/${view.currency.code}`).toBe(
          JSON.stringify(card),
        );
        formats.add(card.format);
        if (card.rating) withRating++;
        if (card.prices?.discountPrice != null) withSale++;
        if (!card.inStock) outOfStock++;
      }
    }
    // The comparison covered what it is meant to cover.
    expect([...formats].sort()).toEqual(['Bundle', 'Configurable', 'EProduct', 'Simple']);
    expect(withRating).toBeGreaterThan(0);
    expect(withSale).toBeGreaterThan(0);
    expect(outOfStock).toBeGreaterThan(0);
  });

  it('leaves out products of another site and ids that are not products', async () => {
    const [view] = views();
    const cards = await loadCards(database.db, { ...view!, siteId: siteId + 1000 }, [], ids.slice(0, 5));
    expect(cards.size).toBe(0);
    const none = await loadCards(database.db, view!, [], [2_000_000_000, -1]);
    expect(none.size).toBe(0);
  });
});
