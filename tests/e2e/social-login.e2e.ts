import type { BrowserContext, Page } from '@playwright/test';
import { catalogEn } from '../../app/i18n/catalog-en.ts';
import { catalogHr } from '../../app/i18n/catalog-hr.ts';
import {
  signInAtProvider,
  startTestProvider,
  type TestProvider,
} from '../../server/testing/oidc-test-provider.ts';
import { e2eBaseUrl, e2eOidc } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

/**
 * Social login end to end against a real OpenID provider (oidc-provider) this test starts on
 * localhost; the server under test knows it as its Google and Facebook provider (start-server.ts).
 */
let provider: TestProvider;

test.beforeAll(async () => {
  provider = await startTestProvider([`${e2eBaseUrl}/social-login`, `${e2eBaseUrl}/en/social-login`], {
    port: e2eOidc.port,
    clientId: e2eOidc.clientId,
    clientSecret: e2eOidc.clientSecret,
  });
});

// The provider's development pages load a web font and a favicon it does not have; neither is the shop's.
test.beforeEach(async ({ page }) => {
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await page.route(`${e2eOidc.issuer}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
});

test.afterAll(async () => {
  await provider?.close();
});

const sessionCookies = async (context: BrowserContext) =>
  Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));

/** The provider's own login form (any name and password): signs in as `login`. */
async function signInAtProviderPage(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${e2eOidc.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('whatever-1');
  await page.locator('button[type="submit"]').click();
}

test.describe('social login', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a new account through Google, from the login page (Croatian)', async ({ page, context }) => {
    const texts = catalogHr.auth;
    const email = `social-${Date.now()}@example.com`;
    provider.accounts.set(email, { givenName: 'Sanja', familyName: 'Socijalna' });
    await page.goto('/prijava');
    const google = page.getByRole('link', {
      name: texts.social.continueWith.replace('{{provider}}', 'Google'),
    });
    await expect(google).toBeVisible();
    await expect(
      page.getByRole('link', { name: texts.social.continueWith.replace('{{provider}}', 'Facebook') }),
    ).toBeVisible();
    await google.click();
    await signInAtProviderPage(page, email);
    await expect(page).toHaveURL(`${e2eBaseUrl}/`);
    await expect(page.getByTestId('account-name')).toContainText('Sanja Socijalna');
    const cookies = await sessionCookies(context);
    expect(cookies.refreshToken?.httpOnly).toBe(true);
    // The login's state cookie is gone once it is used.
    expect(cookies.socialLogin).toBeUndefined();
    await page.goto('/profil');
    await expect(page.locator('main h1 + p')).toHaveText(/Sanja Socijalna/);
    const account = await page.request.get('/api/v1/user/web/profile');
    expect((await account.json()).data).toMatchObject({ email, emailVerified: true });
  });

  test('links Facebook to the existing account with the same e-mail, back to where it started (English)', async ({
    page,
    context,
  }) => {
    const texts = catalogEn.auth;
    const email = `linked-${Date.now()}@example.com`;
    // An account registered with a password first.
    await page.goto('/en/register');
    await page.locator('#field-firstName').fill('Lena');
    await page.locator('#field-lastName').fill('Linked');
    await page.locator('#field-email').fill(email);
    await page.locator('#field-password').fill('Sunce-More-62!');
    await page.locator('#field-confirmedPassword').fill('Sunce-More-62!');
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
    await page.getByRole('button', { name: texts.register.submit }).click();
    await expect(page).toHaveURL(/\/en\?notice=registered$/);
    await page.getByRole('button', { name: texts.account.logout }).click();
    await expect(page).toHaveURL(/\/en\?notice=loggedOut$/);

    // The provider knows her under its own subject, with the same (verified) address.
    provider.accounts.set('fb-lena', { email, givenName: 'Lena', familyName: 'Facebook' });
    await page.goto('/en/login?redirectTo=%2Fen%2Fprofile');
    await page
      .getByRole('link', { name: texts.social.continueWith.replace('{{provider}}', 'Facebook') })
      .click();
    await signInAtProviderPage(page, 'fb-lena');
    await expect(page).toHaveURL(`${e2eBaseUrl}/en/profile`);
    // The same account: the name she registered with, not the provider's.
    await expect(page.locator('main h1 + p')).toHaveText(/Lena Linked/);
    await expect(page.getByTestId('account-name')).toContainText('Lena Linked');
    const account = await page.request.get('/api/v1/user/web/profile');
    expect((await account.json()).data).toMatchObject({ email, firstName: 'Lena', lastName: 'Linked' });
    expect((await sessionCookies(context)).refreshToken?.httpOnly).toBe(true);
  });

  test('a code and state from another browser are refused, and no session starts', async ({
    page,
    context,
    request,
  }) => {
    const texts = catalogEn.auth;
    // Someone else starts a login and signs in at the provider: their code and state.
    const started = await request.get('/api/v1/user/social/redirect-login?provider=google', {
      headers: { language: 'en' },
    });
    expect(started.status()).toBe(200);
    const callback = await signInAtProvider(
      (await started.json()).data.url,
      `intruder-${Date.now()}@example.com`,
    );
    expect(callback.pathname).toBe('/en/social-login');

    // This browser never started that login.
    await page.goto(`${callback.pathname}${callback.search}`);
    await expect(page.getByRole('alert')).toHaveText(texts.social.errors.invalidState);
    expect((await sessionCookies(context)).accessToken).toBeUndefined();

    // Nor does a login of its own make someone else's state valid.
    await page.goto('/en/login');
    await page
      .getByRole('link', { name: texts.social.continueWith.replace('{{provider}}', 'Google') })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${e2eOidc.issuer}/`));
    await page.goto(`${callback.pathname}${callback.search}`);
    await expect(page.getByRole('alert')).toHaveText(texts.social.errors.invalidState);
    expect((await sessionCookies(context)).accessToken).toBeUndefined();
    await expect(page.getByRole('link', { name: texts.social.backToLogin })).toHaveAttribute(
      'href',
      '/en/login',
    );

    // Cancelled at the provider.
    await page.goto('/en/social-login?error=access_denied&state=x');
    await expect(page.getByRole('alert')).toHaveText(texts.social.cancelled);
  });
});
