import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/seed/content/posts.ts';
import { categories } from '../../db/seed/content/terms.ts';
import { seedContent } from '../../db/seed/content-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { siteCacheTag } from '../site/site.service.ts';
import { users } from '../users/users.schema.ts';
import {
  elements,
  failedRequests,
  navigationItemTranslations,
  posts,
  postTranslations,
  termTranslations,
} from './cms.schema.ts';

let database: TestDatabase;
let mediaDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;

const en = { language: 'en' };
const hr = { language: 'hr' };
const get = (url: string, headers: Record<string, string>) => t.json(url, { headers });
const post = (url: string, body: unknown, headers: Record<string, string>) =>
  t.json(url, postJson(body, headers));

/** Ids by slug, straight from the database, so that tests do not depend on insertion order. */
async function postIdBySlug(slug: string) {
  const [row] = await database.db
    .select({ id: postTranslations.postId })
    .from(postTranslations)
    .where(eq(postTranslations.slug, slug));
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-media-'));
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  const [admin] = await database.db
    .insert(users)
    .values({
      siteId: demo.siteId,
      email: 'editor@example.com',
      passwordHash: 'not-a-real-hash',
      displayName: 'Ana Urednica',
      isBackofficeUser: true,
      scope: 'admin',
    })
    .returning({ id: users.id });
  await seedContent(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    adminUserId: admin!.id,
  });
  // Texts missing in English, to see the fallback to the default language (hr).
  const untranslatedPost = await postIdBySlug('prvi-mobitel');
  await database.db
    .delete(postTranslations)
    .where(and(eq(postTranslations.postId, untranslatedPost), eq(postTranslations.languageCode, 'en')));
  await database.db
    .delete(elements)
    .where(and(eq(elements.handler, 'cookie-section'), eq(elements.languageCode, 'en')));
  t = createTestApp(database);
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const expectError = (
  response: { status: number; body: Record<string, unknown> },
  status: number,
  field?: string,
) => {
  expect(response.status).toBe(status);
  expect(response.body.error).toMatchObject({
    statusCode: status,
    payload: { message: expect.any(String), ...(field ? { field } : {}) },
  });
};

describe('element/getByHandlers', () => {
  it('returns the layout elements of the request language, accepting the short handler names', async () => {
    const { status, body } = await post(
      '/api/v1/cms/element/getByHandlers',
      { handlers: ['header', 'footer-section'] },
      en,
    );
    expect(status).toBe(200);
    expect(body.data.map((e: { handler: string }) => e.handler)).toEqual([
      'header-section',
      'footer-section',
    ]);
    expect(body.data[0]).toMatchObject({
      type: 'static-element',
      language_code: 'en',
      title: 'Header',
      slug: 'header',
      meta: { menuLabel: 'Menu' },
      created_at: expect.any(String),
    });
    const croatian = await post('/api/v1/cms/element/getByHandlers', { handlers: ['header'] }, hr);
    expect(croatian.body.data[0]).toMatchObject({ language_code: 'hr', title: 'Zaglavlje' });
  });

  it('falls back to the default language when an element has no row in the request language', async () => {
    const { body } = await post('/api/v1/cms/element/getByHandlers', { handlers: ['cookie'] }, en);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ handler: 'cookie-section', language_code: 'hr' });
  });

  it('refuses an unknown handler, naming the field', async () => {
    expectError(
      await post('/api/v1/cms/element/getByHandlers', { handlers: ['sidebar'] }, en),
      400,
      'handlers.0',
    );
    expectError(await post('/api/v1/cms/element/getByHandlers', {}, en), 400, 'handlers');
  });
});

