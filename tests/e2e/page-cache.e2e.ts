import type { Browser, Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import {
  CART_ID_COOKIE,
  CART_PROTECT_CODE_COOKIE,
  REFRESH_TOKEN_COOKIE,
} from '../../core/visitor-cookies.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

/**
 * The page cache in the production build: visitors share a rendered page only when nothing of their
 * own is on it. A consent choice, a session or a cart never reaches another visitor, and every
 * response runs its scripts under a nonce of its own.
 */

const banner = (page: Page) => page.getByRole('region', { name: catalogs.en.cookies.label });
const pageCacheState = (response: Awaited<ReturnType<Page['goto']>>) => response?.headers()['x-page-cache'];

async function visitor(browser: Browser, cookies: { name: string; value: string }[] = []) {
  const context = await browser.newContext();
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: e2eBaseUrl })));
  return { context, page: await context.newPage() };
}

test("never serves one visitor's consent choice, session or cart to another", async ({ browser }) => {
  const path = '/en/blog';
  const first = await visitor(browser);
  const firstResponse = await first.page.goto(path);
  expect(['MISS', 'HIT']).toContain(pageCacheState(firstResponse));
  await expect(banner(first.page)).toBeVisible();

  // The first visitor chooses; their next view of the page has no banner.
  await first.page.getByLabel(catalogs.en.cookies.analytics).check();
  await first.page.getByRole('button', { name: catalogs.en.cookies.accept }).click();
  await expect(banner(first.page)).toBeHidden();
  await first.page.reload();
  await expect(banner(first.page)).toHaveCount(0);

  // A second visitor gets the shared page from the cache, banner included.
  const second = await visitor(browser);
  const secondResponse = await second.page.goto(path);
  expect(pageCacheState(secondResponse)).toBe('HIT');
  await expect(banner(second.page)).toBeVisible();

  // Visitors with a session or a cart are rendered for alone, and the page says no shared cache may keep it.
  for (const cookies of [
    [{ name: REFRESH_TOKEN_COOKIE, value: 'a-session' }],
    [
      { name: CART_ID_COOKIE, value: '42' },
      { name: CART_PROTECT_CODE_COOKIE, value: 'secret' },
    ],
  ]) {
    const personal = await visitor(browser, cookies);
    const response = await personal.page.goto(path);
    expect(pageCacheState(response), cookies[0]!.name).toBe('BYPASS');
    // `no-store` when the response also clears a session cookie that did not verify.
    expect(response?.headers()['cache-control'], cookies[0]!.name).toMatch(/^private, no-(cache|store)$/);
    await personal.context.close();
  }

  // And the second visitor still sees the shared page, not what the others saw.
  const again = await second.page.reload();
  expect(pageCacheState(again)).toBe('HIT');
  await expect(banner(second.page)).toBeVisible();
  await first.context.close();
  await second.context.close();
});

test('a cached page gets a fresh nonce per response, matching its policy, and runs', async ({
  page,
  request,
}) => {
  const path = '/en/shop/books';
  const seen: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const policyNonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    const bodyNonces = new Set(
      [...(await response.text()).matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]),
    );
    expect(policyNonce).toBeTruthy();
    expect(bodyNonces).toEqual(new Set([policyNonce]));
    seen.push(policyNonce!);
  }
  expect(new Set(seen).size).toBe(3);
  // The browser runs the cached page's scripts (the fixture fails on a CSP violation in the console).
  const response = await page.goto(path);
  expect(pageCacheState(response)).toBe('HIT');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});

test('an unchanged page is revalidated with 304 and keeps working', async ({ request }) => {
  const path = '/en';
  const first = await request.get(path);
  const etag = first.headers().etag;
  expect(etag).toMatch(/^W\/"/);
  expect(first.headers()['cache-control']).toMatch(
    /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
  );
  const revalidated = await request.get(path, { headers: { 'if-none-match': etag! } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()['content-security-policy']).toBeUndefined();
});
