import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { demoPages, type PageSeed } from '../../server/db/seed/content/pages.ts';
import { blogPosts } from '../../server/db/seed/content/posts.ts';
import { demoRedirects } from '../../server/db/seed/content/redirects.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/** The demo pages as the seed writes them; media ids do not matter to what the tests read. */
const seedPages = demoPages({ media: () => 1, form: () => 1 });
const pageByKey = (key: string) => seedPages.find((candidate) => candidate.key === key)!;
const home = pageByKey('home');
const about = pageByKey('about');
const contact = pageByKey('contact');

/** The hero title a page's first section shows as its h1. */
function heroTitle(page: PageSeed, language: 'hr' | 'en') {
  const first = page.sections[0];
  if (typeof first !== 'object' || first.type !== 'hero')
    throw new Error(`${page.key} does not start with a hero`);
  return first.content[language].title;
}

const sectionsOf = (page: Page) => page.locator('main [data-section-id]');

test.describe('home page', () => {
  for (const language of ['hr', 'en'] as const) {
    test(`renders the sections of the HomePageSlug page (${language})`, async ({ page }) => {
      const response = await page.goto(language === 'hr' ? '/' : '/en');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(home, language));
      await expect(sectionsOf(page)).toHaveCount(home.sections.length);
      const types = home.sections.map((section) => (typeof section === 'string' ? undefined : section.type));
      for (const [index, type] of types.entries()) {
        if (type) await expect(sectionsOf(page).nth(index)).toHaveAttribute('data-section-type', type);
      }
      await expect(sectionsOf(page).first()).toHaveAttribute('data-section-first', 'true');
      await expect(sectionsOf(page).last()).toHaveAttribute('data-section-last', 'true');
      const masters = home.sections.filter((section) => typeof section === 'string').length;
      await expect(page.locator('main [data-master="true"]')).toHaveCount(masters);
      // The listing sections got their data from the page loader.
      await expect(page.locator('[data-section-type="latest-posts"] article')).toHaveCount(3);
      expect(await page.locator('[data-section-type="upcoming-events"] article').count()).toBeGreaterThan(0);
      // SEO: the page's own title and its alternates.
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(home.text[language].seoTitle)}`));
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en$/);
    });
  }

  test('a section hidden on mobile shows only on wide screens; mobileView=true filters nothing', async ({
    page,
  }) => {
    const video = page.locator('[data-section-type="video"]');
    await page.goto('/en');
    // The video itself loads only when played (tests/e2e/video-embed.e2e.ts).
    await expect(video.getByTestId('video-poster')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(video).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    // mobileView=true only hides the visibility button in edit mode (spec 000 section 2).
    await page.goto('/en?mobileView=true');
    await expect(video).toBeVisible();
    await expect(page.locator('[data-section-type="hero"]')).toBeVisible();
  });

  test('the home page is not served twice: its slug redirects to the root', async ({ request }) => {
    const response = await request.get(`/${home.text.hr.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/');
  });

  test('the newsletter section signs up and reports in the section, without JavaScript too', async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/en');
      const section = page.locator('[data-section-type="newsletter"]');
      await section
        .getByLabel(catalogs.en.newsletter.emailLabel)
        .fill(`section-${javaScriptEnabled}-${Date.now()}@example.com`);
      await section.getByRole('button').click();
      await expect(section.getByRole('status')).toHaveText(catalogs.en.newsletter.subscribed);
      await context.close();
    }
  });
});