describe('navigation/tree', () => {
  it('nests the main menu in order with links resolved for the request language', async () => {
    const { status, body } = await get('/api/v1/cms/navigation/tree/main', en);
    expect(status).toBe(200);
    expect(body.data.map((item: { title: string }) => item.title)).toEqual([
      'About us',
      'Workshops',
      'Blog',
      'Shop',
      'Contact',
    ]);
    const [about, workshops] = body.data;
    expect(about).toMatchObject({
      link: '/en/about-us',
      baseLink: 'about-us',
      isExternal: false,
      parent_id: null,
    });
    expect(about.children.map((c: { link: string }) => c.link)).toEqual([
      '/en/team',
      '/en/partners',
      '/en/contact',
    ]);
    expect(about.children[0].parent_id).toBe(about.id);
    const topics = workshops.children.find((c: { title: string }) => c.title === 'Topics');
    expect(topics.link).toBe('/en/blog');
    expect(topics.children[0]).toMatchObject({ title: 'Resilience', link: '/en/blog/resilience' });
    const nextWorkshop = workshops.children.find((c: { title: string }) => c.title === 'Next workshop');
    expect(nextWorkshop.link).toMatch(/^\/en\/event\/\d+$/);

    const croatian = await get('/api/v1/cms/navigation/tree/main', hr);
    expect(croatian.body.data[0]).toMatchObject({ title: 'O nama', link: '/o-nama' });
    expect(croatian.body.data[1].children[1].children[0].link).toBe('/objave/otpornost');
  });

  it('marks social links as external, opening in a new tab without an opener', async () => {
    const { body } = await get('/api/v1/cms/navigation/tree/footer3', hr);
    expect(body.data[0]).toMatchObject({
      title: 'facebook',
      isExternal: true,
      externalLink: 'https://www.facebook.com/ucionicazaroditelje',
      link: 'https://www.facebook.com/ucionicazaroditelje',
      target: '_blank',
      rel: 'noopener noreferrer',
      icon: 'facebook',
    });
  });

  it('falls back to the default-language title of an item', async () => {
    const { body: before } = await get('/api/v1/cms/navigation/tree/footer4', en);
    const item = before.data[0];
    await database.db
      .delete(navigationItemTranslations)
      .where(
        and(
          eq(navigationItemTranslations.itemId, item.id),
          eq(navigationItemTranslations.languageCode, 'en'),
        ),
      );
    await t.cache.deleteByTag(`site:${demo.siteId}`);
    const { body } = await get('/api/v1/cms/navigation/tree/footer4', en);
    expect(body.data[0]).toMatchObject({ title: 'Politika privatnosti', link: '/en/privacy-policy' });
  });

  it('answers 404 for an unknown menu and 400 for a footer outside 1 to 4', async () => {
    expectError(await get('/api/v1/cms/navigation/tree/sidebar', en), 404);
    expectError(await get('/api/v1/cms/navigation/tree/footer5', en), 400, 'id');
  });
});

describe('terms', () => {
  it('lists categories with titles, slugs and published post counts', async () => {
    const { status, body } = await get('/api/v1/cms/term/filter?type=category', en);
    expect(status).toBe(200);
    expect(body.data.every((term: { type: string }) => term.type === 'category')).toBe(true);
    const expected = blogPosts.filter((p) => p.category === 'reading').length;
    expect(body.data.find((term: { slug: string }) => term.slug === 'reading')).toMatchObject({
      title: 'Reading',
      postCount: expected,
      link: '/en/blog/reading',
    });
    expectError(await get('/api/v1/cms/term/filter?type=brand', en), 400, 'type');
  });

  it('filters and pages terms on filterStandard', async () => {
    const { body } = await post(
      '/api/v1/cms/term/filterStandard',
      { filters: { type: 'tag' }, page: 2, limit: 4 },
      hr,
    );
    expect(body.data).toMatchObject({ totalRecords: 9, totalPages: 3, page: 2, limit: 4 });
    expect(body.data.records).toHaveLength(4);
    const bySlug = await post('/api/v1/cms/term/filterStandard', { filters: { slugs: ['san', 'igra'] } }, hr);
    expect(bySlug.body.data.records.map((term: { title: string }) => term.title).sort()).toEqual([
      'Igra',
      'San',
    ]);
    expectError(await post('/api/v1/cms/term/filterStandard', { limit: 500 }, hr), 400, 'limit');
  });

  it('gets a term by its slug in the request language, else 404', async () => {
    const { body } = await get('/api/v1/cms/term/get/rani-razvoj', hr);
    expect(body.data).toMatchObject({
      title: 'Rani razvoj',
      alternates: { hr: 'rani-razvoj', en: 'early-development' },
    });
    expectError(await get('/api/v1/cms/term/get/rani-razvoj', en), 404);
    expectError(await get('/api/v1/cms/term/get/nothing-here', en), 404);
  });
});

