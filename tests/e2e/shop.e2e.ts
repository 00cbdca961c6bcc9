import type { Locator, Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';

// Every change is a server round trip (two rounds of API calls); a busy machine needs more than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const hr = catalogs.hr.shop;
const en = catalogs.en.shop;

type CategoryNode = { name: string; slug: string; children: CategoryNode[] };

/** The seeded book category: it has a price range, a multiple-choice age and a single-choice binding. */
const BOOKS = '/shop/knjige';

const productNames = (page: Page) => page.getByTestId('product-grid').getByRole('heading', { level: 3 });
const resultCount = async (page: Page) =>
  Number((await page.getByTestId('result-count').textContent())?.replace(/\D+/g, ''));

/** The price each card shows first (what the shopper pays), as a number: "112,26 kn" -> 112.26. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByTestId('product-price')
    .evaluateAll((nodes) => nodes.map((node) => node.querySelector('span')?.textContent ?? ''));
  return texts.map((text) => {
    const digits = text.replace(/[^\d,.]/g, '');
    // Thousands separators go; the decimal separator is the last one.
    return Number(digits.replace(/[.,](?=\d{3}(\D|$))/g, '').replace(',', '.'));
  });
}

/** Opens a listing and waits until React has hydrated it (the filter opener turns from a link into a button). */
async function openListing(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('button[data-testid="open-filters"]')).toBeAttached();
  return response;
}

const expectCount = (page: Page, count: number, texts = hr) =>
  expect(page.getByTestId('result-count')).toHaveText(
    texts.listing.results.replace('{{count}}', String(count)),
  );

const desktopFilters = (page: Page) => page.getByTestId('filter-form-desktop');

async function check(locator: Locator) {
  await locator.check();
  await expect(locator).toBeChecked();
}

