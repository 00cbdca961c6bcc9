import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../server/db/seed/content-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../server/db/seed/site-seed.ts';
import { users } from '../../server/modules/users/users.schema.ts';
import { createLocalStorage } from '../../server/storage/local-storage.ts';
import { createTestApp } from '../../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../server/testing/test-db.ts';
import { type ApiClient, createApiClient, createFetchCaller } from './api-client.ts';
import { loadHomeSlugs, loadPage } from './page-content.server.ts';

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

describe('loadPage and loadHomeSlugs', () => {
  it('finds a page by its slug in the request language, with its sections and their data', async () => {
    const about = (await loadPage(en, 'about-us'))?.post;
    expect(about?.type.slug).toBe('page');
    expect(about?.sections?.length).toBeGreaterThan(0);
    expect(about?.alternates).toMatchObject({ hr: 'o-nama', en: 'about-us' });
    // The Croatian slug does not name the English page.
    expect(await loadPage(en, 'o-nama')).toBeUndefined();
    expect((await loadPage(hr, 'o-nama'))?.post.id).toBe(about?.id);
    const home = await loadPage(hr, 'pocetna');
    expect(Object.keys(home?.sectionData ?? {}).length).toBeGreaterThan(0);
  });

  it('reads the home page slug per language from the site options', async () => {
    expect(await loadHomeSlugs(en)).toMatchObject({ hr: 'pocetna', en: 'home' });
  });
});
