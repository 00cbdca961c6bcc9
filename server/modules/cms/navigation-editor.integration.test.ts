import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { navigationItemTranslations, navigationMenus, posts, postTranslations } from './cms.schema.ts';
import { NAVIGATION_MESSAGES, type NavigationEditItem } from './navigation-editor.contract.ts';

type Who = 'editor' | 'customer';
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const tokens: Record<Who, string> = { editor: '', customer: '' };
let site = 0;
let page = 0;

const headers = (who: Who | null, language = 'en') => ({
  'content-type': 'application/json',
  language,
  ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
});
const read = (who: Who | null, handle = 'main', language = 'en') =>
  t.json(`/api/v1/cms/navigation/edit/${handle}?language=${language}`, { headers: headers(who) });
const save = (who: Who | null, body: unknown, handle = 'main') =>
  t.json(`/api/v1/cms/navigation/save/${handle}`, {
    method: 'PUT',
    headers: headers(who),
    body: JSON.stringify(body),
  });
const shellMain = async (language = 'en') => {
  const shell = await t.json('/api/v1/cms/shell', { headers: { language } });
  expect(shell.status).toBe(200);
  return shell.body.data.navigation.main as { title: string; link: string; children: unknown[] }[];
};
/** The items of a read as a save sends them back. */
const asInput = (items: NavigationEditItem[]) =>
  items.map(({ id, depth, title, linkType, targetId, url }) => ({
    id: id ?? undefined,
    depth,
    title,
    linkType,
    ...(targetId === null ? {} : { targetId }),
    ...(url === null ? {} : { url }),
  }));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  site = (await seedDemoSite(database.db)).siteId;
  const created = await database.db
    .insert(users)
    .values([
      {
        siteId: site,
        email: 'nav-editor@example.com',
        displayName: 'Editor',
        isBackofficeUser: true,
        scope: 'admin',
      },
      { siteId: site, email: 'nav-customer@example.com', displayName: 'Customer' },
    ])
    .returning();
  t = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '0' });
  tokens.editor = (await t.services.sessions.start(created[0]!)).accessToken;
  tokens.customer = (await t.services.sessions.start(created[1]!)).accessToken;
  const [row] = await database.db
    .insert(posts)
    .values({ siteId: site, type: 'page', status: 'published', publishedAt: new Date(Date.now() - 60_000) })
    .returning({ id: posts.id });
  page = row!.id;
  await database.db.insert(postTranslations).values([
    { postId: page, languageCode: 'en', siteId: site, title: 'Opening hours', slug: 'opening-hours' },
    { postId: page, languageCode: 'hr', siteId: site, title: 'Radno vrijeme', slug: 'radno-vrijeme' },
  ]);
}, 120_000);
afterAll(async () => {
  await database.destroy();
});

