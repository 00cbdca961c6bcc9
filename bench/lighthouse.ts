/**
 * Lighthouse audit of the storefront: builds when needed (or uses BUILD_DIR), starts the production
 * server on a fresh PGlite data directory with demo content (tests/e2e/start-server.ts), and runs
 * Lighthouse (performance, accessibility, best practices, SEO) on each URL in headless Chromium.
 * Prints a markdown table and writes JSON to bench/results/.
 *
 * Usage: `node bench/lighthouse.ts [--desktop | --both] [--cold] [--port N] [--login] [/path ...]`
 * `--login` audits as the demo customer of the README (logged in through the API; the session cookies
 * go with every request), for pages behind a login such as `/profil`. `--editor` does the same as the
 * demo back-office editor, for the admin screens: `--editor /admin /admin/templates /admin/cache
 * /admin/templates/order-notice/hr /en/admin/comments`.
 * `--cart` fills a cart through the API before the audits (one line of the demo book, one cart per
 * language: a cart belongs to its store) and sends its cookies (`cartId`, `protectCode`) with each
 * request: `--cart /kosarica /en/cart`.
 * `--modal` audits product pages with the cart modal open: the server's cart type is set to 2 (cart
 * modal), Puppeteer opens each page and clicks "add to cart", and Lighthouse audits the open modal in
 * snapshot mode (no performance score there): `--modal /proizvod/... /en/product/...`.
 * `--checkout` audits the checkout in hr and en (docs/decisions/0327): for each language a cart is
 * filled and taken through the steps over the API (address, courier delivery, bank transfer), its three
 * steps are audited with its cookies (`?step=address|shipping|payment`), then an order is placed from a
 * second cart and its success page (bank transfer details and the HUB-3 barcode) and the failure page
 * are audited. These pages are noindex: their SEO score is below 100 by design, as for login. Paths given
 * with `--checkout` are audited as well.
 * Paths default to one of each screen (home, a page, the blog, a post, a category, a product, login and
 * registration in both languages). Each
 * page and its images are requested once before the audits unless --cold is given.
 * Env: BUILD_DIR (default build), CHROME_PATH (default /usr/bin/chromium when present), LIGHTHOUSE_TRACE=1
 * (also writes each page's unthrottled trace, `<name>.trace.json`, for chrome://tracing or Perfetto).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { sql } from 'drizzle-orm';
import lighthouse, { desktopConfig, type Flags, type Result, snapshot } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { catalogs } from '../app/i18n/catalog.ts';
import type { UiLanguage } from '../core/languages.ts';
import { localizedPath } from '../core/route-table.ts';
import { openPglite } from '../server/db/client.ts';
import { CHECKOUT_ADDRESS } from '../server/testing/checkout-address.ts';
import { startServerProcess } from '../tests/e2e/support/server-process.ts';
import { demoPagePaths, ensureBuild } from './http-utils.ts';
import { startE2eServer } from './lighthouse-server.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type FormFactor = 'mobile' | 'desktop';

export type PageScore = {
  path: string;
  formFactor: FormFactor;
  status: number | null;
  scores: Record<(typeof categories)[number], number | null>;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** Lighthouse's CPU benchmark of this machine during the run (a busy machine scores low, and slows TBT). */
  benchmarkIndex: number | null;
  /** Audits below a full score in the non-performance categories (what to fix). */
  failing: { category: string; id: string; title: string; score: number | null; items: string[] }[];
  runtimeError?: string;
};

/** The demo screens, and the login and registration forms in both languages (noindex: SEO is below 100 there by design). */
const lighthousePaths = [...demoPagePaths, '/prijava', '/registracija', '/en/login', '/en/register'];

function parseArgs(argv: string[]) {
  const paths: string[] = [];
  let formFactors: FormFactor[] = ['mobile'];
  let port = Number(process.env.LIGHTHOUSE_PORT ?? 3292);
  let cold = false;
  let login: 'customer' | 'editor' | null = null;
  let cart = false;
  let modal = false;
  let checkout = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--desktop') formFactors = ['desktop'];
    else if (arg === '--both') formFactors = ['mobile', 'desktop'];
    else if (arg === '--port') port = Number(argv[++i]);
    else if (arg === '--cold') cold = true;
    else if (arg === '--login') login = 'customer';
    else if (arg === '--editor') login = 'editor';
    else if (arg === '--cart') cart = true;
    else if (arg === '--modal') modal = true;
    else if (arg === '--checkout') checkout = true;
    else if (arg.startsWith('/')) paths.push(arg);
    else throw new Error(`Unknown argument ${arg} (paths start with /)`);
  }
  if (modal && paths.length === 0) throw new Error('--modal needs the product pages to audit');
  if (modal && checkout) throw new Error('--modal and --checkout need different servers: run them apart');
  return {
    paths: paths.length > 0 || checkout ? paths : lighthousePaths,
    formFactors,
    port,
    cold,
    login,
    cart,
    modal,
    checkout,
  };
}

