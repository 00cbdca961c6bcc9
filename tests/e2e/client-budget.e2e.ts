import zlib from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { paymentMethodSeeds } from '../../server/db/seed/catalogue/checkout-data.ts';
import { expect, test } from './fixtures.ts';
import { emptyWishlist, fillWishlist, logInCustomer } from './support/wishlist.ts';

/**
 * The JavaScript budget per page, gzip (level 9, as the server compresses the client build): 90 KiB.
 * The browser runs no router, only the islands the page shows (docs/decisions/0180-islands.md).
 */
const BUDGET_BYTES = 90 * 1024;

/** One page of each type, in both languages (demo content, server/db/seed/). */
const pages = [
  { type: 'home', paths: ['/', '/en'] },
  { type: 'content page', paths: ['/o-nama', '/en/about-us'] },
  { type: 'blog list', paths: ['/objave', '/en/blog'] },
  { type: 'post', paths: ['/sto-znaci-otporno-dijete', '/en/what-is-a-resilient-child'] },
  { type: 'event', paths: ['/dogadjaj/1', '/en/event/1'] },
  { type: 'shop category', paths: ['/shop/knjige', '/en/shop/books'] },
  { type: 'product', paths: ['/product/medo-i-velika-briga', '/en/product/little-bears-big-worry'] },
  { type: 'search', paths: ['/pretraga?search=dijete', '/en/search?search=child'] },
];

/** Every script the page downloads until the network is idle after hydration, by URL, gzip-compressed. */
async function scriptBytes(page: Page, path: string) {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
    bodies.set(response.url(), response.body());
  };
  page.on('response', onResponse);
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  // One measurement per call: a listener left behind would ask later pages for bodies they no longer hold.
  page.off('response', onResponse);
  expect(response?.status(), path).toBe(200);
  const sizes = await Promise.all(
    [...bodies].map(async ([url, body]) => ({
      url: new URL(url).pathname,
      gzip: zlib.gzipSync(await body, { level: zlib.constants.Z_BEST_COMPRESSION }).length,
    })),
  );
  return { total: sizes.reduce((sum, script) => sum + script.gzip, 0), scripts: sizes };
}

