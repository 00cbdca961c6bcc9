import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedPath } from '../../../core/route-table.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { blogPosts } from '../../db/seed/content/posts.ts';
import { categories } from '../../db/seed/content/terms.ts';
import { seedContent } from '../../db/seed/content-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { products, productTranslations } from '../catalogue/catalogue.schema.ts';
import { posts, postTranslations } from '../cms/cms.schema.ts';
import { events } from '../events/events.schema.ts';
import { siteOptions } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';

let database: TestDatabase;
let mediaDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;

const ORIGIN = 'http://localhost';
const DRAFT_SLUG = 'skica-jos-neobjavljena';
/** encodeURIComponent keeps the apostrophe, so it reaches the XML and must be escaped there. */
const QUOTED_SLUG = "djeca-i-'igra'";
const post = blogPosts[0]!;
const category = categories[0]!;

/** As a browser asks: the Host header names one of the demo site's domains. */
async function fetchText(url: string) {
  const response = await t.app.request(url, { headers: { host: 'localhost' } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The <url> blocks of a sitemap, by their <loc>. */
function urlsByLoc(xml: string): Map<string, string> {
  const blocks = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
  return new Map(blocks.map((block) => [block.match(/<loc>([^<]*)<\/loc>/)![1]!, block]));
}

function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml.match(/<urlset[\s>]/g)).toHaveLength(1);
  expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  const opened = xml.match(/<url>/g)?.length ?? 0;
  expect(opened).toBeGreaterThan(0);
  expect(xml.match(/<\/url>/g)).toHaveLength(opened);
  expect(xml.match(/<loc>/g)?.length).toBe(xml.match(/<\/loc>/g)?.length);
  for (const loc of xml.matchAll(/<(?:image:)?loc>([^<]*)<\/(?:image:)?loc>/g)) {
    expect(loc[1]).toMatch(/^https?:\/\/[^/\s]+\//);
  }
  for (const link of xml.matchAll(/<xhtml:link [^>]*href="([^"]*)"\/>/g)) {
    expect(link[1]).toMatch(/^https?:\/\//);
  }
  // Every ampersand starts an entity: nothing unescaped slipped through.
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
}

async function setOption(key: string, value: unknown) {
  await database.db
    .update(siteOptions)
    .set({ value })
    .where(and(eq(siteOptions.siteId, demo.siteId), eq(siteOptions.key, key)));
  await t.services.sites.invalidate(demo.siteId);
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-media-'));
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
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  const [draft, quoted] = await database.db
    .insert(posts)
    .values([
      { siteId: demo.siteId, type: 'post', status: 'draft', publishedAt: null },
      { siteId: demo.siteId, type: 'post', status: 'published', publishedAt: new Date(Date.now() - 60_000) },
    ])
    .returning({ id: posts.id });
  await database.db.insert(postTranslations).values([
    { postId: draft!.id, siteId: demo.siteId, languageCode: 'hr', title: 'Skica', slug: DRAFT_SLUG },
    { postId: quoted!.id, siteId: demo.siteId, languageCode: 'hr', title: 'Igra', slug: QUOTED_SLUG },
  ]);
  t = createTestApp(database);
}, 120_000);
afterAll(async () => {
  await database?.destroy();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('GET /sitemap.xml', () => {
  it('answers the Croatian sitemap as cacheable, well-formed XML', async () => {
    const { status, headers, text } = await fetchText('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
    expect(text).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(text).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expectWellFormed(text);
    const urls = urlsByLoc(text);
    for (const key of ['home', 'blog', 'shop'] as const) {
      expect(urls.has(ORIGIN + localizedPath(key, 'hr'))).toBe(true);
    }
    expect(urls.has(`${ORIGIN}/en`)).toBe(false);
  });

  it('lists a blog post with alternates to its English slug and an x-default', async () => {
    const urls = urlsByLoc((await fetchText('/sitemap.xml')).text);
    const hrUrl = `${ORIGIN}/${post.text.hr.slug}`;
    const enUrl = `${ORIGIN}/en/${post.text.en.slug}`;
    const block = urls.get(hrUrl);
    expect(block).toBeDefined();
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="hr" href="${hrUrl}"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${enUrl}"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${hrUrl}"/>`);
    expect(block).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/);
    expect(block).toMatch(
      /<image:image><image:loc>http:\/\/localhost\/media\/[^<]+<\/image:loc><\/image:image>/,
    );
  });

  it('lists blog categories, pages built from sections, but not the home page under its slug', async () => {
    const urls = urlsByLoc((await fetchText('/sitemap.xml')).text);
    expect(urls.has(ORIGIN + localizedPath('blog', 'hr', { slug: category.text.hr.slug }))).toBe(true);
    expect(urls.has(`${ORIGIN}/o-nama`)).toBe(true);
    expect(urls.has(`${ORIGIN}/pocetna`)).toBe(false);
  });

  it('lists individually visible products with their image and leaves out variants', async () => {
    const rows = await database.db
      .select({ slug: productTranslations.slug, visible: products.isVisibleIndividually })
      .from(products)
      .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
      .where(and(eq(productTranslations.languageCode, 'hr'), eq(products.status, 'active')));
    const visible = rows.filter((row) => row.visible);
    const hidden = rows.filter((row) => !row.visible);
    expect(visible.length).toBeGreaterThan(0);
    const urls = urlsByLoc((await fetchText('/sitemap.xml')).text);
    for (const row of visible) {
      expect(urls.has(ORIGIN + localizedPath('product', 'hr', { slug: row.slug }))).toBe(true);
    }
    for (const row of hidden) {
      expect(urls.has(ORIGIN + localizedPath('product', 'hr', { slug: row.slug }))).toBe(false);
    }
    const withImage = [...urls.keys()].filter(
      (loc) => loc.includes('/product/') && urls.get(loc)!.includes('<image:loc>'),
    );
    expect(withImage.length).toBeGreaterThan(0);
  });

  it('lists published events by id', async () => {
    const rows = await database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.siteId, demo.siteId), eq(events.status, 'published')));
    expect(rows.length).toBeGreaterThan(0);
    const urls = urlsByLoc((await fetchText('/sitemap.xml')).text);
    for (const row of rows)
      expect(urls.has(ORIGIN + localizedPath('event', 'hr', { id: row.id }))).toBe(true);
  });

  it('leaves out drafts and escapes special characters in URLs', async () => {
    const { text } = await fetchText('/sitemap.xml');
    expect(text).not.toContain(DRAFT_SLUG);
    expect(text).toContain(`<loc>${ORIGIN}/djeca-i-&apos;igra&apos;</loc>`);
    expect(text).not.toContain(QUOTED_SLUG);
  });
});

describe('GET /en/sitemap.xml', () => {
  it('answers the English sitemap with alternates back to the Croatian slugs', async () => {
    const { status, text } = await fetchText('/en/sitemap.xml');
    expect(status).toBe(200);
    expectWellFormed(text);
    const urls = urlsByLoc(text);
    expect(urls.has(`${ORIGIN}/en`)).toBe(true);
    expect(urls.has(ORIGIN + localizedPath('blog', 'en'))).toBe(true);
    expect(urls.has(`${ORIGIN}/${post.text.hr.slug}`)).toBe(false);
    const block = urls.get(`${ORIGIN}/en/${post.text.en.slug}`);
    expect(block).toContain(`hreflang="hr" href="${ORIGIN}/${post.text.hr.slug}"`);
    expect(block).toContain(`hreflang="x-default" href="${ORIGIN}/${post.text.hr.slug}"`);
    expect(urls.has(ORIGIN + localizedPath('blog', 'en', { slug: category.text.en.slug }))).toBe(true);
    // A post without an English translation has no English address.
    expect(text).not.toContain('&apos;igra&apos;');
  });

  it('answers 404 for a language the site does not offer and for the prefixed default language', async () => {
    expect((await fetchText('/de/sitemap.xml')).status).toBe(404);
    expect((await fetchText('/hr/sitemap.xml')).status).toBe(404);
  });

  it('uses PUBLIC_URL for absolute addresses when it is configured', async () => {
    const other = createTestApp(database, { PUBLIC_URL: 'https://shop.example.com' });
    const text = await (
      await other.app.request('/en/sitemap.xml', { headers: { host: 'localhost' } })
    ).text();
    expectWellFormed(text);
    expect(text).toContain('<loc>https://shop.example.com/en</loc>');
    expect(text).not.toContain(ORIGIN);
  });
});

describe('GET /robots.txt', () => {
  it('disallows private screens in both languages and points at both sitemaps', async () => {
    const { status, headers, text } = await fetchText('/robots.txt');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const disallowed of [
      '/admin',
      '/api/',
      '/kosarica',
      '/naplata',
      '/profil',
      '/en/admin',
      '/en/cart',
      '/en/checkout',
      '/en/profile',
    ]) {
      expect(lines).toContain(`Disallow: ${disallowed}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/en/sitemap.xml`);
    expect(text).not.toContain('/de/');
  });
});

// These change site options, so they run last.
describe('site options', () => {
  it('leaves out lastmod, alternates and images when SiteMapOptions turns them off', async () => {
    await setOption('SiteMapOptions', { lastmod: false, hreflang: false, images: false });
    const { text } = await fetchText('/sitemap.xml');
    expectWellFormed(text);
    expect(text).toContain(`<loc>${ORIGIN}/${post.text.hr.slug}</loc>`);
    expect(text).not.toContain('<lastmod>');
    expect(text).not.toContain('<xhtml:link');
    expect(text).not.toContain('<image:image>');
  });

  it('answers 404 and drops the Sitemap lines when AutoGenerateSiteMap is false', async () => {
    await setOption('AutoGenerateSiteMap', false);
    expect((await fetchText('/sitemap.xml')).status).toBe(404);
    expect((await fetchText('/en/sitemap.xml')).status).toBe(404);
    const robots = await fetchText('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('Disallow: /kosarica');
    expect(robots.text).not.toContain('Sitemap:');
  });
});
