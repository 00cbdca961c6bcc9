import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FEATURED_PRODUCTS } from '../../core/section-data.ts';
import { seedCatalogue } from '../../server/db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../server/db/seed/site-seed.ts';
import { products } from '../../server/modules/catalogue/catalogue.schema.ts';
import { posts, postTranslations } from '../../server/modules/cms/cms.schema.ts';
import { EDITOR_MESSAGES } from '../../server/modules/cms/page-editor.contract.ts';
import { sites } from '../../server/modules/site/site.schema.ts';
import { users } from '../../server/modules/users/users.schema.ts';
import { createLocalStorage } from '../../server/storage/local-storage.ts';
import { createTestApp } from '../../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../server/testing/test-db.ts';
import { type ApiClient, createApiClient, createFetchCaller } from './api-client.ts';
import { loadPage } from './page-content.server.ts';

/**
 * The products section (featured products): what a page save accepts as its product ids, and what
 * the page loader shows of them (the editor's order, without products a shopper may not open).
 */
let database: TestDatabase;
let mediaDir: string;
let t: ReturnType<typeof createTestApp>;
let en: ApiClient;
let hr: ApiClient;
let token = '';
let site = 0;
let page = 0;
let shown: number[] = [];
let hiddenVariant = 0;
let foreignProduct = 0;

const save = (body: unknown) =>
  t.json(`/api/v1/cms/page/save/${page}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', language: 'en', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
const version = async () =>
  (await database.db.select({ version: posts.version }).from(posts).where(eq(posts.id, page)))[0]!.version;
const productsSection = (productIds: unknown) => ({
  type: 'products',
  isMaster: false,
  showDesktop: true,
  showMobile: true,
  settings: { productIds },
  content: { title: 'Our picks' },
});
const intro = {
  type: 'rich-text',
  isMaster: false,
  showDesktop: true,
  showMobile: true,
  settings: { width: 'narrow' },
  content: { title: 'Intro', html: '<p>Hello</p>' },
};

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'products-section-media-'));
  await seedReferenceData(database.db);
  site = (await seedDemoSite(database.db)).siteId;
  await seedCatalogue(database.db, {
    siteId: site,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  const rows = await database.rows<{ id: number; visible: boolean }>(
    sql`select id, is_visible_individually as visible from products
        where status = 'active' and site_id = ${site} order by id`,
  );
  shown = rows.filter((row) => row.visible).map((row) => row.id);
  hiddenVariant = rows.find((row) => !row.visible)?.id ?? 0;
  expect(shown.length).toBeGreaterThanOrEqual(4);
  expect(hiddenVariant).toBeGreaterThan(0);
  const [other] = await database.db
    .insert(sites)
    .values({ name: 'Other', url: 'http://other.test', apiKeyToken: 'products-other', apiKeyId: 7_702 })
    .returning({ id: sites.id });
  [{ id: foreignProduct }] = (await database.db
    .insert(products)
    .values({ siteId: other!.id, format: 'Simple', sku: 'OTHER-1' })
    .returning({ id: products.id })) as [{ id: number }];
  const [row] = await database.db
    .insert(posts)
    .values({ siteId: site, type: 'page', status: 'published', publishedAt: new Date(Date.now() - 60_000) })
    .returning({ id: posts.id });
  page = row!.id;
  await database.db.insert(postTranslations).values([
    { postId: page, languageCode: 'en', siteId: site, title: 'Featured', slug: 'featured-page' },
    { postId: page, languageCode: 'hr', siteId: site, title: 'Izdvojeno', slug: 'izdvojeno' },
  ]);
  const [editor] = await database.db
    .insert(users)
    .values({
      siteId: site,
      email: 'editor@example.com',
      displayName: 'Editor',
      isBackofficeUser: true,
      scope: 'admin',
    })
    .returning();
  t = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '0' });
  token = (await t.services.sessions.start(editor!)).accessToken;
  const caller = createFetchCaller(async (url, init) => t.app.request(String(url), init));
  en = createApiClient(caller, { language: 'en' });
  hr = createApiClient(caller, { language: 'hr' });
}, 120_000);

afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('products section', () => {
  it('refuses product ids that are not a list of different products of this site, naming the field', async () => {
    const before = await version();
    const refusals: [unknown, string][] = [
      [[shown[0], foreignProduct], EDITOR_MESSAGES.productNotFound],
      [[999_999], EDITOR_MESSAGES.productNotFound],
      ['1,2', EDITOR_MESSAGES.productsFormat],
      [[shown[0], shown[0]], EDITOR_MESSAGES.productsFormat],
      [[1.5], EDITOR_MESSAGES.productsFormat],
      [[2_147_483_648], EDITOR_MESSAGES.productsFormat],
      [
        Array.from({ length: MAX_FEATURED_PRODUCTS + 1 }, (_, index) => index + 1),
        EDITOR_MESSAGES.productsFormat,
      ],
    ];
    for (const [productIds, message] of refusals) {
      const refused = await save({
        version: before,
        language: 'en',
        sections: [intro, productsSection(productIds)],
      });
      expect(refused.status, JSON.stringify(productIds)).toBe(400);
      expect(refused.body.error.payload.message).toBe(message);
      expect(refused.body.error.payload.field).toBe('sections.1.settings.productIds');
    }
    // Nothing of the refused saves was stored.
    expect(await version()).toBe(before);
  });

  it("shows the chosen products in the editor's order in both languages, leaving out hidden and archived ones", async () => {
    const [first, second, third] = shown as [number, number, number];
    const chosen = [third, hiddenVariant, first, second];
    const saved = await save({
      version: await version(),
      language: 'en',
      sections: [intro, productsSection(chosen)],
    });
    expect(saved.status).toBe(200);
    const section = saved.body.data.sections.find((entry: { type: string }) => entry.type === 'products');
    // A hidden product may be chosen (it shows once it is listable again): the list is kept as given.
    expect(section.settings.productIds).toEqual(chosen);
    await database.db.update(products).set({ status: 'archived' }).where(eq(products.id, second));
    await t.services.sites.invalidate(site);
    try {
      for (const [api, slug] of [
        [en, 'featured-page'],
        [hr, 'izdvojeno'],
      ] as const) {
        const loaded = await loadPage(api, slug);
        const cards = loaded?.sectionData[section.id]?.products ?? [];
        expect(cards.map((card) => card.id)).toEqual([third, first]);
        expect(cards.every((card) => card.name.length > 0 && card.slug.length > 0)).toBe(true);
      }
      // Saving again keeps the archived product the section already held.
      const again = await save({
        version: await version(),
        language: 'en',
        sections: [intro, { ...productsSection(chosen), id: section.id }],
      });
      expect(again.status).toBe(200);
    } finally {
      await database.db.update(products).set({ status: 'active' }).where(eq(products.id, second));
    }
  });
});
