import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { catalogs } from '../../app/i18n/catalog.ts';
import { openPglite } from '../../server/db/client.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { prepareDemoDataDir, type ServerProcess, startServerProcess } from './support/server-process.ts';

/** A GET with headers fetch would not send as given (Host), over a plain socket. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

test('a malformed cookie changes nothing: every page still answers 200', async ({ request }) => {
  for (const cookie of ['cookie_consent=%', 'cookie_consent=%E0%A4%A; locale=%', '=%;;cookie_consent']) {
    for (const pathname of ['/', '/en', '/shop/knjige', '/objave']) {
      const response = await request.get(pathname, { headers: { cookie } });
      expect(response.status(), `${pathname} with ${cookie}`).toBe(200);
    }
  }
});

test('paths match case-sensitively: another case is not a second address of a page', async ({ request }) => {
  for (const pathname of ['/EN', '/OBJAVE', '/en/BLOG', '/Shop/knjige', '/O-NAMA']) {
    const response = await request.get(pathname, { maxRedirects: 0 });
    expect(response.status(), pathname).toBe(404);
  }
  expect((await request.get('/en')).status()).toBe(200);
  expect((await request.get('/objave')).status()).toBe(200);
});

test('absolute links never take an unknown Host header', async () => {
  const page = await rawGet(`${e2eBaseUrl}/`, { host: 'evil.example' });
  expect(page.status).toBe(200);
  expect(page.body).not.toContain('evil.example');
  expect(page.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/"/);
  const sitemap = await rawGet(`${e2eBaseUrl}/sitemap.xml`, { host: 'evil.example:80' });
  expect(sitemap.body).not.toContain('evil.example');
  // The shop's own domains keep their links (the tests reach it as 127.0.0.1).
  const own = await rawGet(`${e2eBaseUrl}/`, { host: new URL(e2eBaseUrl).host });
  expect(own.body).toContain(`<link rel="canonical" href="${e2eBaseUrl}/"`);
});

test('a Host that makes the request URL invalid gets 400 on every kind of path', async () => {
  // An IPv4 number out of range: accepted by the HTTP parser, refused by the URL parser.
  const host = '900453299293966300000';
  for (const pathname of ['/api/v1/cms/term/get/a', '/api/v2/master/domainDetect', '/', '/healthz']) {
    const answer = await rawGet(`${e2eBaseUrl}${pathname}`, { host });
    expect(answer.status, pathname).toBe(400);
  }
});

test('documents carry a nonce-based Content-Security-Policy that every script of theirs satisfies', async ({
  page,
}) => {
  const response = await page.goto('/en/shop/books');
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toMatch(/frame-ancestors 'self'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBeTruthy();
  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  // The page hydrated under the policy (the fixture fails on any violation reported in the console),
  // and every document gets a nonce of its own.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const second = await page.goto('/en');
  expect(/'nonce-([^']+)'/.exec(second!.headers()['content-security-policy'] ?? '')?.[1]).not.toBe(nonce);
});

test.describe('a server with tracking ids and a small write budget', () => {
  test.describe.configure({ mode: 'serial' });
  let dataDir: string;
  let server: ServerProcess | undefined;
  let base = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-hardening-'));
    await prepareDemoDataDir(dataDir);
    // The site's tracking options, as an editor would set them (the admin panel comes later).
    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await database.db.execute(
      sql`update site_options set value = '"G-TEST12345"' where key = 'GoogleAnalyticsId'`,
    );
    await database.db.execute(
      sql`update site_options set value = '"GTM-TEST123"' where key = 'GoogleTagManagerId'`,
    );
    await database.close();
    server = await startServerProcess({ dataDir, env: { RATE_LIMIT_WRITES_PER_MINUTE: '3' } });
    base = server.baseUrl;
  });

  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('consented analytics and tag-manager scripts load and run under the policy', async ({ page }) => {
    // The providers' scripts, served locally: the policy applies to them as to the real ones.
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: `window.__loaded = (window.__loaded || []).concat(${JSON.stringify(route.request().url())});`,
      }),
    );
    await page.goto(`${base}/en`);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    const banner = page.getByRole('region', { name: catalogs.en.cookies.label });
    await banner.getByLabel(catalogs.en.cookies.analytics).check();
    await banner.getByLabel(catalogs.en.cookies.marketing).check();
    await banner.getByRole('button', { name: catalogs.en.cookies.accept }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __loaded?: string[] }).__loaded ?? []))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('gtag/js?id=G-TEST12345'),
          expect.stringContaining('gtm.js?id=GTM-TEST123'),
        ]),
      );
    // The inline bootstrap ran too (it defines dataLayer and pushes the configuration).
    const dataLayer = await page.evaluate(
      () => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length,
    );
    expect(dataLayer).toBeGreaterThan(0);
  });

  test('the newsletter form route counts against the write budget of the visitor', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      await page.goto(`${base}/en`);
      const form = page.locator('#newsletter');
      await form.getByLabel(catalogs.en.newsletter.emailLabel).fill(`budget${attempt}@example.com`);
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
        form.getByRole('button').click(),
      ]);
      statuses.push(response.status());
    }
    // Three posts a minute pass; the rest are refused (the window slides: a minute boundary during
    // the test does not hand out a fresh budget, decision 0563).
    expect(statuses[0]).toBe(303);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 303 || status === 429)).toBe(true);
    await context.close();
  });
});

test('a production start on an empty database creates the site without demo accounts and says how to add an editor', async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-production-'));
  try {
    const server = await startServerProcess({ dataDir, env: { SEED_DEMO: '' } });
    try {
      expect(server.output()).toContain('npm run user:create -- --email');
      expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/en`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const created = spawnSync(
      process.execPath,
      ['server/modules/users/create-user-cli.ts', '--email', 'Editor@Example.com', '--first-name', 'Eva'],
      {
        input: 'Str0ng!Pass\n',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(created.status, created.stderr).toBe(0);
    const weak = spawnSync(
      process.execPath,
      ['server/modules/users/create-user-cli.ts', '--email', 'x@example.com'],
      {
        input: 'password\n',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('too weak');
    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    const rows = (await database.rows<{ email: string; is_backoffice_user: boolean }>(
      sql`select email, is_backoffice_user from users order by id`,
    )) as { email: string; is_backoffice_user: boolean }[];
    await database.close();
    expect(rows).toEqual([{ email: 'editor@example.com', is_backoffice_user: true }]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
