import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { catalogs } from '../../app/i18n/catalog.ts';
import { openPglite } from '../../server/db/client.ts';
import { seedProductionSite } from '../../server/db/seed/site-seed.ts';
import { sectionTypes } from '../../server/modules/cms/cms.contract.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { demoEditor, logIn } from './support/comments.ts';
import { prepareDemoDataDir, type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * The developer tools (issue 16) on a production build with DEV_TOOLS=true, on a data directory that has
 * a second site: the section tool in both languages, the releases modal on a new tag, the domain picker.
 * The suite's own server (production, no flag) must not have them.
 */
const changelog = fs.readFileSync(path.resolve(import.meta.dirname, '../../CHANGELOG.md'), 'utf8');
const newestRelease = changelog.match(/^## +(.+)$/m)![1]!.trim();
const shots = path.join(os.tmpdir(), 'devtools-e2e-shots');

let server: ServerProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fs.mkdirSync(shots, { recursive: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-devtools-'));
  await prepareDemoDataDir(dataDir);
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  // A second site with one domain of its own (its local hosts and api key id would clash with the demo's).
  const [demo] = await database.rows<{ id: number }>(sql`select id from sites order by id limit 1`);
  await database.db.execute(sql`update site_domains set host = 'demo-' || host where site_id = ${demo!.id}`);
  await database.db.execute(sql`update sites set api_key_id = 2 where id = ${demo!.id}`);
  const { siteId } = await seedProductionSite(database.db, {
    name: 'Druga trgovina',
    url: 'https://druga-trgovina.test',
    apiKeyToken: 'second-site-key',
  });
  await database.db.execute(
    sql`delete from site_domains where site_id = ${siteId} and host in ('localhost', '127.0.0.1')`,
  );
  await database.db.execute(sql`update site_domains set host = substr(host, 6) where site_id = ${demo!.id}`);
  await database.db.execute(sql`update sites set api_key_id = 3 where id = ${siteId}`);
  await database.db.execute(sql`update sites set api_key_id = 1 where id = ${demo!.id}`);
  await database.close();
  server = await startServerProcess({
    dataDir,
    // The loopback domain is the forced one: the picker warns while another is picked.
    env: { DEV_TOOLS: 'true', DEV_FORCE_DOMAIN: '127.0.0.1' },
    readyTimeoutMs: 300_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the section tool shows every section type in both languages', async ({ page }) => {
  test.setTimeout(180_000);
  for (const language of ['hr', 'en'] as const) {
    const texts = catalogs[language].devtools.sectionToolPage;
    const response = await page.goto(`${server!.baseUrl}${language === 'hr' ? '' : '/en'}/section-tool`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    const shown = await page
      .locator('[data-section-type]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-section-type')));
    expect(shown).toEqual([...sectionTypes]);
    for (const type of sectionTypes)
      await expect(page.locator(`#section-${type}`)).toHaveText(texts.typeHeading.replace('{{type}}', type));
    // Every section rendered something (a section without data would render nothing).
    for (const type of sectionTypes)
      expect(
        await page.locator(`[data-section-type="${type}"]`).evaluate((element) => element.children.length),
        type,
      ).toBeGreaterThan(1);
    await expect(page.locator('[data-section-type="instagram"] li')).toHaveCount(4);
    // The sample Instagram posts show the site's own images (served by this server).
    const sources = await page
      .locator('[data-section-type="instagram"] img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    for (const source of sources) {
      expect(new URL(source).origin).toBe(server!.baseUrl);
      expect((await page.request.get(source)).status(), source).toBe(200);
    }
    expect(await axeViolations(page)).toEqual([]);
    // Lazy images load as they come into view (for the screenshot).
    for (const type of sectionTypes) await page.locator(`#section-${type}`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, `section-tool-${language}.png`), fullPage: true });
  }
});

test('the releases modal opens on a new tag, not again after, and again on the next new tag', async ({
  page,
}) => {
  const texts = catalogs.hr.devtools.releases;
  await page.goto(`${server!.baseUrl}/admin/developer`);
  const modal = page.getByTestId('releases-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: texts.title })).toBeVisible();
  await expect(modal.getByRole('heading', { name: newestRelease })).toBeVisible();
  await expect(modal.locator('script')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'releases-modal.png') });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  const links = page.getByTestId('devtools-links');
  await expect(links.getByRole('link', { name: catalogs.hr.devtools.apiDocs })).toHaveAttribute(
    'href',
    '/api/docs',
  );
  await expect(links.getByRole('link', { name: catalogs.hr.devtools.sectionTool })).toHaveAttribute(
    'href',
    '/section-tool',
  );
  await expect(links.getByRole('link', { name: catalogs.hr.devtools.changelog })).toHaveAttribute(
    'href',
    '/admin/developer#releases',
  );

  // The same tag (cached for an hour): the modal stays closed.
  await page.reload();
  await expect(page.getByTestId('releases-open')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(modal).toBeHidden();

  // The button opens it at any time.
  await page.getByTestId('releases-open').click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');

  // An hour later the tag is looked up again; a tag other than the cached one opens it by itself.
  await page.evaluate(() =>
    window.localStorage.setItem(
      'devtools.latestTag',
      JSON.stringify({ value: 'an-older-release', at: Date.now() - 2 * 60 * 60 * 1000 }),
    ),
  );
  await page.reload();
  await expect(modal).toBeVisible();
});

test('the domain picker switches the site the instance serves, and back', async ({ page }) => {
  const texts = catalogs.en.devtools.domains;
  const siteName = async () =>
    (await (await page.request.post(`${server!.baseUrl}/api/v2/master/domainDetect`)).json()).data.site.name;
  expect(await siteName()).toBe('Učionica za roditelje');
  // The releases modal has been seen: it would open on this first visit and cover the page.
  const tag = (await (await page.request.get(`${server!.baseUrl}/api/v1/_cli/get-latest-tag`)).json()).data;
  await page.addInitScript((value) => {
    window.localStorage.setItem('devtools.latestTag', JSON.stringify({ value, at: Date.now() }));
  }, tag);

  await page.goto(`${server!.baseUrl}/en/admin/developer`);
  const picker = page.getByTestId('domain-picker');
  await expect(picker.getByTestId('domain-item')).toHaveCount(3);
  // Nothing picked yet: the forced domain is served, and there is nothing to warn about.
  await expect(picker.locator('[data-selected]')).toHaveAttribute('data-url', 'https://127.0.0.1');
  await expect(page.getByTestId('domain-warning')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await picker.getByRole('button', { name: texts.choose.replace('{{name}}', 'Public') }).click();
  await expect(page.getByTestId('domain-outcome')).toHaveText(
    texts.saved.replace('{{url}}', 'https://druga-trgovina.test'),
  );
  const selected = picker.locator('[data-selected="true"]');
  await expect(selected).toHaveAttribute('data-url', 'https://druga-trgovina.test');
  await expect(selected).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: path.join(shots, 'domain-picker.png'), fullPage: true });
  expect(await siteName()).toBe('Druga trgovina');
  // The storefront of this address is now the other site (its name in the page title).
  await page.goto(`${server!.baseUrl}/en`);
  await expect(page).toHaveTitle(/Druga trgovina/);

  await page.goto(`${server!.baseUrl}/en/admin/developer`);
  await expect(page.getByTestId('domain-warning')).toBeVisible();
  // The same picker as a modal of the admin header: the list, the pick highlighted, the warning.
  await page.getByTestId('domain-picker-open').click();
  const modal = page.getByTestId('domain-picker-modal');
  await expect(modal.getByTestId('domain-picker-item')).toHaveCount(3);
  const picked = modal.locator('[data-selected="true"]');
  await expect(picked).toHaveAttribute('data-url', 'https://druga-trgovina.test');
  await expect(picked).toHaveAttribute('aria-current', 'true');
  await expect(modal.getByTestId('domain-picker-warning')).toHaveText(
    texts.forcedWarning
      .replace('{{selected}}', 'https://druga-trgovina.test')
      .replace('{{forced}}', 'https://127.0.0.1'),
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(shots, 'domain-picker-modal.png') });
  await modal.getByRole('button', { name: texts.choose.replace('{{name}}', 'Loopback') }).click();
  await expect(modal.getByRole('status')).toContainText(texts.saved.replace('{{url}}', 'https://127.0.0.1'));
  await expect(picked).toHaveAttribute('data-url', 'https://127.0.0.1');
  await expect(modal.getByTestId('domain-picker-warning')).toHaveCount(0);
  expect(await siteName()).toBe('Učionica za roditelje');

  // The storefront's admin toolbar carries the same tools for a back-office user.
  const login = await page.request.post(`${server!.baseUrl}/api/v1/login`, { data: demoEditor });
  expect(login.status()).toBe(200);
  await page.goto(`${server!.baseUrl}/en`);
  const bar = page.getByTestId('admin-bar');
  await expect(bar.getByRole('link', { name: catalogs.en.devtools.changelog })).toHaveAttribute(
    'href',
    '/en/admin/developer#releases',
  );
  await expect(bar.getByRole('link', { name: catalogs.en.devtools.apiDocs })).toHaveAttribute(
    'href',
    '/api/docs',
  );
  await bar.getByTestId('releases-open').click();
  await expect(page.getByTestId('releases-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await bar.getByTestId('domain-picker-open').click();
  await expect(page.getByTestId('domain-picker-modal').getByTestId('domain-picker-item')).toHaveCount(3);
});

test('without the developer tools (production) the tools do not exist and nothing links to them', async ({
  page,
  baseURL,
}) => {
  for (const address of ['/section-tool', '/en/section-tool', '/admin/developer', '/en/admin/developer']) {
    const response = await page.request.get(`${baseURL}${address}`);
    expect(response.status(), address).toBe(404);
  }
  for (const call of ['/api/v1/_cli/get-latest-tag', '/api/v1/_cli/get-domain']) {
    expect((await page.request.get(`${baseURL}${call}`)).status(), call).toBe(404);
  }
  const release = await page.request.post(`${baseURL}/api/v1/_cli/get-latest-release`, { data: {} });
  expect(release.status()).toBe(404);
  await logIn(page.request, 'editor');
  await page.goto(`${baseURL}/admin`);
  await expect(page.getByTestId('admin-user')).toBeVisible();
  await expect(page.getByTestId('devtools-links')).toHaveCount(0);
  await expect(page.locator('a[href*="section-tool"], a[href="/api/docs"]')).toHaveCount(0);
});
