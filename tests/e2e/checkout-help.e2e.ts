import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { localizedPath } from '../../core/route-table.ts';
import { productSeeds, type SimpleSeed } from '../../server/db/seed/catalogue/products.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';

// The checkout's help dialog (docs/decisions/0323): opens by itself on the first checkout visit after
// an add to cart, guest and user texts, focus trapped, Escape closes, focus back, "don't show again".

test.use({ checkoutHelp: true });

const book = productSeeds.find((product) => product.sku === 'KNJ-001') as SimpleSeed;
const shots = process.env.CHECKOUT_SHOTS;

async function addBookAndCheckout(page: Page, language: 'hr' | 'en') {
  await page.goto(language === 'hr' ? `/product/${book.slug.hr}` : `/en/product/${book.slug.en}`);
  await page.getByRole('button', { name: catalogs[language].product.cart.add }).click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('cart', language)}$`), { timeout: 20_000 });
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(new RegExp(localizedPath('checkout', language)));
}

for (const language of ['hr', 'en'] as const) {
  const help = catalogs[language].checkout.help;

  test(`${language}: a guest sees the help after adding to cart; focus stays in it; "don't show again" is kept`, async ({
    page,
  }) => {
    await addBookAndCheckout(page, language);
    const dialog = page.getByRole('dialog', { name: help.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('checkout-help-address')).toHaveText(help.address.guest);
    await expect(dialog.getByTestId('checkout-help-payment')).toHaveText(help.payment.guest);
    const back = encodeURIComponent(localizedPath('checkout', language));
    await expect(dialog.getByRole('link', { name: help.login })).toHaveAttribute(
      'href',
      `${localizedPath('login', language)}?redirectTo=${back}`,
    );
    await expect(dialog.getByRole('link', { name: help.register })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/${language}-checkout-help.png` });

    // Focus is inside and Tab never leaves the dialog.
    for (let index = 0; index < 8; index += 1) {
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const opener = page.getByTestId('checkout-help-open');
    await expect(opener).toBeFocused();

    // Shown once per add to cart: a reload does not open it, the button does.
    await page.reload();
    await expect(page.getByTestId('checkout-step-address')).toBeVisible();
    await expect(dialog).toBeHidden();
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: help.dontShow }).check();
    await dialog.getByRole('button', { name: help.continueGuest }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // "Don't show again": the next add to cart does not open it, and the box stays ticked.
    await addBookAndCheckout(page, language);
    await expect(page.getByTestId('checkout-step-address')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByTestId('checkout-help-open').click();
    await expect(dialog.getByRole('checkbox', { name: help.dontShow })).toBeChecked();
  });
}

test('en: a logged-in customer gets the user texts and no login choice', async ({ page }) => {
  const help = catalogs.en.checkout.help;
  await page.goto('/en/register');
  await page.locator('#field-firstName').fill('Ana');
  await page.locator('#field-lastName').fill('Horvat');
  await page.locator('#field-email').fill(`pomoc-${Date.now()}@example.com`);
  await page.locator('#field-password').fill('Ljeto-Kisa-83!');
  await page.locator('#field-confirmedPassword').fill('Ljeto-Kisa-83!');
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: catalogs.en.auth.register.submit }).click();
  await expect(page).toHaveURL(/\/en\?notice=registered$/);
  await addBookAndCheckout(page, 'en');
  const dialog = page.getByRole('dialog', { name: help.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('checkout-help-address')).toHaveText(help.address.user);
  await expect(dialog.getByRole('link', { name: help.login })).toHaveCount(0);
  await dialog.getByRole('button', { name: help.continue }).click();
  await expect(dialog).toBeHidden();
});

test('without JavaScript the checkout shows no help button and works as before', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/en/product/${book.slug.en}`);
  await page.getByRole('button', { name: catalogs.en.product.cart.add }).click();
  await page.goto(localizedPath('checkout', 'en'));
  await expect(page.getByTestId('checkout-step-address')).toBeVisible();
  await expect(page.getByTestId('checkout-help-open')).toBeHidden();
  await context.close();
});
