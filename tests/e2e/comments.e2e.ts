import type { Browser, Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { normalizeCommentText, RATING_STARS } from '../../core/comments.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { logIn, productRating, publish, targetId, writeComment } from './support/comments.ts';

test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 20_000 };

type Thing = Record<string, unknown>;

/** A counted text of the catalog in the language's plural form (Croatian has one, few and other). */
function counted(texts: Record<string, unknown>, key: string, count: number, language: UiLanguage): string {
  const form = new Intl.PluralRules(language).select(count);
  const text = (texts[`${key}_${form}`] ?? texts[`${key}_other`]) as string;
  return text.replace('{{count}}', String(count));
}

/** Demo content (server/db/seed/) each flow writes on, so that the flows never share a thread. */
const flows = {
  // Croatian without JavaScript: every form is a plain post to its route action.
  hr: {
    javaScript: false,
    post: 'kako-razgovarati-o-neuspjehu',
    postPath: '/kako-razgovarati-o-neuspjehu',
    product: 'lisica-koja-je-naucila-cekati',
    productPath: '/product/lisica-koja-je-naucila-cekati',
  },
  en: {
    javaScript: true,
    post: 'evening-routine',
    postPath: '/en/evening-routine',
    product: 'my-feelings',
    productPath: '/en/product/my-feelings',
  },
} as const;

/** Screenshots for a look while developing (SCREENSHOT_DIR unset: none). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: e2eBaseUrl, javaScriptEnabled });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function open(page: Page, path: string, javaScript: boolean) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (javaScript) await waitForHydration(page);
}

/** The Product (or ProductGroup) of the page's JSON-LD. */
async function productJsonLd(page: Page): Promise<Thing> {
  const items = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Thing,
  );
  const product = items.find((item) => item['@type'] === 'Product' || item['@type'] === 'ProductGroup');
  expect(product, 'a Product in the JSON-LD').toBeDefined();
  return product!;
}

/** Google's review snippet fields: the aggregate and each review with author, date and stars. */
function checkRatingFields(product: Thing, rating: { average: number; count: number }) {
  expect(product.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: rating.average,
    bestRating: RATING_STARS,
    worstRating: 1,
    ratingCount: rating.count,
  });
  const reviews = product.review as Thing[];
  expect(reviews.length).toBeGreaterThan(0);
  for (const review of reviews) {
    expect(review['@type']).toBe('Review');
    expect(String((review.author as Thing).name).length).toBeGreaterThan(0);
    expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const stars = review.reviewRating as Thing;
    expect(Number(stars.ratingValue)).toBeGreaterThanOrEqual(1);
    expect(Number(stars.ratingValue)).toBeLessThanOrEqual(RATING_STARS);
    expect(stars.bestRating).toBe(RATING_STARS);
  }
}

