import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { catalogs } from '../../app/i18n/catalog.ts';
import { localizedPath } from '../../core/route-table.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { logIn } from './support/comments.ts';

test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 20_000 };

/** Screenshots for a look while developing (SCREENSHOT_DIR unset: none). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl, javaScriptEnabled });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
  const page = await context.newPage();
  return { context, page };
}

/** A distinct photo-like image (noise, so that it is large enough for the progress to move). */
async function photo(seed: number, format: 'jpeg' | 'png', width = 1200, height = 800) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format, { quality: 95 })
    .toBuffer();
}

test('the editor uploads two images with progress, edits an alt text, and the image is served', async ({
  browser,
}) => {
  const texts = catalogs.en.media;
  const stamp = Date.now();
  const { page, context } = await newPage(browser, true);
  await logIn(page.request, 'editor');
  await page.goto(localizedPath('admin', 'en'));
  await page.getByRole('link', { name: texts.adminLink }).click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('adminMedia', 'en')}$`));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: texts.title, level: 1 })).toBeVisible();

  const names = [`classroom-${stamp}.jpg`, `garden-${stamp}.png`];
  await page.getByTestId('media-file-input').setInputFiles([
    { name: names[0]!, mimeType: 'image/jpeg', buffer: await photo(stamp % 1000, 'jpeg') },
    { name: names[1]!, mimeType: 'image/png', buffer: await photo((stamp % 1000) + 1, 'png', 600, 400) },
  ]);
  // Each file goes to its own upload address (file/getUploadUrl; the bucket's own with S3).
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(new URL(request.url()).pathname);
  });
  await page.getByTestId('media-upload-submit').click();
  const rows = page.getByTestId('media-upload-file');
  await expect(rows).toHaveCount(2);
  // One progress bar per file, named after it; both reach the end and both files are stored.
  for (const name of names)
    await expect(page.getByRole('progressbar', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(page.getByTestId('media-upload-outcome')).toHaveCount(2, slow);
  for (const bar of await page.getByTestId('media-upload-progress').all())
    await expect(bar).toHaveAttribute('value', '100');
  await expect(page.getByTestId('media-upload-outcome').filter({ hasText: texts.fileStored })).toHaveCount(2);
  expect(puts).toEqual([expect.stringMatching(/^\/api\/v1\/cms\/file\/put\//), expect.any(String)]);
  expect(puts[1]).toMatch(/^\/api\/v1\/cms\/file\/put\//);
  await expect(page.getByTestId('media-upload-message')).toHaveText(
    texts.uploadDone_other.replace('{{count}}', '2'),
  );
  await shot(page, 'media-uploaded');

  await page.getByTestId('media-refresh').click();
  await waitForHydration(page);
  await page.getByTestId('media-search').fill(`classroom-${stamp}`);
  await page.getByTestId('media-search-submit').click();
  const item = page.getByTestId('media-item');
  await expect(item).toHaveCount(1);
  await item.getByTestId('media-edit').click();
  const panel = page.getByTestId('media-edit-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('media-alt-en').fill('Children reading in a classroom');
  await panel.getByTestId('media-alt-hr').fill('Djeca čitaju u učionici');
  await panel.getByTestId('media-title-en').fill(`Classroom ${stamp}`);
  await shot(page, 'media-edit');
  await panel.getByTestId('media-save').click();
  await expect(page.getByTestId('media-done')).toHaveText(texts.done.updated, slow);
  await expect(page.getByTestId('media-item').getByTestId('media-title')).toHaveText(`Classroom ${stamp}`);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'media-library');

  // The edited texts were saved per language, and the image is served at its address.
  await page.getByTestId('media-item').getByTestId('media-edit').click();
  await expect(page.getByTestId('media-alt-en')).toHaveValue('Children reading in a classroom');
  await expect(page.getByTestId('media-alt-hr')).toHaveValue('Djeca čitaju u učionici');
  const href = await page.getByTestId('media-item').getByTestId('media-open').getAttribute('href');
  const served = await context.request.get(href!, { headers: { accept: 'image/webp' } });
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  const meta = await sharp(await served.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1080, 720]);
  await context.close();
});

test('without JavaScript: a plain upload names the refused file, and a file is deleted after confirmation', async ({
  browser,
}) => {
  const texts = catalogs.hr.media;
  const stamp = Date.now();
  const { page, context } = await newPage(browser, false);
  await logIn(page.request, 'editor');
  const response = await page.goto(localizedPath('adminMedia', 'hr'));
  expect(response?.status()).toBe(200);
  await page.getByTestId('media-file-input').setInputFiles([
    { name: `plakat-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: await photo(7, 'jpeg', 300, 200) },
    {
      name: `lazna-${stamp}.png`,
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    },
  ]);
  await page.getByTestId('media-upload-submit').click();
  const report = page.getByTestId('media-upload-report');
  await expect(report).toContainText(`plakat-${stamp}.jpg`);
  await expect(report).toContainText(
    `lazna-${stamp}.png: ${texts.fileFailed.replace('{{reason}}', texts.reasons.UNSUPPORTED_TYPE)}`,
  );
  await shot(page, 'media-upload-no-js');

  await page.goto(`${localizedPath('adminMedia', 'hr')}?q=${stamp}`);
  await expect(page.getByTestId('media-item')).toHaveCount(1);
  await page.getByTestId('media-item').getByTestId('media-delete').click();
  await expect(page.getByTestId('media-confirm')).toBeVisible();
  await page.getByTestId('media-confirm-delete').click();
  await expect(page.getByTestId('media-done')).toHaveText(texts.done.deleted);
  await expect(page.getByTestId('media-empty')).toBeVisible();
  await context.close();
});

test('a customer gets 403 on the media library screen', async ({ browser }) => {
  const { page, context } = await newPage(browser, false);
  await logIn(page.request, 'customer');
  for (const language of ['hr', 'en'] as const) {
    const response = await page.goto(localizedPath('adminMedia', language));
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId('admin-refused')).toBeVisible();
  }
  await context.close();
});
