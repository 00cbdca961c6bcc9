import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { expect, test } from './fixtures.ts';
import { startServerProcess } from './support/server-process.ts';

/** The demo accounts of the README. */
const customer = { username: 'kupac@ucionica.local', password: 'Kupac123!' };
const editor = { username: 'admin@ucionica.local', password: 'Admin123!' };

/** Logs the browser context in through the API: the session cookies land in the context's jar. */
async function logIn(page: Page, account: { username: string; password: string }, baseUrl = '') {
  const response = await page.request.post(`${baseUrl}/api/v1/login`, { data: account });
  expect(response.status()).toBe(200);
}

async function editAddressWithOneError(page: Page, language: UiLanguage) {
  const texts = catalogs[language].profile;
  await page.goto(localizedPath('profile', language));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
  await expect(page.getByRole('navigation', { name: texts.menuLabel }).getByRole('link')).toHaveText([
    texts.menu.profile,
    texts.menu.orders,
    catalogs[language].consent.profile.menu,
  ]);

  await page.getByTestId('profile-edit').click();
  const form = page.locator('#account-dashboard form');
  const field = (name: keyof typeof texts.fields) => form.getByLabel(texts.fields[name], { exact: true });
  await field('firstName').fill('Ivan');
  await field('lastName').fill('Kupac2');
  await field('contactEmail').fill('kupac@ucionica.local');
  await field('contactPhone').fill('+385 91 234 5678');
  await expect(field('country')).toHaveValue('HR');
  await field('city').fill('Zagreb');
  await field('street').fill('Ilica');
  await field('houseNumber').fill('12b');
  await field('zipCode').fill('10000');
  await page.getByTestId('profile-save').click();

  // One error, on the right field; what was typed is kept.
  const lastName = field('lastName');
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveAttribute('aria-describedby', 'profile-lastName-error');
  await expect(page.locator('#profile-lastName-error')).toHaveText(texts.errors.lettersOnly);
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
  await expect(field('street')).toHaveValue('Ilica');

  await lastName.fill('Kupac');
  await page.getByTestId('profile-save').click();
  // A toast once the toasts island has hydrated; without JavaScript the server's notice.
  await expect(page.getByRole('status').filter({ hasText: texts.saved })).toBeVisible({ timeout: 15_000 });
  for (const testId of ['main-address', 'shipping-address'])
    await expect(page.getByTestId(testId)).toContainText('Ilica 12b');
  await expect(page.getByTestId('main-address')).toContainText('10000 Zagreb');
  await expect(page.getByTestId('main-address')).toContainText('Ivan Kupac');
}

// The demo customer orders in checkout.e2e.ts (same server in a shard); the editor never orders.
for (const language of ['hr', 'en'] as const)
  test(`${language}: a user without orders sees the empty history with a link to the shop`, async ({
    page,
  }) => {
    const texts = catalogs[language].profile;
    await logIn(page, editor);
    await page.goto(localizedPath('profile', language));
    const orders = page.locator('#my-orders');
    await expect(orders.getByTestId('orders-empty')).toContainText(texts.orders.empty);
    await expect(orders.getByRole('link', { name: texts.orders.toShop })).toHaveAttribute(
      'href',
      localizedPath('shop', language),
    );
  });

test.describe('profile without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('hr: edit the address, one validation error on its field, fix, saved toast, values shown', async ({
    page,
  }) => {
    await logIn(page, customer);
    await editAddressWithOneError(page, 'hr');
  });
});

test('en: edit the address, one validation error on its field, fix, saved toast, values shown', async ({
  page,
}) => {
  await logIn(page, customer);
  await editAddressWithOneError(page, 'en');
});

test('the profile without a session redirects to the login page of the language, with the way back', async ({
  page,
}) => {
  for (const language of ['hr', 'en'] as const) {
    const response = await page.request.get(localizedPath('profile', language), { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const path = localizedPath('profile', language);
    expect(response.headers().location).toBe(
      `${localizedPath('login', language)}?redirectTo=${encodeURIComponent(path)}`,
    );
  }
});

test('a customer is refused at /admin, the editor reaches it, a visitor is sent to log in', async ({
  page,
}) => {
  const anonymous = await page.request.get('/admin', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe(`/prijava?redirectTo=${encodeURIComponent('/admin')}`);

  await logIn(page, customer);
  const refused = await page.goto('/admin');
  expect(refused?.status()).toBe(403);
  await expect(page.getByTestId('admin-refused')).toHaveText(catalogs.hr.profile.admin.forbiddenTitle);
  expect((await page.request.get('/en/adminLogin', { maxRedirects: 0 })).status()).toBe(403);

  await page.context().clearCookies();
  await logIn(page, editor);
  const admin = await page.goto('/en/admin');
  expect(admin?.status()).toBe(200);
  expect(admin?.headers()['cache-control']).toContain('no-store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.en.profile.admin.title);
  await expect(page.getByTestId('admin-user')).toContainText('Ana Urednica');
  await expect(page.getByRole('link', { name: catalogs.en.profile.admin.backToSite })).toHaveAttribute(
    'href',
    '/en',
  );
  const adminLogin = await page.request.get('/adminLogin', { maxRedirects: 0 });
  expect(adminLogin.status()).toBe(302);
  expect(adminLogin.headers().location).toBe('/admin');
});

test('during maintenance the editor browses the site; a customer and a visitor get the maintenance page', async ({
  page,
}) => {
  // A second server on a fresh data directory with the demo content: slow on a busy machine.
  test.setTimeout(420_000);
  const server = await startServerProcess({ env: { MAINTENANCE_MODE: 'true' }, readyTimeoutMs: 360_000 });
  try {
    const visitor = await page.request.get(`${server.baseUrl}/`);
    expect(visitor.status()).toBe(503);
    await logIn(page, customer, server.baseUrl);
    expect((await page.request.get(`${server.baseUrl}/en`)).status()).toBe(503);
    await page.context().clearCookies();
    await logIn(page, editor, server.baseUrl);
    const home = await page.goto(`${server.baseUrl}/en`);
    expect(home?.status()).toBe(200);
    await expect(page.getByText(catalogs.en.maintenance.title)).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(1);
  } finally {
    await server.stop();
  }
});
