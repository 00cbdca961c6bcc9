import { expect, test } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';

test('the home page answers in Croatian at / and in English at /en', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.hr.home.welcome);

  await page.getByRole('link', { name: 'EN' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.en.home.welcome);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown path answers 404 with the translated not-found page', async ({ page }) => {
  const response = await page.goto('/en/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.en.errors.notFoundTitle);
  await page.getByRole('link', { name: catalogs.en.errors.backHome }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('German routes are 404 while German is not an allowed language', async ({ page }) => {
  const response = await page.goto('/de');
  expect(response?.status()).toBe(404);
});