test('/shop lists the categories with their subcategories and opens one', async ({ page }) => {
  const response = await page.goto('/shop');
  expect(response?.status()).toBe(200);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hr.title);
  const api = await page.request.post('/api/v1/catalogue/web/category/filter', {
    data: {},
    headers: { language: 'hr' },
  });
  const categories = ((await api.json()) as { data: { records: CategoryNode[] } }).data.records;
  expect(categories.length).toBeGreaterThan(1);
  const cards = page.getByTestId('category-card');
  await expect(cards).toHaveCount(categories.length);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(
    categories.map((category) => category.name),
  );
  const books = categories.find((category) => category.slug === 'knjige')!;
  for (const child of books.children)
    await expect(page.getByRole('link', { name: child.name })).toBeVisible();

  await cards.getByRole('link', { name: books.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`${BOOKS}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(books.name);
  const breadcrumb = page.getByRole('navigation', { name: catalogs.hr.content.breadcrumb });
  await expect(breadcrumb.getByRole('link', { name: hr.title })).toHaveAttribute('href', '/shop');
});

test('filters by price and two attributes, sorts, changes page size, and the URL gives the same list', async ({
  page,
  browser,
}) => {
  await openListing(page, BOOKS);
  const unfiltered = await resultCount(page);
  expect(unfiltered).toBeGreaterThan(6);
  // Page size 6 by default.
  await expect(productNames(page)).toHaveCount(6);

  const filters = desktopFilters(page);
  // Each price field applies 500 ms after typing stops, by loading the new address: on a busy machine the
  // second field may be typed after the first has applied, so the test waits for that page first.
  await filters.getByLabel(hr.filters.from, { exact: true }).fill('80');
  await expect(page).toHaveURL(/price=80-/);
  await waitForHydration(page);
  await filters.getByLabel(hr.filters.to, { exact: true }).fill('200');
  await expect(page).toHaveURL(/price=80-200/);
  await waitForHydration(page);
  await check(filters.getByRole('checkbox', { name: /3 – 6 godina/ }));
  await expect(page).toHaveURL(/dob=3-6/);
  await check(filters.getByRole('checkbox', { name: /6 – 9 godina/ }));
  await expect(page).toHaveURL(/dob=3-6,6-9/);
  await check(filters.getByRole('radio', { name: 'Meki uvez' }));
  await expect(page).toHaveURL(/format=meki-uvez/);

  await page.getByTestId('sort-select').selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await page.getByTestId('limit-select').selectOption('12');
  await expect(page).toHaveURL(/limit=12/);

  const filtered = await resultCount(page);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(unfiltered);
  await expect(productNames(page)).toHaveCount(Math.min(filtered, 12));
  const prices = await shownPrices(page);
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(80);
    expect(price).toBeLessThanOrEqual(200);
  }
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  // Filtered listings stay out of the index.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const names = await productNames(page).allTextContents();
  const shared = page.url();
  const other = await browser.newPage();
  await other.goto(shared);
  await expect(productNames(other)).toHaveText(names);
  await expect(other.getByTestId('sort-select')).toHaveValue('price_desc');
  await expect(other.getByTestId('limit-select')).toHaveValue('12');
  await expect(desktopFilters(other).getByRole('radio', { name: 'Meki uvez' })).toBeChecked();
  await expect(desktopFilters(other).getByLabel(hr.filters.from, { exact: true })).toHaveValue('80');
  await other.close();

  // Back goes to the previous state of the list; the per-filter reset and clear-all are links.
  await page.goBack();
  await expect(page).not.toHaveURL(/limit=12/);
  await expect(page).toHaveURL(/sort=price_desc/);
  await filters.getByRole('link', { name: `${hr.filters.resetFilter.replace('{{label}}', 'Uvez')}` }).click();
  await expect(page).not.toHaveURL(/format=/);
  await expect(page).toHaveURL(/dob=3-6,6-9/);
  await page.getByTestId('clear-filters').first().click();
  await expect(page).toHaveURL(/\/shop\/knjige\?sort=price_desc$/);
  await expectCount(page, unfiltered);
});

test('page links show four pages at most and scroll to the top after a page change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await openListing(page, BOOKS);
  const total = await resultCount(page);
  const pages = Math.ceil(total / 6);
  const pagination = page.getByTestId('pagination');
  await expect(pagination.getByRole('link', { name: /^\d+$|Stranica/ })).toHaveCount(Math.min(pages, 4) - 1);
  const first = await productNames(page).allTextContents();
  await pagination.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pagination.getByRole('link', { name: hr.listing.page.replace('{{page}}', '2') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(productNames(page).first()).not.toHaveText(first[0]!);
  const second = await productNames(page).allTextContents();
  expect(second.some((name) => first.includes(name))).toBe(false);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
});

test('works without JavaScript: the filter and toolbar forms apply with their buttons', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(BOOKS);
  const filters = desktopFilters(page);
  await filters.getByRole('checkbox', { name: /3 – 6 godina/ }).check();
  await filters.getByRole('checkbox', { name: /0 – 3 godine/ }).check();
  await filters.getByLabel(hr.filters.from, { exact: true }).fill('80');
  await page.getByTestId('apply-filters-desktop').click();
  // The form's submission is redirected to the listing's one canonical address.
  await expect(page).toHaveURL(/\/shop\/knjige\?dob=0-3,3-6&price=80-$/);
  const count = await resultCount(page);
  expect(count).toBeGreaterThan(0);
  await expect(filters.getByRole('checkbox', { name: /3 – 6 godina/ })).toBeChecked();

  await page.getByTestId('sort-select').selectOption('name_asc');
  await page.getByLabel(hr.listing.search).fill('a');
  await page.getByTestId('apply-toolbar').click();
  await expect(page).toHaveURL(/\?search=a&dob=0-3,3-6&price=80-&sort=name_asc$/);
  await expect(page.getByTestId('sort-select')).toHaveValue('name_asc');
  await expect(page.getByLabel(hr.listing.search)).toHaveValue('a');

  // The mobile panel opens through its anchor.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId('mobile-filter-panel')).toBeHidden();
  await page.getByTestId('open-filters').click();
  await expect(page.getByTestId('mobile-filter-panel')).toBeVisible();
  await context.close();
});

test('the mobile filter dialog opens full screen, applies at once and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openListing(page, BOOKS);
  await expect(page.getByTestId('filter-form-desktop')).toBeHidden();
  // The panel in the page is for browsers without JavaScript; with it, the filters are a modal dialog.
  await expect(page.getByTestId('mobile-filter-panel')).toBeHidden();
  const panel = page.getByRole('dialog', { name: hr.filters.title });
  await expect(panel).toHaveCount(0);
  await page.getByTestId('open-filters').click();
  await expect(panel).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  const box = await panel.boundingBox();
  expect(box?.width).toBe(390);
  // Single choice is a select on mobile.
  await panel.getByLabel('Uvez', { exact: true }).selectOption('tvrdi-uvez');
  await expect(page).toHaveURL(/format=tvrdi-uvez/);
  await check(panel.getByRole('checkbox', { name: /6 – 9 godina/ }));
  await expect(page).toHaveURL(/dob=6-9&format=tvrdi-uvez/);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: hr.filters.showResults }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('open-filters')).toHaveText(`${hr.filters.open} (2)`);
  await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
});

test('a filter ticked before the page hydrated applies; a change keeps the scroll position and the focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  // The island entry starts two seconds late, as on a slow device: the tick comes before it runs.
  await page.route('**/assets/entry.client-*.js', async (route) => {
    const response = await route.fetch();
    const body = `await new Promise((resolve) => setTimeout(resolve, 2000));\n${await response.text()}`;
    await route.fulfill({ response, body });
  });
  await page.goto(BOOKS, { waitUntil: 'domcontentloaded' });
  const filters = desktopFilters(page);
  await check(filters.getByRole('checkbox', { name: /3 – 6 godina/ }));
  await expect(page).toHaveURL(/\/shop\/knjige\?dob=3-6$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // Each change loads the listing's new address; the page comes back where the shopper was.
  const box = filters.getByRole('checkbox', { name: /6 – 9 godina/ });
  await box.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  await box.check();
  await expect(page).toHaveURL(/dob=3-6,6-9$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(box).toBeChecked();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(box).toBeFocused();
});

test('/en/shop shows the category in English with its alternates', async ({ page }) => {
  const response = await openListing(page, '/en/shop/books?dob=3-6');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Books');
  await expect(page.getByTestId('result-count')).toContainText(en.listing.results.replace(' {{count}}', ''));
  await expect(page.getByLabel(en.listing.sort)).toBeVisible();
  await expect(desktopFilters(page).getByRole('checkbox', { name: /3 – 6 years/ })).toBeChecked();
  await expect(
    page.getByTestId('product-grid').getByRole('article').first().getByRole('link'),
  ).toHaveAttribute('href', /^\/en\/product\//);

  await openListing(page, '/en/shop/books');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/shop\/books$/);
  await expect(page.locator('link[rel="alternate"][hreflang="hr"]')).toHaveAttribute(
    'href',
    /\/shop\/knjige$/,
  );
  await page.getByRole('banner').getByRole('link', { name: 'hr', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/knjige$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knjige');
});

test('an unknown category answers 404', async ({ page }) => {
  const response = await page.goto('/shop/ne-postoji-takva-kategorija');
  expect(response?.status()).toBe(404);
});

test('a page past the end goes to the last page, keeping the rest of the query', async ({ page }) => {
  const response = await page.request.get('/shop/knjige?sort=price_asc&page=99', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location ?? '', 'http://shop.test');
  expect(location.pathname).toBe('/shop/knjige');
  expect(location.searchParams.get('sort')).toBe('price_asc');
  const last = Number(location.searchParams.get('page'));
  expect(last).toBeGreaterThan(1);
  await page.goto(location.pathname + location.search);
  const pagination = page.getByTestId('pagination');
  await expect(pagination.locator('[aria-current="page"] [aria-hidden="true"]')).toHaveText(String(last));
  await expect(pagination.locator('a[rel="next"]')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});
