import path from 'node:path';
import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { deliveryMethodSeeds, paymentMethodSeeds } from '../../server/db/seed/catalogue/checkout-data.ts';
import { productSeeds, type SimpleSeed } from '../../server/db/seed/catalogue/products.ts';
import { SANDBOX_CARDS } from '../../server/modules/payments/sandbox-cards.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { mailTo } from './support/outbox.ts';

const book = productSeeds.find((product) => product.sku === 'KNJ-001') as SimpleSeed;
const pickup = deliveryMethodSeeds.find((method) => method.methodCode === 15);
const standard = deliveryMethodSeeds.find((method) => method.methodCode === 10);
const cash = paymentMethodSeeds.find((method) => method.paymentType === 'cod');
const bank = paymentMethodSeeds.find((method) => method.paymentType === 'bank_transfer');
const card = paymentMethodSeeds.find((method) => method.paymentType === 'HPF');

const productPath = (slug: string, language: UiLanguage) =>
  language === 'hr' ? `/product/${slug}` : `/${language}/product/${slug}`;
const shots = process.env.CHECKOUT_SHOTS;

async function look(page: Page, name: string) {
  expect(await axeViolations(page)).toEqual([]);
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function addBook(page: Page, language: 'hr' | 'en') {
  await page.goto(productPath(book.slug[language], language));
  await waitForHydration(page);
  await page.getByRole('button', { name: catalogs[language].product.cart.add }).click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('cart', language)}$`), { timeout: 20_000 });
}

async function fillAddress(page: Page, language: 'hr' | 'en', email: string) {
  const fields = catalogs[language].checkout.address.fields;
  const form = page.getByTestId('checkout-address-form');
  const field = (name: keyof typeof fields) => form.locator(`#checkout-delivery-${name}`);
  await expect(form.getByText(fields.firstName, { exact: true }).first()).toBeVisible();
  await field('firstName').fill('Ana');
  await field('lastName').fill('Horvat');
  await field('contactEmail').fill(email);
  await field('contactPhone').fill('+385 91 234 5678');
  await field('country').selectOption('HR');
  await field('city').fill('Zagreb');
  await field('street').fill('Ilica');
  await field('houseNumber').fill('1');
  await field('zipCode').fill('10000');
  // Every required consent of the checkout form.
  for (const box of await form.locator('input[name="consent"]').all()) await box.check();
}

/**
 * A customer of the test's own, registered (and so logged in) through the register page: the demo
 * customer's orders and addresses belong to the profile test.
 */
async function registerCustomer(page: Page): Promise<string> {
  const email = `kupac-${Date.now()}@example.com`;
  const texts = catalogs.en.auth;
  await page.goto('/en/register');
  await page.locator('#field-firstName').fill('Ana');
  await page.locator('#field-lastName').fill('Horvat');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill('Ljeto-Kisa-83!');
  await page.locator('#field-confirmedPassword').fill('Ljeto-Kisa-83!');
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: texts.register.submit }).click();
  await expect(page).toHaveURL(/\/en\?notice=registered$/);
  return email;
}

/** The guests' orders of this file, for the e-mail test. */
const orders: { email: string; number: string }[] = [];

