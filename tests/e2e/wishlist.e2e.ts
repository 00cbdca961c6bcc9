import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { WISHLIST_EVENT } from '../../core/wishlist.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { emptyWishlist, fillWishlist, logInCustomer as logIn, wishlistIds } from './support/wishlist.ts';

/** A category and a product of the demo catalogue in each language (server/db/seed/). */
const demo = {
  hr: { category: '/shop/knjige', product: '/product/medo-i-velika-briga' },
  en: { category: '/en/shop/books', product: '/en/product/little-bears-big-worry' },
} as const;

// The machine these run on is shared: a toggle's call, its refetch and the toast can take seconds.
test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 20_000 };

/** Records the `added-to-wishlist` events the page raises. */
async function recordEvents(page: Page) {
  await page.evaluate((name) => {
    const target = window as unknown as { wishlistEvents: unknown[] };
    target.wishlistEvents = [];
    window.addEventListener(name, (event) => target.wishlistEvents.push((event as CustomEvent).detail));
  }, WISHLIST_EVENT);
}
const recordedEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { wishlistEvents: { inWishlist: boolean }[] }).wishlistEvents);

for (const language of ['hr', 'en'] as const satisfies UiLanguage[]) {
  const texts = catalogs[language].wishlist;
  const auth = catalogs[language].auth;

  test(`${language}: toggle on a card and on the product page, see them on the wishlist page, toggle off, logout clears`, async ({
    page,
  }) => {
    await logIn(page.request);
    await emptyWishlist(page.request);

    // A card in the category listing: the heart is a toggle button named after the product.
    await page.goto(demo[language].category);
    await recordEvents(page);
    const firstCard = page.locator('main article').first();
    const cardName = (await firstCard.getByRole('heading').textContent())?.trim() ?? '';
    const cardToggle = firstCard.getByRole('button', { name: texts.toggle.replace('{{name}}', cardName) });
    await expect(cardToggle).toHaveAttribute('aria-pressed', 'false');
    await cardToggle.click();
    await expect(page.getByRole('status').filter({ hasText: texts.added })).toBeVisible(slow);
    await expect(cardToggle).toHaveAttribute('aria-pressed', 'true', slow);
    expect(await recordedEvents(page)).toEqual([expect.objectContaining({ inWishlist: true })]);
    // Nothing else on the page is pressed: the refetched list holds this product only.
    await expect(page.locator('main button[aria-pressed="true"]')).toHaveCount(1, slow);

    // The product page's toggle, with its visible name.
    await page.goto(demo[language].product);
    const productName = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    const pageToggle = page.getByRole('button', { name: texts.toggleShort, exact: true });
    // Under the gallery (specification 000, "Wishlist"): below its picture, in its column.
    const gallery = page.getByRole('region', { name: catalogs[language].product.gallery.label });
    const galleryBox = (await gallery.boundingBox())!;
    const toggleBox = (await pageToggle.boundingBox())!;
    expect(toggleBox.y).toBeGreaterThanOrEqual(galleryBox.y + galleryBox.height - 1);
    expect(toggleBox.x).toBeGreaterThanOrEqual(galleryBox.x - 1);
    expect(toggleBox.x).toBeLessThan(galleryBox.x + galleryBox.width);
    await expect(pageToggle).toHaveAttribute('aria-pressed', productName === cardName ? 'true' : 'false');
    if (productName !== cardName) {
      await pageToggle.click();
      await expect(page.getByRole('status').filter({ hasText: texts.added })).toBeVisible(slow);
      await expect(pageToggle).toHaveAttribute('aria-pressed', 'true', slow);
    }
    const names = [...new Set([productName, cardName])];

    // The header link leads to the wishlist page, newest first.
    await page.getByRole('banner').getByRole('link', { name: texts.headerLink }).click();
    await expect(page).toHaveURL(`${e2eBaseUrl}${localizedPath('wishlist', language)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    await expect(page.locator('main article h3')).toHaveText(names);
    await expect(page.locator('main button[aria-pressed="true"]')).toHaveCount(names.length);

    // Toggling off on the wishlist page: the removed message, the heart no longer pressed.
    const removeToggle = page.getByRole('button', { name: texts.toggle.replace('{{name}}', names[0]!) });
    await removeToggle.click();
    await expect(page.getByRole('status').filter({ hasText: texts.removed })).toBeVisible(slow);
    await expect(removeToggle).toHaveAttribute('aria-pressed', 'false', slow);
    await page.reload();
    await expect(page.locator('main article h3')).toHaveText(names.slice(1));
    expect(await wishlistIds(page.request)).toHaveLength(names.length - 1);

    // Logout: no wishlist link, no toggle anywhere, the wishlist page asks for a login.
    await page.getByRole('button', { name: auth.account.logout }).click();
    await expect(page.getByRole('status').first()).toHaveText(auth.notices.loggedOut);
    await expect(page.getByRole('banner').getByRole('link', { name: texts.headerLink })).toHaveCount(0);
    await page.goto(demo[language].category);
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page.locator('form[data-wishlist-product]')).toHaveCount(0);
    await expect(page.locator('island-root[data-island="wishlistToggles"]')).toHaveCount(0);
    await page.goto(localizedPath('wishlist', language));
    await expect(page).toHaveURL(
      `${e2eBaseUrl}${localizedPath('login', language)}?redirectTo=${encodeURIComponent(localizedPath('wishlist', language))}`,
    );
    // The list itself stays on the server for the next login.
    await logIn(page.request);
    expect(await wishlistIds(page.request)).toHaveLength(names.length - 1);
  });
}

test('an anonymous page shared by the page cache never carries a toggle or anyone’s wishlist', async ({
  page,
  browser,
}) => {
  // A logged-in shopper with a product on the list looks at the category first.
  await logIn(page.request);
  await emptyWishlist(page.request);
  await page.goto(demo.hr.category);
  await page.locator('main article').first().getByRole('button').click();
  await expect(page.locator('main button[aria-pressed="true"]')).toHaveCount(1, slow);
  const personal = await page.request.get(demo.hr.category);
  expect(personal.headers()['x-page-cache']).toBe('BYPASS');

  // A visitor gets the shared page: twice, so that the second answer comes from the cache.
  const visitor = await browser.newContext({ baseURL: e2eBaseUrl });
  try {
    for (const expected of [/MISS|HIT/, /HIT/]) {
      const response = await visitor.request.get(demo.hr.category);
      expect(response.headers()['x-page-cache']).toMatch(expected);
      const html = await response.text();
      expect(html).not.toContain('data-wishlist-product');
      expect(html).not.toContain('wishlistToggles');
    }
  } finally {
    await visitor.close();
  }
});

test('show more appends the next page of the wishlist; without JavaScript it is a link to that page', async ({
  page,
}) => {
  await logIn(page.request);
  const productIds = await fillWishlist(page.request, 13);
  const texts = catalogs.en.wishlist;

  await page.goto('/en/wishlist');
  await expect(page.getByTestId('wishlist-count')).toHaveText(
    texts.count_other.replace('{{count}}', String(productIds.length)),
  );
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(12);
  const more = page.getByRole('link', { name: texts.loadMore });
  await expect(more).toHaveAttribute('href', '/en/wishlist?page=2');
  await more.click();
  await expect(cards).toHaveCount(Math.min(productIds.length, 24), slow);
  // The appended cards' toggles work too (one island serves every toggle on the page).
  const last = cards.last();
  const toggle = last.getByRole('button');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true', slow);
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: texts.removed })).toBeVisible(slow);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false', slow);
  await emptyWishlist(page.request);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the toggle is a form: POST, back to the page with the message, the state shown', async ({ page }) => {
    await logIn(page.request);
    await emptyWishlist(page.request);
    for (const language of ['hr', 'en'] as const) {
      const texts = catalogs[language].wishlist;
      await page.goto(demo[language].product);
      const toggle = page.getByRole('button', { name: texts.toggleShort, exact: true });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect(page).toHaveURL(`${e2eBaseUrl}${demo[language].product}?notice=wishlistAdded`);
      await expect(page.getByRole('status').first()).toHaveText(texts.added);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true', slow);
      await toggle.click();
      // The earlier message is not carried along: one notice, the new one.
      await expect(page).toHaveURL(`${e2eBaseUrl}${demo[language].product}?notice=wishlistRemoved`);
      await expect(page.getByRole('status').first()).toHaveText(texts.removed);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }
    expect(await wishlistIds(page.request)).toEqual([]);
  });

  test('a visitor whose session ended is sent to log in and comes back', async ({ page, context }) => {
    await logIn(page.request);
    await page.goto(demo.hr.product);
    await context.clearCookies();
    await page.getByRole('button', { name: catalogs.hr.wishlist.toggleShort, exact: true }).click();
    await expect(page).toHaveURL(`${e2eBaseUrl}/prijava?redirectTo=${encodeURIComponent(demo.hr.product)}`);
  });
});