function itemLabel(item: Record<string, unknown>): string {
  // Elements come as `node` (or `source` for head tags); console errors as a description and a location.
  const node = (item.node ?? item.source) as { snippet?: string } | undefined;
  if (typeof node === 'object' && node?.snippet) return node.snippet.slice(0, 160);
  const location = item.sourceLocation as { url?: string } | undefined;
  if (typeof item.description === 'string')
    return `${item.description}${location?.url ? ` (${location.url})` : ''}`.slice(0, 200);
  for (const key of ['url', 'source', 'label']) {
    const value = item[key];
    if (typeof value === 'string') return value.slice(0, 160);
  }
  return JSON.stringify(item).slice(0, 160);
}

export function summarize(lhr: Result, pagePath: string, formFactor: FormFactor): PageScore {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const failing: PageScore['failing'] = [];
  for (const category of categories.filter((c) => c !== 'performance')) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: (details?.items ?? []).slice(0, 5).map(itemLabel),
      });
    }
  }
  const requests = (
    lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined
  )?.items;
  const documentRequest = requests?.find((item) => item.resourceType === 'Document');
  return {
    path: pagePath,
    formFactor,
    status: typeof documentRequest?.statusCode === 'number' ? documentRequest.statusCode : null,
    scores: {
      // A snapshot (the cart modal) has no weighted performance audit: no score rather than 0.
      performance: lhr.gatherMode === 'navigation' ? score('performance') : null,
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    failing,
    runtimeError: lhr.runtimeError?.message,
  };
}

const fmt = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));

export function markdownTable(rows: PageScore[]): string {
  const lines = [
    '| URL | form | HTTP | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.path} | ${row.formFactor} | ${row.status ?? '?'} | ${fmt(row.scores.performance)} | ${fmt(row.scores.accessibility)} | ${fmt(row.scores['best-practices'])} | ${fmt(row.scores.seo)} | ${fmt(row.lcpMs)} | ${fmt(row.cls, 3)} | ${fmt(row.tbtMs)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Requests the page and every /media image it references once, as Chromium would (AVIF accepted), so
 * that the audit measures a warm server: image variants are encoded on first use (sharp, AVIF can take
 * seconds), and a cold first request would otherwise dominate the figures.
 */
async function warmUp(base: string, pagePath: string) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset|imageSrcSet|href)="([^"]+)"/g)) {
    for (const candidate of match[1]!.replaceAll('&amp;', '&').split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith('/media/')) urls.add(url);
    }
  }
  const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  await Promise.all(
    [...urls].map(async (url) => (await fetch(`${base}${url}`, { headers: { accept } })).arrayBuffer()),
  );
  return urls.size;
}

/** The demo accounts of the README. */
const demoAccounts = {
  customer: { username: 'kupac@ucionica.local', password: 'Kupac123!' },
  editor: { username: 'admin@ucionica.local', password: 'Admin123!' },
};