for (const language of ['hr', 'en'] as const) {
  const texts = catalogs[language].checkout;

  test(`${language}: a guest orders a simple product with pickup and cash on delivery`, async ({
    page,
    context,
  }) => {
    await addBook(page, language);
    await page.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath('checkout', language)}`));
    await expect(page.getByTestId('checkout-step-address')).toBeVisible();
    await expect(page.getByTestId('checkout-step-intro')).toHaveText(texts.address.intro.guest);
    await expect(page.getByTestId('checkout-progress').locator('[aria-current="step"]')).toContainText(
      texts.steps.address,
    );
    await look(page, `${language}-guest-1-address`);

    // Nothing filled: every field says why, nothing is saved.
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByTestId('checkout-step-address')).toBeVisible();
    await expect(page.locator('#checkout-delivery-firstName')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#checkout-delivery-firstName-error')).toHaveText(texts.errors.required);
    // Company mode needs a valid OIB (check digit).
    const email = `gost-${language}-${Date.now()}@example.com`;
    await fillAddress(page, language, email);
    await page.getByLabel(texts.address.isCompany).check();
    await page.locator('#checkout-companyName').fill('Firma d.o.o.');
    await page.locator('#checkout-companyOib').fill('12345678900');
    await page.getByTestId('checkout-continue').click();
    await expect(page.locator('#checkout-companyOib-error')).toHaveText(texts.errors.oib);
    await page.getByLabel(texts.address.isCompany).uncheck();
    for (const box of await page.locator('input[name="consent"]').all()) await box.check();
    await page.getByTestId('checkout-continue').click();

    await expect(page.getByTestId('checkout-step-shipping')).toBeVisible();
    await expect(page.getByTestId('checkout-step-intro')).toHaveText(texts.shipping.intro.guest);
    await look(page, `${language}-guest-2-shipping`);
    // Pickup without a branch is refused.
    await page.getByLabel(pickup?.name[language] ?? '').check();
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByText(texts.errors.shippingBranchUndefined)).toBeVisible();
    await page.getByLabel(pickup?.name[language] ?? '').check();
    await page.getByLabel(texts.shipping.branch).selectOption({ index: 1 });
    await page.getByTestId('checkout-continue').click();

    await expect(page.getByTestId('checkout-step-payment')).toBeVisible();
    await look(page, `${language}-guest-3-payment`);
    // Back from payment goes to shipping.
    await expect(page.getByTestId('checkout-back')).toHaveAttribute('href', /step=shipping/);
    await page.getByLabel(cash?.name[language] ?? '').check();
    await page.getByTestId('checkout-confirm').click();

    await expect(page).toHaveURL(new RegExp(`${localizedPath('checkoutSuccess', language)}\\?orderSlug=`), {
      timeout: 20_000,
    });
    await expect(page.getByTestId('checkout-success-title')).toHaveText(texts.success.title);
    await expect(page.getByTestId('checkout-next-step')).toHaveText(texts.success.cash);
    const number = (await page.getByTestId('checkout-order-number').textContent())?.split(': ')[1] ?? '';
    expect(number).not.toBe('');
    await look(page, `${language}-guest-4-success`);
    // The cart session ended with the order.
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name === 'cartId')).toEqual([]);
    orders.push({ email, number });
  });
}

test('en: a registered user orders with delivery and bank transfer; the order is in the profile history with its popup', async ({
  page,
}) => {
  const language = 'en';
  const texts = catalogs[language].checkout;
  const email = await registerCustomer(page);
  await addBook(page, language);
  await page.goto(localizedPath('checkout', language));
  await expect(page.getByTestId('checkout-step-intro')).toHaveText(texts.address.intro.user);
  await fillAddress(page, language, email);
  // A house number of this run: the checkout saves the address to the account (section 4).
  const houseNumber = String(Date.now() % 1_000_000);
  await page.locator('#checkout-delivery-street').fill('Vukovarska');
  await page.locator('#checkout-delivery-houseNumber').fill(houseNumber);
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-shipping')).toBeVisible();
  await page.getByLabel(standard?.name[language] ?? '').check();
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-payment')).toBeVisible();
  await expect(page.getByTestId('checkout-step-intro')).toHaveText(texts.payment.intro.user);
  await page.getByLabel(bank?.name[language] ?? '').check();
  await page.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('checkout-next-step')).toHaveText(texts.success.bank, { timeout: 20_000 });
  // The payment details and the HUB-3 barcode (PDF417, an SVG drawn by the server).
  await expect(page.getByTestId('checkout-bank')).toContainText(texts.success.iban);
  await expect(page.getByTestId('checkout-hub3').locator('svg')).toBeVisible();
  await look(page, 'en-user-bank-success');
  const number = (await page.getByTestId('checkout-order-number').textContent())?.split(': ')[1] ?? '';

  // The checkout's address was saved to the account: /profil shows it as the main and the shipping address.
  await page.goto(localizedPath('profile', 'hr'));
  for (const card of ['main-address', 'shipping-address'])
    await expect(page.getByTestId(card)).toContainText(`Vukovarska ${houseNumber}`);

  await page.goto(`${localizedPath('profile', language)}#my-orders`);
  const entry = page.getByTestId('order-history-entry').filter({ hasText: number });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('order-history-state')).toHaveText(texts.history.pending);
  await entry.getByTestId('order-details-open').click();
  const dialog = page.getByRole('dialog', { name: texts.history.detailsOf.replace('{{number}}', number) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('cell', { name: book.name[language] })).toBeVisible();
  await look(page, 'en-user-history-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(entry.getByTestId('order-details-open')).toBeFocused();

  // The next checkout (a new cart) starts from the account's addresses.
  await addBook(page, language);
  await page.goto(localizedPath('checkout', language));
  await expect(page.locator('#checkout-delivery-street')).toHaveValue('Vukovarska');
  await expect(page.locator('#checkout-delivery-houseNumber')).toHaveValue(houseNumber);
});

/** On the sandbox gateway's card page (its texts follow the order's language; the fields have ids). */
async function payOnGateway(page: Page, number: string) {
  await page.waitForURL(/\/sandbox-gateway\/pay\//, { timeout: 20_000 });
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill('12/39');
  await page.locator('#cvc').fill('123');
  await page.locator('#holder').fill('Ana Horvat');
  await page.locator('button[name="action"][value="pay"]').click();
}

async function toPaymentStep(page: Page, language: 'hr' | 'en', email: string) {
  await page.goto(localizedPath('checkout', language));
  await waitForHydration(page);
  await fillAddress(page, language, email);
  await page.getByTestId('checkout-continue').click();
  await page.getByLabel(standard?.name[language] ?? '').check();
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-payment')).toBeVisible();
}

for (const language of ['hr', 'en'] as const) {
  const texts = catalogs[language].checkout;

  // The strict fixture: the gateway's pages too log no console error (their icon is inline).
  test(`${language}: card through the sandbox: declined → failure page → cart intact → retry → approved → success`, async ({
    page,
  }) => {
    const email = `kartica-${language}-${Date.now()}@example.com`;
    await addBook(page, language);
    await toPaymentStep(page, language, email);
    // The card shows its schemes.
    await expect(page.getByTestId('card-logos')).toBeVisible();
    await page.getByLabel(card?.name[language] ?? '').check();
    await page.getByTestId('checkout-confirm').click();
    await payOnGateway(page, SANDBOX_CARDS.decline);

    await expect(page).toHaveURL(new RegExp(`${localizedPath('checkoutFailure', language)}`), {
      timeout: 20_000,
    });
    await expect(page.getByTestId('checkout-failure-title')).toHaveText(texts.failure.title);
    await look(page, `${language}-card-failure`);
    await page.getByTestId('checkout-failure-cart').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText(book.name[language]);

    // Retry: the same cart, the card that approves.
    await page.getByTestId('cart-checkout').click();
    await expect(page.getByTestId('checkout-step-address')).toBeVisible();
    // The address is kept with the cart; consents are asked again (never ticked in advance).
    await expect(page.locator('#checkout-delivery-contactEmail')).toHaveValue(email);
    for (const box of await page.locator('input[name="consent"]').all()) await box.check();
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByTestId('checkout-step-shipping')).toBeVisible();
    await page.getByTestId('checkout-continue').click();
    await expect(page.getByTestId('checkout-step-payment')).toBeVisible();
    await page.getByLabel(card?.name[language] ?? '').check();
    await page.getByTestId('checkout-confirm').click();
    await payOnGateway(page, SANDBOX_CARDS.approve);
    await expect(page).toHaveURL(new RegExp(`${localizedPath('checkoutSuccess', language)}\\?orderSlug=`), {
      timeout: 20_000,
    });
    await expect(page.getByTestId('checkout-success-title')).toHaveText(texts.success.title);
  });
}

/** A guest's order of the book through the server-rendered forms: courier, then the given payment. */
async function orderWithoutJavaScript(page: Page, language: 'hr' | 'en', email: string, payment = '') {
  await page.goto(productPath(book.slug[language], language));
  await page.getByRole('button', { name: catalogs[language].product.cart.add }).click();
  await expect(page).toHaveURL(new RegExp(localizedPath('cart', language)));
  await page.goto(localizedPath('checkout', language));
  await fillAddress(page, language, email);
  await page.getByTestId('checkout-continue').click();
  await page.getByLabel(standard?.name[language] ?? '').check();
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-payment')).toBeVisible();
  await page.getByLabel(payment).check();
  await page.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('checkout-success-title')).toHaveText(
    catalogs[language].checkout.success.title,
  );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('hr: a guest orders with cash on delivery', async ({ page }) => {
    const language = 'hr';
    const texts = catalogs[language].checkout;
    await orderWithoutJavaScript(page, language, `bez-js-${Date.now()}@example.com`, cash?.name[language]);
    await expect(page.getByTestId('checkout-next-step')).toHaveText(texts.success.cash);
  });

  test('hr: a guest orders with bank transfer and gets the payment details', async ({ page }) => {
    const language = 'hr';
    const texts = catalogs[language].checkout;
    await orderWithoutJavaScript(
      page,
      language,
      `bez-js-banka-${Date.now()}@example.com`,
      bank?.name[language],
    );
    await expect(page.getByTestId('checkout-next-step')).toHaveText(texts.success.bank);
    await expect(page.getByTestId('checkout-bank')).toContainText(texts.success.iban);
    await expect(page.getByTestId('checkout-hub3').locator('svg')).toBeVisible();
  });
});

