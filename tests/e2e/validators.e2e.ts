import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, test } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, waitForHydration } from './fixtures.ts';
import { logIn, publish, targetId, writeComment } from './support/comments.ts';
import { emptyWishlist, fillWishlist, logInCustomer, wishlistIds } from './support/wishlist.ts';

/**
 * Independent validators over one page of every type, in both languages: the Nu HTML Checker
 * (vnu-jar, run once over every document) on the HTML the server sends, and axe-core (WCAG 2.2 A/AA)
 * in Chromium at 1280 and 390 px on the hydrated page. The bar is zero errors and zero violations
 * (docs/decisions/0205-html-and-accessibility-validators.md).
 */

const require = createRequire(import.meta.url);
const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const confirmQuery = (goal: string) =>
  `goalType=message&goal=${encodeURIComponent(goal)}&confirmedEmail=${encodeURIComponent('ana@example.com')}`;

/** One page of each type (demo content, server/db/seed/), Croatian then English, with the status it answers. */
const pages: { type: string; paths: [string, string]; status?: number }[] = [
  { type: 'home', paths: ['/', '/en'] },
  { type: 'content page', paths: ['/o-nama', '/en/about-us'] },
  { type: 'blog list', paths: ['/objave', '/en/blog'] },
  { type: 'post', paths: ['/sto-znaci-otporno-dijete', '/en/what-is-a-resilient-child'] },
  { type: 'event', paths: ['/dogadjaj/1', '/en/event/1'] },
  { type: 'search with results', paths: ['/pretraga?search=dijete', '/en/search?search=child'] },
  { type: 'shop', paths: ['/shop', '/en/shop'] },
  { type: 'category', paths: ['/shop/knjige', '/en/shop/books'] },
  {
    type: 'category with filters',
    paths: [
      '/shop/knjige?dob=3-6&format=tvrdi-uvez&price=5-20&sort=price_asc',
      '/en/shop/books?dob=3-6&format=tvrdi-uvez&price=5-20&sort=price_asc',
    ],
  },
  { type: 'simple product', paths: ['/product/medo-i-velika-briga', '/en/product/little-bears-big-worry'] },
  // Published comments and reviews (written in beforeAll below): the thread, stars and rating.
  {
    type: 'post with comments',
    paths: ['/s-radionice-roditelji-o-otpornosti', '/en/workshop-notes-parents-on-resilience'],
  },
  {
    type: 'product with reviews',
    paths: ['/product/laku-noc-zvjezdice', '/en/product/good-night-little-stars'],
  },
  {
    type: 'configurable product',
    paths: ['/product/majica-otporno-dijete', '/en/product/resilient-child-t-shirt'],
  },
  { type: 'bundle product', paths: ['/product/paket-za-pocetnike', '/en/product/starter-pack'] },
  {
    type: 'digital product',
    paths: ['/product/otporno-dijete-e-knjiga', '/en/product/the-resilient-child-e-book'],
  },
  { type: 'empty cart', paths: ['/kosarica', '/en/cart'] },
  { type: 'login', paths: ['/prijava', '/en/login'] },
  { type: 'registration', paths: ['/registracija', '/en/register'] },
  { type: 'forgotten password', paths: ['/zaboravljena-lozinka', '/en/forgot-password'] },
  { type: 'not found', paths: ['/nema-ove-stranice', '/en/no-such-page'], status: 404 },
  {
    type: 'email confirmed',
    paths: [
      `/potvrdi-email?${confirmQuery('blog.confirm.confirmed')}`,
      `/en/confirm-email?${confirmQuery('x')}`,
    ],
  },
  {
    type: 'newsletter sign-up result',
    paths: ['/o-nama?newsletter=subscribed', '/en?newsletter=invalid'],
  },
];
/** The id of the demo book the cart checks add (read from its page's add-to-cart form). */
async function productId(language: 'hr' | 'en'): Promise<number> {
  const response = await fetch(
    `${e2eBaseUrl}${language === 'hr' ? '/product/medo-i-velika-briga' : '/en/product/little-bears-big-worry'}`,
  );
  const match = /name="productId" value="(\d+)"/.exec(await response.text());
  return Number(match?.[1]);
}

