import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { catalogs } from '../../app/i18n/catalog.ts';
import { withEan13CheckDigit } from '../../core/ean13.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { openPglite } from '../../server/db/client.ts';
import { memberCardSeeds } from '../../server/db/seed/catalogue/checkout-data.ts';
import {
  type BundleSeed,
  type ConfigurableSeed,
  productSeeds,
  type SimpleSeed,
} from '../../server/db/seed/catalogue/products.ts';
import { expect, test } from './fixtures.ts';
import { prepareDemoDataDir, type ServerProcess, startServerProcess } from './support/server-process.ts';

const seed = <T>(sku: string) => productSeeds.find((product) => product.sku === sku) as T;
const book = seed<SimpleSeed>('KNJ-001');
const memberBook = seed<SimpleSeed>('KNJ-004');
const personalised = seed<SimpleSeed>('KNJ-008');
const shirt = seed<ConfigurableSeed>('MAJ-001');
const pack = seed<BundleSeed>('PAK-002');
const customer = { username: 'kupac@ucionica.local', password: 'Kupac123!' };

const productPath = (slug: string, language: UiLanguage) =>
  language === 'hr' ? `/product/${slug}` : `/${language}/product/${slug}`;
const addButton = (page: Page, language: UiLanguage) =>
  page.getByRole('button', { name: catalogs[language].product.cart.add });
const lines = (page: Page) => page.getByTestId('cart-line');
const headerCount = (page: Page) => page.getByRole('banner').getByTestId('header-cart-count');

async function cartCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return cookies.filter((cookie) => cookie.name === 'cartId' || cookie.name === 'protectCode');
}

for (const language of ['hr', 'en'] as const) {
  const texts = catalogs[language].cart;

  test(`${language}: a simple product goes to the cart page; quantity by the arrows and by typing, a coupon, removing`, async ({
    page,
    context,
  }) => {
    await page.goto(localizedPath('cart', language));
    await expect(page.getByTestId('cart-empty')).toContainText(texts.empty.title);
    await expect(page.getByRole('link', { name: texts.empty.start })).toHaveAttribute(
      'href',
      localizedPath('shop', language),
    );

    await page.goto(productPath(book.slug[language], language));
    await addButton(page, language).click();
    // Cart type 0 (the default): the shopper goes to the cart page.
    await expect(page).toHaveURL(new RegExp(`${localizedPath('cart', language)}$`), { timeout: 20_000 });
    const cookies = await cartCookies(context);
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['cartId', 'protectCode']);
    for (const cookie of cookies) {
      expect(cookie.path).toBe('/');
      // One year (give or take the test's run time).
      expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    }
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).getByTestId('cart-line-name')).toHaveText(book.name[language]);
    await expect(headerCount(page)).toHaveText('1');
    const breadcrumb = page.getByRole('navigation', { name: catalogs[language].content.breadcrumb });
    await expect(breadcrumb.getByRole('link')).toHaveCount(2);

    const qty = lines(page).getByTestId('cart-line-qty');
    const total = lines(page).getByTestId('cart-line-total');
    const totalOfOne = await total.textContent();
    const decrease = page.getByRole('button', {
      name: texts.lines.decrease.replace('{{name}}', book.name[language]),
    });
    const increase = page.getByRole('button', {
      name: texts.lines.increase.replace('{{name}}', book.name[language]),
    });
    // Minus only above 1.
    await expect(decrease).toBeDisabled();
    await increase.click();
    await increase.click();
    await expect(qty).toHaveValue('3');
    await expect(total).not.toHaveText(totalOfOne!);
    await expect(headerCount(page)).toHaveText('3');
    await decrease.click();
    await expect(qty).toHaveValue('2');
    await expect(headerCount(page)).toHaveText('2');
    // Typing: a value that is not a quantity says so and sends nothing.
    await qty.fill('0');
    await expect(lines(page).getByRole('alert')).toHaveText(texts.errors.invalidQuantity);
    await qty.fill('5');
    await expect(lines(page).getByRole('alert')).toHaveCount(0);
    await expect(headerCount(page)).toHaveText('5');
    await page.reload();
    await expect(lines(page).getByTestId('cart-line-qty')).toHaveValue('5');

    // A coupon: an unknown one is refused on its field, a valid one shows its discount and locks the field.
    await page.getByText(texts.coupon.toggle).click();
    const code = page.getByLabel(texts.coupon.label, { exact: true });
    await code.fill('NEMA-TAKVOG');
    await page.getByRole('button', { name: texts.coupon.apply }).click();
    await expect(page.getByTestId('coupon-box').getByRole('alert')).toHaveText(texts.errors.couponNotFound);
    await code.fill('dobrodosli10');
    await page.getByRole('button', { name: texts.coupon.apply }).click();
    await expect(page.getByTestId('coupon-applied')).toContainText('DOBRODOSLI10');
    await expect(page.getByTestId('summary-coupon')).toBeVisible();
    await expect(code).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: texts.coupon.remove }).click();
    await expect(page.getByTestId('summary-coupon')).toHaveCount(0);
    await expect(code).not.toHaveAttribute('readonly', '');

    // Removing: the line goes, and with it the header's count.
    await page
      .getByRole('button', { name: texts.lines.removeItem.replace('{{name}}', book.name[language]) })
      .click();
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(headerCount(page)).toHaveCount(0);
  });
}

