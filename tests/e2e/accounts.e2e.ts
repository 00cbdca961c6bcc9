import type { BrowserContext, Page } from '@playwright/test';
import { catalogEn } from '../../app/i18n/catalog-en.ts';
import { catalogHr } from '../../app/i18n/catalog-hr.ts';
import { demoAccounts } from '../../server/db/seed/seed.ts';
import { expect, test } from './fixtures.ts';
import { mailTo } from './support/outbox.ts';

const tokenLink = /https?:\/\/[^\s"]+\?token=[A-Za-z0-9_-]+/;

/** The link (path and query) of the newest mail to an address that carries a token link. */
async function mailedLink(to: string): Promise<string> {
  const url = new URL((await mailTo(to, tokenLink)).match(tokenLink)![0]);
  return `${url.pathname}${url.search}`;
}

const sessionCookies = async (context: BrowserContext) =>
  Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));

async function logIn(page: Page, loginPath: string, email: string, password: string, texts = catalogEn.auth) {
  await page.goto(loginPath);
  await page.locator('#field-username').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByRole('button', { name: texts.login.submit }).click();
}

test.describe('accounts', () => {
  // Several pages, a mail and token expiry per test on a slow shared machine.
  test.describe.configure({ timeout: 150_000 });

  test('register with consents, confirm by mail, log out, log in (English)', async ({ page, context }) => {
    const email = `e2e-${Date.now()}@example.com`;
    const texts = catalogEn.auth;
    await page.goto('/en/register');
    await page.locator('#field-firstName').fill('Eva');
    await page.locator('#field-lastName').fill('Test');
    await page.locator('#field-email').fill(email);
    await page.locator('#field-password').fill('Ljeto-Kisa-83!');
    await page.locator('#field-confirmedPassword').fill('Ljeto-Kisa-83!');
    // Without the required consent: the error sits next to the consents.
    await page.getByRole('button', { name: texts.register.submit }).click();
    await expect(page.locator('#field-consents-error')).toHaveText(texts.errors.consentRequired);
    await page.locator('#field-password').fill('Ljeto-Kisa-83!');
    await page.locator('#field-confirmedPassword').fill('Ljeto-Kisa-83!');
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await page.getByRole('button', { name: texts.register.submit }).click();
    await expect(page).toHaveURL(/\/en\?notice=registered$/);
    await expect(page.getByRole('status').first()).toHaveText(texts.notices.registered);
    await expect(page.getByTestId('account-name')).toContainText('Eva Test');
    const cookies = await sessionCookies(context);
    expect(cookies.accessToken?.httpOnly).toBe(true);
    expect(cookies.refreshToken?.sameSite).toBe('Lax');

    const link = await mailedLink(email);
    expect(link).toMatch(/^\/en\/confirm-email\?token=/);
    await page.goto(link);
    await expect(page.getByTestId('confirmed-text')).toContainText(email);

    await page.getByRole('button', { name: texts.account.logout }).click();
    await expect(page).toHaveURL(/\/en\?notice=loggedOut$/);
    // A toast: shown once the toasts island has hydrated (after the page's load), then gone by itself.
    const loggedOut = page.getByRole('status').filter({ hasText: texts.notices.loggedOut });
    await expect(loggedOut).toBeVisible({ timeout: 15_000 });
    await expect(loggedOut).toBeHidden({ timeout: 10_000 });
    expect((await sessionCookies(context)).refreshToken).toBeUndefined();

    await logIn(page, '/en/login', email, 'Ljeto-Kisa-83!');
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId('account-name')).toContainText('Eva Test');
  });

  test('forgot password: mail, reset, log in with the new password (Croatian)', async ({ page }) => {
    const texts = catalogHr.auth;
    const email = demoAccounts.customer.email;
    await page.goto('/zaboravljena-lozinka');
    await page.locator('#field-username').fill(email);
    await page.getByRole('button', { name: texts.forgot.submit }).click();
    await expect(page.getByRole('status')).toHaveText(texts.forgot.sent);
    const link = await mailedLink(email);
    expect(link).toMatch(/^\/zaboravljena-lozinka\?token=/);
    await page.goto(link);
    await page.locator('#field-newPassword').fill('Jesen-Lisce-29!');
    await page.locator('#field-newPasswordAgain').fill('Jesen-Lisce-29!');
    await page.getByRole('button', { name: texts.forgot.resetSubmit }).click();
    await expect(page).toHaveURL(/\/prijava\?notice=passwordReset$/);
    await logIn(page, '/prijava', email, demoAccounts.customer.password, texts);
    await expect(page.getByRole('alert')).toHaveText(texts.errors.unknownUser);
    await expect(page.locator('#field-username')).toHaveValue(email);
    await logIn(page, '/prijava', email, 'Jesen-Lisce-29!', texts);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-name')).toContainText(demoAccounts.customer.firstName);
    // The demo customer gets the README's password back (other test files log in with it).
    const restored = await page.request.post('/api/v1/user/password/set', {
      data: {
        oldPassword: 'Jesen-Lisce-29!',
        newPassword: demoAccounts.customer.password,
        newPasswordAgain: demoAccounts.customer.password,
      },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  });

  test('a silently refreshed session survives access-token expiry; a replayed refresh token ends it', async ({
    page,
    context,
  }) => {
    await logIn(page, '/en/login', demoAccounts.admin.email, demoAccounts.admin.password);
    await expect(page.getByTestId('account-name')).toBeVisible();
    const signedIn = await sessionCookies(context);
    const first = signedIn.refreshToken!.value;
    // The access cookie lives as long as its token (15 minutes by default) and the browser drops it
    // then; the test drops it now, as the browser would, and the refresh cookie renews it.
    const lifetime = signedIn.accessToken!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(14 * 60);
    expect(lifetime).toBeLessThanOrEqual(15 * 60);
    await context.clearCookies({ name: 'accessToken' });
    expect((await sessionCookies(context)).accessToken).toBeUndefined();
    await page.goto('/en/search');
    await expect(page.getByTestId('account-name')).toBeVisible();
    const renewed = await sessionCookies(context);
    expect(renewed.accessToken).toBeDefined();
    expect(renewed.refreshToken!.value).not.toBe(first);

    // Someone replays the old refresh token after the grace period: the whole session ends.
    await page.waitForTimeout(2500);
    const replay = await page.request.get('/api/v1/refresh', { headers: { refreshToken: first } });
    expect(replay.status()).toBe(401);
    await context.clearCookies({ name: 'accessToken' });
    await page.goto('/en/search');
    await expect(page.getByRole('link', { name: catalogEn.auth.account.login })).toBeVisible();
  });
});

test('the show/hide button shows a password as text and hides it again (login, register, reset)', async ({
  page,
}) => {
  for (const [path, texts, fields] of [
    ['/en/login', catalogEn.auth, ['password']],
    ['/registracija', catalogHr.auth, ['password', 'confirmedPassword']],
    ['/en/forgot-password?token=not-a-real-token-0123', catalogEn.auth, ['newPassword', 'newPasswordAgain']],
  ] as const) {
    await page.goto(path);
    for (const name of fields) {
      const field = page.locator(`#field-${name}`);
      const toggle = page.locator(`button[aria-controls="field-${name}"]`);
      await expect(toggle).toHaveAccessibleName(texts.showPassword);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await field.fill('Tajna-Lozinka-1!');
      await toggle.click();
      await expect(field).toHaveAttribute('type', 'text');
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(field).toHaveValue('Tajna-Lozinka-1!');
      await toggle.click();
      await expect(field).toHaveAttribute('type', 'password');
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }
  }
});

test.describe('accounts without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 120_000 });

  test('logs in and out with plain form posts; a wrong password shows the translated error', async ({
    page,
  }) => {
    const texts = catalogHr.auth;
    await logIn(page, '/prijava', demoAccounts.admin.email, 'Wrong-Password-1!', texts);
    await expect(page.getByRole('alert')).toHaveText(texts.errors.unknownUser);
    // A plain password field: the show/hide button needs JavaScript, so it is not there to press.
    await expect(page.locator('#field-password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: texts.showPassword })).toHaveCount(0);
    await logIn(page, '/prijava', demoAccounts.admin.email, demoAccounts.admin.password, texts);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-name')).toContainText(demoAccounts.admin.firstName);
    await page.getByRole('button', { name: texts.account.logout }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.notices.loggedOut })).toBeVisible();
    await expect(page.getByRole('link', { name: texts.account.login })).toBeVisible();
  });

  test('refuses a redirect target on another site', async ({ page }) => {
    await page.goto('/en/login?redirectTo=//evil.example/x');
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue('');
  });
});