describe('navigation editor calls', () => {
  it('answer 401 without a session and 403 to a customer, changing nothing', async () => {
    const before = (await read('editor')).body.data;
    for (const call of [
      (who: Who | null) => read(who),
      (who: Who | null) => save(who, { version: before.version, language: 'en', items: [] }),
    ]) {
      expect((await call(null)).status).toBe(401);
      const refused = await call('customer');
      expect(refused.status).toBe(403);
      expect(refused.body.error.payload.message).toBe(NAVIGATION_MESSAGES.backofficeOnly);
    }
    expect((await read('editor')).body.data).toEqual(before);
  });

  it('read the seeded main menu in tree order, with links in the asked language and a version', async () => {
    const shell = await shellMain('en');
    const state = (await read('editor')).body.data;
    expect(state.handle).toBe('main');
    expect(state.version).toEqual(expect.any(String));
    const topLevel = state.items.filter((item: NavigationEditItem) => item.depth === 0);
    expect(topLevel.map((item: NavigationEditItem) => item.title)).toEqual(shell.map((node) => node.title));
    // Children follow their parent, one level deeper.
    for (const [index, item] of state.items.entries())
      expect(item.depth).toBeLessThanOrEqual(index === 0 ? 0 : state.items[index - 1].depth + 1);
  });

  it("keeps every language's own site path when one language's menu is saved", async () => {
    const link = async (language: string) =>
      (await shellMain(language)).find((node) => node.title === 'Stories' || node.title === 'Priče')?.link;
    const hrState = (await read('editor', 'main', 'hr')).body.data;
    const added = await save('editor', {
      version: hrState.version,
      language: 'hr',
      items: [...asInput(hrState.items), { depth: 0, title: 'Priče', linkType: 'static', url: '/price' }],
    });
    expect(added.status).toBe(200);
    // English has no path of its own yet: it shows the shared one.
    const enState = (await read('editor')).body.data;
    const stories = (items: ReturnType<typeof asInput>) =>
      items.map((item) => (item.url === '/price' ? { ...item, title: 'Stories', url: '/en/stories' } : item));
    const english = await save('editor', {
      version: enState.version,
      language: 'en',
      items: stories(asInput(enState.items)),
    });
    expect(english.status).toBe(200);
    expect([await link('hr'), await link('en')]).toEqual(['/price', '/en/stories']);
    // Saving either language again, unchanged, keeps both paths.
    for (const language of ['en', 'hr']) {
      const state = (await read('editor', 'main', language)).body.data;
      const again = await save('editor', { version: state.version, language, items: asInput(state.items) });
      expect(again.status).toBe(200);
      expect([await link('hr'), await link('en')]).toEqual(['/price', '/en/stories']);
    }
    // Removing it again leaves the menu as the other tests expect it.
    const last = (await read('editor', 'main', 'hr')).body.data;
    const removed = await save('editor', {
      version: last.version,
      language: 'hr',
      items: asInput(last.items).filter((item) => item.url !== '/price'),
    });
    expect(removed.status).toBe(200);
    expect(await link('hr')).toBeUndefined();
  });

  it('saves the whole tree: the shell shows the new item on the next request, other languages keep their texts', async () => {
    expect((await shellMain('en')).some((node) => node.title === 'Hours')).toBe(false);
    const hrBefore = await shellMain('hr');
    const state = (await read('editor')).body.data;
    const items = [
      ...asInput(state.items),
      { depth: 0, title: '  Hours <b>now</b>', linkType: 'page', targetId: page },
      { depth: 1, title: 'Partner', linkType: 'external', url: 'https://example.org/partner' },
    ];
    const saved = await save('editor', { version: state.version, language: 'en', items });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).not.toBe(state.version);
    const added = saved.body.data.items.slice(-2);
    expect(added).toMatchObject([
      { depth: 0, title: 'Hours <b>now</b>', linkType: 'page', targetId: page, link: '/en/opening-hours' },
      { depth: 1, title: 'Partner', linkType: 'external', link: 'https://example.org/partner' },
    ]);
    const shell = await shellMain('en');
    const hours = shell.find((node) => node.title === 'Hours <b>now</b>');
    expect(hours).toMatchObject({
      link: '/en/opening-hours',
      children: [{ title: 'Partner', isExternal: true, target: '_blank', rel: 'noopener noreferrer' }],
    });
    // The Croatian titles of the kept items are untouched; the new item has no Croatian title yet,
    // and the English one is not a fallback for the default language, so Croatian visitors do not see it.
    expect((await shellMain('hr')).map((node) => node.title)).toEqual(hrBefore.map((node) => node.title));
    // Removing them deletes their rows and the shell follows again.
    const again = await save('editor', {
      version: saved.body.data.version,
      language: 'en',
      items: asInput(saved.body.data.items).slice(0, -2),
    });
    expect(again.status).toBe(200);
    expect((await shellMain('en')).map((node) => node.title)).toEqual(
      shell.filter((node) => node !== hours).map((node) => node.title),
    );
    expect(
      await database.db
        .select()
        .from(navigationItemTranslations)
        .where(eq(navigationItemTranslations.title, 'Partner')),
    ).toHaveLength(0);
  });

  it('refuses bad items with the field that is wrong and changes nothing', async () => {
    const state = (await read('editor')).body.data;
    const kept = asInput(state.items);
    const cases: [unknown, string, string?][] = [
      [{ depth: 0, title: '   ', linkType: 'page', targetId: page }, 'title'],
      [{ depth: 0, title: 'X\u0007', linkType: 'page', targetId: page }, 'title'],
      [{ depth: 2, title: 'Deep', linkType: 'page', targetId: page }, 'depth', NAVIGATION_MESSAGES.depth],
      [{ depth: 3, title: 'Deep', linkType: 'page', targetId: page }, 'depth'],
      [
        { depth: 0, title: 'Js', linkType: 'external', url: 'javascript:alert(1)' },
        'url',
        NAVIGATION_MESSAGES.externalUrl,
      ],
      [{ depth: 0, title: 'Ftp', linkType: 'external', url: 'ftp://example.org/' }, 'url'],
      [
        { depth: 0, title: 'Path', linkType: 'static', url: '//evil.example' },
        'url',
        NAVIGATION_MESSAGES.staticPath,
      ],
      [{ depth: 0, title: 'None', linkType: 'page' }, 'targetId', NAVIGATION_MESSAGES.targetRequired],
      [
        { depth: 0, title: 'Gone', linkType: 'product', targetId: 2_000_000_000 },
        'targetId',
        NAVIGATION_MESSAGES.target,
      ],
      [
        { depth: 0, title: 'Event', linkType: 'event', targetId: 1 },
        'linkType',
        NAVIGATION_MESSAGES.eventUnchanged,
      ],
      [{ id: 2_000_000_000, depth: 0, title: 'Foreign', linkType: 'page', targetId: page }, 'id'],
    ];
    for (const [item, fieldName, message] of cases) {
      const refused = await save('editor', {
        version: state.version,
        language: 'en',
        items: [...kept, item],
      });
      expect(refused.status, JSON.stringify(item)).toBe(400);
      expect(refused.body.error.payload.field).toBe(`items.${kept.length}.${fieldName}`);
      if (message) expect(refused.body.error.payload.message).toBe(message);
    }
    expect((await read('editor')).body.data.version).toBe(state.version);
  });

  it('answers 409 to a save of a version someone else saved over, keeping the first save whole', async () => {
    const opened = (await read('editor')).body.data;
    const first = await save('editor', {
      version: opened.version,
      language: 'en',
      items: [...asInput(opened.items), { depth: 0, title: 'First', linkType: 'static', url: '/shop' }],
    });
    expect(first.status).toBe(200);
    const stale = await save('editor', { version: opened.version, language: 'en', items: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.payload.message).toBe(NAVIGATION_MESSAGES.conflict);
    expect((await read('editor')).body.data).toEqual(first.body.data);
    expect((await shellMain('en')).at(-1)).toMatchObject({ title: 'First', link: '/shop' });
  });

  it('finds a page created in edit mode through the picker’s search and links it', async () => {
    const created = await t.json('/api/v1/cms/page/create', {
      method: 'POST',
      headers: headers('editor'),
      body: JSON.stringify({
        language: 'en',
        title: 'Volunteer evenings',
        slug: 'volunteer-evenings',
        sections: [
          {
            type: 'hero',
            isMaster: false,
            showDesktop: true,
            showMobile: true,
            settings: {},
            content: { title: 'Hi' },
          },
        ],
      }),
    });
    expect(created.status).toBe(200);
    // The link modal's search: pages, posts, products and categories of the site.
    const found = await t.json('/api/v1/search?search=Volunteer%20evenings&category=pages&limit=5', {
      headers: { language: 'en' },
    });
    const record = found.body.data.groups
      .flatMap((group: { records: { id: number; link: string }[] }) => group.records)
      .find((candidate: { id: number }) => candidate.id === created.body.data.id);
    expect(record).toMatchObject({ link: '/en/volunteer-evenings' });
    const state = (await read('editor')).body.data;
    const saved = await save('editor', {
      version: state.version,
      language: 'en',
      items: [
        ...asInput(state.items),
        { depth: 0, title: 'Volunteer', linkType: 'page', targetId: record.id },
      ],
    });
    expect(saved.status).toBe(200);
    expect((await shellMain('en')).at(-1)).toMatchObject({
      title: 'Volunteer',
      link: '/en/volunteer-evenings',
    });
  });

  it('creates a menu the site did not have yet', async () => {
    await database.db
      .delete(navigationMenus)
      .where(and(eq(navigationMenus.siteId, site), eq(navigationMenus.handle, 'footer4')));
    const empty = (await read('editor', 'footer4')).body.data;
    expect(empty.items).toEqual([]);
    const saved = await save(
      'editor',
      {
        version: empty.version,
        language: 'hr',
        items: [{ depth: 0, title: 'Sati', linkType: 'page', targetId: page }],
      },
      'footer4',
    );
    expect(saved.status).toBe(200);
    const shell = await t.json('/api/v1/cms/shell', { headers: { language: 'hr' } });
    expect(shell.body.data.navigation.footer4).toMatchObject([{ title: 'Sati', link: '/radno-vrijeme' }]);
  });
});