for (const language of ['hr', 'en'] as const satisfies UiLanguage[]) {
  const flow = flows[language];
  const texts = catalogs[language].comments;

  test(`${language}: a user comments on a post and reviews a product${flow.javaScript ? '' : ' without JavaScript'}, the back office publishes both, they appear with the new average rating`, async ({
    browser,
  }) => {
    const stamp = `${language}-${Date.now()}`;
    const commentText = `Koristan tekst, hvala! ${stamp}`;
    const reviewText = `Lijepa knjiga za večer. ${stamp}`;
    const probe = await browser.newContext({ baseURL: e2eBaseUrl });
    const before = (await productRating(probe.request, flow.product, language)) ?? { average: 0, count: 0 };
    await probe.close();

    // The customer.
    const customer = await newPage(browser, flow.javaScript);
    await logIn(customer.page.request, 'customer');
    await open(customer.page, flow.postPath, flow.javaScript);
    const thread = customer.page.getByTestId('comment-thread');
    await expect(thread.getByRole('heading', { name: texts.postHeading, level: 2 })).toBeVisible();
    await thread.getByLabel(texts.commentLabel, { exact: true }).fill(commentText);
    await thread.getByRole('button', { name: texts.submit }).click();
    await expect(customer.page.getByTestId('comment-notice')).toHaveText(texts.sentPending, slow);
    const ownComment = customer.page.getByTestId('comment').filter({ hasText: commentText });
    await expect(ownComment).toContainText(texts.pending);

    await open(customer.page, flow.productPath, flow.javaScript);
    const reviews = customer.page.getByTestId('comment-thread');
    await expect(reviews.getByRole('heading', { name: texts.productHeading, level: 2 })).toBeVisible();
    // The stars are a radio group: a fieldset named by its legend, one radio per number of stars.
    const stars = reviews.getByRole('group', { name: texts.ratingOptional });
    await expect(stars.getByRole('radio')).toHaveCount(RATING_STARS + 1);
    await stars.getByRole('radio', { name: counted(texts, 'starOption', 4, language) }).check();
    await shot(customer.page, `${language}-review-form`);
    await reviews.getByLabel(texts.reviewLabel, { exact: true }).fill(reviewText);
    await reviews.getByRole('button', { name: texts.submit }).click();
    await expect(customer.page.getByTestId('comment-notice')).toHaveText(texts.sentPending, slow);
    await expect(customer.page.getByTestId('comment').filter({ hasText: reviewText })).toContainText(
      texts.pending,
    );

    // Visitors see neither yet.
    const visitor = await newPage(browser, flow.javaScript);
    await open(visitor.page, flow.postPath, flow.javaScript);
    await expect(visitor.page.getByTestId('comment').filter({ hasText: commentText })).toHaveCount(0);
    await expect(visitor.page.getByTestId('comment-login')).toContainText(texts.errors.loggedUsersOnly);

    // The back office publishes both from the moderation screen.
    const editor = await newPage(browser, flow.javaScript);
    await logIn(editor.page.request, 'editor');
    await open(editor.page, localizedPath('admin', language), flow.javaScript);
    await editor.page
      .getByTestId('admin-nav')
      .getByRole('link', { name: catalogs[language].adminPanel.nav.comments })
      .click();
    await expect(editor.page).toHaveURL(new RegExp(`${localizedPath('adminComments', language)}$`));
    await expect(editor.page.getByRole('heading', { name: texts.admin.title, level: 1 })).toBeVisible();
    for (const text of [commentText, reviewText]) {
      const item = editor.page.getByTestId('moderation-item').filter({ hasText: text });
      await expect(item).toHaveCount(1);
      await item.getByRole('button', { name: texts.admin.publish }).click();
      await expect(editor.page.getByTestId('moderation-done')).toHaveText(texts.admin.done.published, slow);
      await expect(editor.page.getByTestId('moderation-item').filter({ hasText: text })).toHaveCount(0);
    }
    await shot(editor.page, `${language}-moderation`);
    await editor.page.getByRole('link', { name: texts.admin.status.published, exact: true }).click();
    for (const text of [commentText, reviewText])
      await expect(editor.page.getByTestId('moderation-item').filter({ hasText: text })).toHaveCount(1);

    // Published: everyone sees them, with the product's new average.
    const expected = {
      average: Math.round(((before.average * before.count + 4) / (before.count + 1)) * 100) / 100,
      count: before.count + 1,
    };
    await open(visitor.page, flow.postPath, flow.javaScript);
    await expect(visitor.page.getByTestId('comment').filter({ hasText: commentText })).not.toContainText(
      texts.pending,
    );
    await expect(visitor.page.getByTestId('comment-text').filter({ hasText: commentText })).toHaveCount(1);
    await open(visitor.page, flow.productPath, flow.javaScript);
    const review = visitor.page.getByTestId('comment').filter({ hasText: reviewText });
    await expect(review).toContainText(texts.stars.replace('{{rating}}', '4').replace('{{best}}', '5'));
    const summary = visitor.page.getByTestId('product-rating-summary');
    const shownAverage = Number.isInteger(expected.average)
      ? String(expected.average)
      : expected.average.toFixed(1);
    await expect(summary).toContainText(
      texts.average.replace('{{rating}}', shownAverage).replace('{{best}}', '5'),
    );
    await expect(summary).toContainText(counted(texts, 'reviewCount', expected.count, language));
    await shot(visitor.page, `${language}-product-reviews`);
    checkRatingFields(await productJsonLd(visitor.page), expected);
    const jsonReviews = (await productJsonLd(visitor.page)).review as Thing[];
    expect(jsonReviews.map((entry) => entry.reviewBody)).toContain(reviewText);

    // The product's card in its category listing shows the rating too.
    const breadcrumb = visitor.page.getByRole('navigation', { name: catalogs[language].content.breadcrumb });
    await breadcrumb.getByRole('link').nth(2).click();
    await visitor.page.waitForURL(/\/shop\//);
    if (flow.javaScript) await waitForHydration(visitor.page);
    const card = visitor.page
      .locator('main article')
      .filter({ has: visitor.page.locator(`a[href$="${flow.productPath}"]`) });
    await expect(card.getByTestId('card-rating')).toContainText(
      counted(texts, 'reviewCount', expected.count, language),
    );

    for (const { context, errors } of [customer, visitor, editor]) {
      expect(errors, 'errors thrown in the page').toEqual([]);
      await context.close();
    }
  });
}

/**
 * Classic XSS payloads (OWASP's filter-evasion cheat sheet and PortSwigger's list): tags, event
 * handlers, broken markup, encodings, script-closing strings (the JSON-LD), template syntax. Each
 * sets `window.__xss` or opens a dialog if it ever runs.
 */
const payloads = [
  '<script>window.__xss=1</script>',
  '<script>alert(1)</script>',
  '<img src=x onerror="window.__xss=2">',
  '<img src=x onerror=alert(2)>',
  '<svg onload="window.__xss=3">',
  '<svg><script>window.__xss=4</script></svg>',
  '<body onload=alert(5)>',
  '<iframe src="javascript:alert(6)"></iframe>',
  '<a href="javascript:alert(7)">click</a>',
  '<a href="jAvAsCrIpT:window.__xss=8">x</a>',
  '"><script>window.__xss=9</script>',
  "'><img src=x onerror=window.__xss=10>",
  '</textarea><script>window.__xss=11</script>',
  '</script><script>window.__xss=12</script>',
  '<div style="background:url(javascript:alert(13))">',
  '<input autofocus onfocus="window.__xss=14">',
  '<details open ontoggle="window.__xss=15">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=16>',
  '<object data="javascript:alert(17)"></object>',
  '<embed src="javascript:alert(18)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(19)">',
  '<base href="javascript:alert(20)//">',
  '<form action="javascript:alert(21)"><button>go</button></form>',
  '<video><source onerror="window.__xss=22"></video>',
  '<audio src=x onerror=window.__xss=23>',
  '<marquee onstart="window.__xss=24">',
  '&lt;script&gt;window.__xss=25&lt;/script&gt;',
  '&#60;img src=x onerror=window.__xss=26&#62;',
  '<scr<script>ipt>window.__xss=27</scr</script>ipt>',
  '<IMG SRC=`javascript:alert(28)`>',
  '{{constructor.constructor("window.__xss=29")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, stored as text
  '${alert(30)}',
  '<style>@import "javascript:alert(31)";</style>',
  '<!--<img src="--><img src=x onerror=window.__xss=32//">',
  '\u2028\u2029</script><script>window.__xss=33</script>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=34>">',
];

test('XSS corpus: payloads stored through the API render as text on the post and product page, none runs', async ({
  browser,
  page,
}) => {
  const customer = await browser.newContext({ baseURL: e2eBaseUrl });
  const editor = await browser.newContext({ baseURL: e2eBaseUrl });
  await logIn(customer.request, 'customer');
  await logIn(editor.request, 'editor');
  const post = await targetId(customer.request, 'post', 'prvih-tisucu-dana', 'hr');
  const product = await targetId(customer.request, 'product', 'kad-se-posvadamo', 'hr');
  const marker = `xss-${Date.now()}`;
  const ids: number[] = [];
  for (const [index, payload] of payloads.entries()) {
    ids.push(await writeComment(customer.request, 'post', post, `${payload} ${marker}`));
    ids.push(
      await writeComment(
        customer.request,
        'product',
        product,
        `${payload} ${marker}`,
        (index % RATING_STARS) + 1,
      ),
    );
  }
  await publish(editor.request, ids);
  await customer.close();
  await editor.close();

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const expected = payloads.map((payload) => normalizeCommentText(`${payload} ${marker}`));
  for (const path of ['/prvih-tisucu-dana', '/product/kad-se-posvadamo']) {
    const shown: string[] = [];
    for (let threadPage = 1; threadPage <= Math.ceil(payloads.length / 10) + 1; threadPage++) {
      await page.goto(`${path}?comments=${threadPage}`);
      const texts = page.getByTestId('comment-text');
      // Plain text only: no element was made from any payload.
      expect(await page.locator('[data-testid="comment-text"] *').count()).toBe(0);
      shown.push(...(await texts.allTextContents()).filter((text) => text.includes(marker)));
    }
    expect(shown.sort(), path).toEqual([...expected].sort());
    if (path.startsWith('/product')) {
      // The structured data states the reviews of the thread page shown: the first.
      await page.goto(path);
      const jsonReviews = ((await productJsonLd(page)).review as Thing[]).map((review) => review.reviewBody);
      expect(jsonReviews.length).toBeGreaterThan(0);
      for (const body of jsonReviews) if (String(body).includes(marker)) expect(expected).toContain(body);
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
});
