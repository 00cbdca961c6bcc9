import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { products, productTranslations } from '../catalogue/catalogue.schema.ts';
import { posts, postTranslations } from '../cms/cms.schema.ts';
import type { SearchGroup, SearchRecord } from './search.service.ts';

let database: TestDatabase;
let mediaDir: string;
let t: ReturnType<typeof createTestApp>;

const hr = { headers: { language: 'hr' } };
const en = { headers: { language: 'en' } };

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-media-'));
  await seedDemo(database.db, { storage: createLocalStorage(mediaDir) });
  t = createTestApp(database);
}, 180_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function search(
  query: Record<string, string>,
  init: { headers: Record<string, string> } = hr,
): Promise<{ status: number; groups: SearchGroup[]; body: Record<string, unknown> }> {
  const response = await t.json(`/api/v1/search?${new URLSearchParams(query)}`, init);
  return { status: response.status, groups: response.body.data?.groups ?? [], body: response.body };
}

const groupOf = (groups: SearchGroup[], category: SearchGroup['category']) => {
  const found = groups.find((group) => group.category === category);
  if (!found) throw new Error(`no ${category} group`);
  return found;
};
const links = (records: SearchRecord[]) => records.map((record) => record.link);

describe('GET /v1/search', () => {
  it('finds Croatian pages and posts written with diacritics from a query without them', async () => {
    const { status, groups } = await search({ search: 'skola', category: 'pages,posts' });
    expect(status).toBe(200);
    const pages = groupOf(groups, 'pages');
    const blog = groupOf(groups, 'posts');
    // "škole" in the workshops page excerpt, "školama" in a section of the about page.
    expect(links(pages.records)).toEqual(expect.arrayContaining(['/radionice', '/o-nama']));
    expect(links(blog.records)).toContain('/kad-dijete-ne-voli-citati');
    const excerpt = blog.records.find((record) => record.link === '/kad-dijete-ne-voli-citati')!.excerpt;
    expect(excerpt).toMatch(/škol/i);
    expect(excerpt).not.toMatch(/<[a-z]/);
    for (const group of [pages, blog]) {
      expect(group.totalRecords).toBe(group.records.length);
      expect(group.records.every((record) => !record.link.startsWith('/en/'))).toBe(true);
    }
  });

  it('searches English texts in English, with English links', async () => {
    const { groups } = await search({ search: 'school', category: 'posts,products' }, en);
    const blog = groupOf(groups, 'posts');
    expect(links(blog.records)).toContain('/en/when-your-child-does-not-like-reading');
    expect(links(groupOf(groups, 'products').records)).toContain(
      '/en/product/online-workshop-ready-for-school',
    );
    // The same word finds nothing in Croatian texts.
    const croatian = await search({ search: 'school', category: 'posts' });
    expect(groupOf(croatian.groups, 'posts').totalRecords).toBe(0);
  });

  it('stems English words: "workshops" finds texts that say "workshop"', async () => {
    const { groups } = await search({ search: 'workshops', category: 'products' }, en);
    expect(links(groupOf(groups, 'products').records)).toEqual(
      expect.arrayContaining(['/en/product/ticket-parents-workshop-zagreb']),
    );
  });

  it('tolerates a typo in a title', async () => {
    const { groups } = await search({ search: 'radionca', category: 'pages,products' });
    expect(links(groupOf(groups, 'pages').records)).toContain('/radionice');
    const titles = groupOf(groups, 'products').records.map((record) => record.title);
    expect(titles).toContain('Ulaznica: Radionica za roditelje, Zagreb');
  });

  it('finds products by name without diacritics, with prices and an image', async () => {
    const { groups } = await search({ search: 'laku noc', category: 'products' });
    const products = groupOf(groups, 'products');
    expect(products.records[0]).toMatchObject({
      title: 'Laku noć, zvjezdice',
      link: '/product/laku-noc-zvjezdice',
      prices: { currency: { code: expect.any(String) }, finalPrice: expect.any(Number) },
    });
    expect(products.records[0]!.media?.url).toMatch(/^\/media\/\d+\/\d+\/SmallSize\//);
  });

  it('finds a product by its SKU', async () => {
    const { groups } = await search({ search: 'knj-001', category: 'products' });
    expect(groupOf(groups, 'products').records[0]).toMatchObject({ sku: 'KNJ-001' });
  });

  it('finds shop categories in the request language', async () => {
    const croatian = await search({ search: 'drustvene igre', category: 'productCategories' });
    expect(groupOf(croatian.groups, 'productCategories').records[0]).toMatchObject({
      title: 'Društvene igre',
      link: '/shop/drustvene-igre',
    });
    const english = await search({ search: 'picture books', category: 'productCategories' }, en);
    expect(groupOf(english.groups, 'productCategories').records[0]).toMatchObject({
      title: 'Picture books',
      link: '/en/shop/picture-books',
    });
  });

  it('answers with one group per category, in a fixed order, each paged on its own', async () => {
    const all = await search({ search: 'dijete', category: 'posts,pages,productCategories,products' });
    expect(all.groups.map((group) => group.category)).toEqual([
      'pages',
      'posts',
      'products',
      'productCategories',
    ]);
    const total = groupOf(all.groups, 'posts').totalRecords;
    expect(total).toBeGreaterThan(3);

    const first = groupOf(
      (await search({ search: 'dijete', category: 'posts', limit: '2' })).groups,
      'posts',
    );
    const second = groupOf(
      (await search({ search: 'dijete', category: 'posts', limit: '2', page: '2' })).groups,
      'posts',
    );
    expect(first).toMatchObject({ totalRecords: total, totalPages: Math.ceil(total / 2), page: 1, limit: 2 });
    expect(first.records).toHaveLength(2);
    expect(second.records).toHaveLength(2);
    expect(links(second.records).some((link) => links(first.records).includes(link))).toBe(false);

    const beyond = groupOf(
      (await search({ search: 'dijete', category: 'posts', page: '500' })).groups,
      'posts',
    );
    expect(beyond).toMatchObject({ records: [], totalRecords: total });
  });

  it('searches the default language text of an item that has none in the request language', async () => {
    const [product] = await database.db.select().from(products).where(eq(products.sku, 'KNJ-002'));
    const [english] = await database.db
      .delete(productTranslations)
      .where(and(eq(productTranslations.productId, product!.id), eq(productTranslations.languageCode, 'en')))
      .returning();
    try {
      const { groups } = await search({ search: 'zvjezdice', category: 'products' }, en);
      expect(groupOf(groups, 'products').records[0]).toMatchObject({
        title: 'Laku noć, zvjezdice',
        link: '/en/product/laku-noc-zvjezdice',
      });
      // Items that have an English text are not found by their Croatian one.
      const croatianWord = await search({ search: 'slikovnica', category: 'products' }, en);
      expect(groupOf(croatianWord.groups, 'products').totalRecords).toBe(0);
      const inCroatian = await search({ search: 'slikovnica', category: 'products' });
      expect(groupOf(inCroatian.groups, 'products').totalRecords).toBeGreaterThan(0);
    } finally {
      await database.db.insert(productTranslations).values(english!);
    }
  });

  it('leaves out posts that are not published', async () => {
    const [row] = await database.db
      .select({ id: postTranslations.postId })
      .from(postTranslations)
      .where(eq(postTranslations.slug, 'kad-dijete-ne-voli-citati'));
    await database.db.update(posts).set({ status: 'draft' }).where(eq(posts.id, row!.id));
    try {
      // A different query from the one above, so that no cached answer is reused.
      const { groups } = await search({ search: 'skolarce', category: 'posts' });
      expect(links(groupOf(groups, 'posts').records)).not.toContain('/kad-dijete-ne-voli-citati');
    } finally {
      await database.db.update(posts).set({ status: 'published' }).where(eq(posts.id, row!.id));
    }
  });

  it('requires at least one category', async () => {
    const queries: Record<string, string>[] = [
      { search: 'skola' },
      { search: 'skola', category: '' },
      { search: 'skola', category: ' , ' },
    ];
    for (const query of queries) {
      const response = await search(query);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        statusCode: 400,
        payload: { message: 'missing search categories', field: 'category' },
      });
    }
    const unknown = await search({ search: 'skola', category: 'posts,events' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ payload: { field: 'category' } });
  });

  it('validates the keywords and the paging', async () => {
    for (const [query, field] of [
      [{ category: 'posts' }, 'search'],
      [{ search: '   ', category: 'posts' }, 'search'],
      [{ search: 'x'.repeat(201), category: 'posts' }, 'search'],
      [{ search: 'skola', category: 'posts', limit: '51' }, 'limit'],
      [{ search: 'skola', category: 'posts', page: '0' }, 'page'],
    ] as const) {
      const response = await search(query);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ payload: { field } });
    }
  });

  it('treats SQL in the keywords as text', async () => {
    const before = await database.db.select({ n: count() }).from(posts);
    const response = await search({ search: "'; drop table posts; --", category: 'pages,posts,products' });
    expect(response.status).toBe(200);
    for (const group of response.groups)
      expect(group.records.every((record) => record.title !== '')).toBe(true);
    const after = await database.db.select({ n: count() }).from(posts);
    expect(after[0]!.n).toBe(before[0]!.n);
    const odd = await search({ search: "a:* | !b & (c) <-> 'd' \\", category: 'posts,products' });
    expect(odd.status).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = await t.json('/api/openapi.json');
    expect(document.body.paths['/v1/search'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'search',
      'category',
      'page',
      'limit',
    ]);
  });

  it('uses the search indexes on the translation tables', async () => {
    // With the tiny demo data the planner prefers a scan; forbidding it shows that the index fits the query.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(
        tx as unknown as typeof database.db,
        sql`explain select t.product_id from product_translations t
            where t.search_vector
                @@ to_tsquery(search_config('hr'), f_unaccent('skola:*'))
              or f_unaccent('radionca') <% f_unaccent(t.name)`,
      );
    });
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain('product_translations_search_idx');
    expect(text).toContain('product_translations_name_trgm_idx');
  });
});
