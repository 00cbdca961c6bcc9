import type { Browser, Page } from '@playwright/test';
import { Redis } from 'ioredis';
import { catalogs } from '../../app/i18n/catalog.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath, type RouteKey, routeTable } from '../../core/route-table.ts';
import { type RedisServer, startRedisServer } from '../../server/testing/redis-server.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { demoEditor } from './support/comments.ts';
import { mailTo } from './support/outbox.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { demoCustomer } from './support/wishlist.ts';

/*
 * The admin panel: the frame (language switch, back to the site, side navigation), e-mail templates
 * edited, previewed, refused when broken and test-sent to the outbox; every admin screen refusing a
 * customer and sending a visitor to log in; and, on a server of its own with Redis, the caches listed,
 * a key viewed and the caches cleared.
 */

/** Screenshots for a look while developing (SCREENSHOT_DIR unset: none). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-${name}.png`, fullPage: true });
}

async function logIn(page: Page, account: { username: string; password: string }, base = '') {
  const response = await page.request.post(`${base}/api/v1/login`, { data: account });
  expect(response.status()).toBe(200);
}

/**
 * Every admin screen of the route table, with sample params: adminLogin is a redirect, not a screen,
 * and adminDeveloper is a developer tool (absent in production, no login: docs/decisions/0532).
 */
const adminScreens = (Object.keys(routeTable) as RouteKey[]).filter(
  (key) => key.startsWith('admin') && key !== 'adminLogin' && key !== 'adminDeveloper',
);
const screenPath = (key: RouteKey, language: UiLanguage) =>
  localizedPath(key, language, { key: 'user-register', language, id: 1 });

async function editorPage(browser: Browser, base = e2eBaseUrl) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await logIn(page, demoEditor, base);
  return page;
}