/** A published comment on the post and a published review with stars on the product of the pages above. */
test.beforeAll(async ({ playwright }) => {
  const customer = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  const editor = await playwright.request.newContext({ baseURL: e2eBaseUrl });
  await logIn(customer, 'customer');
  await logIn(editor, 'editor');
  const post = await targetId(customer, 'post', 's-radionice-roditelji-o-otpornosti', 'hr');
  const product = await targetId(customer, 'product', 'laku-noc-zvjezdice', 'hr');
  await publish(editor, [
    await writeComment(
      customer,
      'post',
      post,
      'Hvala na korisnim savjetima!\nPrimijenit ćemo ih već večeras.',
    ),
    await writeComment(customer, 'product', product, 'Djeca je obožavaju.', 5),
    await writeComment(customer, 'product', product, '', 3),
  ]);
  await customer.dispose();
  await editor.dispose();
});

const allPaths = pages.flatMap(({ paths, status }) => paths.map((pagePath) => ({ path: pagePath, status })));

/**
 * Nu checks the inline stylesheet with a CSS grammar that predates two features Tailwind 4 emits and
 * every current browser supports: `@property` (Baseline 2024) and `margin-trim`. Only those two exact
 * messages are dropped; any other CSS error still counts.
 */
const nuFilter =
  '(CSS: Unrecognized at-rule “@property”|CSS: “margin-trim”: Property “margin-trim” doesn.t exist\\.)';

type NuMessage = {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
};

function runNu(files: string[]): Promise<NuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      [
        '-jar',
        vnuJar,
        '--format',
        'json',
        '--stdout',
        '--no-langdetect',
        '--filterpattern',
        nuFilter,
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
      // Nu exits with 1 when it reports an error; the report itself is what the test reads.
      (error, stdout) => {
        try {
          resolve((JSON.parse(stdout) as { messages: NuMessage[] }).messages);
        } catch {
          reject(error ?? new Error(`Nu HTML Checker printed no report: ${stdout.slice(0, 500)}`));
        }
      },
    );
  });
}

test('Nu HTML Checker: no error on any page type in either language', async ({ request }) => {
  test.setTimeout(180_000);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nu-'));
  try {
    const files = new Map<string, string>();
    for (const [index, page] of allPaths.entries()) {
      const response = await request.get(page.path, { maxRedirects: 0 });
      expect(response.status(), page.path).toBe(page.status ?? 200);
      expect(response.headers()['content-type'], page.path).toContain('text/html');
      const file = path.join(directory, `page-${index}.html`);
      fs.writeFileSync(file, await response.body());
      files.set(`file:${file}`, page.path);
    }
    const messages = await runNu([...files.keys()]);
    const line = (message: NuMessage) =>
      `${files.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} [${message.extract ?? ''}]`;
    // React writes void elements as `<meta … />`: Nu's "info" about that syntax is not a defect.
    const warnings = messages.filter((message) => message.subType === 'warning').map(line);
    if (warnings.length > 0) console.log(`Nu warnings:\n${warnings.join('\n')}`);
    test.info().annotations.push({ type: 'Nu warnings', description: String(warnings.length) });
    expect(
      messages
        .filter((message) => message.type === 'error' || message.type === 'non-document-error')
        .map(line),
    ).toEqual([]);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

type AxeCheck = {
  id: string;
  data: { messageKey?: string; contrastRatio?: number; expectedContrastRatio?: string } | null;
};
type AxeNode = { target: string[]; html: string; any: AxeCheck[] };
type AxeRule = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
type AxeResults = { violations: AxeRule[]; incomplete: AxeRule[]; passes: AxeRule[] };

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core over the whole document, WCAG 2.2 A and AA. Evaluated through the DevTools protocol: the
 * page's CSP admits no foreign script element.
 */
async function runAxe(
  page: Page,
  options: { include?: string[]; resultTypes?: string[]; rules?: string[] } = {},
): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, include, resultTypes, rules }) => {
      const axe = (
        window as unknown as { axe: { run: (context: unknown, options: object) => Promise<AxeResults> } }
      ).axe;
      return axe.run(include ? { include } : document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
        resultTypes,
      });
    },
    {
      tags: wcagTags,
      include: options.include,
      rules: options.rules,
      resultTypes: options.resultTypes ?? ['violations', 'incomplete'],
    },
  );
}