describe('post/filterStandard', () => {
  const url = '/api/v1/cms/post/filterStandard';
  const published = [...blogPosts].sort((a, b) => a.daysAgo - b.daysAgo);

  it('lists published posts newest first, 9 per page, with cards in the request language', async () => {
    const { status, body } = await post(url, { filters: {} }, en);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ totalRecords: blogPosts.length, totalPages: 2, page: 1, limit: 9 });
    expect(body.data.records.map((p: { slug: string }) => p.slug)).toEqual(
      published.slice(0, 9).map((p) => p.text.en.slug),
    );
    const first = body.data.records[0];
    const newestCategory = categories.find((category) => category.key === published[0]!.category)!.text.en;
    expect(first).toMatchObject({
      type: { slug: 'post' },
      resourceType: 'post',
      user: { displayName: 'Ana Urednica' },
      terms: { categories: [{ title: newestCategory.title, slug: newestCategory.slug }] },
      alternates: { hr: published[0]!.text.hr.slug, en: published[0]!.text.en.slug },
    });
    expect(first.media.url).toMatch(/^\/media\/1\/\d+\/MediumSize\/.+/);
    expect(first.body).toBeUndefined();

    const second = await post(url, { page: 2, sort: { published_at: 'asc' } }, en);
    expect(second.body.data.records.map((p: { slug: string }) => p.slug)).toEqual(
      [...published]
        .reverse()
        .slice(9)
        .map((p) => p.text.en.slug),
    );
  });

  it('falls back to the default-language text of a post without a translation', async () => {
    const { body } = await post(url, { filters: { slug: 'prvi-mobitel' } }, en);
    expect(body.data.records).toHaveLength(1);
    const firstPhone = blogPosts.find((p) => p.key === 'first-phone')!;
    expect(body.data.records[0]).toMatchObject({ title: firstPhone.text.hr.title, slug: 'prvi-mobitel' });
    expect(body.data.records[0].alternates).toEqual({ hr: 'prvi-mobitel' });
  });

  it('filters by term slugs and by a diacritic-insensitive search', async () => {
    const { body } = await post(url, { filters: { termSlugs: ['citanje'] }, limit: 20 }, hr);
    expect(body.data.totalRecords).toBe(blogPosts.filter((p) => p.category === 'reading').length);
    expect(
      body.data.records.every(
        (p: { terms: { categories: { slug: string }[] } }) => p.terms.categories[0]!.slug === 'citanje',
      ),
    ).toBe(true);

    const search = await post(url, { filters: { search: 'otporno dijete' } }, hr);
    expect(search.body.data.totalRecords).toBeGreaterThan(0);
    const withoutDiacritics = await post(url, { filters: { search: 'citanje naglas' } }, hr);
    expect(withoutDiacritics.body.data.records.map((p: { slug: string }) => p.slug)).toEqual([
      'citanje-naglas-od-prvog-dana',
    ]);
  });

  it('returns a single post by slug with its body and up to 3 related posts of its category, newest first', async () => {
    const { body } = await post(url, { filters: { slug: 'talking-about-failure' } }, en);
    const [record] = body.data.records;
    expect(record.body).toContain('<');
    expect(record.seo.title).toBe(record.title);
    const sameCategory = published.filter(
      (p) => p.category === 'resilience' && p.key !== 'talking-about-failure',
    );
    expect(record.relatedPosts.map((p: { slug: string }) => p.slug)).toEqual(
      sameCategory.slice(0, 3).map((p) => p.text.en.slug),
    );
    expect(record.relatedPosts.length).toBeLessThanOrEqual(3);
  });

  it('returns a page built from ordered sections in the request language', async () => {
    const { body } = await post(url, { filters: { slug: 'resilient-child', postTypeSlugs: ['page'] } }, en);
    const [page] = body.data.records;
    expect(page.type.slug).toBe('page');
    expect(page.sections.length).toBeGreaterThan(1);
    expect(page.sections[0]).toMatchObject({
      type: 'hero',
      showDesktop: true,
      content: { title: expect.any(String) },
    });
    const croatian = await post(url, { filters: { slug: 'otporno-dijete' } }, hr);
    expect(croatian.body.data.records[0].sections.map((s: { id: number }) => s.id)).toEqual(
      page.sections.map((s: { id: number }) => s.id),
    );
    expect(croatian.body.data.records[0].sections[0].content.title).not.toBe(page.sections[0].content.title);
  });

  it('hides drafts and posts scheduled for later', async () => {
    const id = await postIdBySlug('evening-routine');
    await database.db
      .update(posts)
      .set({ publishedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(posts.id, id));
    const draft = await postIdBySlug('family-media-plan');
    await database.db.update(posts).set({ status: 'draft' }).where(eq(posts.id, draft));
    for (const slug of ['evening-routine', 'family-media-plan']) {
      const { body } = await post(url, { filters: { slug }, limit: 5 }, en);
      expect(body.data.records, slug).toEqual([]);
      expect(body.data.totalRecords, slug).toBe(0);
    }
  });

  it('refuses invalid input, naming the field', async () => {
    expectError(await post(url, { limit: 101 }, en), 400, 'limit');
    expectError(
      await post(url, { filters: { postTypeSlugs: ['product'] } }, en),
      400,
      'filters.postTypeSlugs.0',
    );
    expectError(await post(url, { filters: { dateFrom: 'yesterday' } }, en), 400, 'filters.dateFrom');
    expectError(await post(url, { sort: { published_at: 'sideways' } }, en), 400, 'sort.published_at');
  });
});

