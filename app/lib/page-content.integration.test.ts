import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../server/db/seed/content-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../server/db/seed/site-seed.ts';
import { termTranslations } from '../../server/modules/cms/cms.schema.ts';
import { users } from '../../server/modules/users/users.schema.ts';
import { createLocalStorage } from '../../server/storage/local-storage.ts';
import { createTestApp } from '../../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../server/testing/test-db.ts';
import { type ApiClient, createApiClient, createFetchCaller } from './api-client.ts';
import { loadHomeSlugs, loadPost, loadSectionData } from './page-content.server.ts';
import type { PageSection } from './page-content.ts';

let database: TestDatabase;
let mediaDir: string;
let en: ApiClient;
let hr: ApiClient;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-content-media-'));
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
  const { app } = createTestApp(database);
  const caller = createFetchCaller(async (url, init) => app.request(String(url), init));
  en = createApiClient(caller, { language: 'en' });
  hr = createApiClient(caller, { language: 'hr' });
}, 120_000);

afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const section = (id: number, type: PageSection['type'], settings: Record<string, unknown>): PageSection => ({
  id,
  type,
  settings,
  content: {},
  isMaster: false,
  showDesktop: true,
  showMobile: true,
});

async function termId(slug: string) {
  const [row] = await database.db
    .select({ id: termTranslations.termId })
    .from(termTranslations)
    .where(eq(termTranslations.slug, slug));
  return row!.id;
}

describe('loadSectionData', () => {
  it('gives each listing section the newest posts and the soonest upcoming events, up to its limit', async () => {
    const data = await loadSectionData(en, [
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
    const data = await loadSectionData(en, [
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

describe('loadPost and loadHomeSlugs', () => {
  it('finds a page by its slug in the request language, with its sections', async () => {
    const about = await loadPost(en, 'about-us');
    expect(about?.type.slug).toBe('page');
    expect(about?.sections?.length).toBeGreaterThan(0);
    expect(about?.alternates).toMatchObject({ hr: 'o-nama', en: 'about-us' });
    // The Croatian slug does not name the English page.
    expect(await loadPost(en, 'o-nama')).toBeUndefined();
    expect((await loadPost(hr, 'o-nama'))?.id).toBe(about?.id);
  });

  it('reads the home page slug per language from the site options', async () => {
    expect(await loadHomeSlugs(en)).toMatchObject({ hr: 'pocetna', en: 'home' });
  });
});