test('a configurable product goes to the cart after a variant is chosen, with the variant on its line', async ({
  page,
}) => {
  await page.goto(productPath(shirt.slug.en, 'en'));
  const size = page.locator('select[name="velicina"]');
  // The shop's default values are preselected; without a size there is no variant to add.
  await size.selectOption('');
  await expect(addButton(page, 'en')).toBeDisabled();
  await size.selectOption({ index: 1 });
  await page.locator('label:has(input[name="boja"]:not([disabled]))').first().click();
  await expect(addButton(page, 'en')).toBeEnabled();
  await addButton(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).getByTestId('cart-line-options')).toContainText(catalogs.en.cart.lines.options);
});

test('a bundle with a configurable member goes to the cart through its popup', async ({ page }) => {
  const texts = catalogs.en.product;
  await page.goto(productPath(pack.slug.en, 'en'));
  await expect(addButton(page, 'en')).toBeDisabled();
  await page.getByRole('link', { name: texts.bundle.customise }).click();
  const dialog = page.getByRole('dialog', { name: texts.bundle.dialogTitle });
  await dialog.locator('select[name$="-velicina"]').selectOption('l');
  await dialog.getByRole('button', { name: texts.bundle.save }).click();
  await expect(dialog).toBeHidden();
  await addButton(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).getByTestId('cart-line-name')).toHaveText(pack.name.en);
  await expect(lines(page).getByTestId('cart-line-options')).toContainText(/L/);
});

test('a product with custom options carries what the shopper typed onto its line', async ({ page }) => {
  await page.goto(productPath(personalised.slug.hr, 'hr'));
  // The required name is checked by the browser before anything is sent.
  await addButton(page, 'hr').click();
  await expect(page).toHaveURL(new RegExp(`/product/${personalised.slug.hr}`));
  await page.getByLabel(/Ime djeteta/).fill('Ana');
  await addButton(page, 'hr').click();
  await expect(page).toHaveURL(/\/kosarica$/);
  await expect(lines(page).getByTestId('cart-line-options')).toContainText('Ana');
});

test('a logged-in shopper applies a member card and sees membership prices; logout ends the cart session', async ({
  page,
  context,
}) => {
  const response = await page.request.post('/api/v1/login', { data: customer });
  expect(response.status()).toBe(200);
  await page.goto(productPath(memberBook.slug.en, 'en'));
  await addButton(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  const unit = lines(page).getByTestId('cart-line-unit');
  const before = await unit.textContent();
  const texts = catalogs.en.cart;
  const barcode = page.getByLabel(texts.memberCard.label);
  await barcode.fill('1234567890123');
  await page.getByRole('button', { name: texts.memberCard.apply }).click();
  await expect(page.getByRole('alert').filter({ hasText: texts.errors.barcodeInvalid })).toBeVisible();
  const card = withEan13CheckDigit(memberCardSeeds[0]!.first12);
  await barcode.fill(card);
  await page.getByRole('button', { name: texts.memberCard.apply }).click();
  await expect(page.getByTestId('member-card-applied')).toBeVisible();
  await expect(unit).not.toHaveText(before!);

  // Loyalty points in the summary: the balance, a refused amount with its field error, then spent.
  await expect(page.getByTestId('loyalty-balance')).toContainText('350');
  const points = page.getByLabel(texts.loyalty.label);
  const usePoints = page.getByRole('button', { name: texts.loyalty.apply });
  await points.fill('many');
  await usePoints.click();
  await expect(page.getByRole('alert').filter({ hasText: texts.errors.loyaltyInvalid })).toBeVisible();
  await points.fill('9999999');
  await usePoints.click();
  await expect(page.getByRole('alert').filter({ hasText: texts.errors.loyaltyInvalid })).toBeVisible();
  const total = await page.getByTestId('cart-total').textContent();
  await points.fill('10');
  await usePoints.click();
  await expect(page.getByTestId('summary-loyalty-points')).toHaveText(
    texts.summary.points.replace('{{count}}', '10'),
  );
  await expect(page.getByRole('alert').filter({ hasText: texts.errors.loyaltyInvalid })).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).not.toHaveText(total!);

  // The card applied in the cart is kept on the profile too.
  await page.goto(localizedPath('profile', 'en'));
  await expect(page.getByText(catalogs.en.profile.memberCard.replace('{{code}}', card))).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: catalogs.en.auth.account.logout }).click();
  await expect(page).toHaveURL(/notice=loggedOut/);
  expect(await cartCookies(context)).toEqual([]);
});

