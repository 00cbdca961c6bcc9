import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { formatMoney } from '../../core/money.ts';
import { fromEuro } from '../../server/db/seed/catalogue/prices.ts';
import {
  type BundleSeed,
  type ConfigurableSeed,
  productSeeds,
  type SimpleSeed,
} from '../../server/db/seed/catalogue/products.ts';
import { expect, test } from './fixtures.ts';

const seed = <T>(sku: string) => productSeeds.find((product) => product.sku === sku) as T;
const book = seed<SimpleSeed>('KNJ-001');
const shirt = seed<ConfigurableSeed>('MAJ-001');
const pack = seed<BundleSeed>('PAK-002');
const KUNA_RATE = '7.5345';

const finalPrice = (page: Page) => page.getByTestId('product-final-price');
const mainImage = (page: Page) => page.getByTestId('product-main-image');
const addButton = (page: Page, language: 'hr' | 'en') =>
  page.getByRole('button', { name: catalogs[language].product.cart.add });

test('a simple product shows its name, price and euro equivalent in Croatian and English', async ({
  page,
}) => {
  const response = await page.goto(`/product/${book.slug.hr}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.name.hr);
  // The Croatian store shows kuna with the euro equivalent beside it.
  await expect(finalPrice(page)).toContainText(
    formatMoney({ amount: fromEuro(book.price, KUNA_RATE), currency: 'HRK' }, 'hr'),
  );
  await expect(page.getByTestId('product-page-price-eur')).toContainText(
    formatMoney({ amount: book.price, currency: 'EUR' }, 'hr'),
  );
  await expect(page.getByTestId('product-stock')).toHaveText(catalogs.hr.product.stock.inStock);
  await expect(addButton(page, 'hr')).toBeEnabled();
  await expect(mainImage(page)).toHaveAttribute('loading', 'eager');
  await expect(mainImage(page)).toHaveAttribute(
    'srcset',
    /SmallSize.* \d+w, .*MediumSize.* \d+w, .*LargeSize.* \d+w/,
  );

  await page.getByRole('banner').getByRole('link', { name: 'en', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/en/product/${book.slug.en}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.name.en);
  await expect(finalPrice(page)).toContainText(formatMoney({ amount: book.price, currency: 'EUR' }, 'en'));
  // The English store sells in euro: no second amount.
  await expect(page.getByTestId('product-page-price-eur')).toHaveCount(0);
  // Cross-sells are product cards linking to their own pages.
  await expect(
    page.getByRole('region', { name: catalogs.en.product.crossSell }).getByRole('article'),
  ).toHaveCount(book.crossSells?.length ?? 0);
});

test('an unknown product answers 404', async ({ page }) => {
  expect((await page.goto('/en/product/no-such-product-here'))?.status()).toBe(404);
  expect((await page.goto('/product'))?.status()).toBe(404);
});

test('choosing a variant changes price and image, and sold-out combinations are disabled', async ({
  page,
}) => {
  await page.goto(`/en/product/${shirt.slug.en}`);
  const size = page.locator('select[name="velicina"]');
  const colour = (code: string) => page.locator(`input[name="boja"][value="${code}"]`);
  // The shop default variant is preselected and can be added.
  await expect(size).toHaveValue(shirt.shopDefault.size.toLowerCase());
  await expect(colour(shirt.shopDefault.colour)).toBeChecked();
  await expect(finalPrice(page)).toContainText(formatMoney({ amount: shirt.price, currency: 'EUR' }, 'en'));
  await expect(addButton(page, 'en')).toBeEnabled();

  const surcharged = Object.keys(shirt.sizeSurcharge ?? {})[0]!;
  const [soldOutSize, soldOutColour] = shirt
    .outOfStock!.find((pair) => pair.startsWith(`${surcharged}/`))!
    .split('/');
  const imageBefore = await mainImage(page).getAttribute('data-media-id');
  await size.selectOption(surcharged.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`velicina=${surcharged.toLowerCase()}`));
  await expect(finalPrice(page)).toContainText(
    formatMoney({ amount: shirt.price + shirt.sizeSurcharge![surcharged]!, currency: 'EUR' }, 'en'),
  );
  // XL exists in white, but it is sold out: white cannot be chosen with XL.
  expect(soldOutSize).toBe(surcharged);
  await expect(colour(soldOutColour!)).toBeDisabled();

  const otherColour = shirt.colours.find(
    (code) => code !== shirt.shopDefault.colour && code !== soldOutColour,
  )!;
  await page.locator('label', { has: colour(otherColour) }).click();
  await expect(colour(otherColour)).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`boja=${otherColour}`));
  await expect(mainImage(page)).not.toHaveAttribute('data-media-id', imageBefore!);
  await expect(mainImage(page)).toHaveAttribute('src', new RegExp(otherColour));

  // With a sold-out combination in the link, the page says why it cannot be added.
  const [size2, colour2] = shirt.outOfStock![0]!.split('/');
  await page.goto(`/en/product/${shirt.slug.en}?velicina=${size2!.toLowerCase()}&boja=${colour2}`);
  await expect(addButton(page, 'en')).toBeDisabled();
  await expect(page.getByText(catalogs.en.product.cart.reasons.outOfStock)).toBeVisible();
  // And with no variant chosen, the rule's own message.
  await size.selectOption('');
  await expect(addButton(page, 'en')).toBeDisabled();
  await expect(page.getByText(catalogs.en.product.cart.reasons.configurationNotSet)).toBeVisible();
});

test("the gallery's thumbnails show their image in place; without JavaScript they link to it", async ({
  page,
  browser,
}) => {
  await page.goto(`/en/product/${shirt.slug.en}`);
  const gallery = page.getByRole('region', { name: catalogs.en.product.gallery.label });
  const thumbnails = gallery.getByRole('link');
  expect(await thumbnails.count()).toBeGreaterThan(1);
  const first = await mainImage(page).getAttribute('data-media-id');
  await thumbnails.nth(1).click();
  await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(mainImage(page)).not.toHaveAttribute('data-media-id', first!);
  await expect(page).toHaveURL(new RegExp(`/en/product/${shirt.slug.en}$`));

  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto(`/en/product/${shirt.slug.en}`);
  await expect(
    noScript.getByRole('region', { name: catalogs.en.product.gallery.label }).getByRole('link').nth(1),
  ).toHaveAttribute('href', /\/LargeSize\//);
  await context.close();
});

test('a bundle with a configurable member is customised in its popup before it can be added', async ({
  page,
}) => {
  await page.goto(`/en/product/${pack.slug.en}`);
  const texts = catalogs.en.product;
  await expect(page.getByTestId('bundle-members').getByRole('listitem')).toHaveCount(pack.items.length);
  await expect(addButton(page, 'en')).toBeDisabled();
  await expect(page.getByText(texts.cart.reasons.bundleCustomisationNeeded)).toBeVisible();

  await page.getByRole('link', { name: texts.bundle.customise }).click();
  const dialog = page.getByRole('dialog', { name: texts.bundle.dialogTitle });
  await expect(dialog).toBeVisible();
  // A modal dialog: Escape closes it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: texts.bundle.customise }).click();
  await expect(dialog).toBeVisible();
  await dialog.locator('select[name$="-velicina"]').selectOption('l');
  await dialog.getByRole('button', { name: texts.bundle.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/-velicina=l/);
  await expect(page.getByTestId('bundle-members')).toContainText(/Selected: .*L/);
  await expect(addButton(page, 'en')).toBeEnabled();
});

test('without JavaScript the variant is chosen with the form and the bundle popup opens from its link', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/en/product/${shirt.slug.en}`);
  const surcharged = Object.keys(shirt.sizeSurcharge ?? {})[0]!;
  await page.locator('select[name="velicina"]').selectOption(surcharged.toLowerCase());
  await page.getByRole('button', { name: catalogs.en.product.variants.apply }).click();
  await expect(page).toHaveURL(new RegExp(`velicina=${surcharged.toLowerCase()}`));
  await expect(finalPrice(page)).toContainText(
    formatMoney({ amount: shirt.price + shirt.sizeSurcharge![surcharged]!, currency: 'EUR' }, 'en'),
  );

  await page.goto(`/en/product/${pack.slug.en}`);
  await page.getByRole('link', { name: catalogs.en.product.bundle.customise }).click();
  const dialog = page.getByRole('dialog', { name: catalogs.en.product.bundle.dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.locator('select[name$="-velicina"]').selectOption('s');
  await dialog.getByRole('button', { name: catalogs.en.product.bundle.save }).click();
  await expect(page).toHaveURL(/-velicina=s/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(addButton(page, 'en')).toBeEnabled();
  await context.close();
});

test('the page carries valid schema.org ProductGroup data and links to its other language', async ({
  page,
}) => {
  await page.goto(`/product/${shirt.slug.hr}`);
  const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(raw).not.toContain('<');
  const data = JSON.parse(raw ?? '');
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: shirt.name.hr,
    productGroupID: shirt.sku,
  });
  // Each variant has its own offer; the cheapest is the shirt's base price.
  const offers = (data.hasVariant as { offers: { price: string; priceCurrency: string } }[]).map(
    (variant) => variant.offers,
  );
  expect(new Set(offers.map((offer) => offer.priceCurrency))).toEqual(new Set(['HRK']));
  expect(Math.min(...offers.map((offer) => Number(offer.price)))).toBe(
    fromEuro(shirt.price, KUNA_RATE) / 100,
  );
  expect(data.image[0]).toMatch(/^https?:\/\/.+\/LargeSize\//);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    new RegExp(`/en/product/${shirt.slug.en}$`),
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
});