/**
 * Violations, and contrast axe could not decide because of what lies behind the text (an image, a
 * gradient, an overlapping element). Glyphs outside the Basic Multilingual Plane (the decorative
 * arrows, aria-hidden) are the one undecidable case left: contrast of text does not apply to them.
 */
function findings(results: AxeResults) {
  const line = (rule: AxeRule, node: AxeNode) =>
    `${rule.id} (${rule.impact ?? 'undecided'}): ${rule.help} at ${node.target.join(' ')} ${node.html.slice(0, 160)}`;
  return {
    violations: results.violations.flatMap((rule) => rule.nodes.map((node) => line(rule, node))),
    undecidedContrast: results.incomplete
      .filter((rule) => rule.id === 'color-contrast' || rule.id === 'color-contrast-enhanced')
      .flatMap((rule) =>
        rule.nodes
          .filter((node) => !node.any.some((check) => check.data?.messageKey === 'nonBmp'))
          .map(
            (node) => `${line(rule, node)} [${node.any.map((check) => check.data?.messageKey).join(', ')}]`,
          ),
      ),
  };
}

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of viewports) {
  test.describe(`axe-core WCAG 2.2 A/AA at ${viewport.width} px (${name})`, () => {
    let context: BrowserContext;
    let page: Page;
    const browserErrors: string[] = [];

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ viewport, baseURL: e2eBaseUrl });
      page = await context.newPage();
      page.on('pageerror', (error) => browserErrors.push(error.message));
    });
    test.afterAll(async () => {
      await context.close();
    });

    const open = async (pagePath: string, status = 200, consent = true) => {
      await context.clearCookies();
      if (consent) {
        await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
      }
      const response = await page.goto(pagePath);
      expect(response?.status(), pagePath).toBe(status);
      await waitForHydration(page);
    };

    // Every page type is loaded once, in the desktop context, and checked at both widths: the layout
    // follows the viewport through CSS alone, and a navigation costs far more than an axe run.
    if (name === 'desktop') {
      for (const { path: pagePath, status } of allPaths) {
        test(`${pagePath} at 1280 and 390 px`, async () => {
          await open(pagePath, status);
          for (const width of viewports.map((entry) => entry.viewport)) {
            await page.setViewportSize(width);
            const { violations, undecidedContrast } = findings(await runAxe(page));
            expect(violations, `axe violations on ${pagePath} at ${width.width} px`).toEqual([]);
            expect(
              undecidedContrast,
              `contrast axe could not decide on ${pagePath} at ${width.width} px`,
            ).toEqual([]);
          }
          await page.setViewportSize(viewport);
          expect(browserErrors, 'errors thrown in the page').toEqual([]);
        });
      }
    }

    // Issue 10 defect 6: text over a photo sits on an opaque panel, so its contrast is decidable and
    // holds whatever the image; axe computes the ratio of each text against the panel.
    for (const { pagePath, panel } of [
      { pagePath: '/', panel: '[data-testid="hero-panel"]' },
      { pagePath: '/en', panel: '[data-testid="hero-panel"]' },
      { pagePath: '/o-nama', panel: '[data-testid="hero-panel"]' },
      { pagePath: '/en/privacy-policy', panel: '[data-testid="title-panel"]' },
    ]) {
      test(`${pagePath}: the text over the cover image has enough contrast against its panel`, async () => {
        await open(pagePath);
        // There is an image behind the panel: this checks text over a photo, not text on a plain colour.
        const section = page.locator(`:is(section, div):has(> img):has(${panel})`).first();
        await expect(section.locator('> img')).toHaveCount(1);
        const texts = page.locator(`${panel} :is(h1, h2, p, a, [aria-current])`);
        const textCount = await texts.count();
        expect(textCount, 'texts in the panel').toBeGreaterThan(0);
        const results = await runAxe(page, {
          include: [panel],
          rules: ['color-contrast'],
          resultTypes: ['violations', 'incomplete', 'passes'],
        });
        const { violations, undecidedContrast } = findings(results);
        expect(violations).toEqual([]);
        expect(undecidedContrast).toEqual([]);
        const measured = (results.passes.find((rule) => rule.id === 'color-contrast')?.nodes ?? []).map(
          (node) => ({
            text: node.target.join(' '),
            ratio: node.any[0]?.data?.contrastRatio ?? 0,
            required: Number.parseFloat(node.any[0]?.data?.expectedContrastRatio ?? '4.5'),
          }),
        );
        expect(measured.length, 'texts whose contrast axe measured').toBeGreaterThanOrEqual(textCount);
        for (const { text, ratio, required } of measured) {
          expect(ratio, `contrast of ${text}`).toBeGreaterThanOrEqual(required);
        }
        test.info().annotations.push({
          type: 'contrast',
          description: measured.map(({ ratio }) => ratio.toFixed(2)).join(' '),
        });
      });
    }

    for (const [language, pagePath] of [
      ['hr', '/'],
      ['en', '/en/shop/books'],
    ] as const) {
      test(`${pagePath} with the cookie banner shown`, async () => {
        await open(pagePath, 200, false);
        await expect(page.getByRole('region', { name: catalogs[language].cookies.label })).toBeVisible();
        const { violations, undecidedContrast } = findings(await runAxe(page));
        expect(violations).toEqual([]);
        expect(undecidedContrast).toEqual([]);
      });
    }

    // A filled cart (its session made through the API, as the add-to-cart button does), and the
    // cart modal a product page shows after an add when the cart type says so.
    for (const language of name === 'desktop' ? (['hr', 'en'] as const) : []) {
      test(`the filled cart page (${language})`, async () => {
        await open(language === 'hr' ? '/kosarica' : '/en/cart');
        const added = await page.request.post('/api/v2/ecommerce/cart/addItem', {
          headers: { language },
          data: { productId: await productId(language), qty: 2 },
        });
        expect(added.status()).toBe(200);
        const { data: cart } = (await added.json()) as { data: { cartId: string; protectCode: string } };
        await context.addCookies([
          { name: 'cartId', value: cart.cartId, url: e2eBaseUrl },
          { name: 'protectCode', value: cart.protectCode, url: e2eBaseUrl },
        ]);
        await page.reload();
        await waitForHydration(page);
        await expect(page.getByTestId('cart-line')).toHaveCount(1);
        await page.getByText(catalogs[language].cart.coupon.toggle).click();
        const { violations, undecidedContrast } = findings(await runAxe(page));
        expect(violations).toEqual([]);
        expect(undecidedContrast).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        const narrow = findings(await runAxe(page));
        expect(narrow.violations).toEqual([]);
        expect(narrow.undecidedContrast).toEqual([]);
        await page.setViewportSize(viewport);
      });
    }

    if (name === 'mobile') {
      for (const [language, pagePath] of [
        ['hr', '/'],
        ['en', '/en/product/little-bears-big-worry'],
      ] as const) {
        test(`${pagePath} with the menu open`, async () => {
          await open(pagePath);
          const button = page.getByRole('banner').locator('button[aria-controls="mobile-menu"]');
          await button.click();
          await expect(button).toHaveAccessibleName(catalogs[language].shell.closeMenu);
          await expect(page.locator('#mobile-menu')).toBeVisible();
          const { violations, undecidedContrast } = findings(await runAxe(page));
          expect(violations).toEqual([]);
          expect(undecidedContrast).toEqual([]);
        });
      }
    }
  });
}

