import type { APIRequestContext, Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { demoEditor } from './support/comments.ts';
import { demoCustomer } from './support/wishlist.ts';

test.describe.configure({ timeout: 150_000 });

/** Screenshots for a look while developing (SCREENSHOT_DIR unset: none). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function logIn(page: Page, account: { username: string; password: string }) {
  await page.context().addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
  const response = await page.request.post('/api/v1/login', { data: account });
  expect(response.status()).toBe(200);
}

/** The id of a demo consent (by its unique number) among the registration form's. */
async function consentId(request: APIRequestContext, uniqueNumber: string): Promise<number> {
  const response = await request.post('/api/v1/gdpr/web/consent/filter', {
    data: { forWeb: true, limit: 100 },
  });
  const body = (await response.json()) as {
    data: { records: { consents: { id: number; uniqueNumber: string }[] }[] };
  };
  const found = body.data.records
    .flatMap((record) => record.consents)
    .find((c) => c.uniqueNumber === uniqueNumber);
  expect(found, uniqueNumber).toBeDefined();
  return found!.id;
}

// Croatian without JavaScript (the customer), English with it (the editor): each on its own consent,
// so that the two flows never read each other's records.
const flows = [
  { language: 'hr', javaScript: false, account: demoCustomer, consent: 'UZR-GDPR-04' },
  { language: 'en', javaScript: true, account: demoEditor, consent: 'UZR-GDPR-03' },
] as const;

for (const flow of flows)
  test.describe(`${flow.language}: withdrawing a consent on the profile`, () => {
    test.use({ javaScriptEnabled: flow.javaScript });

    test('one button withdraws it; the log shows the acceptance and the withdrawal', async ({ page }) => {
      const texts = catalogs[flow.language as UiLanguage].consent;
      await logIn(page, flow.account);
      const id = await consentId(page.request, flow.consent);
      // Given in the registration form (a checkbox ticked there), recorded for this user.
      const given = await page.request.post('/api/v1/gdpr/web/consent/log/create', {
        data: { status: 'accepted', source: 'registerForm', consents: [id] },
      });
      expect(given.status()).toBe(200);

      await page.goto(localizedPath('profile', flow.language));
      const section = page.locator('#my-consents');
      await expect(section.getByRole('heading', { name: texts.profile.title })).toBeVisible();
      const item = section.locator(`[data-testid="given-consent"][data-consent-id="${id}"]`);
      await expect(item).toBeVisible();
      await shot(page, `consent-profile-before-${flow.language}`);
      const logRows = section.locator(`[data-testid="consent-log-row"][data-consent-id="${id}"]`);
      const before = await logRows.count();

      await item.getByRole('button', { name: texts.profile.withdraw }).click();
      await expect(page).toHaveURL(/consent=withdrawn/);
      await expect(page.getByTestId('consent-outcome')).toHaveText(texts.profile.withdrawn);
      await expect(section.locator(`[data-testid="given-consent"][data-consent-id="${id}"]`)).toHaveCount(0);
      // Newest first: the withdrawal (from the profile), then the acceptance (from the registration).
      await expect(logRows).toHaveCount(before + 1);
      await expect(logRows.nth(0)).toHaveAttribute('data-status', 'withdrawn');
      await expect(logRows.nth(0)).toContainText(texts.status.withdrawn);
      await expect(logRows.nth(0)).toContainText(texts.sources.profile);
      await expect(logRows.nth(1)).toHaveAttribute('data-status', 'accepted');
      await expect(logRows.nth(1)).toContainText(texts.sources.registerForm);
      await shot(page, `consent-profile-after-${flow.language}`);
    });
  });

test.describe('back office: the registration form follows its assignment', () => {
  test.describe.configure({ mode: 'serial' });
  const newsletterName = {
    hr: 'Želim primati newsletter Učionice za roditelje',
    en: 'I want to receive the Parents’ Classroom newsletter',
  };

  for (const flow of [
    { language: 'hr', javaScript: false, show: true },
    { language: 'en', javaScript: true, show: false },
  ] as const)
    test(`${flow.language}: the editor ${flow.show ? 'adds' : 'removes'} a consent and the registration form ${flow.show ? 'shows' : 'drops'} it`, async ({
      browser,
    }) => {
      const texts = catalogs[flow.language].consent.admin;
      const context = await browser.newContext({ baseURL: e2eBaseUrl, javaScriptEnabled: flow.javaScript });
      const page = await context.newPage();
      await logIn(page, demoEditor);
      await page.goto(localizedPath('admin', flow.language));
      await page.getByRole('link', { name: texts.link }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
      await expect(page.getByTestId('consent-item')).toHaveCount(4);
      await shot(page, `consent-admin-list-${flow.language}`);
      await page.getByTestId('assignment-list').getByRole('link', { name: texts.forms.registerForm }).click();
      await expect(page).toHaveURL(
        new RegExp(`${localizedPath('adminConsent', flow.language, { slug: 'registerForm' })}$`),
      );
      const shown = page.getByTestId('shown-UZR-GDPR-01');
      if (flow.show) await shown.check();
      else await shown.uncheck();
      await shot(page, `consent-admin-assignment-${flow.language}`);
      await page.getByTestId('save-assignment').click();
      await expect(page.getByTestId('consent-admin-done')).toHaveText(texts.done.assignment);
      await expect(page.getByTestId('shown-UZR-GDPR-01')).toBeChecked({ checked: flow.show });

      // A visitor's registration form, in the same language.
      const visitor = await browser.newContext({ baseURL: e2eBaseUrl, javaScriptEnabled: flow.javaScript });
      const form = await visitor.newPage();
      await form.goto(localizedPath('register', flow.language));
      await expect(form.getByRole('checkbox', { name: newsletterName[flow.language] })).toHaveCount(
        flow.show ? 1 : 0,
      );
      await shot(form, `consent-register-${flow.language}`);
      await visitor.close();
      await context.close();
    });

  test('a new version of a text: the old one stays listed', async ({ page }) => {
    const texts = catalogs.en.consent.admin;
    await logIn(page, demoEditor);
    const id = await consentId(page.request, 'UZR-GDPR-02');
    await page.goto(localizedPath('adminConsent', 'en', { slug: id }));
    const before = await page.getByTestId('consent-version').count();
    await page.getByTestId('display-name-en').fill('I accept the terms of use and sale');
    await page.getByTestId('text-en').fill('<p>Reviewed terms.</p>');
    await page.getByTestId('save-version').click();
    await expect(page.getByTestId('consent-admin-done')).toHaveText(texts.done.version);
    await expect(page.getByTestId('consent-version')).toHaveCount(before + 1);
    await shot(page, 'consent-admin-version-en');
  });
});

test('a customer gets 403 on the consent screens; an unknown slug is 404 for the editor', async ({
  page,
}) => {
  await logIn(page, demoCustomer);
  for (const path of [
    localizedPath('adminConsent', 'hr'),
    localizedPath('adminConsent', 'en', { slug: 'registerForm' }),
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId('admin-refused')).toBeVisible();
  }
  await page.context().clearCookies();
  await logIn(page, demoEditor);
  const missing = await page.goto(localizedPath('adminConsent', 'en', { slug: 'nothing-here' }));
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('consent-not-found')).toHaveText(catalogs.en.consent.admin.notFound);
});

test('the footer link opens the cookie settings; the choice is changed without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: e2eBaseUrl, javaScriptEnabled: false });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
  const page = await context.newPage();
  const texts = catalogs.en.consent.cookies;
  await page.goto('/en');
  await page.getByTestId('cookie-settings-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
  await page.getByTestId('cookie-analytics').check();
  await page.getByTestId('cookie-save').click();
  await expect(page.getByTestId('cookie-saved')).toHaveText(texts.saved);
  await expect(page.getByTestId('cookie-analytics')).toBeChecked();
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
  expect(decodeURIComponent(cookies.cookie_consent!.value)).toBe('necessary,analytics');
  expect(cookies.consent_anon?.httpOnly).toBe(true);
  await shot(page, 'cookie-settings-en');
  await context.close();
});

test('with JavaScript the banner hides at once and its choice is recorded under an anonymous id', async ({
  page,
  context,
}) => {
  await page.goto('/en');
  const banner = page.getByRole('region', { name: catalogs.en.cookies.label });
  await page.getByLabel(catalogs.en.cookies.analytics).check();
  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/cookie-consent') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: catalogs.en.cookies.accept }).click();
  await expect(banner).toBeHidden();
  expect((await recorded).status()).toBe(204);
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
  expect(decodeURIComponent(cookies.cookie_consent!.value)).toBe('necessary,analytics');
  expect(cookies.consent_anon?.value).toMatch(/^[0-9a-f-]{36}$/);
  // The settings page (footer link) shows that choice.
  await page.getByTestId('cookie-settings-link').click();
  await expect(page.getByTestId('cookie-analytics')).toBeChecked();
  await expect(page.getByTestId('cookie-marketing')).not.toBeChecked();
});
