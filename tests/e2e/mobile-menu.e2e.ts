import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { expect, test } from './fixtures.ts';

const hr = catalogs.hr;
const phone = { width: 390, height: 844 };

const toggle = (page: Page) => page.getByTestId('mobile-menu-disclosure').locator('summary');
/** The toggle's label as shown: it says what a press will do. */
// biome-ignore lint/performance/useDomNodeTextContent: the label that is not displayed must not count
const toggleLabel = (page: Page) => toggle(page).innerText();
const menu = (page: Page) => page.locator('#mobile-menu');
const banner = (page: Page) => page.getByRole('region', { name: hr.cookies.label });

/** Whether the open menu is what a tap in the middle of the cookie banner's area would hit. */
const menuIsOnTopOfBanner = (page: Page) =>
  page.evaluate(() => {
    const area = document.querySelector('section[aria-label]:has(form[action="/cookie-consent"])');
    if (!area) throw new Error('no cookie banner');
    const box = area.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(hit?.closest('#mobile-menu'));
  });

test.describe('at 390 px', () => {
  test.use({ viewport: phone });

  test('the menu opens above the cookie banner, locks the page, and closes with Escape and on navigation', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    // With JavaScript a button takes over from the native disclosure.
    const button = page.getByRole('banner').locator('button[aria-controls="mobile-menu"]');
    await expect(button).toHaveAccessibleName(hr.shell.menu);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();

    await button.click();
    await expect(menu(page)).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAccessibleName(hr.shell.closeMenu);
    expect(await menuIsOnTopOfBanner(page)).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // Keyboard: the focused toggle opens with Enter.
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    const link = menu(page).getByRole('navigation').getByRole('link').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(menu(page)).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('the menu opens and its links work without JavaScript, above the cookie banner', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
    const page = await context.newPage();
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(menu(page)).toBeHidden();
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    await expect.poll(() => toggleLabel(page)).toBe(hr.shell.closeMenu);
    expect(await menuIsOnTopOfBanner(page)).toBe(true);
    const link = menu(page).getByRole('navigation').getByRole('link').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    await toggle(page).click();
    await expect(menu(page)).toBeHidden();
    await context.close();
  });
});