test('logging in from the cart leads to the checkout route', async ({ page }) => {
  await page.goto(productPath(book.slug.en, 'en'));
  await addButton(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await page.getByTestId('cart-login').click();
  await page.locator('#field-username').fill(customer.username);
  await page.locator('#field-password').fill(customer.password);
  await page.getByRole('button', { name: catalogs.en.auth.login.submit }).click();
  // The checkout screen comes with the checkout issue: the route is where the shopper lands.
  await expect(page).toHaveURL(/\/en\/checkout$/);
});

test('emptying the cart; switching the language ends the cart session', async ({ page, context }) => {
  await page.goto(productPath(book.slug.hr, 'hr'));
  await addButton(page, 'hr').click();
  await expect(page).toHaveURL(/\/kosarica$/);
  await page.getByTestId('cart-clear').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  await page.goto(productPath(book.slug.hr, 'hr'));
  await addButton(page, 'hr').click();
  await expect(page).toHaveURL(/\/kosarica$/);
  expect(await cartCookies(context)).toHaveLength(2);
  await page.getByRole('banner').getByRole('link', { name: 'en', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  expect(await cartCookies(context)).toEqual([]);
});

test('without JavaScript: add, change the quantity, a coupon, remove and empty the cart are forms', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const texts = catalogs.en.cart;
  await page.goto(productPath(book.slug.en, 'en'));
  await addButton(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/cart\?message=added$/);
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.added);
  await expect(lines(page)).toHaveCount(1);

  await page.getByRole('button', { name: texts.lines.increase.replace('{{name}}', book.name.en) }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.updated);
  await expect(lines(page).getByTestId('cart-line-qty')).toHaveValue('2');
  await lines(page).getByTestId('cart-line-qty').fill('4');
  await page.getByRole('button', { name: texts.lines.update }).click();
  await expect(lines(page).getByTestId('cart-line-qty')).toHaveValue('4');
  // 0 is refused (the browser's own check of min=1, the action's when that is bypassed): nothing changes.
  await lines(page).getByTestId('cart-line-qty').fill('0');
  await page.getByRole('button', { name: texts.lines.update }).click();
  await page.goto(localizedPath('cart', 'en'));
  await expect(lines(page).getByTestId('cart-line-qty')).toHaveValue('4');

  await page.getByText(texts.coupon.toggle).click();
  await page.getByLabel(texts.coupon.label, { exact: true }).fill('DOBRODOSLI10');
  await page.getByRole('button', { name: texts.coupon.apply }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.couponApplied);
  await expect(page.getByTestId('summary-coupon')).toBeVisible();

  await page.getByRole('button', { name: texts.lines.removeItem.replace('{{name}}', book.name.en) }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.removed);
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  await page.goto(productPath(book.slug.en, 'en'));
  await addButton(page, 'en').click();
  await page.getByTestId('cart-clear').click();
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.cleared);
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await context.close();
});

