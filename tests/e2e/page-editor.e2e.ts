import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { catalogs } from '../../app/i18n/catalog.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { logIn } from './support/comments.ts';

const texts = catalogs.en.editor;
const slow = { timeout: 15_000 };

/** A page of its own for this run (the demo pages stay as other tests expect them). */
async function createTestPage(request: APIRequestContext, slug: string, more: object[] = []) {
  const response = await request.post('/api/v1/cms/page/create', {
    headers: { language: 'en' },
    data: {
      language: 'en',
      title: 'Editing in place',
      slug,
      sections: [
        {
          type: 'hero',
          isMaster: false,
          showDesktop: true,
          showMobile: true,
          settings: { mediaId: null, overlay: 'dark', align: 'left' },
          content: { title: 'Original heading', subtitle: 'A subtitle' },
        },
        {
          type: 'rich-text',
          isMaster: false,
          showDesktop: true,
          showMobile: true,
          settings: { width: 'narrow' },
          content: { title: 'About', html: '<p>First paragraph.</p>' },
        },
        ...more,
      ],
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { id: number; link: string };
}

async function editorPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page.request, 'editor');
  return { context, page };
}

const section = (page: Page, type: string) => page.locator(`[data-section-type="${type}"]`);

test('an editor edits a page in place, a second editor gets the conflict, a visitor sees the change at once', async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(120_000);
  const first = await editorPage(browser);
  const second = await editorPage(browser);
  const slug = `edit-in-place-${Date.now()}`;
  const created = await createTestPage(first.page.request, slug);
  const editUrl = `${created.link}?editPage=true`;

  // Both editors open the same version.
  await first.page.goto(editUrl);
  await second.page.goto(editUrl);
  const editor = first.page;
  await expect(editor.getByRole('toolbar', { name: texts.toolbar })).toBeVisible();
  await expect(editor.getByRole('link', { name: texts.adminPanel })).toHaveAttribute('href', '/en/admin');
  // The API documentation is a developer tool: not linked on a production server (this one).
  await expect(editor.getByRole('link', { name: texts.apiDocs })).toHaveCount(0);
  await expect(section(editor, 'hero').locator('[data-marker="first"]')).toHaveText(texts.firstSection);
  await expect(section(editor, 'rich-text').locator('[data-marker="last"]')).toHaveText(texts.lastSection);
  await expect(editor.getByRole('button', { name: texts.options })).toHaveCount(2);
  expect(await axeViolations(editor)).toEqual([]);
  await editor.screenshot({ path: 'test-results/editor-open.png', fullPage: false });

  // A heading and a rich-text paragraph, in place.
  await section(editor, 'hero').locator('[data-edit-field="title"]').fill('Edited heading');
  await section(editor, 'rich-text').locator('[data-edit-field="html"]').click();
  const prose = section(editor, 'rich-text').locator('.ProseMirror');
  await expect(prose).toBeVisible(slow);
  await prose.click();
  await editor.keyboard.press('ControlOrMeta+End');
  await editor.keyboard.type(' Added in place.');
  await editor.getByRole('button', { name: texts.richText.alignCenter }).click();
  await expect(editor.getByTestId('editor-dirty')).toBeVisible();
  await section(editor, 'rich-text').screenshot({ path: 'test-results/editor-rich-text.png' });

  // Hide the hero on mobile with its visibility button.
  const mobileButton = section(editor, 'hero').getByRole('button', { name: texts.showOnMobile });
  await mobileButton.click();
  await expect(mobileButton).toHaveAttribute('aria-pressed', 'false');

  // Section manager: add a call to action and move it up with the keyboard.
  await editor.getByRole('button', { name: texts.sections, exact: true }).click();
  const manager = editor.getByRole('dialog', { name: texts.managerTitle });
  await manager.getByLabel(texts.sectionType).selectOption('call-to-action');
  await manager.getByRole('button', { name: texts.addSection }).click();
  const items = manager.getByTestId('section-manager-list').locator('li');
  await expect(items).toHaveCount(3);
  await items.nth(2).focus();
  await editor.keyboard.press('ArrowUp');
  await expect(items.nth(1)).toContainText(texts.types['call-to-action']);
  await expect(items.nth(1)).toBeFocused();
  await editor.screenshot({ path: 'test-results/editor-manager.png' });
  await manager.getByRole('button', { name: texts.close }).click();

  // Save: the page reloads in edit mode from what was stored.
  await Promise.all([editor.waitForEvent('load'), editor.getByTestId('editor-save').click()]);
  await expect(section(editor, 'call-to-action')).toBeVisible(slow);

  // A visitor sees it at once: texts, order, the hero only on wide screens.
  await visitor.goto(created.link);
  await expect(visitor.getByRole('toolbar', { name: texts.toolbar })).toHaveCount(0);
  await expect(visitor.locator('[data-edit-field], [data-edit-bar]')).toHaveCount(0);
  // Hidden on mobile, the hero is no longer the page's title (h1): it is an h2 now.
  await expect(section(visitor, 'hero').getByRole('heading', { level: 2 })).toHaveText('Edited heading');
  const paragraph = section(visitor, 'rich-text').locator('p', { hasText: 'Added in place.' });
  await expect(paragraph).toHaveText('First paragraph. Added in place.');
  await expect(paragraph).toHaveAttribute('style', 'text-align:center');
  expect(
    await visitor
      .locator('[data-section-type]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-type'))),
  ).toEqual(['hero', 'call-to-action', 'rich-text']);
  await visitor.setViewportSize({ width: 390, height: 800 });
  await expect(section(visitor, 'hero')).toBeHidden();
  await visitor.setViewportSize({ width: 1280, height: 800 });
  await expect(section(visitor, 'hero')).toBeVisible();

  // The second editor still has the old version: their save is refused, their text stays on screen.
  const late = second.page;
  await section(late, 'hero').locator('[data-edit-field="title"]').fill('Second editor heading');
  await late.getByTestId('editor-save').click();
  await expect(late.getByTestId('editor-status')).toHaveText(texts.conflict, slow);
  await expect(section(late, 'hero').locator('[data-edit-field="title"]')).toHaveText(
    'Second editor heading',
  );
  await late.screenshot({ path: 'test-results/editor-conflict.png' });
  await visitor.reload();
  await expect(section(visitor, 'hero').getByRole('heading', { level: 2 })).toHaveText('Edited heading');

  // Leaving with unsaved changes asks to save or discard.
  await late.getByRole('link', { name: texts.adminPanel }).click();
  const leave = late.getByRole('dialog', { name: texts.leaveTitle });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: texts.leaveDiscard }).click();
  await expect(late).toHaveURL(/\/en\/admin$/);

  await first.context.close();
  await second.context.close();
});

