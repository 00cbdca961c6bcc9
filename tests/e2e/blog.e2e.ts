import type { APIRequestContext, Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { expect as baseExpect, test } from './fixtures.ts';

// A fresh server resizes every card image on first request; under load a navigation waits behind them.
const expect = baseExpect.configure({ timeout: 20_000 });

const hr = catalogs.hr.blog;
const en = catalogs.en.blog;

type Post = {
  title: string;
  excerpt: string;
  published_at: string;
  terms: { categories: { title: string }[] };
};
type Term = { slug: string; title: string; postCount: number; alternates: Record<string, string> };
type Event = { id: number; title: string; location: string };

async function allPosts(request: APIRequestContext, language: string): Promise<Post[]> {
  const response = await request.post('/api/v1/cms/post/filterStandard', {
    headers: { language },
    data: { filters: { postTypeSlugs: ['post'] }, page: 1, limit: 100 },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { records: Post[] } }).data.records;
}

async function categories(request: APIRequestContext, language: string): Promise<Term[]> {
  const response = await request.get('/api/v1/cms/term/filter?type=category', { headers: { language } });
  return ((await response.json()) as { data: Term[] }).data;
}

const newestFirst = (posts: Post[]) =>
  [...posts].sort((a, b) => Date.parse(b.published_at) - Date.parse(a.published_at));

const cardTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });

test('the blog list shows the 9 newest posts, page 2 the rest, with numbered pagination', async ({
  page,
}) => {
  const expected = newestFirst(await allPosts(page.request, 'hr'));
  expect(expected.length, 'the demo content fills two pages').toBeGreaterThan(9);

  const response = await page.goto('/objave');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hr.title);
  await expect(page.getByRole('navigation', { name: catalogs.hr.content.breadcrumb })).toContainText(hr.home);
  await expect(cardTitles(page)).toHaveText(expected.slice(0, 9).map((post) => post.title));
  // Each card: date, category titles joined by slashes, a read-more link that names the post.
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toContainText(
    expected[0]!.terms.categories.map((category) => category.title).join(' / '),
  );
  await expect(
    first.getByRole('link', { name: hr.readMoreAbout.replace('{{title}}', expected[0]!.title) }),
  ).toBeVisible();

  const pagination = page.getByRole('navigation', { name: hr.pagination });
  await expect(pagination.locator('[aria-current="page"]')).toHaveText(
    `${hr.pageN.replace('{{page}}', '1')}1`,
  );
  await pagination.getByRole('link', { name: hr.pageN.replace('{{page}}', '2') }).click();
  await expect(page).toHaveURL(/\/objave\?page=2$/);
  await expect(cardTitles(page)).toHaveText(expected.slice(9, 18).map((post) => post.title));
  await expect(pagination.locator('[aria-current="page"]')).toContainText('2');
  await pagination.getByRole('link', { name: hr.previous }).click();
  await expect(page).toHaveURL(/\/objave$/);
  await expect(cardTitles(page)).toHaveCount(9);

  // The second page is indexable with its own canonical address; a page past the end is 404.
  await page.goto('/objave?page=2');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/objave\?page=2$/);
  expect((await page.request.get('/objave?page=99')).status()).toBe(404);
});

test('the category filter narrows the list, by click and without JavaScript', async ({ browser, page }) => {
  const [category] = await categories(page.request, 'hr');
  expect(category).toBeDefined();
  for (const javaScriptEnabled of [true, false]) {
    const context = javaScriptEnabled ? page.context() : await browser.newContext({ javaScriptEnabled });
    const tab = javaScriptEnabled ? page : await context.newPage();
    await tab.goto('/objave');
    const filter = tab.locator('summary', { hasText: hr.allCategories });
    await filter.click();
    await tab
      .getByRole('list', { name: hr.chooseCategory })
      .getByRole('link', { name: category!.title })
      .click();
    await expect(tab).toHaveURL(new RegExp(`/objave/${category!.slug}$`));
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(category!.title);
    await expect(tab.getByRole('main').locator('summary')).toContainText(category!.title);
    const cards = tab.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(Math.min(9, category!.postCount));
    for (const card of await cards.all()) await expect(card).toContainText(category!.title);
    if (!javaScriptEnabled) await context.close();
  }
  expect((await page.request.get('/objave/no-such-category')).status()).toBe(404);
});

test('the category filter closes on Escape and on a click outside it', async ({ page }) => {
  await page.goto('/objave');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const summary = page.getByRole('main').locator('summary');
  const list = page.getByRole('list', { name: hr.chooseCategory });
  await summary.click();
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(summary).toBeFocused();
  await summary.click();
  await expect(list).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(list).toBeHidden();
});