test.describe('pages', () => {
  for (const [path, language] of [
    [`/${about.text.hr.slug}`, 'hr'],
    [`/en/${about.text.en.slug}`, 'en'],
  ] as const) {
    test(`${path} renders its sections`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(about, language));
      await expect(sectionsOf(page)).toHaveCount(about.sections.length);
      const faq = about.sections.find((section) => typeof section === 'object' && section.type === 'faq');
      if (typeof faq !== 'object' || faq.type !== 'faq') throw new Error('the about page has a FAQ');
      const item = faq.content[language].items[0]!;
      const details = page.locator('details').filter({ hasText: item.question });
      await expect(details).not.toHaveAttribute('open');
      await details.locator('summary').click();
      await expect(details).toHaveAttribute('open');
      const gallery = page.locator('[data-section-type="gallery"] img');
      await expect(gallery.first()).toHaveAttribute('width', '720');
      await expect(gallery.first()).not.toHaveAttribute('alt', '');
    });
  }

  test('a page without sections shows a title banner, breadcrumb and its body', async ({ page }) => {
    await page.goto(`/en/${contact.text.en.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.text.en.title);
    const breadcrumb = page.getByRole('navigation', { name: catalogs.en.content.breadcrumb });
    await expect(breadcrumb.getByRole('link', { name: catalogs.en.content.home })).toHaveAttribute(
      'href',
      '/en',
    );
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(contact.text.en.title);
    await expect(page.getByRole('main').getByRole('link', { name: 'info@ucionica.example' })).toBeVisible();
  });

  test('the language switch on a page lands on its translation', async ({ page }) => {
    await page.goto(`/${about.text.hr.slug}`);
    await page.getByRole('banner').locator('a[hreflang="en"]').click();
    await expect(page).toHaveURL(new RegExp(`/en/${about.text.en.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(about, 'en'));
    // Until the header's menu island hydrates, the closed mobile menu holds a second language list.
    await waitForHydration(page);
    await page.getByRole('banner').locator('a[hreflang="hr"]').click();
    await expect(page).toHaveURL(new RegExp(`/${about.text.hr.slug}$`));
  });

  test("a page's slug in the other language redirects to this language's slug", async ({ request }) => {
    const response = await request.get(`/en/${about.text.hr.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/en/${about.text.en.slug}`);
  });

  test('the page renders fully with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/${about.text.hr.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(about, 'hr'));
    await expect(sectionsOf(page)).toHaveCount(about.sections.length);
    // FAQ answers open without scripts: they are native <details>.
    const details = page.getByRole('main').locator('details').first();
    await details.locator('summary').click();
    await expect(details).toHaveAttribute('open');
    await context.close();
  });
});

test.describe('blog post', () => {
  const post = blogPosts.find((candidate) => candidate.key === 'resilient-child-meaning')!;
  const related = blogPosts
    .filter((candidate) => candidate.category === post.category && candidate.key !== post.key)
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .slice(0, 3);

  test('shows breadcrumb, title, author, share links and related posts', async ({ page, baseURL }) => {
    const response = await page.goto(`/${post.text.hr.slug}`);
    expect(response?.status()).toBe(200);
    const texts = catalogs.hr.content;
    const breadcrumb = page.getByRole('navigation', { name: texts.breadcrumb });
    await expect(breadcrumb.getByRole('link', { name: texts.home })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: texts.blog })).toHaveAttribute('href', '/objave');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(post.text.hr.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.text.hr.title);
    await expect(page.locator('article time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

    const pageUrl = encodeURIComponent(`${baseURL}/${post.text.hr.slug}`);
    for (const network of ['Facebook', 'X']) {
      const link = page.getByRole('link', { name: texts.shareOn.replace('{{network}}', network) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', new RegExp(escapeRegExp(pageUrl)));
    }

    const relatedSection = page.getByRole('region', { name: texts.furtherReading });
    await expect(relatedSection.getByRole('heading', { level: 3 })).toHaveText(
      related.map((candidate) => candidate.text.hr.title),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });

  test('the language switch on a post lands on its translation', async ({ page }) => {
    await page.goto(`/${post.text.hr.slug}`);
    await page.getByRole('banner').locator('a[hreflang="en"]').click();
    await expect(page).toHaveURL(new RegExp(`/en/${post.text.en.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.text.en.title);
    await expect(
      page.getByRole('navigation', { name: catalogs.en.content.breadcrumb }).getByRole('link', {
        name: catalogs.en.content.blog,
      }),
    ).toHaveAttribute('href', '/en/blog');
  });
});

test.describe('what the slug is not', () => {
  test('an unknown slug answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/ova-stranica-ne-postoji');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.hr.errors.notFoundTitle);
  });

  test('a stored redirect answers with its status and target', async ({ page, request }) => {
    const stored = demoRedirects.find((redirect) => redirect.from === '/stara-stranica')!;
    const response = await request.get(stored.from, { maxRedirects: 0 });
    expect(response.status()).toBe(stored.status);
    expect(response.headers().location).toBe(stored.to);
    await page.goto(stored.from);
    await expect(page).toHaveURL(new RegExp(`${stored.to}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(about, 'hr'));
  });

  test('a blog category slug redirects permanently to its blog list', async ({ request }) => {
    const response = await request.get('/otpornost', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/objave/otpornost');
  });
});

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
