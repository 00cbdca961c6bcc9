import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequestContext } from '../../api/context-middleware.ts';
import type { RequestContext } from '../../api/request-context.ts';
import { seedContent } from '../../db/seed/content-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { termTranslations } from './cms.schema.ts';
import { createPageViews, type PageViews } from './page-view.ts';

let database: TestDatabase;
let mediaDir: string;
let t: ReturnType<typeof createTestApp>;
let pages: PageViews;
let en: RequestContext;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-view-media-'));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  const [author] = await database.db
    .insert(users)
    .values({ siteId: demo.siteId, email: 'author@example.com', passwordHash: 'x', displayName: 'Autorica' })
    .returning({ id: users.id });
  await seedContent(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    adminUserId: author!.id,
  });
  t = createTestApp(database);
  pages = createPageViews(t.services.cms, t.services.events);
  en = await resolveRequestContext(
    t.services.sites,
    { get: (name) => (name === 'language' ? 'en' : undefined) },
    'test',
  );
}, 120_000);

afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const section = (id: number, type: string, settings: Record<string, unknown>) => ({ id, type, settings });

async function termId(slug: string) {
  const [row] = await database.db
    .select({ id: termTranslations.termId })
    .from(termTranslations)
    .where(eq(termTranslations.slug, slug));
  return row!.id;
}

describe('section data', () => {
  it('gives each listing section the newest posts and the soonest upcoming events, up to its limit', async () => {
    const data = await pages.sectionData(en, [
      section(1, 'latest-posts', { limit: 2, categoryId: null }),
      section(2, 'upcoming-events', { limit: 3 }),
      section(3, 'upcoming-events', { limit: 1 }),
      section(4, 'hero', { mediaId: null }),
    ]);
    const posts = data[1]?.posts ?? [];
    expect(posts).toHaveLength(2);
    expect(posts.every((post) => post.type.slug === 'post' && post.link.startsWith('/en/'))).toBe(true);
    expect(Date.parse(posts[0]!.published_at!)).toBeGreaterThanOrEqual(Date.parse(posts[1]!.published_at!));
    const events = data[2]?.events ?? [];
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(3);
    const now = Date.now();
    expect(events.every((event) => Date.parse(event.endEvent ?? event.startEvent) >= now)).toBe(true);
    const starts = events.map((event) => Date.parse(event.startEvent));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(data[3]?.events).toEqual(events.slice(0, 1));
    expect(data[4]).toBeUndefined();
  });

  it('lists only the posts of the chosen category, and nothing for a category that is gone', async () => {
    const reading = await termId('reading');
    const data = await pages.sectionData(en, [
      section(1, 'latest-posts', { limit: 12, categoryId: reading }),
      section(2, 'latest-posts', { limit: 12, categoryId: 987654 }),
    ]);
    const posts = data[1]?.posts ?? [];
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((post) => post.terms.categories.some((category) => category.slug === 'reading'))).toBe(
      true,
    );
    expect(data[2]?.posts).toEqual([]);
  });
});

describe('page view (GET /v1/cms/page/view)', () => {
  const view = (slug: string, language: string) =>
    t.json(`/api/v1/cms/page/view?slug=${encodeURIComponent(slug)}`, { headers: { language } });

  it('answers the page as post/filterStandard does, with what its listing sections show', async () => {
    const { status, body } = await view('home', 'en');
    expect(status).toBe(200);
    const standard = await t.json(
      '/api/v1/cms/post/filterStandard',
      postJson(
        { filters: { slug: 'home', postTypeSlugs: ['page', 'post'] }, page: 1, limit: 1 },
        { language: 'en' },
      ),
    );
    expect(body.data.post).toEqual(standard.body.data.records[0]);
    const sections: { id: number; type: string; settings: Record<string, unknown> }[] =
      body.data.post.sections;
    const listing = sections.filter((s) => s.type === 'latest-posts' || s.type === 'upcoming-events');
    expect(listing.length).toBeGreaterThan(1);
    expect(Object.keys(body.data.sectionData).sort()).toEqual(listing.map((s) => String(s.id)).sort());
    expect(body.data.sectionData).toEqual(await pages.sectionData(en, sections));
    const latest = listing.find((s) => s.type === 'latest-posts')!;
    expect(body.data.sectionData[latest.id].posts.length).toBe(latest.settings.limit);
  });

  it('finds a page only by its slug in the request language: 404 otherwise, 400 for a bad slug', async () => {
    expect((await view('o-nama', 'hr')).body.data.post.slug).toBe('o-nama');
    const other = await view('o-nama', 'en');
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
    const empty = await view(' ', 'en');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('slug');
  });
});
