import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { expect, test } from './fixtures.ts';

const hr = catalogs.hr.search;
const en = catalogs.en.search;
const shots = process.env.SEARCH_SCREENSHOTS;

/** Result images load lazily: scroll through them and wait until every one has loaded. */
async function showAllImages(page: Page) {
  for (const image of await page.getByRole('main').locator('img').all()) await image.scrollIntoViewIfNeeded();
  await expect
    .poll(
      () =>
        page
          .getByRole('main')
          .locator('img')
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
      // The first request for a size renders it.
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('typing without diacritics on /pretraga finds texts with "škola" and keeps the URL in step', async ({
  page,
}) => {
  await page.goto('/pretraga');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hr.title);
  // The empty search screen may be indexed; result lists may not (checked below).
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.getByLabel(hr.label).pressSequentially('skola', { delay: 40 });
  // The URL follows the typing after the debounce, without a submit.
  await expect(page).toHaveURL(
    /\/pretraga\?search=skola&category=pages%2Cposts%2Cproducts%2CproductCategories$/,
  );
  const blog = page.getByRole('region', { name: new RegExp(`^${hr.groups.posts} \\(`) });
  await expect(blog.getByRole('link', { name: /školarce/ })).toBeVisible();
  await expect(page.getByRole('region', { name: new RegExp(`^${hr.groups.pages} \\(`) })).toContainText(
    /škol/,
  );
  await expect(page.locator('mark').first()).toContainText(/škol/i);
  if (shots) {
    await showAllImages(page);
    await page.screenshot({ path: '/tmp/search-desktop.png', fullPage: true });
  }

  // Changing the category choice narrows the results and starts again at the first page.
  await page.getByRole('checkbox', { name: hr.groups.products }).uncheck();
  // The URL changes once the loader answered; on a cold server image sizes are still being rendered.
  await expect(page).toHaveURL(/category=pages%2Cposts%2CproductCategories$/, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: new RegExp(`^${hr.groups.products} `) })).toHaveCount(0);

  await blog.getByRole('link', { name: /školarce/ }).click();
  await expect(page).toHaveURL(/\/kad-dijete-ne-voli-citati$/);
});

test('the same search works without JavaScript through the form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pretraga');
  await page.getByLabel(hr.label).fill('skola');
  await page.getByRole('button', { name: hr.submit }).click();
  await expect(page).toHaveURL(/\/pretraga\?search=skola&category=&category=pages/);
  const blog = page.getByRole('region', { name: new RegExp(`^${hr.groups.posts} \\(`) });
  await expect(blog.getByRole('link', { name: /školarce/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText('skola');
  await context.close();
});

test('English search at /en/search finds English texts and a product', async ({ page }) => {
  await page.goto('/en/search');
  await page.getByLabel(en.label).fill('school');
  await page.getByLabel(en.label).press('Enter');
  await expect(page).toHaveURL(
    /\/en\/search\?search=school&category=pages%2Cposts%2Cproducts%2CproductCategories$/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
  await expect(page.getByLabel(en.label)).toHaveValue('school');
  await expect(page.getByRole('link', { name: /tips for school-age children/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Online Workshop: Ready for School' })).toHaveAttribute(
    'href',
    '/en/product/online-workshop-ready-for-school',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('a product is found by its name typed without diacritics, with its price', async ({ page }) => {
  await page.goto('/pretraga?search=laku+noc&category=products');
  const products = page.getByRole('region', { name: new RegExp(`^${hr.groups.products} \\(`) });
  const item = products.getByRole('listitem').filter({ hasText: 'Laku noć, zvjezdice' });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/\d+,\d{2}/);
  await item.getByRole('link', { name: 'Laku noć, zvjezdice' }).click();
  await expect(page).toHaveURL(/\/product\/laku-noc-zvjezdice$/);
});

test('without any category the translated missing-categories error is shown', async ({ page, browser }) => {
  await page.goto('/en/search?search=school&category=posts');
  await page.getByRole('checkbox', { name: en.groups.posts }).uncheck();
  await expect(page.getByRole('alert')).toHaveText(en.missingCategories);
  await expect(page).toHaveURL(/category=$/, { timeout: 15_000 });

  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto('/pretraga?search=skola&category=posts');
  await noScript.getByRole('checkbox', { name: hr.groups.posts }).uncheck();
  await noScript.getByRole('button', { name: hr.submit }).click();
  await expect(noScript.getByRole('alert')).toHaveText(hr.missingCategories);
  await context.close();
});

test('a first click right after opening the page is not lost while the page is still hydrating', async ({
  page,
}) => {
  // The client entry starts two seconds late, as on a slow device: the page is shown and loaded, but
  // React does not own it yet. The fixtures' navigation waits until it does.
  await page.route('**/assets/entry.client-*.js', async (route) => {
    try {
      const response = await route.fetch();
      const body = `await new Promise((resolve) => setTimeout(resolve, 2000));\n${await response.text()}`;
      await route.fulfill({ response, body });
    } catch {
      // The click came before the script: the form was posted without JavaScript and the page went on,
      // which disposes the script's response. That answer is checked below like the hydrated one.
    }
  });
  await page.goto('/en/search?search=school&category=posts');
  await page.getByRole('checkbox', { name: en.groups.posts }).uncheck();
  await expect(page.getByRole('alert')).toHaveText(en.missingCategories);
});

test('"show more" appends the next page of results', async ({ page }) => {
  await page.goto('/pretraga?search=dijete&category=posts');
  const list = page
    .getByRole('region', { name: new RegExp(`^${hr.groups.posts} \\(`) })
    .getByRole('listitem');
  await expect(list).toHaveCount(10);
  await page.getByRole('link', { name: hr.loadMore }).click();
  await expect(page).toHaveURL(/page=2$/, { timeout: 15_000 });
  await expect.poll(() => list.count()).toBeGreaterThan(10);
});

test('search result screens on a phone', async ({ page }) => {
  test.skip(!shots, 'screenshots only on request');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pretraga?search=radionca');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();
  await showAllImages(page);
  await page.screenshot({ path: '/tmp/search-mobile.png', fullPage: true });
  await page.goto('/en/search?search=school&category=');
  await page.screenshot({ path: '/tmp/search-mobile-error.png' });
});