/** A demo account's session (README) as a Cookie header, from a login through the API. */
async function demoSessionCookie(base: string, who: keyof typeof demoAccounts): Promise<string> {
  const response = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAccounts[who]),
  });
  if (!response.ok) throw new Error(`Login as the demo ${who} failed: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** The page's language from its path (hr has no prefix). */
const languageOf = (pagePath: string): UiLanguage =>
  (/^\/(en|de)(?:\/|$)/.exec(pagePath)?.[1] as UiLanguage | undefined) ?? 'hr';

/** A cart in `language`'s store with one line of the demo book, as its two cookies. */
async function filledCartCookie(base: string, language: UiLanguage): Promise<string> {
  const headers = { 'content-type': 'application/json', language };
  const product = await fetch(`${base}/api/v1/catalogue/product/web/get?slug=little-bears-big-worry`, {
    headers: { language: 'en' },
  });
  if (!product.ok) throw new Error(`The demo book did not load: HTTP ${product.status}`);
  const { data } = (await product.json()) as { data: { id: number } };
  const response = await fetch(`${base}/api/v2/ecommerce/cart/addItem`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: data.id, qty: 2 }),
  });
  if (!response.ok) throw new Error(`addItem answered ${response.status}: ${await response.text()}`);
  const cart = ((await response.json()) as { data: { cartId: string; protectCode: string } }).data;
  return `cartId=${cart.cartId}; protectCode=${cart.protectCode}`;
}

type CheckoutTarget = { path: string; cookie?: string };

/**
 * The checkout pages of one language, ready to audit: a cart taken through the three steps over the API
 * (its cookies go with the step pages), and an order placed from another cart by bank transfer (its
 * success page shows the payment details and the barcode). The failure page needs no order.
 */
async function checkoutTargets(base: string, language: UiLanguage): Promise<CheckoutTarget[]> {
  const call = async (url: string, body: object, method = 'POST') => {
    const response = await fetch(`${base}/api${url}`, {
      method,
      headers: { 'content-type': 'application/json', language },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const consents = (await call('/v1/gdpr/web/consent/filter', {
    assignedTo: 'checkoutForm',
    forWeb: true,
    limit: 100,
  })) as { records: { assignedTo: string; consents: { id: number }[] }[] };
  const consentIds = consents.records
    .filter((record) => record.assignedTo === 'checkoutForm')
    .flatMap((record) => record.consents.map((consent) => consent.id));
  const readyCart = async () => {
    const cookie = await filledCartCookie(base, language);
    const session = Object.fromEntries(cookie.split('; ').map((pair) => pair.split('='))) as {
      cartId: string;
      protectCode: string;
    };
    await call('/v2/ecommerce/checkout/address/save', {
      ...session,
      shippingAddress: CHECKOUT_ADDRESS,
      consents: consentIds,
    });
    const delivery = (await call(
      '/v2/ecommerce/checkout/delivery/getApplicableDeliveryMethods',
      session,
    )) as {
      id: number;
      methodCode: number;
    }[];
    const courier = delivery.find((method) => method.methodCode !== 15) ?? delivery[0];
    if (!courier) throw new Error('No delivery method applies to the demo book');
    await call(
      '/v2/ecommerce/checkout/delivery/saveDeliveryMethod',
      { ...session, deliveryMethodId: courier.id },
      'PUT',
    );
    const payment = (await call('/v2/ecommerce/checkout/payment/getApplicablePaymentMethods', session)) as {
      id: number;
      paymentType: string;
    }[];
    const bank = payment.find((method) => method.paymentType === 'bank_transfer');
    if (!bank) throw new Error('Bank transfer is not offered for the demo book');
    await call(
      '/v2/ecommerce/checkout/payment/savePaymentMethod',
      { ...session, paymentMethodId: bank.id },
      'PUT',
    );
    return { cookie, session };
  };
  const steps = await readyCart();
  const ordered = await readyCart();
  const order = (await call('/v2/ecommerce/checkout/order/create', ordered.session)) as { orderSlug: string };
  const checkoutPath = localizedPath('checkout', language);
  return [
    ...(['address', 'shipping', 'payment'] as const).map((step) => ({
      path: `${checkoutPath}?step=${step}`,
      cookie: steps.cookie,
    })),
    { path: `${localizedPath('checkoutSuccess', language)}?orderSlug=${order.orderSlug}` },
    { path: localizedPath('checkoutFailure', language) },
  ];
}

/**
 * The production server (BUILD_DIR) on a fresh data directory with the demo content and the checkout
 * setting "cart type" 2, so that adding to the cart opens the cart modal: a first start seeds the site,
 * the setting is changed while no server holds the database, then the server starts again.
 */
async function startCartModalServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-modal-'));
  await (await startServerProcess({ dataDir, port, readyTimeoutMs: 300_000 })).stop();
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  await database.db.execute(sql`update checkout_settings set cart_type = 2`);
  await database.close();
  const server = await startServerProcess({ dataDir, port, readyTimeoutMs: 300_000 });
  return {
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the product page, adds it to the cart, and audits the open cart modal in snapshot mode. */
async function auditCartModal(chromePort: number, url: string, pagePath: string, formFactor: FormFactor) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  try {
    await page.setViewport(
      formFactor === 'desktop'
        ? { width: 1350, height: 940, deviceScaleFactor: 1 }
        : { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    );
    await page.goto(url, { waitUntil: 'load' });
    const language = languageOf(pagePath);
    const button = await page.waitForSelector(
      `::-p-aria([name="${catalogs[language].product.cart.add}"][role="button"])`,
    );
    await button!.click();
    await page.waitForSelector('[role="dialog"] [data-testid="cart-line"]', { timeout: 30_000 });
    const result = await snapshot(page as never, {
      config: formFactor === 'desktop' ? desktopConfig : undefined,
      flags: {
        onlyCategories: [...categories],
        logLevel: 'error',
        formFactor,
        screenEmulation: { disabled: true },
      },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for the modal on ${url}`);
    return result;
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