describe('finder', () => {
  it('decides what a slug is', async () => {
    const page = await get('/api/v1/cms/finder/decide?slug=o-nama', hr);
    expect(page.body.data).toMatchObject({ resourceType: 'page', slug: 'o-nama' });
    const blogPost = await get('/api/v1/cms/finder/decide?slug=talking-about-failure', en);
    expect(blogPost.body.data).toMatchObject({
      resourceType: 'post',
      id: await postIdBySlug('talking-about-failure'),
    });
    const term = await get('/api/v1/cms/finder/decide?slug=otpornost', hr);
    expect(term.body.data.resourceType).toBe('term');
    expectError(await get('/api/v1/cms/finder/decide?slug=no-such-thing', hr), 404);
    expectError(await get('/api/v1/cms/finder/decide?eventId=abc', hr), 400, 'eventId');
  });

  it('decides an event by id', async () => {
    const { body: nav } = await get('/api/v1/cms/navigation/tree/main', en);
    const eventId = Number(
      nav.data[1].children.find((c: { title: string }) => c.title === 'Next workshop').baseLink,
    );
    const { body } = await get(`/api/v1/cms/finder/decide?eventId=${eventId}`, en);
    expect(body.data).toEqual({ resourceType: 'event', id: eventId, slug: 'resilient-child-workshop-3-7' });
  });

  it('searches post and term slugs ignoring diacritics', async () => {
    const { body } = await get('/api/v1/cms/finder/searchSlugs?keyword=citanje', hr);
    expect(body.data).toContainEqual(expect.objectContaining({ resourceType: 'term', slug: 'citanje' }));
    expect(body.data).toContainEqual(
      expect.objectContaining({ resourceType: 'post', slug: 'citanje-naglas-od-prvog-dana' }),
    );
    expectError(await get('/api/v1/cms/finder/searchSlugs', hr), 400, 'keyword');
  });

  it('gives the English address of a Croatian post and term, and 404 without a translation', async () => {
    const postId = await postIdBySlug('kako-razgovarati-o-neuspjehu');
    const postUrl = await post(
      '/api/v1/cms/finder/getUrlOnLanguage',
      { newLanguage: 'en', twoLetterCode: 'hr', postId },
      hr,
    );
    expect(postUrl.body.data).toEqual({ url: '/en/talking-about-failure' });

    const [term] = await database.db
      .select({ id: termTranslations.termId })
      .from(termTranslations)
      .where(eq(termTranslations.slug, 'djeca-i-ekrani'));
    const termUrl = await post(
      '/api/v1/cms/finder/getUrlOnLanguage',
      { newLanguage: 'en', termId: term!.id },
      hr,
    );
    expect(termUrl.body.data).toEqual({ url: '/en/blog/children-and-screens' });
    const back = await post(
      '/api/v1/cms/finder/getUrlOnLanguage',
      { newLanguage: 'hr', termId: term!.id },
      en,
    );
    expect(back.body.data).toEqual({ url: '/objave/djeca-i-ekrani' });

    const untranslated = await postIdBySlug('prvi-mobitel');
    expectError(
      await post('/api/v1/cms/finder/getUrlOnLanguage', { newLanguage: 'en', postId: untranslated }, hr),
      404,
    );
    expectError(
      await post('/api/v1/cms/finder/getUrlOnLanguage', { newLanguage: 'english', postId: untranslated }, hr),
      400,
      'newLanguage',
    );
  });
});

