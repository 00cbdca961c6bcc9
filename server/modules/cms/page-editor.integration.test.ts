import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { media } from '../media/media.schema.ts';
import { sites } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';
import {
  elements,
  postSections,
  posts,
  postTranslations,
  sections,
  sectionTranslations,
} from './cms.schema.ts';
import { EDITOR_MESSAGES } from './page-editor.contract.ts';

type Who = 'editor' | 'other' | 'customer';
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const tokens: Record<Who, string> = { editor: '', other: '', customer: '' };
let site = 0;
let page = 0;
let otherPage = 0;
let heroId = 0;
let textId = 0;
let otherChild = 0;
let master = 0;

const headers = (who: Who | null, language = 'en') => ({
  'content-type': 'application/json',
  language,
  ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
});
const editState = (who: Who | null, id = page) =>
  t.json(`/api/v1/cms/page/edit/${id}`, { headers: headers(who) });
const save = (who: Who | null, body: unknown, id = page) =>
  t.json(`/api/v1/cms/page/save/${id}`, { method: 'PUT', headers: headers(who), body: JSON.stringify(body) });
const createPage = (who: Who | null, body: unknown) =>
  t.json('/api/v1/cms/page/create', { method: 'POST', headers: headers(who), body: JSON.stringify(body) });
const view = (slug: string, language = 'en') =>
  t.json(`/api/v1/cms/page/view?slug=${slug}`, { headers: { language } });

async function insertPage(slug: string, sectionIds: number[]) {
  const [row] = await database.db
    .insert(posts)
    .values({ siteId: site, type: 'page', status: 'published', publishedAt: new Date(Date.now() - 60_000) })
    .returning({ id: posts.id });
  await database.db
    .insert(postTranslations)
    .values({ postId: row!.id, languageCode: 'en', siteId: site, title: `Page ${slug}`, slug });
  if (sectionIds.length > 0)
    await database.db
      .insert(postSections)
      .values(sectionIds.map((sectionId, position) => ({ postId: row!.id, sectionId, position })));
  return row!.id;
}