/** Also reachable as `npm run bench -- lighthouse …` (the word `lighthouse` is skipped). */
export async function runLighthouseBench(argv: string[] = process.argv.slice(2)) {
  const { paths, formFactors, port, cold, login, cart, modal, checkout } = parseArgs(
    argv.filter((arg) => arg !== 'lighthouse'),
  );
  const buildDir = process.env.BUILD_DIR ?? 'build';
  ensureBuild(buildDir);
  const server = modal ? await startCartModalServer(port) : await startE2eServer(port, buildDir);
  const chromePath =
    process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.resolve('bench/results', `lighthouse-${stamp}`);
  fs.mkdirSync(outDir, { recursive: true });
  const rows: PageScore[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    const loginCookie = login ? await demoSessionCookie(base, login) : undefined;
    const cartCookies = new Map<UiLanguage, string>();
    if (cart) {
      for (const language of new Set(paths.map(languageOf)))
        cartCookies.set(language, await filledCartCookie(base, language));
    }
    // The checkout's pages come with their own cart cookie (a step page needs its cart's steps saved).
    const checkoutCookies = new Map<string, string | undefined>();
    if (checkout) {
      for (const language of ['hr', 'en'] as const)
        for (const target of await checkoutTargets(base, language)) {
          checkoutCookies.set(target.path, target.cookie);
          paths.push(target.path);
        }
    }
    if (!cold) {
      for (const pagePath of paths)
        if (!checkoutCookies.has(pagePath)) await warmUp(`http://127.0.0.1:${port}`, pagePath);
    }
    for (const formFactor of formFactors) {
      for (const pagePath of paths) {
        const url = `http://127.0.0.1:${port}${pagePath}`;
        const cookie =
          [
            loginCookie,
            checkoutCookies.has(pagePath)
              ? checkoutCookies.get(pagePath)
              : cartCookies.get(languageOf(pagePath)),
          ]
            .filter(Boolean)
            .join('; ') || undefined;
        // Error pages (404 while a screen is not built yet) are audited too: they are the shell's.
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          ignoreStatusCode: true,
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const result = modal
          ? await auditCartModal(chrome.port, url, pagePath, formFactor)
          : await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const row = summarize(result.lhr, modal ? `${pagePath} (cart modal)` : pagePath, formFactor);
        rows.push(row);
        const name = `${formFactor}-${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.json`;
        fs.writeFileSync(path.join(outDir, name), JSON.stringify(result.lhr));
        // The unthrottled trace the simulation starts from (what ran before the paint, and when).
        if (process.env.LIGHTHOUSE_TRACE)
          fs.writeFileSync(
            path.join(outDir, name.replace(/\.json$/, '.trace.json')),
            JSON.stringify(result.artifacts.Trace),
          );
        console.log(
          `${formFactor} ${pagePath}: HTTP ${row.status ?? '?'} · ${categories.map((c) => `${c} ${fmt(row.scores[c])}`).join(' · ')}`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  const summary = { date: new Date().toISOString(), buildDir, warm: !cold, rows };
  fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
  console.log(`\n${markdownTable(rows)}\n`);
  const indexes = rows.map((row) => row.benchmarkIndex).filter((value) => value !== null);
  if (indexes.length > 0)
    console.log(
      `CPU benchmark index ${Math.min(...indexes)}–${Math.max(...indexes)} (lower means a busier machine: TBT and the performance score suffer, so compare runs with similar indexes)\n`,
    );
  for (const row of rows.filter((r) => r.failing.length > 0 || r.runtimeError)) {
    console.log(`${row.formFactor} ${row.path}${row.runtimeError ? ` — error: ${row.runtimeError}` : ''}`);
    for (const audit of row.failing) {
      console.log(`  - [${audit.category}] ${audit.id}: ${audit.title}`);
      for (const item of audit.items) console.log(`      ${item}`);
    }
  }
  console.log(`\nReports: ${path.relative(process.cwd(), outDir)}/`);
}

if (import.meta.main) await runLighthouseBench();