for (const { type, paths } of pages) {
  for (const path of paths) {
    test(`the ${type} ${path} downloads at most ${BUDGET_BYTES / 1024} KiB of JavaScript (gzip)`, async ({
      page,
    }) => {
      const { total, scripts } = await scriptBytes(page, path);
      // Guards against a measurement that sees nothing (the app's entry must be among the scripts).
      expect(scripts.some((script) => script.url.includes('entry.client'))).toBe(true);
      // Only the page's language's texts travel: German and English never ship on a Croatian page.
      const language = path.startsWith('/en') ? 'en' : 'hr';
      const catalogScripts = scripts.filter((script) => /\/catalog-[a-z]{2}-/.test(script.url));
      expect(catalogScripts.map((script) => script.url.match(/catalog-([a-z]{2})-/)?.[1])).toEqual([
        language,
      ]);
      test.info().annotations.push({ type: 'gzip bytes', description: `${path} ${total}` });
      console.log(`${type} ${path}: ${total} B gzip in ${scripts.length} scripts`);
      expect(
        total,
        `${path}: ${scripts
          .sort((a, b) => b.gzip - a.gzip)
          .map((script) => `${script.url} ${script.gzip}`)
          .join(', ')}`,
      ).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
}

test('a logged-in shopper’s pages (the wishlist, a listing with hearts) stay within the budget', async ({
  page,
}) => {
  await logInCustomer(page.request);
  await fillWishlist(page.request, 13);
  try {
    for (const path of ['/lista-zelja', '/en/wishlist', '/shop/knjige']) {
      const { total, scripts } = await scriptBytes(page, path);
      // Measured as a shopper: the page has the wishlist's island (and "show more" on the list).
      expect(
        scripts.some((script) => script.url.includes('wishlist-toggles')),
        path,
      ).toBe(true);
      console.log(`logged-in ${path}: ${total} B gzip in ${scripts.length} scripts`);
      expect(total, path).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  } finally {
    await emptyWishlist(page.request);
  }
});

test('the stylesheet is inside the document, and stays applied after hydration and a navigation', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.goto('/');
  expect(stylesheets, 'no stylesheet request before the first paint').toEqual([]);
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
  // The skip link is visually hidden by the stylesheet's `sr-only` rule.
  const skipLinkPosition = () =>
    page
      .locator('a[href="#main"]')
      .first()
      .evaluate((element) => getComputedStyle(element).position);
  expect(await skipLinkPosition()).toBe('absolute');
  await page.getByRole('banner').getByRole('link', { name: 'en', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await skipLinkPosition()).toBe('absolute');
  expect(stylesheets).toEqual([]);
});

test('following the language switch loads the texts of that language only', async ({ page }) => {
  const catalogRequests: string[] = [];
  page.on('request', (request) => {
    const language = request.url().match(/\/catalog-([a-z]{2})-[^/]*\.js$/)?.[1];
    if (language) catalogRequests.push(language);
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(catalogRequests).toEqual(['hr']);
  await page.getByRole('banner').getByRole('link', { name: 'en', exact: true }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The header's language list is named from the UI catalog, so it shows which catalog rendered.
  await expect(
    page.getByRole('banner').getByRole('list', { name: catalogs.en.shell.language }),
  ).toBeVisible();
  expect(catalogRequests).toEqual(['hr', 'en']);
});

test('no script is requested before the page has loaded, and the islands hydrate right after', async ({
  page,
}) => {
  for (const path of ['/', '/product/medo-i-velika-briga', '/shop/knjige']) {
    // The document as served: its one script is inline (the islands' code adds preloads later).
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toMatch(/<link[^>]+modulepreload|<script[^>]+src=/);
    // A first visit resizes the page's images on the server (a cold encode can outlast the islands'
    // three-second cap on a busy machine); the measured visit is the second.
    await page.goto(path);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime);
      return { loadEventStart: navigation.loadEventStart, scripts };
    });
    expect(timing.scripts.length, path).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts), path).toBeGreaterThanOrEqual(timing.loadEventStart);
  }
});

test('the checkout steps, the success page and the profile with its order history stay within the budget', async ({
  page,
}) => {
  await logInCustomer(page.request);
  // Each page measured in a tab of its own (the same session and cart), as a first visit of that tab.
  const measure = async (path: string) => {
    const tab = await page.context().newPage();
    const { total, scripts } = await scriptBytes(tab, path);
    await tab.close();
    console.log(`checkout ${path}: ${total} B gzip in ${scripts.length} scripts`);
    expect(total, path).toBeLessThanOrEqual(BUDGET_BYTES);
    return scripts;
  };
  await page.goto('/product/medo-i-velika-briga');
  await page.getByRole('button', { name: catalogs.hr.product.cart.add }).click();
  await expect(page).toHaveURL(/\/kosarica$/, { timeout: 20_000 });

  await measure('/naplata');
  await page.goto('/naplata');
  const fields = {
    firstName: 'Ivan',
    lastName: 'Kupac',
    contactEmail: 'kupac@ucionica.local',
    contactPhone: '+385 91 234 5678',
    city: 'Zagreb',
    street: 'Ilica',
    houseNumber: '1',
    zipCode: '10000',
  };
  for (const [name, value] of Object.entries(fields))
    await page.locator(`#checkout-delivery-${name}`).fill(value);
  for (const box of await page.locator('input[name="consent"]').all()) await box.check();
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-shipping')).toBeVisible();

  await measure('/naplata?step=shipping');
  await page.locator('input[name="deliveryMethodId"]').first().check();
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-payment')).toBeVisible();

  // The payment step is the one with the checkout's island.
  const scripts = await measure('/naplata?step=payment');
  expect(scripts.some((script) => script.url.includes('payment-step'))).toBe(true);
  const cash = paymentMethodSeeds.find((method) => method.paymentType === 'cod');
  await page.getByLabel(cash?.name.hr ?? '').check();
  await page.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('checkout-success-title')).toBeVisible({ timeout: 20_000 });

  await measure(new URL(page.url()).pathname + new URL(page.url()).search);
  await measure('/profil');
});