test('an editor creates a new page from the modal; it is reachable and listed in the sitemap', async ({
  browser,
  page: visitor,
}) => {
  const { context, page } = await editorPage(browser);
  const base = await createTestPage(page.request, `new-page-base-${Date.now()}`);
  // Outside edit mode a back-office user has the admin bar, the way into edit mode.
  await page.goto(base.link);
  await page.getByTestId('admin-bar').getByRole('link', { name: texts.editPage }).click();
  await expect(page).toHaveURL(`${base.link}?editPage=true`);
  await waitForHydration(page);
  await expect(page.getByTestId('admin-bar')).toHaveCount(0);
  await page.getByRole('button', { name: texts.newPage }).click();
  const dialog = page.getByRole('dialog', { name: texts.newPage });
  await dialog.getByLabel(texts.pageTitle).fill('Summer workshop');
  await dialog.getByLabel(texts.slug).fill('abc');
  await dialog.getByRole('button', { name: texts.create }).click();
  await expect(dialog.getByText(texts.slugInvalid)).toBeVisible();
  // A slug in use is refused by the server, with its message at the field.
  await dialog.getByLabel(texts.slug).fill(base.link.replace('/en/', ''));
  await dialog.getByRole('button', { name: texts.create }).click();
  await expect(
    dialog.getByText('This address is already used by another page or post in this language.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/editor-new-page.png' });
  const slug = `summer-workshop-${Date.now()}`;
  await dialog.getByLabel(texts.slug).fill(slug);
  await Promise.all([
    page.waitForURL(`**/en/${slug}?editPage=true`),
    dialog.getByRole('button', { name: texts.create }).click(),
  ]);
  await expect(page.getByRole('toolbar', { name: texts.toolbar })).toBeVisible();
  const response = await visitor.goto(`/en/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'Summer workshop' }).first()).toBeVisible();
  const sitemap = await (await visitor.request.get('/en/sitemap.xml')).text();
  expect(sitemap).toContain(`/en/${slug}</loc>`);
  await context.close();
});

test('a customer gets 403 on the edit calls and the normal page with ?editPage=true', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const editor = await editorPage(browser);
  const created = await createTestPage(editor.page.request, `customer-check-${Date.now()}`);
  await editor.context.close();
  await logIn(page.request, 'customer');
  const headers = { language: 'en' };
  const section = {
    type: 'hero',
    isMaster: false,
    showDesktop: true,
    showMobile: true,
    settings: {},
    content: {},
  };
  const calls = [
    page.request.get(`/api/v1/cms/page/edit/${created.id}`, { headers }),
    page.request.put(`/api/v1/cms/page/save/${created.id}`, {
      headers,
      data: { version: 1, language: 'en', sections: [section] },
    }),
    page.request.post('/api/v1/cms/page/create', {
      headers,
      data: { language: 'en', title: 'x', slug: 'customer-page', sections: [section] },
    }),
    page.request.post('/api/v1/cms/element/create', {
      headers,
      data: { handler: 'footer-section', language_code: 'en' },
    }),
    page.request.patch('/api/v1/cms/element/update/1', { headers, data: { version: 1 } }),
  ];
  for (const response of await Promise.all(calls)) expect(response.status()).toBe(403);
  await page.goto(`${created.link}?editPage=true`);
  await expect(page.getByRole('toolbar', { name: texts.toolbar })).toHaveCount(0);
  await expect(page.locator('[data-edit-bar]')).toHaveCount(0);
  await expect(page.getByTestId('admin-bar')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Original heading' })).toBeVisible();
  await context.close();
});

test('edit mode speaks the page language: Croatian at the root, without a prefix', async ({ browser }) => {
  const { context, page } = await editorPage(browser);
  const hr = catalogs.hr.editor;
  await page.goto('/o-nama?editPage=true');
  await expect(page.getByRole('toolbar', { name: hr.toolbar })).toBeVisible();
  await expect(page.getByRole('link', { name: hr.adminPanel })).toHaveAttribute('href', '/admin');
  await expect(page.locator('[data-marker="first"]')).toHaveText(hr.firstSection);
  await expect(page.getByRole('button', { name: hr.showOnMobile }).first()).toBeVisible();
  // mobileView=true hides the visibility buttons, and only them.
  await page.goto('/o-nama?editPage=true&mobileView=true');
  await expect(page.getByRole('button', { name: hr.showOnMobile })).toHaveCount(0);
  await expect(page.getByRole('button', { name: hr.options }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/editor-hr-mobile-view.png' });
  await context.close();
});

test('the page title and FAQ questions are edited in place; a conflicted draft survives a reload and is restored', async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(120_000);
  const first = await editorPage(browser);
  const second = await editorPage(browser);
  const slug = `faq-in-place-${Date.now()}`;
  const response = await first.page.request.post('/api/v1/cms/page/create', {
    headers: { language: 'en' },
    data: {
      language: 'en',
      title: 'Questions page',
      slug,
      sections: [
        {
          type: 'faq',
          isMaster: false,
          showDesktop: true,
          showMobile: true,
          settings: {},
          content: { title: 'Questions', items: [{ question: 'Where?', answerHtml: '<p>Zagreb.</p>' }] },
        },
      ],
    },
  });
  expect(response.status()).toBe(200);
  const link = (await response.json()).data.link as string;
  await first.page.goto(`${link}?editPage=true`);
  await second.page.goto(`${link}?editPage=true`);
  const editor = first.page;
  const inPlace = texts.inPlace;

  await editor.getByRole('heading', { level: 1, name: 'Questions page' }).fill('Renamed in place');
  await editor.getByTestId('faq-add').click();
  await editor.getByLabel(inPlace.question.replace('{{position}}', '2')).fill('Is it free?');
  await editor.getByRole('button', { name: inPlace.editAnswer.replace('{{position}}', '2') }).click();
  const prose = editor.getByTestId('faq-item-editor').nth(1).locator('.ProseMirror');
  await expect(prose).toBeVisible(slow);
  // The editor focuses itself once mounted (TipTap's autofocus, a moment after it shows): typing
  // before that lost the first letter on a loaded machine.
  await expect(prose).toBeFocused(slow);
  await editor.keyboard.type('Yes, always.');
  await editor.getByTestId('faq-item-editor').nth(1).getByRole('button', { name: texts.moveUp }).click();
  await expect(editor.getByTestId('faq-question').first()).toHaveValue('Is it free?');
  // Where the editor is (scrolled down): the sticky toolbar stays below the sticky header's links.
  expect(await editor.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const header = await editor.locator('[data-site-header]').boundingBox();
  const toolbar = await editor.getByRole('toolbar', { name: texts.toolbar }).boundingBox();
  expect(toolbar!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  expect(await axeViolations(editor)).toEqual([]);
  await editor.screenshot({ path: 'test-results/editor-title-faq.png', fullPage: true });
  await Promise.all([editor.waitForEvent('load'), editor.getByTestId('editor-save').click()]);

  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Renamed in place');
  await expect(visitor.locator('summary')).toContainText(['Is it free?', 'Where?']);
  await expect(visitor.locator('summary')).toHaveCount(2);
  await expect(visitor.locator('details').first()).toContainText('Yes, always.');

  // The second editor opened the old version: the conflict keeps their draft across a reload.
  const late = second.page;
  await late.getByRole('heading', { level: 1 }).fill('Second editor title');
  await late.getByTestId('editor-save').click();
  await expect(late.getByTestId('editor-status')).toHaveText(texts.conflict, slow);
  late.once('dialog', (dialog) => dialog.accept());
  await late.reload();
  const offer = late.getByTestId('editor-restore');
  await expect(offer).toContainText(inPlace.restoreText);
  await expect(late.getByRole('heading', { level: 1 })).toHaveText('Renamed in place');
  await offer.getByRole('button', { name: inPlace.restore }).click();
  await expect(late.getByRole('heading', { level: 1 })).toHaveText('Second editor title');
  await expect(late.getByTestId('editor-status')).toHaveText(inPlace.restored);
  await late.screenshot({ path: 'test-results/editor-restored.png' });
  await Promise.all([late.waitForEvent('load'), late.getByTestId('editor-save').click()]);
  await expect(late.getByTestId('editor-restore')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Second editor title');

  await first.context.close();
  await second.context.close();
});

/** A distinct photo-like image (noise, so that its upload takes long enough to show progress). */
async function photo(seed: number, width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

test('section settings: an editor uploads two images in the picker and uses one, chooses the blog category of a post list and two featured products; a visitor sees them at once', async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(120_000);
  const media = catalogs.en.media;
  const stamp = Date.now();
  const { context, page } = await editorPage(browser);
  const created = await createTestPage(page.request, `section-image-${stamp}`, [
    {
      type: 'latest-posts',
      isMaster: false,
      showDesktop: true,
      showMobile: true,
      settings: { limit: 3, categoryId: null },
      content: { title: 'Reading list' },
    },
  ]);
  await page.goto(`${created.link}?editPage=true`);
  await waitForHydration(page);
  await section(page, 'hero').getByRole('button', { name: texts.options }).click();
  const settings = page.getByRole('dialog', {
    name: texts.settingsTitle.replace('{{type}}', texts.types.hero),
  });
  const field = settings.getByTestId('setting-image');
  await expect(field).toContainText(texts.pickers.noImage);
  await settings
    .getByRole('button', { name: `${texts.pickers.chooseImage}: ${texts.settings.mediaId}` })
    .click();

  // The media picker opens above the settings dialog: upload two files, each with its progress bar.
  const picker = page.getByRole('dialog', { name: media.picker.title });
  await expect(picker).toBeVisible(slow);
  const names = [`playground-${stamp}.jpg`, `library-${stamp}.jpg`];
  await picker.getByTestId('media-file-input').setInputFiles([
    { name: names[0]!, mimeType: 'image/jpeg', buffer: await photo(stamp % 1000, 600, 400) },
    { name: names[1]!, mimeType: 'image/jpeg', buffer: await photo((stamp % 1000) + 7, 500, 300) },
  ]);
  await picker.getByTestId('media-upload-submit').click();
  for (const name of names)
    await expect(picker.getByRole('progressbar', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(picker.getByTestId('media-upload-outcome').filter({ hasText: media.fileStored })).toHaveCount(
    2,
    slow,
  );
  await picker.getByTestId('media-picker-search').fill(`library-${stamp}`);
  await picker.getByTestId('media-picker-search').press('Enter');
  await expect(picker.getByTestId('media-picker-item')).toHaveCount(1, slow);
  await page.screenshot({ path: 'test-results/settings-media-picker.png' });
  await picker.getByTestId('media-picker-item').click();

  // Back in the settings: the thumbnail, focus on the field's button; Escape in a picker closes only it.
  await expect(picker).toHaveCount(0);
  const change = settings.getByRole('button', {
    name: `${texts.pickers.changeImage}: ${texts.settings.mediaId}`,
  });
  await expect(change).toBeFocused();
  const thumbnail = field.getByTestId('setting-image-thumbnail');
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth), slow)
    .toBeGreaterThan(0);
  await change.press('Enter');
  await expect(picker).toBeVisible(slow);
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(settings).toBeVisible();
  await expect(change).toBeFocused();
  await page.screenshot({ path: 'test-results/settings-image-chosen.png' });
  await settings.getByRole('button', { name: texts.apply }).click();

  // The post list's blog category, chosen in its picker by searching.
  await section(page, 'latest-posts').getByRole('button', { name: texts.options }).click();
  const listSettings = page.getByRole('dialog', {
    name: texts.settingsTitle.replace('{{type}}', texts.types['latest-posts']),
  });
  await listSettings
    .getByRole('button', { name: `${texts.pickers.choose.postCategories}: ${texts.settings.categoryId}` })
    .click();
  const categories = page.getByRole('dialog', { name: texts.pickers.title.postCategories });
  await categories.getByLabel(texts.pickers.search).fill('readi');
  await categories.getByLabel(texts.pickers.search).press('Enter');
  await categories
    .getByRole('button', { name: texts.pickers.addItem.replace('{{title}}', 'Reading') })
    .click();
  await expect(categories.getByTestId('list-picker-chosen')).toHaveText(/Reading/);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/settings-list-picker.png' });
  await categories.getByRole('button', { name: texts.pickers.use.replace('{{count}}', '1') }).click();
  await expect(listSettings.getByTestId('setting-list-postCategories')).toContainText('Reading');
  await listSettings.getByRole('button', { name: texts.apply }).click();

  // A products section added in the manager, with two of the shop's products chosen, the second first.
  const listed = await page.request.post('/api/v1/catalogue/product/web/filter', {
    headers: { language: 'en' },
    data: { page: 1, limit: 2 },
  });
  const [one, two] = ((await listed.json()).data.records as { name: string }[]).map((card) => card.name);
  await page.getByRole('button', { name: texts.sections, exact: true }).click();
  const manager = page.getByRole('dialog', { name: texts.managerTitle });
  await manager.getByLabel(texts.sectionType).selectOption('products');
  await manager.getByRole('button', { name: texts.addSection }).click();
  await manager.getByRole('button', { name: texts.close }).click();
  // A new section shows on the page once saved (the page reloads in edit mode from what was stored).
  await Promise.all([page.waitForEvent('load'), page.getByTestId('editor-save').click()]);
  await waitForHydration(page);
  await expect(section(page, 'products')).toContainText(texts.productsEmpty, slow);
  await section(page, 'products').getByRole('button', { name: texts.options }).click();
  const productSettings = page.getByRole('dialog', {
    name: texts.settingsTitle.replace('{{type}}', texts.types.products),
  });
  await productSettings
    .getByRole('button', { name: `${texts.pickers.choose.products}: ${texts.settings.productIds}` })
    .click();
  const productPicker = page.getByRole('dialog', { name: texts.pickers.title.products });
  for (const name of [two!, one!])
    await productPicker
      .getByRole('button', { name: texts.pickers.addItem.replace('{{title}}', name), exact: true })
      .click();
  await productPicker.getByRole('button', { name: texts.pickers.use.replace('{{count}}', '2') }).click();
  await expect(productSettings.getByTestId('setting-list-chosen')).toHaveText(new RegExp(`${two}[^]*${one}`));
  await productSettings.getByRole('button', { name: texts.apply }).click();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('editor-save').click()]);

  await visitor.goto(created.link);
  await expect(section(visitor, 'hero').locator('img')).toHaveAttribute(
    'src',
    new RegExp(`library-${stamp}`),
  );
  const reading = await visitor.request.post('/api/v1/cms/post/filterStandard', {
    headers: { language: 'en' },
    data: { filters: { postTypeSlugs: ['post'], termSlugs: ['reading'] }, limit: 3 },
  });
  const titles = ((await reading.json()).data.records as { title: string }[]).map((post) => post.title);
  expect(titles.length).toBeGreaterThan(0);
  await expect(section(visitor, 'latest-posts').getByRole('heading', { level: 3 })).toHaveText(titles);
  await expect(section(visitor, 'products').getByRole('heading', { level: 3 })).toHaveText([two!, one!]);
  await section(visitor, 'products').scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: 'test-results/products-section.png' });
  await context.close();
});

test("a gallery's captions are edited in place; after its images change in the settings they wait for the save", async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await editorPage(browser);
  const library = await page.request.post('/api/v1/cms/media/filterStandard', {
    headers: { language: 'en' },
    data: { kind: 'image', limit: 3 },
  });
  expect(library.status()).toBe(200);
  const mediaIds = ((await library.json()).data.records as { id: number }[]).map((item) => item.id);
  expect(mediaIds).toHaveLength(3);
  const created = await createTestPage(page.request, `gallery-captions-${Date.now()}`, [
    {
      type: 'gallery',
      isMaster: false,
      showDesktop: true,
      showMobile: true,
      settings: { mediaIds: mediaIds.slice(0, 2) },
      content: { title: 'Moments', captions: ['First caption', ''] },
    },
  ]);
  await page.goto(`${created.link}?editPage=true`);
  await waitForHydration(page);
  const gallery = section(page, 'gallery');
  const caption = (position: number) =>
    gallery.getByRole('textbox', { name: texts.inPlace.caption.replace('{{position}}', String(position)) });
  // Every image has its caption box, the empty one too.
  await expect(caption(1)).toHaveText('First caption');
  await expect(caption(2)).toHaveText('');
  await gallery.screenshot({ path: 'test-results/editor-gallery-captions.png' });
  await caption(2).fill('Second caption, typed in place');
  await expect(page.getByTestId('editor-dirty')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('editor-save').click()]);
  await waitForHydration(page);

  // A visitor sees the caption under the image and as its text alternative.
  await visitor.goto(created.link);
  const figures = section(visitor, 'gallery').locator('figure');
  await expect(figures.nth(1).locator('figcaption')).toHaveText('Second caption, typed in place');
  await expect(figures.nth(1).locator('img')).toHaveAttribute('alt', 'Second caption, typed in place');

  // The editor removes the first image in the settings: the screen still shows the saved images, so
  // their captions are locked (typing would land on another image's) until the save.
  await gallery.getByRole('button', { name: texts.options }).click();
  const settings = page.getByRole('dialog', {
    name: texts.settingsTitle.replace('{{type}}', texts.types.gallery),
  });
  await settings
    .getByRole('button', {
      name: `${texts.pickers.removeImage}: ${texts.pickers.imageNumber.replace('{{number}}', '1')}`,
    })
    .click();
  await settings.getByRole('button', { name: texts.apply }).click();
  await expect(gallery.getByRole('status').filter({ hasText: texts.inPlace.galleryChanged })).toBeVisible();
  await expect(gallery.getByRole('textbox')).toHaveCount(0);
  await gallery.screenshot({ path: 'test-results/editor-gallery-changed.png' });
  await expect(gallery.locator('figcaption').first()).toHaveAttribute('contenteditable', 'false');
  await Promise.all([page.waitForEvent('load'), page.getByTestId('editor-save').click()]);
  await waitForHydration(page);
  // After the save the remaining image kept its own caption.
  await expect(caption(1)).toHaveText('Second caption, typed in place');
  await expect(gallery.getByRole('textbox')).toHaveCount(1);
  await context.close();
});