test('searching the blog keeps the query in the address and stays out of the index', async ({ page }) => {
  const keyword = 'otporn';
  const matching = (await allPosts(page.request, 'hr')).filter((post) =>
    `${post.title} ${post.excerpt}`.toLowerCase().includes(keyword),
  );
  expect(matching.length).toBeGreaterThan(0);
  await page.goto('/objave');
  await page.getByLabel(hr.searchLabel).fill(keyword);
  await page.getByRole('button', { name: hr.searchSubmit }).click();
  await expect(page).toHaveURL(new RegExp(`/objave\\?search=${keyword}$`));
  await expect(cardTitles(page)).toHaveCount(Math.min(9, matching.length));
  for (const title of matching.slice(0, 9).map((post) => post.title))
    await expect(cardTitles(page).filter({ hasText: title })).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByLabel(hr.searchLabel)).toHaveValue(keyword);

  // A category link keeps the search.
  await page.getByRole('main').locator('summary').click();
  const [category] = await categories(page.request, 'hr');
  await page
    .getByRole('list', { name: hr.chooseCategory })
    .getByRole('link', { name: category!.title })
    .click();
  await expect(page).toHaveURL(new RegExp(`/objave/${category!.slug}\\?search=${keyword}$`));
});

test('the English blog lives at /en/blog and the language switch follows the category', async ({ page }) => {
  const expected = newestFirst(await allPosts(page.request, 'en'));
  await page.goto('/en/blog');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
  await expect(cardTitles(page)).toHaveText(expected.slice(0, 9).map((post) => post.title));

  const [category] = await categories(page.request, 'en');
  await page.goto(`/en/blog/${category!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category!.title);
  await page.getByRole('banner').getByRole('link', { name: 'hr', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/objave/${category!.alternates.hr}$`));
});

test('the other readings /blog and /checkout/success answer with permanent redirects', async ({ page }) => {
  const response = await page.request.get('/blog', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/\/en\/blog$/);
  const success = await page.request.get('/checkout/success', { maxRedirects: 0 });
  expect(success.status()).toBe(301);
  expect(success.headers().location).toMatch(/\/en\/checkout\/success$/);
});

test('an event page in Croatian and English', async ({ page }) => {
  const list = async (language: string) => {
    const response = await page.request.post('/api/v1/calendar/event/public/filter', {
      headers: { language },
      data: { upcoming: true, page: 1, limit: 1 },
    });
    return ((await response.json()) as { data: { records: Event[] } }).data.records;
  };
  const [hrEvent] = await list('hr');
  const [enEvent] = await list('en');
  expect(hrEvent?.id).toBe(enEvent?.id);

  const response = await page.goto(`/dogadjaj/${hrEvent!.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hrEvent!.title);
  await expect(page.getByRole('complementary')).toContainText(hrEvent!.location);
  // The page also describes its breadcrumb: one block per type.
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const jsonLd = blocks.map((block) => JSON.parse(block)).find((block) => block['@type'] === 'Event');
  expect(jsonLd).toMatchObject({ '@type': 'Event', name: hrEvent!.title });

  await page.getByRole('banner').getByRole('link', { name: 'en', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/event/${hrEvent!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enEvent!.title);
  await expect(page.getByRole('complementary')).toContainText(enEvent!.location);
  await expect(page.getByRole('complementary')).toContainText(en.event.location);

  expect((await page.request.get('/dogadjaj/999999')).status()).toBe(404);
});

test('the e-mail confirmation page acts on its goal, and is 404 without one', async ({ page }) => {
  const response = await page.goto('/potvrdi-email');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(hr.confirm.missingGoal)).toBeVisible();
  expect(
    (await page.request.get('/en/confirm-email?goalType=message&confirmedEmail=a@example.com')).status(),
  ).toBe(404);
  expect(
    (
      await page.request.get(
        '/en/confirm-email?goalType=url&goal=https://example.com/&confirmedEmail=a@example.com',
      )
    ).status(),
  ).toBe(404);

  const email = 'ana@example.com';
  await page.goto(`/en/confirm-email?goalType=message&goal=welcome&confirmedEmail=${email}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.confirm.title);
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();

  await page.goto(`/en/confirm-email?goalType=url&goal=/en/blog&confirmedEmail=${email}`);
  await expect(page).toHaveURL(/\/en\/blog$/);
});

test('a file goal downloads the file; a failed download is reported', async ({ page, browserErrors }) => {
  const email = 'ana@example.com';
  const download = page.waitForEvent('download');
  await page.goto(`/en/confirm-email?goalType=file&goal=/robots.txt&confirmedEmail=${email}`);
  expect((await download).suggestedFilename()).toBe('robots.txt');
  await expect(page.getByRole('status').filter({ hasText: en.confirm.downloading })).toBeVisible();

  await page.goto(`/en/confirm-email?goalType=file&goal=/no-such-file.pdf&confirmedEmail=${email}`);
  await expect(page.getByRole('alert').filter({ hasText: en.confirm.downloadFailed })).toBeVisible();
  await expect.poll(() => browserErrors.some((error) => error.includes('error.downloadFailed'))).toBe(true);
  // The failed request and its log line are what this test expects to see.
  browserErrors.length = 0;
});