for (const language of ['hr', 'en'] as const) {
  const texts = catalogs[language].adminPanel;

  test(`${language}: a template is edited, refused when broken, previewed, saved and test-sent to the outbox`, async ({
    browser,
  }) => {
    const page = await editorPage(browser);
    await page.goto(localizedPath('admin', language));
    // The frame: the language switch, the way back and the navigation (no caches without Redis).
    const nav = page.getByRole('navigation', { name: texts.nav.label });
    await expect(nav.getByRole('link')).toHaveText([
      texts.nav.home,
      texts.nav.consents,
      texts.nav.templates,
      catalogs[language].elements.nav,
      catalogs[language].navigation.nav,
      texts.nav.media,
      texts.nav.forms,
      texts.nav.comments,
    ]);
    await expect(page.getByTestId('admin-back-to-site')).toHaveAttribute(
      'href',
      localizedPath('home', language),
    );
    await expect(page.getByTestId('admin-languages').getByRole('link')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: texts.nav.templates }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.templates.title);
    await expect(nav.getByRole('link', { name: texts.nav.templates })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const list = page.getByTestId('template-list');
    for (const key of [
      'user-register',
      'reset-password',
      'order-confirmation',
      'order-notice',
      'newsletter-confirm',
      'newsletter-welcome',
    ])
      await expect(list.locator(`[data-template="${key}"]`)).toBeVisible();
    await shot(page, `${language}-templates`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId(`edit-order-notice-${language}`).click();
    await expect(page).toHaveURL(
      new RegExp(`${localizedPath('adminTemplate', language, { key: 'order-notice', language })}$`),
    );
    await expect(page.getByTestId('template-variables')).toContainText('{{ orderNumber }}');
    // The stored text's preview is there from the start, with the sample data.
    await expect(page.getByTestId('preview-subject')).toContainText('2026-000123');

    const subject = page.getByLabel(texts.templates.subject, { exact: true });
    const html = page.getByLabel(texts.templates.bodyHtml, { exact: true });
    // A broken template is refused, naming the field; nothing is saved.
    await html.fill('<p>{% if orderNumber %}{{ orderNumber }}</p>');
    await page.getByTestId('template-save').click();
    await expect(page.getByTestId('template-error')).toBeVisible();
    await expect(html).toHaveAttribute('aria-invalid', 'true');
    await shot(page, `${language}-template-error`);
    expect(await axeViolations(page)).toEqual([]);

    const stamp = `${language}${Date.now()}`;
    await subject.fill(`E2E ${stamp} {{ orderNumber }}`);
    await html.fill('<p>Order {{ orderNumber }} for <b>{{ firstName }}</b>: {{ grandTotal }}</p>');
    await page.getByTestId('template-preview').click();
    await expect(page.getByTestId('preview-subject')).toContainText(`E2E ${stamp} 2026-000123`);
    await expect(page.frameLocator('[data-testid="preview-html"]').locator('b')).toHaveText('Ana');
    // The frame paints when it is in view: bring it there for the screenshot.
    await page.getByTestId('preview-html').scrollIntoViewIfNeeded();
    await shot(page, `${language}-template-preview`);
    if (process.env.SCREENSHOT_DIR)
      await page
        .getByTestId('preview-html')
        .screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-${language}-preview-frame.png` });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('template-save').click();
    await expect(page.getByTestId('template-done')).toHaveText(texts.templates.saved);
    await expect(subject).toHaveValue(`E2E ${stamp} {{ orderNumber }}`);
    await page.getByTestId('template-test-send').click();
    await expect(page.getByTestId('template-done')).toContainText(demoEditor.username);
    const mail = await mailTo(demoEditor.username, new RegExp(`E2E ${stamp} 2026-000123`));
    expect(mail).toContain('<b>Ana</b>');
    await shot(page, `${language}-template-sent`);

    // Without a cache server the caches screen says so.
    await page.goto(localizedPath('adminCache', language));
    await expect(page.getByTestId('cache-no-server')).toHaveText(texts.cache.noServer);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
}

test('the footer is edited on the elements screen; a stale second save gets the conflict and keeps its text; a visitor sees the footer at once', async ({
  browser,
  page: visitor,
}) => {
  const texts = catalogs.en.elements;
  const first = await editorPage(browser);
  const second = await editorPage(browser);
  const screen = localizedPath('adminElements', 'en');
  await first.goto(screen);
  await expect(
    first.getByRole('table', { name: texts.languageCaption.replace('{{language}}', 'English') }),
  ).toBeVisible();
  const editLink = first.getByTestId('edit-footer-section-en');
  const href = (await editLink.getAttribute('href')) ?? '';
  await editLink.click();
  await second.goto(href);
  const field = (page: Page) => page.getByTestId('element-field-meta.copyrightText');
  const original = await field(first).inputValue();
  expect(await axeViolations(first)).toEqual([]);

  const mine = `© {year} Footer edited ${Date.now()}`;
  await field(first).fill(mine);
  await first.getByTestId('element-save').click();
  await expect(first.getByTestId('element-saved')).toHaveText(texts.saved);
  await first.screenshot({ path: 'test-results/admin-elements.png', fullPage: true });
  const year = String(new Date().getFullYear());
  await visitor.goto('/en');
  await expect(visitor.locator('footer')).toContainText(mine.replace('{year}', year));

  // The second editor opened the old version: refused, their text stays, the first editor's value is shown.
  const theirs = `© {year} Second editor ${Date.now()}`;
  await field(second).fill(theirs);
  await second.getByTestId('element-save').click();
  await expect(second.getByTestId('element-error')).toContainText(texts.conflict);
  await expect(field(second)).toHaveValue(theirs);
  await expect(second.getByTestId('element-theirs')).toHaveText(texts.theirs.replace('{{value}}', mine));
  await second.screenshot({ path: 'test-results/admin-elements-conflict.png', fullPage: true });
  // Saving again is the deliberate choice to replace the first editor's text.
  await second.getByTestId('element-save').click();
  await expect(second.getByTestId('element-saved')).toBeVisible();
  await visitor.reload();
  await expect(visitor.locator('footer')).toContainText(theirs.replace('{year}', year));

  await field(second).fill(original);
  await second.getByTestId('element-save').click();
  await expect(second.getByTestId('element-saved')).toBeVisible();
  await first.context().close();
  await second.context().close();
});

test('a menu item pointing at a page is added to the main menu and a visitor sees it in the header; then it is removed', async ({
  browser,
  page: visitor,
}) => {
  const texts = catalogs.en.navigation;
  const editor = await editorPage(browser);
  await editor.goto(`${localizedPath('adminNavigation', 'en')}?menu=main&language=en`);
  const items = editor.getByTestId('navigation-item');
  const before = await items.count();
  expect(before).toBeGreaterThan(0);
  expect(await axeViolations(editor)).toEqual([]);

  await editor.getByRole('button', { name: texts.add }).click();
  const modal = editor.getByRole('dialog', { name: catalogs.en.editor.linkModal.title });
  await modal.getByRole('searchbox', { name: catalogs.en.editor.linkModal.search }).fill('About us');
  await modal
    .getByRole('button', { name: /About us/ })
    .first()
    .click();
  await modal.getByRole('button', { name: catalogs.en.editor.linkModal.apply }).click();
  await expect(items).toHaveCount(before + 1);
  const title = `Menu test ${Date.now()}`;
  const added = items.last();
  await expect(added.getByRole('textbox', { name: texts.itemTitle })).toBeFocused();
  await added.getByRole('textbox', { name: texts.itemTitle }).fill(title);
  await expect(added.getByTestId('navigation-item-link')).toHaveText('/en/about-us');
  await editor.getByRole('button', { name: texts.save }).click();
  await expect(editor.getByTestId('navigation-status')).toHaveText(texts.saved);
  expect(await axeViolations(editor)).toEqual([]);
  await editor.screenshot({ path: 'test-results/admin-navigation.png', fullPage: true });

  await visitor.goto('/en');
  await expect(visitor.locator('header').getByRole('link', { name: title }).first()).toHaveAttribute(
    'href',
    '/en/about-us',
  );

  await items.last().getByRole('button', { name: texts.remove }).click();
  await items.last().getByRole('button', { name: texts.confirmYes }).click();
  await expect(items).toHaveCount(before);
  await editor.getByRole('button', { name: texts.save }).click();
  await expect(editor.getByTestId('navigation-status')).toHaveText(texts.saved);
  await visitor.reload();
  await expect(visitor.locator('header').getByRole('link', { name: title })).toHaveCount(0);
  await editor.context().close();
});

test('every admin screen is kept out of search engines and describes itself in its language', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await editorPage(browser);
  for (const key of adminScreens) {
    const descriptions: string[] = [];
    for (const language of ['hr', 'en'] as const) {
      const path = screenPath(key, language);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
      const meta = page.locator('meta[name="description"]');
      await expect(meta, path).toHaveCount(1);
      const description = (await meta.getAttribute('content')) ?? '';
      expect(description.trim().length, path).toBeGreaterThan(10);
      descriptions.push(description);
    }
    expect(descriptions[0], key).not.toBe(descriptions[1]);
  }
  await page.context().close();
});

test('every admin screen refuses a customer (403) and sends a visitor to log in', async ({ browser }) => {
  expect(adminScreens).toEqual(
    expect.arrayContaining([
      'admin',
      'adminComments',
      'adminTemplates',
      'adminTemplate',
      'adminCache',
      'adminConsent',
      'adminMedia',
      'adminForms',
      'adminForm',
    ]),
  );
  const visitor = await browser.newContext({ baseURL: e2eBaseUrl });
  const customer = await browser.newContext({ baseURL: e2eBaseUrl });
  const customerPage = await customer.newPage();
  await logIn(customerPage, demoCustomer);
  for (const language of ['hr', 'en'] as const) {
    for (const key of adminScreens) {
      const path = screenPath(key, language);
      const anonymous = await visitor.request.get(path, { maxRedirects: 0 });
      expect(anonymous.status(), path).toBe(302);
      expect(anonymous.headers().location, path).toContain(localizedPath('login', language));
      const refused = await customerPage.goto(path);
      expect(refused?.status(), path).toBe(403);
      await expect(customerPage.getByTestId('admin-refused')).toHaveText(
        catalogs[language].profile.admin.forbiddenTitle,
      );
      // The screens with forms refuse their posts as well, doing nothing.
      if (!['adminTemplate', 'adminCache', 'adminComments', 'adminForms', 'adminForm'].includes(key))
        continue;
      const post = await customer.request.post(path, {
        form: { intent: key === 'adminComments' ? 'publish' : 'save', id: '1', namespace: '*' },
        maxRedirects: 0,
      });
      expect(post.status(), `POST ${path}`).toBe(403);
    }
  }
  await visitor.close();
  await customer.close();
});

test.describe('caches with Redis', () => {
  let redis: RedisServer;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    redis = await startRedisServer();
    server = await startServerProcess({ env: { REDIS_URL: redis.url } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  const redisKeys = async (pattern: string) => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      return (await client.keys(pattern)).length;
    } finally {
      client.disconnect();
    }
  };

  test('are listed with sizes, a key is viewed, one namespace and then all are cleared', async ({
    browser,
  }) => {
    const texts = catalogs.en.adminPanel;
    // Anonymous pages fill the page cache.
    for (const path of ['/', '/en', '/objave']) expect((await fetch(server.baseUrl + path)).status).toBe(200);
    await expect.poll(() => redisKeys('shop:cache:v:pages:*')).toBeGreaterThan(0);

    const page = await editorPage(browser, server.baseUrl);
    await page.goto(`${server.baseUrl}${localizedPath('admin', 'en')}`);
    const nav = page.getByRole('navigation', { name: texts.nav.label });
    await expect(nav.getByRole('link', { name: texts.nav.caches })).toBeVisible();
    await nav.getByRole('link', { name: texts.nav.caches }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.cache.title);
    const pagesRow = page.locator('[data-namespace="pages"]');
    await expect(pagesRow).toBeVisible();
    expect(Number(await pagesRow.getByTestId('namespace-keys').textContent())).toBeGreaterThan(0);
    await shot(page, 'en-caches');
    expect(await axeViolations(page)).toEqual([]);

    await pagesRow
      .getByRole('link', { name: texts.cache.showKeys.replace('{{namespace}}', 'pages') })
      .click();
    const keys = page.getByTestId('cache-keys');
    await expect(keys.getByRole('link').first()).toBeVisible();
    await keys.getByRole('link').first().click();
    await expect(page.getByTestId('cache-value')).toContainText('"parts"');
    await shot(page, 'en-cache-key');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('clear-pages').click();
    await expect(page.getByTestId('cache-cleared')).toHaveText(
      texts.cache.cleared.replace('{{namespace}}', 'pages'),
    );
    await expect(page.locator('[data-namespace="pages"]')).toHaveCount(0);
    expect(await redisKeys('shop:cache:v:pages:*')).toBe(0);
    // A page is rendered again, not served from a copy any process kept.
    const again = await fetch(`${server.baseUrl}/en`);
    expect(again.headers.get('x-page-cache')).toBe('MISS');

    await page.getByTestId('clear-all').click();
    await expect(page.getByTestId('cache-cleared')).toHaveText(texts.cache.clearedAll);
    await shot(page, 'en-caches-cleared');
    await page.context().close();
  });
});
