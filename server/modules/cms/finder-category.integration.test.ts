import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { productCategories, productCategoryTranslations } from '../catalogue/catalogue.schema.ts';
import { sites } from '../site/site.schema.ts';

let database: TestDatabase;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;

const url = '/api/v1/cms/finder/getUrlOnLanguage';
const post = (body: unknown, language: string) => t.json(url, postJson(body, { language }));

type CategoryInput = {
  siteId: number;
  isActive?: boolean;
  texts: Record<string, { name: string; slug: string }>;
};

async function createCategory({ siteId, isActive = true, texts }: CategoryInput): Promise<number> {
  const [row] = await database.db
    .insert(productCategories)
    .values({ siteId, isActive })
    .returning({ id: productCategories.id });
  await database.db.insert(productCategoryTranslations).values(
    Object.entries(texts).map(([languageCode, text]) => ({
      categoryId: row!.id,
      siteId,
      languageCode,
      name: text.name,
      slug: text.slug,
    })),
  );
  return row!.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  ids.translated = await createCategory({
    siteId: demo.siteId,
    texts: {
      hr: { name: 'Društvene igre', slug: 'drustvene-igre' },
      en: { name: 'Board games', slug: 'board-games' },
      de: { name: 'Brettspiele', slug: 'brettspiele' },
    },
  });
  ids.croatianOnly = await createCategory({
    siteId: demo.siteId,
    texts: { hr: { name: 'Bojanke', slug: 'bojanke' } },
  });
  ids.inactive = await createCategory({
    siteId: demo.siteId,
    isActive: false,
    texts: { hr: { name: 'Arhiva', slug: 'arhiva' }, en: { name: 'Archive', slug: 'archive' } },
  });
  const [otherSite] = await database.db
    .insert(sites)
    .values({ name: 'Other shop', url: 'http://other.example', apiKeyToken: 'other-key', apiKeyId: 99 })
    .returning({ id: sites.id });
  ids.otherSite = await createCategory({
    siteId: otherSite!.id,
    texts: { hr: { name: 'Tuđe', slug: 'tude' }, en: { name: 'Foreign', slug: 'foreign' } },
  });
  t = createTestApp(database);
}, 120_000);

afterAll(async () => {
  await database.destroy();
});

describe('finder/getUrlOnLanguage with categoryId', () => {
  it("gives the shop address of the category's slug in the asked language", async () => {
    const english = await post({ newLanguage: 'en', categoryId: ids.translated }, 'hr');
    expect(english.status).toBe(200);
    expect(english.body.data).toEqual({ url: '/en/shop/board-games' });

    const croatian = await post({ newLanguage: 'hr', categoryId: ids.translated }, 'en');
    expect(croatian.body.data).toEqual({ url: '/shop/drustvene-igre' });

    const german = await post({ newLanguage: 'de', categoryId: ids.translated }, 'hr');
    expect(german.body.data).toEqual({ url: '/de/shop/brettspiele' });
  });

  it('answers 404 for a language the category has no text in', async () => {
    const response = await post({ newLanguage: 'en', categoryId: ids.croatianOnly }, 'hr');
    expect(response.status).toBe(404);
    const own = await post({ newLanguage: 'hr', categoryId: ids.croatianOnly }, 'hr');
    expect(own.body.data).toEqual({ url: '/shop/bojanke' });
  });

  it('answers 404 for an inactive category, one of another site and one that does not exist', async () => {
    for (const categoryId of [ids.inactive, ids.otherSite, 987_654]) {
      const response = await post({ newLanguage: 'en', categoryId }, 'hr');
      expect(response.status).toBe(404);
    }
  });

  it('rejects a category id that is not a positive integer', async () => {
    const response = await post({ newLanguage: 'en', categoryId: 'board-games' }, 'hr');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ statusCode: 400, payload: { field: 'categoryId' } });
  });
});