async function insertSection(type: string, content: Record<string, unknown>, isMaster = false) {
  const [row] = await database.db
    .insert(sections)
    .values({ siteId: site, type: type as 'hero', isMaster, settings: {} })
    .returning({ id: sections.id });
  await database.db.insert(sectionTranslations).values({ sectionId: row!.id, languageCode: 'en', content });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  site = (await seedDemoSite(database.db)).siteId;
  const created = await database.db
    .insert(users)
    .values([
      {
        siteId: site,
        email: 'editor@example.com',
        displayName: 'Editor',
        isBackofficeUser: true,
        scope: 'admin',
      },
      {
        siteId: site,
        email: 'other@example.com',
        displayName: 'Other',
        isBackofficeUser: true,
        scope: 'admin',
      },
      { siteId: site, email: 'customer@example.com', displayName: 'Customer' },
    ])
    .returning();
  t = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '0' });
  for (const [index, who] of (['editor', 'other', 'customer'] as const).entries())
    tokens[who] = (await t.services.sessions.start(created[index]!)).accessToken;
}, 120_000);
afterAll(async () => {
  await database.destroy();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from post_sections`);
  await database.db.execute(sql`delete from sections`);
  await database.db.execute(sql`delete from posts`);
  await database.db.execute(sql`delete from elements`);
  heroId = await insertSection('hero', { title: 'Welcome', subtitle: 'Hello' });
  textId = await insertSection('rich-text', { title: 'About', html: '<p>Old text</p>' });
  otherChild = await insertSection('faq', { title: 'Questions', items: [] });
  master = await insertSection(
    'call-to-action',
    { title: 'Join', text: 'Now', button: { label: 'Go', href: '/' } },
    true,
  );
  page = await insertPage('editable-page', [heroId, textId]);
  otherPage = await insertPage('other-page', [otherChild, master]);
  await t.services.sites.invalidate(site);
});

const sectionsOf = (state: { sections: Record<string, unknown>[] }) =>
  state.sections.map(({ id, type, isMaster, name, showDesktop, showMobile, settings, content }) => ({
    id,
    type,
    isMaster,
    name,
    showDesktop,
    showMobile,
    settings,
    content,
  }));

describe('edit mode calls refuse everyone but back-office users', () => {
  it('answers 401 without a session and 403 to a customer on every call, changing nothing', async () => {
    const body = {
      version: 1,
      language: 'en',
      sections: [
        { type: 'hero', isMaster: false, showDesktop: true, showMobile: true, settings: {}, content: {} },
      ],
    };
    const calls = [
      (who: Who | null) => editState(who),
      (who: Who | null) => save(who, body),
      (who: Who | null) =>
        createPage(who, { language: 'en', title: 'X', slug: 'new-page', sections: body.sections }),
      (who: Who | null) =>
        t.json(
          '/api/v1/cms/element/create',
          postJson({ handler: 'footer-section', language_code: 'en' }, headers(who)),
        ),
      (who: Who | null) => t.json('/api/v1/cms/element/list', { headers: headers(who) }),
      (who: Who | null) =>
        t.json('/api/v1/cms/element/update/1', {
          method: 'PATCH',
          headers: headers(who),
          body: JSON.stringify({ version: 1 }),
        }),
    ];
    for (const call of calls) {
      expect((await call(null)).status).toBe(401);
      const refused = await call('customer');
      expect(refused.status).toBe(403);
      expect(refused.body.error.payload.message).toBe(EDITOR_MESSAGES.backofficeOnly);
    }
    const [row] = await database.db.select({ version: posts.version }).from(posts).where(eq(posts.id, page));
    expect(row!.version).toBe(1);
    expect(await database.db.select().from(elements)).toHaveLength(0);
  });
});

describe('GET page/edit/{id} and PUT page/save/{id}', () => {
  it('answers the page with every section, its texts in the request language and its version', async () => {
    const state = await editState('editor');
    expect(state.status).toBe(200);
    expect(state.body.data).toMatchObject({
      id: page,
      version: 1,
      title: 'Page editable-page',
      slug: 'editable-page',
    });
    expect(state.body.data.sections.map((section: { id: number }) => section.id)).toEqual([heroId, textId]);
    expect(state.body.data.masters).toEqual([
      expect.objectContaining({
        id: master,
        type: 'call-to-action',
        isMaster: true,
        content: expect.objectContaining({ title: 'Join' }),
      }),
    ]);
  });

  it('saves texts, order, visibility and a new section, sanitized; visitors see it at once', async () => {
    // Warm the cached page view: the save must drop it.
    expect((await view('editable-page')).body.data.post.sections[0].content.title).toBe('Welcome');
    const state = (await editState('editor')).body.data;
    const [hero, text] = sectionsOf(state);
    const saved = await save('editor', {
      version: state.version,
      language: 'en',
      title: 'Renamed page',
      sections: [
        {
          ...text,
          content: {
            title: 'About us',
            html: '<p onclick="x()">New <script>alert(1)</script>text</p><p></p><pre>code</pre><h1 style="text-align:center">Big</h1>',
          },
        },
        {
          ...hero,
          showMobile: false,
          content: {
            title: 'Hi there',
            subtitle: 'Hello',
            button: { label: 'Bad', href: 'javascript:alert(1)' },
          },
        },
        {
          type: 'gallery',
          isMaster: false,
          name: 'Photos',
          showDesktop: true,
          showMobile: true,
          settings: { mediaIds: [] },
          content: { title: 'Gallery', captions: [] },
        },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(2);
    expect(saved.body.data.title).toBe('Renamed page');
    const shown = (await view('editable-page')).body.data.post;
    expect(shown.title).toBe('Renamed page');
    expect(shown.sections.map((section: { type: string }) => section.type)).toEqual([
      'rich-text',
      'hero',
      'gallery',
    ]);
    expect(shown.sections[0].content.html).toBe(
      '<p>New text</p><p><br /></p><h1 style="text-align:center">Big</h1>',
    );
    expect(shown.sections[1]).toMatchObject({ showDesktop: true, showMobile: false });
    expect(shown.sections[1].content).toEqual({
      title: 'Hi there',
      subtitle: 'Hello',
      button: { label: 'Bad', href: '' },
    });
    // What is stored is clean too, not only what is served.
    const [stored] = await database.db
      .select({ content: sectionTranslations.content })
      .from(sectionTranslations)
      .where(eq(sectionTranslations.sectionId, textId));
    expect(JSON.stringify(stored!.content)).not.toMatch(/script|onclick|pre/);
  });

  it('renames the page in place: the search title follows when it was the title, stays when set apart', async () => {
    await database.db
      .update(postTranslations)
      .set({ seoTitle: 'Page editable-page' })
      .where(eq(postTranslations.postId, page));
    await database.db
      .update(postTranslations)
      .set({ seoTitle: 'Our own search title' })
      .where(eq(postTranslations.postId, otherPage));
    for (const [id, slug, expected] of [
      [page, 'editable-page', 'Renamed in place'],
      [otherPage, 'other-page', 'Our own search title'],
    ] as const) {
      const state = (await editState('editor', id)).body.data;
      const saved = await save(
        'editor',
        { version: state.version, language: 'en', title: '  Renamed in place ', sections: sectionsOf(state) },
        id,
      );
      expect(saved.status).toBe(200);
      const shown = (await view(slug)).body.data.post;
      expect(shown.title).toBe('Renamed in place');
      expect(shown.seo.title).toBe(expected);
    }
    const state = (await editState('editor')).body.data;
    const blank = await save('editor', {
      version: state.version,
      language: 'en',
      title: '   ',
      sections: sectionsOf(state),
    });
    expect(blank.status).toBe(400);
    expect((await view('editable-page')).body.data.post.title).toBe('Renamed in place');
  });

  it('saves FAQ questions added, reordered and removed, with the answers sanitized', async () => {
    const state = (await editState('editor', otherPage)).body.data;
    const [faq, cta] = sectionsOf(state);
    const saved = await save(
      'editor',
      {
        version: state.version,
        language: 'en',
        sections: [
          {
            ...faq,
            content: {
              title: 'Questions',
              items: [
                { question: 'Second?', answerHtml: '<p>Two<script>x()</script></p>' },
                { question: 'First?', answerHtml: '<p><a href="javascript:x()">One</a></p>' },
              ],
            },
          },
          cta,
        ],
      },
      otherPage,
    );
    expect(saved.status).toBe(200);
    const shown = (await view('other-page')).body.data.post;
    expect(shown.sections[0].content.items).toEqual([
      { question: 'Second?', answerHtml: '<p>Two</p>' },
      { question: 'First?', answerHtml: '<p><a>One</a></p>' },
    ]);
  });

  it('refuses the second of two saves of one version with a conflict, keeping the first', async () => {
    const state = (await editState('editor')).body.data;
    const [hero, text] = sectionsOf(state);
    const first = await save('editor', {
      version: 1,
      language: 'en',
      sections: [{ ...hero, content: { title: 'First editor', subtitle: '' } }, text],
    });
    expect(first.status).toBe(200);
    const second = await save('other', {
      version: 1,
      language: 'en',
      sections: [{ ...hero, content: { title: 'Second editor', subtitle: '' } }],
    });
    expect(second.status).toBe(409);
    expect(second.body.error.payload.message).toBe(EDITOR_MESSAGES.conflict);
    const after = (await editState('other')).body.data;
    expect(after.version).toBe(2);
    expect(after.sections.map((section: { content: { title: string } }) => section.content.title)).toEqual([
      'First editor',
      'About',
    ]);
    // With the version it reloads, the second editor's save goes through.
    const retried = await save('other', {
      version: after.version,
      language: 'en',
      sections: [{ ...hero, content: { title: 'Second editor', subtitle: '' } }],
    });
    expect(retried.status).toBe(200);
    expect(retried.body.data.version).toBe(3);
  });

  it('of two saves sent at the same moment with one version, exactly one is stored', async () => {
    const state = (await editState('editor')).body.data;
    const [hero] = sectionsOf(state);
    const results = await Promise.all(
      ['A', 'B'].map((title) =>
        save('editor', { version: 1, language: 'en', sections: [{ ...hero, content: { title } }] }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });

  it('removes a left-out section from the page and deletes it, but never a master section', async () => {
    const state = (await editState('editor')).body.data;
    const [hero] = sectionsOf(state);
    // Choose the master component of the other page, drop the rich text.
    const saved = await save('editor', {
      version: 1,
      language: 'en',
      sections: [
        hero,
        {
          id: master,
          type: 'call-to-action',
          isMaster: true,
          showDesktop: true,
          showMobile: true,
          settings: {},
          content: { title: 'Join us', text: 'Now', button: { label: 'Go', href: '/' } },
        },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await database.db.select().from(sections).where(eq(sections.id, textId))).toHaveLength(0);
    // The master is shared: the other page shows the change too.
    expect((await view('other-page')).body.data.post.sections[1].content.title).toBe('Join us');
    const dropMaster = await save('editor', { version: 2, language: 'en', sections: [hero] });
    expect(dropMaster.status).toBe(200);
    expect(await database.db.select().from(sections).where(eq(sections.id, master))).toHaveLength(1);
  });

  it('switches a section between child and master', async () => {
    const state = (await editState('editor')).body.data;
    const [hero, text] = sectionsOf(state);
    const saved = await save('editor', {
      version: 1,
      language: 'en',
      sections: [hero, { ...text, isMaster: true, name: 'Shared about' }],
    });
    expect(saved.body.data.masters.map((row: { id: number }) => row.id)).toContain(textId);
    const back = await save('editor', {
      version: 2,
      language: 'en',
      sections: [hero, { ...text, isMaster: false }],
    });
    expect(back.body.data.masters.map((row: { id: number }) => row.id)).not.toContain(textId);
  });

  it('refuses an empty page, a child section of another page, a changed type and a stale page id', async () => {
    const state = (await editState('editor')).body.data;
    const [hero] = sectionsOf(state);
    const empty = await save('editor', { version: 1, language: 'en', sections: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.payload.message).toContain(EDITOR_MESSAGES.emptyPage);
    const stolen = await save('editor', {
      version: 1,
      language: 'en',
      sections: [
        hero,
        {
          id: otherChild,
          type: 'faq',
          isMaster: false,
          showDesktop: true,
          showMobile: true,
          settings: {},
          content: {},
        },
      ],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.payload.message).toContain(EDITOR_MESSAGES.sectionNotFound);
    const retyped = await save('editor', {
      version: 1,
      language: 'en',
      sections: [{ ...hero, type: 'faq' }],
    });
    expect(retyped.status).toBe(400);
    expect((await save('editor', { version: 1, language: 'en', sections: [hero] }, 999_999)).status).toBe(
      404,
    );
    const badType = await save('editor', {
      version: 1,
      language: 'en',
      sections: [{ ...hero, id: undefined, type: 'marquee' }],
    });
    expect(badType.status).toBe(400);
    // Nothing of the refused saves was stored.
    const [row] = await database.db.select({ version: posts.version }).from(posts).where(eq(posts.id, page));
    expect(row!.version).toBe(1);
    const onOther = await database.db
      .select()
      .from(postSections)
      .where(inArray(postSections.sectionId, [otherChild]));
    expect(onOther.map((placement) => placement.postId)).toEqual([otherPage]);
  });
  it("refuses a media id that does not exist or is another site's, naming the section; keeps a held one", async () => {
    const [other] = await database.db
      .insert(sites)
      .values({ name: 'Other', url: 'http://other.test', apiKeyToken: 'editor-other', apiKeyId: 7_701 })
      .onConflictDoNothing()
      .returning({ id: sites.id });
    const file = (siteId: number) => ({
      siteId,
      path: 'x.png',
      mime: 'image/png',
      extension: 'png',
      size: 1,
      hash: 'a'.repeat(64),
    });
    const [own, foreign] = await database.db
      .insert(media)
      .values([file(site), file(other!.id)])
      .returning({ id: media.id });
    const state = (await editState('editor')).body.data;
    const [hero, text] = sectionsOf(state);
    const withImage = (mediaId: number) => ({
      ...hero,
      settings: { ...(hero!.settings as Record<string, unknown>), mediaId },
    });
    for (const mediaId of [foreign!.id, 999_999]) {
      const refused = await save('editor', {
        version: 1,
        language: 'en',
        sections: [text, withImage(mediaId)],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.payload.message).toContain(EDITOR_MESSAGES.mediaNotFound);
      expect(refused.body.error.payload.field).toBe('sections.1.settings');
    }
    const gallery = {
      type: 'gallery',
      isMaster: false,
      showDesktop: true,
      showMobile: true,
      settings: { mediaIds: [own!.id, foreign!.id] },
      content: {},
    };
    const refusedList = await save('editor', { version: 1, language: 'en', sections: [hero, gallery] });
    expect(refusedList.status).toBe(400);
    expect(refusedList.body.error.payload.field).toBe('sections.1.settings');
    // Sponsor logos: the same rule for their images, and each needs a name and an http(s) link or none.
    const sponsors = (logos: unknown) => ({
      type: 'sponsors',
      isMaster: false,
      showDesktop: true,
      showMobile: true,
      settings: { logos },
      content: { title: 'Sponsors', description: '' },
    });
    const logo = { mediaId: own!.id, name: 'Fond Vedrina', url: 'https://vedrina.example' };
    for (const [logos, field] of [
      [[logo, { ...logo, mediaId: foreign!.id }], 'sections.1.settings'],
      [[logo, { ...logo, url: 'javascript:alert(1)' }], 'sections.1.settings.logos.1.url'],
      [[{ ...logo, name: ' ' }], 'sections.1.settings.logos.0.name'],
      [[{ name: 'No image', url: '' }], 'sections.1.settings.logos.0.mediaId'],
      ['logos', 'sections.1.settings.logos'],
    ] as const) {
      const refusedLogos = await save('editor', {
        version: 1,
        language: 'en',
        sections: [hero, sponsors(logos)],
      });
      expect(refusedLogos.status).toBe(400);
      expect(refusedLogos.body.error.payload.field).toBe(field);
    }
    const [row] = await database.db.select({ version: posts.version }).from(posts).where(eq(posts.id, page));
    expect(row!.version).toBe(1);

    const saved = await save('editor', {
      version: 1,
      language: 'en',
      sections: [withImage(own!.id), text, sponsors([logo, { ...logo, url: '' }])],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.sections[2].settings.logos).toEqual([logo, { ...logo, url: '' }]);
    const [stored] = await database.db
      .select({ settings: sections.settings })
      .from(sections)
      .where(eq(sections.id, heroId));
    expect(stored!.settings.mediaId).toBe(own!.id);
    // The file is deleted later: the page's other changes still save with the id the section held.
    await database.db.delete(media).where(eq(media.id, own!.id));
    const again = await save('editor', { version: 2, language: 'en', sections: [text, withImage(own!.id)] });
    expect(again.status).toBe(200);
    await database.db.delete(media).where(eq(media.id, foreign!.id));
  });
});

describe('gallery captions follow their images', () => {
  it("removing the first of three images keeps the other languages' captions with images 2 and 3", async () => {
    const files = await database.db
      .insert(media)
      .values(
        [1, 2, 3].map((n) => ({
          siteId: site,
          path: `gallery-${n}.png`,
          mime: 'image/png',
          extension: 'png',
          size: 1,
          hash: String(n).repeat(64),
        })),
      )
      .returning({ id: media.id });
    const ids = files.map((file) => file.id);
    const [gallery] = await database.db
      .insert(sections)
      .values({ siteId: site, type: 'gallery', isMaster: false, settings: { mediaIds: ids } })
      .returning({ id: sections.id });
    await database.db.insert(sectionTranslations).values([
      {
        sectionId: gallery!.id,
        languageCode: 'en',
        content: { title: 'Photos', captions: ['Sea', 'Hill', 'Town'] },
      },
      {
        sectionId: gallery!.id,
        languageCode: 'hr',
        content: { title: 'Fotke', captions: ['More', 'Brdo', 'Grad'] },
      },
      {
        sectionId: gallery!.id,
        languageCode: 'de',
        content: { title: 'Bilder', captions: ['Meer', 'Hügel'] },
      },
    ]);
    await database.db.insert(postSections).values({ postId: page, sectionId: gallery!.id, position: 2 });
    const state = (await editState('editor')).body.data;
    const [hero, text, shown] = sectionsOf(state);
    expect(shown!.id).toBe(gallery!.id);
    const saved = await save('editor', {
      version: state.version,
      language: 'en',
      sections: [
        hero,
        text,
        // The editor sends its own language remapped; the server remaps the others.
        {
          ...shown,
          settings: { mediaIds: [ids[1], ids[2]] },
          content: { title: 'Photos', captions: ['Hill', 'Town'] },
        },
      ],
    });
    expect(saved.status).toBe(200);
    const stored = await database.db
      .select({ languageCode: sectionTranslations.languageCode, content: sectionTranslations.content })
      .from(sectionTranslations)
      .where(eq(sectionTranslations.sectionId, gallery!.id));
    const captions = Object.fromEntries(stored.map((row) => [row.languageCode, row.content.captions]));
    expect(captions).toEqual({ en: ['Hill', 'Town'], hr: ['Brdo', 'Grad'], de: ['Hügel', ''] });
    expect(stored.find((row) => row.languageCode === 'hr')!.content.title).toBe('Fotke');

    // Reordered and one replaced: captions follow, the new image starts empty; a save that leaves
    // the list alone leaves the other languages alone.
    const reordered = await save('editor', {
      version: saved.body.data.version,
      language: 'en',
      sections: [
        hero,
        text,
        {
          ...shown,
          settings: { mediaIds: [ids[2], ids[0]] },
          content: { title: 'Photos', captions: ['Town', ''] },
        },
      ],
    });
    expect(reordered.status).toBe(200);
    const [hr] = await database.db
      .select({ content: sectionTranslations.content })
      .from(sectionTranslations)
      .where(and(eq(sectionTranslations.sectionId, gallery!.id), eq(sectionTranslations.languageCode, 'hr')));
    expect(hr!.content.captions).toEqual(['Grad', '']);
    await database.db.delete(media).where(inArray(media.id, ids));
  });
});

describe('POST page/create', () => {
  const firstSection = {
    type: 'rich-text',
    isMaster: false,
    showDesktop: true,
    showMobile: true,
    settings: { width: 'narrow' },
    content: { title: 'Hello', html: '<p>First</p>' },
  };

  it('creates a published page that the finder, the page view and the sitemap know', async () => {
    const created = await createPage('editor', {
      language: 'en',
      title: 'Summer camp',
      slug: 'summer-camp',
      sections: [firstSection],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ slug: 'summer-camp', link: '/en/summer-camp', version: 1 });
    expect((await view('summer-camp')).body.data.post.sections[0].content.html).toBe('<p>First</p>');
    const decided = await t.json('/api/v1/cms/finder/decide?slug=summer-camp', {
      headers: { language: 'en' },
    });
    expect(decided.body.data).toMatchObject({ resourceType: 'page', id: created.body.data.id });
    const sitemap = await (await t.app.request('/en/sitemap.xml', { headers: { host: 'localhost' } })).text();
    expect(sitemap).toContain('/en/summer-camp</loc>');
  });

  it('refuses a short or malformed slug, a slug in use and an empty page', async () => {
    const base = { language: 'en', title: 'Camp', sections: [firstSection] };
    for (const slug of ['abc', 'Summer Camp', 'camp--x', '-camp']) {
      const refused = await createPage('editor', { ...base, slug });
      expect(refused.status).toBe(400);
      expect(refused.body.error.payload.message).toContain(EDITOR_MESSAGES.slugFormat);
    }
    const taken = await createPage('editor', { ...base, slug: 'editable-page' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.payload.message).toBe(EDITOR_MESSAGES.slugTaken);
    // The same slug in another language is another address.
    expect((await createPage('editor', { ...base, language: 'hr', slug: 'editable-page' })).status).toBe(200);
    const empty = await createPage('editor', { ...base, slug: 'empty-page', sections: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.payload.message).toContain(EDITOR_MESSAGES.emptyPage);
  });
});

describe('POST element/create and PATCH element/update/{id}', () => {
  it('creates an element once per language and updates it with a version check', async () => {
    const created = await t.json(
      '/api/v1/cms/element/create',
      postJson(
        {
          handler: 'footer-section',
          language_code: 'en',
          title: 'Footer',
          meta: { aboutHtml: '<p>Us<script>x</script></p>' },
        },
        headers('editor'),
      ),
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      handler: 'footer-section',
      version: 1,
      meta: { aboutHtml: '<p>Us</p>' },
    });
    const again = await t.json(
      '/api/v1/cms/element/create',
      postJson({ handler: 'footer-section', language_code: 'en' }, headers('editor')),
    );
    expect(again.status).toBe(409);
    const update = (who: Who, body: unknown) =>
      t.json(`/api/v1/cms/element/update/${created.body.data.id}`, {
        method: 'PATCH',
        headers: headers(who),
        body: JSON.stringify(body),
      });
    const first = await update('editor', { version: 1, title: 'Footer 2' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ title: 'Footer 2', version: 2 });
    const stale = await update('other', { version: 1, title: 'Lost?' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.payload.message).toBe(EDITOR_MESSAGES.elementConflict);
    const read = await t.json(
      '/api/v1/cms/element/getByHandlers',
      postJson({ handlers: ['footer'] }, { language: 'en' }),
    );
    expect(read.body.data[0].title).toBe('Footer 2');
  });
});

describe('GET element/list', () => {
  it('lists every element of the site in every language with the version a save must name', async () => {
    const create = (handler: string, language: string, title: string) =>
      t.json(
        '/api/v1/cms/element/create',
        postJson({ handler, language_code: language, title, meta: { aboutText: title } }, headers('editor')),
      );
    const footerEn = await create('footer-section', 'en', 'Footer');
    await create('footer-section', 'hr', 'Podnožje');
    await create('header-section', 'en', 'Header');
    await t.json(`/api/v1/cms/element/update/${footerEn.body.data.id}`, {
      method: 'PATCH',
      headers: headers('other'),
      body: JSON.stringify({ version: 1, meta: { aboutText: 'Changed' } }),
    });
    const listed = await t.json('/api/v1/cms/element/list', { headers: headers('editor', 'hr') });
    expect(listed.status).toBe(200);
    const rows = listed.body.data as {
      handler: string;
      language_code: string;
      version: number;
      meta: unknown;
    }[];
    // Every language, not only the request's: the screen edits them all.
    expect(rows.map((row) => [row.handler, row.language_code, row.version])).toEqual([
      ['footer-section', 'en', 2],
      ['footer-section', 'hr', 1],
      ['header-section', 'en', 1],
    ]);
    expect(rows[0]!.meta).toEqual({ aboutText: 'Changed' });
  });
});
