import { catalogs } from '../../app/i18n/catalog.ts';
import { expect, test } from './fixtures.ts';

const banner = (page: import('@playwright/test').Page, language: 'hr' | 'en') =>
  page.getByRole('region', { name: catalogs[language].cookies.label });

test('accepting the cookie notice stores the chosen categories and hides it for good', async ({
  page,
  context,
}) => {
  await page.goto('/en');
  await expect(banner(page, 'en')).toBeVisible();
  await page.getByLabel(catalogs.en.cookies.marketing).check();
  await page.getByRole('button', { name: catalogs.en.cookies.accept }).click();
  await expect(banner(page, 'en')).toBeHidden();
  // Clicked before hydration, the form posts without JavaScript: the banner is gone with the page
  // while the answer that sets the cookie is still on its way, so the cookie is awaited.
  await expect
    .poll(async () => {
      const cookie = (await context.cookies()).find((entry) => entry.name === 'cookie_consent');
      return decodeURIComponent(cookie?.value ?? '');
    })
    .toBe('necessary,marketing');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page, 'en')).toHaveCount(0);
});

test('the cookie notice works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel(catalogs.hr.cookies.analytics).check();
  await page.getByRole('button', { name: catalogs.hr.cookies.accept }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page, 'hr')).toHaveCount(0);
  const cookie = (await context.cookies()).find((entry) => entry.name === 'cookie_consent');
  expect(decodeURIComponent(cookie?.value ?? '')).toBe('necessary,analytics');
  await context.close();
});