test("without JavaScript: the profile's member card pre-fills the form, applying it keeps its cookie, points are spent", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const texts = catalogs.en.cart;
  expect((await context.request.post('/api/v1/login', { data: customer })).status()).toBe(200);
  // The same card the test with JavaScript saves, so the two may run side by side.
  const card = withEan13CheckDigit(memberCardSeeds[0]!.first12);
  const saved = await context.request.patch('/api/v1/user/web/update', { data: { memberCardBarcode: card } });
  expect(saved.status()).toBe(200);

  await page.goto(productPath(memberBook.slug.en, 'en'));
  await addButton(page, 'en').click();
  await expect(page).toHaveURL(/\/en\/cart\?message=added$/);
  const barcode = page.getByLabel(texts.memberCard.label);
  await expect(barcode).toHaveValue(card);
  expect((await context.cookies()).find((cookie) => cookie.name === 'memberCardBarcode')).toBeUndefined();
  const unit = lines(page).getByTestId('cart-line-unit');
  const before = await unit.textContent();
  await page.getByRole('button', { name: texts.memberCard.apply }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.memberCardApplied);
  await expect(page.getByTestId('member-card-applied')).toBeVisible();
  await expect(unit).not.toHaveText(before!);
  const cookie = (await context.cookies()).find((entry) => entry.name === 'memberCardBarcode');
  expect(cookie?.value).toBe(card);

  const points = page.getByLabel(texts.loyalty.label);
  await points.fill('many');
  await page.getByRole('button', { name: texts.loyalty.apply }).click();
  await expect(page.getByRole('alert').filter({ hasText: texts.errors.loyaltyInvalid })).toBeVisible();
  await page.goto(localizedPath('cart', 'en'));
  const total = await page.getByTestId('cart-total').textContent();
  await page.getByLabel(texts.loyalty.label).fill('10');
  await page.getByRole('button', { name: texts.loyalty.apply }).click();
  await expect(page.getByTestId('cart-message')).toHaveText(texts.messages.loyaltyApplied);
  await expect(page.getByTestId('summary-loyalty-points')).toHaveText(
    texts.summary.points.replace('{{count}}', '10'),
  );
  await expect(page.getByTestId('cart-total')).not.toHaveText(total!);
  await context.close();
});

test.describe('the cart types 1 (stay) and 2 (cart modal)', () => {
  test.describe.configure({ mode: 'serial' });
  let dataDir: string;
  let server: ServerProcess | undefined;

  async function startWithCartType(cartType: number) {
    await server?.stop();
    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await database.db.execute(sql`update checkout_settings set cart_type = ${cartType}`);
    await database.close();
    server = await startServerProcess({ dataDir, readyTimeoutMs: 300_000 });
    return server.baseUrl;
  }

  test.beforeAll(async () => {
    test.setTimeout(400_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cart-types-'));
    // The demo site (the run's prepared copy, or a first start); the setting is changed while no server holds the database.
    await prepareDemoDataDir(dataDir);
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('cart type 1: the shopper stays on the product page, told by a toast; the header counts', async ({
    page,
  }) => {
    test.setTimeout(400_000);
    const base = await startWithCartType(1);
    await page.goto(`${base}${productPath(book.slug.en, 'en')}`);
    await page.evaluate(() => {
      window.addEventListener('added-to-cart', (event) => {
        (window as unknown as { added: unknown }).added = (event as CustomEvent).detail;
      });
    });
    await addButton(page, 'en').click();
    await expect(page.getByText(catalogs.en.cart.add.added)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/en/product/${book.slug.en}$`));
    await expect(headerCount(page)).toHaveText('1');
    expect(await page.evaluate(() => (window as unknown as { added: unknown }).added)).toMatchObject({
      count: 1,
    });
  });

  for (const language of ['hr', 'en'] as const)
    test(`${language}: cart type 2: the cart modal opens over the page, focus trapped, Escape closes it`, async ({
      page,
    }) => {
      test.setTimeout(400_000);
      const base = language === 'hr' ? await startWithCartType(2) : server!.baseUrl;
      const texts = catalogs[language].cart;
      await page.goto(`${base}${productPath(book.slug[language], language)}`);
      await addButton(page, language).click();
      const modal = page.getByRole('dialog', { name: texts.modal.title });
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('cart-line')).toHaveCount(1);
      await expect(modal.getByTestId('cart-summary')).toBeVisible();
      await expect(modal.getByLabel(texts.instructions.label)).toBeVisible();
      await expect(modal.getByRole('link', { name: texts.modal.goToCart })).toHaveAttribute(
        'href',
        localizedPath('cart', language),
      );
      const box = await modal.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.height).toBeGreaterThan(viewport.height * 0.75);
      // Focus stays inside.
      for (let step = 0; step < 30; step++) {
        await page.keyboard.press('Tab');
        expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect(addButton(page, language)).toBeFocused();
      await expect(headerCount(page)).toHaveText('1');
    });
});