/**
 * A logged-in shopper's pages: the wishlist (empty, then with products) and pages with wishlist
 * hearts, in both languages. Nu on the HTML the server sends them, axe at both widths.
 */
test.describe('a logged-in shopper’s pages', () => {
  let context: BrowserContext;
  let page: Page;
  const browserErrors: string[] = [];
  const shopperPaths = ['/lista-zelja', '/en/wishlist', '/shop/knjige', '/en/product/little-bears-big-worry'];

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: viewports[0]!.viewport, baseURL: e2eBaseUrl });
    await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
    await logInCustomer(context.request);
    await emptyWishlist(context.request);
    page = await context.newPage();
    page.on('pageerror', (error) => browserErrors.push(error.message));
  });
  test.afterAll(async () => {
    await emptyWishlist(context.request);
    await context.close();
  });

  test('Nu HTML Checker and axe: the wishlist empty and filled, pages with hearts', async () => {
    test.setTimeout(180_000);
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nu-shopper-'));
    try {
      const files = new Map<string, string>();
      const save = async (pagePath: string) => {
        const response = await context.request.get(pagePath, { maxRedirects: 0 });
        expect(response.status(), pagePath).toBe(200);
        const file = path.join(directory, `page-${files.size}.html`);
        fs.writeFileSync(file, await response.body());
        files.set(`file:${file}`, `${pagePath} (${(await wishlistIds(context.request)).length} on the list)`);
      };
      const axeAtBothWidths = async (pagePath: string) => {
        await page.goto(pagePath);
        await waitForHydration(page);
        for (const width of viewports.map((entry) => entry.viewport)) {
          await page.setViewportSize(width);
          const { violations, undecidedContrast } = findings(await runAxe(page));
          expect(violations, `axe violations on ${pagePath} at ${width.width} px`).toEqual([]);
          expect(undecidedContrast, `undecided contrast on ${pagePath} at ${width.width} px`).toEqual([]);
        }
        await page.setViewportSize(viewports[0]!.viewport);
      };

      await save('/lista-zelja');
      await axeAtBothWidths('/en/wishlist');
      await fillWishlist(context.request, 2);
      for (const pagePath of shopperPaths) {
        await save(pagePath);
        await axeAtBothWidths(pagePath);
      }

      const messages = await runNu([...files.keys()]);
      const line = (message: NuMessage) =>
        `${files.get(message.url) ?? message.url}:${message.lastLine ?? '?'} ${message.message} [${message.extract ?? ''}]`;
      expect(
        messages
          .filter((message) => message.type === 'error' || message.type === 'non-document-error')
          .map(line),
      ).toEqual([]);
      expect(browserErrors, 'errors thrown in the page').toEqual([]);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

/** What a logged-in user sees under a post and on a product: the forms, a field error, the star group. */
test('the comment and review forms of a logged-in user: Nu and axe at 1280 and 390 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: e2eBaseUrl, viewport: viewports[0]!.viewport });
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: e2eBaseUrl }]);
  const page = await context.newPage();
  await logInCustomer(page.request);
  const paths = [
    '/s-radionice-roditelji-o-otpornosti',
    '/en/product/good-night-little-stars?commentError=ratingRequired.rating',
    '/product/laku-noc-zvjezdice?commentError=commentOrRating.comment',
  ];
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nu-comments-'));
  try {
    const files = new Map<string, string>();
    for (const [index, pagePath] of paths.entries()) {
      const response = await page.goto(pagePath);
      expect(response?.status(), pagePath).toBe(200);
      await waitForHydration(page);
      await expect(page.getByTestId('comment-form')).toBeVisible();
      for (const width of viewports.map((entry) => entry.viewport)) {
        await page.setViewportSize(width);
        const { violations, undecidedContrast } = findings(await runAxe(page));
        expect(violations, `axe violations on ${pagePath} at ${width.width} px`).toEqual([]);
        expect(undecidedContrast, `undecided contrast on ${pagePath}`).toEqual([]);
      }
      const file = path.join(directory, `page-${index}.html`);
      fs.writeFileSync(file, await (await page.request.get(pagePath)).body());
      files.set(`file:${file}`, pagePath);
    }
    const errors = (await runNu([...files.keys()]))
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => `${files.get(message.url)}:${message.lastLine ?? '?'} ${message.message}`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
    await context.close();
  }
});