test('the failure page on its own: its title and the way back to the cart, axe clean', async ({ page }) => {
  for (const language of ['hr', 'en'] as const) {
    await page.goto(localizedPath('checkoutFailure', language));
    await expect(page.getByTestId('checkout-failure-title')).toHaveText(
      catalogs[language].checkout.failure.title,
    );
    await expect(page.getByTestId('checkout-failure-cart')).toHaveAttribute(
      'href',
      localizedPath('cart', language),
    );
    expect(await axeViolations(page)).toEqual([]);
  }
});

// Runs after the guests' orders above (the file's tests run in order, one worker).
test('the confirmation e-mail of each guest order is in the outbox', async () => {
  expect(orders.length).toBeGreaterThan(0);
  for (const order of orders) {
    const mail = await mailTo(order.email);
    expect(mail).toContain(order.number);
  }
});

test('en: a registered user orders a configurable product (a variant chosen) and a bundle with delivery and the card (approved)', async ({
  page,
}) => {
  const language = 'en';
  const texts = catalogs[language].checkout;
  const shirt = productSeeds.find((product) => product.sku === 'MAJ-001')!;
  const starter = productSeeds.find((product) => product.sku === 'PAK-001')!;
  const add = () => page.getByRole('button', { name: catalogs[language].product.cart.add });
  const email = await registerCustomer(page);

  // The T-shirt: no variant, no adding; a size and a colour make one.
  await page.goto(productPath(shirt.slug[language], language));
  const size = page.locator('select[name="velicina"]');
  await size.selectOption('');
  await expect(add()).toBeDisabled();
  await size.selectOption({ index: 1 });
  await page.locator('label:has(input[name="boja"]:not([disabled]))').first().click();
  await expect(add()).toBeEnabled();
  await add().click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('cart', language)}$`), { timeout: 20_000 });
  await page.goto(productPath(starter.slug[language], language));
  await add().click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('cart', language)}$`), { timeout: 20_000 });
  await expect(page.getByTestId('cart-line')).toHaveCount(2);

  await page.goto(localizedPath('checkout', language));
  await fillAddress(page, language, email);
  await page.getByTestId('checkout-continue').click();
  await page.getByLabel(standard?.name[language] ?? '').check();
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-step-payment')).toBeVisible();
  await page.getByLabel(card?.name[language] ?? '').check();
  await page.getByTestId('checkout-confirm').click();
  await payOnGateway(page, SANDBOX_CARDS.approve);
  await expect(page).toHaveURL(new RegExp(`${localizedPath('checkoutSuccess', language)}\\?orderSlug=`), {
    timeout: 20_000,
  });
  await expect(page.getByTestId('checkout-success-title')).toHaveText(texts.success.title);
  // The order's lines: the chosen T-shirt and the bundle, one each.
  const orderLines = page.getByRole('list', { name: texts.summary.items }).getByRole('listitem');
  await expect(orderLines).toHaveCount(2);
  await expect(orderLines.filter({ hasText: shirt.name[language] })).toHaveCount(1);
  await expect(orderLines.filter({ hasText: starter.name[language] })).toHaveCount(1);
  // The T-shirt's line names its variant's size and colour under the parent's name (issue 13).
  await expect(
    orderLines.filter({ hasText: shirt.name[language] }).getByTestId('checkout-line-options'),
  ).toHaveText(/^[^:;]+: [^;]+; [^:;]+: [^;]+$/);
  for (const line of await orderLines.all())
    await expect(line).toContainText(texts.summary.quantity.replace('{{count}}', '1'));
  await look(page, 'en-user-card-success');
});
