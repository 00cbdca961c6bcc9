import { catalogs } from '../../app/i18n/catalog.ts';
import { demoPages } from '../../server/db/seed/content/pages.ts';
import { expect, test } from './fixtures.ts';

const homeHero = demoPages({ media: () => 1, form: () => 1 }).find((page) => page.key === 'home')!
  .sections[0];
const heroTitle = (language: 'hr' | 'en') =>
  typeof homeHero === 'object' && homeHero.type === 'hero' ? homeHero.content[language].title : '';

test('the home page answers in Croatian at / and in English at /en', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle('hr'));

  await page.getByRole('banner').getByRole('link', { name: 'en', exact: true }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle('en'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown path answers 404 with the translated not-found page', async ({ page }) => {
  const response = await page.goto('/en/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.en.errors.notFoundTitle);
  await page.getByRole('link', { name: catalogs.en.errors.backHome }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('the 404 page offers a search in its language', async ({ page }) => {
  await page.goto('/ova-stranica-ne-postoji');
  await page.getByRole('search').getByRole('searchbox').fill('radionice');
  await page.getByRole('search').getByRole('button').click();
  await expect(page).toHaveURL(/\/pretraga\?search=radionice$/);
});

test('German routes are 404 while German is not an allowed language', async ({ page }) => {
  const response = await page.goto('/de');
  expect(response?.status()).toBe(404);
});

test('the header shows the main navigation with its dropdowns, and the footer its columns', async ({
  page,
}) => {
  await page.goto('/en');
  const nav = page.getByRole('navigation', { name: catalogs.en.shell.mainNavigation });
  await expect(nav.getByRole('link', { name: 'About us' })).toBeVisible();
  await nav.getByRole('link', { name: 'About us' }).hover();
  await expect(nav.getByRole('link', { name: 'Team' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'facebook' })).toHaveAttribute('target', '_blank');
  await expect(footer).toContainText(String(new Date().getFullYear()));
});

test('the mobile menu opens, locks scrolling and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/en');
  await page.getByRole('button', { name: catalogs.en.shell.menu }).click();
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/en\/team$/);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
});

test('newsletter sign-up in the footer, without JavaScript too', async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const email = `parent-${javaScriptEnabled}-${Date.now()}@example.com`;
    // Double opt-in: both times the address waits for its confirmation (the repeat sends no second mail).
    for (const expected of [catalogs.en.newsletter.subscribed, catalogs.en.newsletter.subscribed]) {
      await page.goto('/en');
      await page.locator('#newsletter').getByLabel(catalogs.en.newsletter.emailLabel).fill(email);
      await page.locator('#newsletter').getByRole('button').click();
      await expect(page.locator('#newsletter').getByRole('status')).toHaveText(expected);
      await expect(page).toHaveURL(/\/en\?newsletter=/);
    }
    await context.close();
  }
});