describe('finder cache', () => {
  it('answers from the cache until the site content changes', async () => {
    const postId = await postIdBySlug('kako-razgovarati-o-neuspjehu');
    const ask = () =>
      post('/api/v1/cms/finder/getUrlOnLanguage', { newLanguage: 'en', postId }, hr).then((r) => r.body.data);
    const decide = () => get('/api/v1/cms/finder/decide?slug=talking-about-failure', en).then((r) => r.body);
    expect(await ask()).toEqual({ url: '/en/talking-about-failure' });
    expect((await decide()).data).toMatchObject({ resourceType: 'post', id: postId });

    await database.db
      .update(postTranslations)
      .set({ slug: 'talking-about-failure-renamed' })
      .where(and(eq(postTranslations.postId, postId), eq(postTranslations.languageCode, 'en')));
    // The database changed behind the service's back: the cached answers stay.
    expect(await ask()).toEqual({ url: '/en/talking-about-failure' });
    expect((await decide()).data).toMatchObject({ id: postId });

    // A content change drops the site's cached answers (the same tag every content read carries).
    await t.cache.deleteByTag(siteCacheTag(demo.siteId));
    expect(await ask()).toEqual({ url: '/en/talking-about-failure-renamed' });
    expect((await decide()).error.statusCode).toBe(404);

    await database.db
      .update(postTranslations)
      .set({ slug: 'talking-about-failure' })
      .where(and(eq(postTranslations.postId, postId), eq(postTranslations.languageCode, 'en')));
    await t.cache.deleteByTag(siteCacheTag(demo.siteId));
  });
});

describe('redirect/addFailedRequest', () => {
  const url = '/api/v1/cms/redirect/addFailedRequest';

  it('counts every one of many concurrent reports of the same path', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => post(url, { path: '/missing-page' }, hr)),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const [row] = await database.db
      .select({ hits: failedRequests.hits })
      .from(failedRequests)
      .where(and(eq(failedRequests.siteId, demo.siteId), eq(failedRequests.path, '/missing-page')));
    expect(row!.hits).toBe(12);
    expect(responses.map((response) => response.body.data.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
  });

  it('adds to the hits of a path already known', async () => {
    const { body } = await post(url, { path: '/wp-login.php' }, hr);
    expect(body.data).toEqual({ path: '/wp-login.php', hits: 38, redirect: null });
  });

  it('answers with the stored redirect of a path and does not count it', async () => {
    const { body } = await post(url, { path: '/jesenske-radionice/' }, hr);
    expect(body.data).toEqual({
      path: '/jesenske-radionice/',
      hits: 0,
      redirect: { to: '/radionice', status: 302 },
    });
    const rows = await database.db
      .select({ hits: failedRequests.hits })
      .from(failedRequests)
      .where(and(eq(failedRequests.siteId, demo.siteId), eq(failedRequests.path, '/jesenske-radionice/')));
    expect(rows).toEqual([]);
  });

  it('refuses a path that is not a path or is too long', async () => {
    expectError(await post(url, { path: 'https://evil.example/x' }, hr), 400, 'path');
    expectError(await post(url, { path: `/${'a'.repeat(2000)}` }, hr), 400, 'path');
  });

  it('finds the redirect of an old path for the SSR layer', async () => {
    const ctx = { site: { id: demo.siteId } } as Parameters<typeof t.services.cms.findRedirect>[0];
    expect(await t.services.cms.findRedirect(ctx, '/jesenske-radionice/')).toEqual({
      to: '/radionice',
      status: 302,
    });
    expect(await t.services.cms.findRedirect(ctx, '/en/old-page')).toEqual({
      to: '/en/about-us',
      status: 301,
    });
    expect(await t.services.cms.findRedirect(ctx, '/nowhere')).toBeNull();
  });
});
