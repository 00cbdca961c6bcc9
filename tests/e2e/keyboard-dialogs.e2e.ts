import type { Locator, Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { type BundleSeed, productSeeds } from '../../server/db/seed/catalogue/products.ts';
import { expect as baseExpect, test, waitForHydration } from './fixtures.ts';

/**
 * Keyboard-only use of the modal dialogs and the price slider (issue 10, defects 1 and 4; the
 * primitives of docs/decisions/0200-accessible-primitives.md). Pointer actions are not used: focus
 * moves with Tab, and controls are worked with Enter, Space, Escape and the arrow keys.
 */

// A filter change is a page load (two rounds of API calls); a busy machine needs more than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const hr = catalogs.hr.shop;
const BOOKS = '/shop/knjige';
const pack = productSeeds.find((product) => product.sku === 'PAK-002') as BundleSeed;

const isFocusedInside = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement));
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
  });

/** Whether `element.focus()` gives it focus (an element in an inert part of the page takes none). */
const focusTakes = (element: HTMLElement) => {
  element.focus();
  return document.activeElement === element;
};

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never gets it. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the mobile filter dialog works with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(BOOKS);
  const opener = page.locator('button[data-testid="open-filters"]');
  await tabTo(page, opener);

  // Enter opens it; focus is inside, on its first control; it is named by its heading.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: hr.filters.title });
  await expect(dialog).toBeVisible();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const close = dialog.getByRole('button', { name: hr.filters.close });
  const apply = dialog.getByRole('button', { name: hr.filters.showResults });
  await expect(close).toBeFocused();

  // Tab and Shift+Tab wrap at both ends, and no Tab leaves it.
  await page.keyboard.press('Shift+Tab');
  await expect(apply).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  const stops = await dialog.evaluate(
    (element) =>
      element.querySelectorAll('a[href], button, input:not([type="hidden"]), select, [tabindex="0"]').length,
  );
  expect(stops).toBeGreaterThan(5);
  for (let presses = 0; presses < stops + 3; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await isFocusedInside(dialog), `Tab ${presses + 1}: ${await focusedName(page)}`).toBe(true);
  }

  // The page behind is inert (nothing there takes focus, not even by script) and does not scroll.
  const behind = page.getByTestId('product-grid').locator('a').first();
  expect(await behind.evaluate(focusTakes)).toBe(false);
  expect(await behind.evaluate((link) => link.closest('[inert]') !== null)).toBe(true);
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');

  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  expect(await behind.evaluate((link) => link.closest('[inert]') === null)).toBe(true);

  // So does its close button.
  await page.keyboard.press('Enter');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A filter ticked with Space applies at once: the new listing opens with the dialog open and the
  // focus back on that box; "show results" closes it.
  await page.keyboard.press('Enter');
  const age = dialog.getByRole('checkbox', { name: /6 – 9 godina/ });
  await tabTo(page, age);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]dob=6-9(&|$)/);
  await waitForHydration(page);
  await expect(dialog).toBeVisible();
  await expect(age).toBeChecked();
  await expect(age).toBeFocused();
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toHaveText(`${hr.filters.open} (1)`);
  await expect(opener).toBeFocused();
});

/** A thumb's value as a number. */
const thumbValue = async (thumb: Locator) => Number(await thumb.getAttribute('aria-valuenow'));

test('the price filter is one slider with two thumbs, worked with the keyboard', async ({ page }) => {
  // Five listings load one after the other.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(BOOKS);
  const filters = page.getByTestId('filter-form-desktop');
  await expect(filters.getByTestId('range-slider')).toHaveCount(1);
  const low = filters.getByRole('slider', { name: hr.filters.priceMin, exact: true });
  const high = filters.getByRole('slider', { name: hr.filters.priceMax, exact: true });
  const min = Number(await low.getAttribute('aria-valuemin'));
  const max = Number(await high.getAttribute('aria-valuemax'));
  expect(max).toBeGreaterThan(min + 10);
  expect(await thumbValue(low)).toBe(min);
  expect(await thumbValue(high)).toBe(max);
  // The value is spoken as money in the listing's currency.
  const money = (value: number) => new RegExp(`^${value},00\\s\\S+$`);
  await expect(low).toHaveAttribute('aria-valuetext', money(min));

  // Each change loads the listing's new address after the pause for typing (500 ms), so each step
  // below ends with one change (keys that cannot move a thumb change nothing) and the new listing.
  const settle = async (price: string) => {
    await expect(page).toHaveURL(new RegExp(`[?&]price=${price}$`));
    await waitForHydration(page);
  };

  // An arrow key moves a thumb.
  await tabTo(page, low);
  await page.keyboard.press('ArrowRight');
  await expect(low).toHaveAttribute('aria-valuenow', String(min + 1));
  await expect(low).toHaveAttribute('aria-valuetext', money(min + 1));
  await expect(filters.getByLabel(hr.filters.from, { exact: true })).toHaveValue(String(min + 1));
  await settle(`${min + 1}-`);
  await expect(low).toHaveAttribute('aria-valuenow', String(min + 1));
  for (const price of await shownPrices(page)) expect(price).toBeGreaterThanOrEqual(min + 1);

  // Home takes the maximum thumb down to the minimum one, and no key takes it further.
  await tabTo(page, high, 100);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('PageDown');
  await expect(high).toHaveAttribute('aria-valuenow', String(min + 1));
  await settle(`${min + 1}-${min + 1}`);
  await expect(low).toHaveAttribute('aria-valuenow', String(min + 1));
  await expect(high).toHaveAttribute('aria-valuenow', String(min + 1));

  // Page Up moves ten steps.
  await tabTo(page, high, 100);
  await page.keyboard.press('PageUp');
  await settle(`${min + 1}-${min + 11}`);
  await expect(high).toHaveAttribute('aria-valuenow', String(min + 11));

  // End takes the minimum thumb up to the maximum one, and no key takes it further.
  await tabTo(page, low, 100);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageUp');
  await settle(`${min + 11}-${min + 11}`);
  await expect(low).toHaveAttribute('aria-valuenow', String(min + 11));
  await expect(high).toHaveAttribute('aria-valuenow', String(min + 11));

  // End on the maximum thumb: the top of the range, so no upper bound in the address.
  await tabTo(page, high, 100);
  await page.keyboard.press('End');
  await settle(`${min + 11}-`);
  await expect(high).toHaveAttribute('aria-valuenow', String(max));
});

/** The price each card shows first, as a number: "112,26 kn" -> 112.26. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByTestId('product-price')
    .evaluateAll((nodes) => nodes.map((node) => node.querySelector('span')?.textContent ?? ''));
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
}

test('the bundle popup works with the keyboard alone', async ({ page }) => {
  const texts = catalogs.en.product.bundle;
  await page.goto(`/en/product/${pack.slug.en}`);
  const opener = page.getByRole('link', { name: texts.customise });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: texts.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(texts.dialogIntro);
  const close = dialog.getByRole('button', { name: texts.close });
  const save = dialog.getByRole('button', { name: texts.save });
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  const behind = page.getByTestId('bundle-members').locator('a').first();
  expect(await behind.evaluate(focusTakes)).toBe(false);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Choose a size with the keyboard and save.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const size = dialog.locator('select[name$="-velicina"]');
  await tabTo(page, size);
  await size.selectOption('l');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/-velicina=l/);
  await expect(opener).toBeFocused();
});
