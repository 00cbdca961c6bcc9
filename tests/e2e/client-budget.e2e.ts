import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The JavaScript budget per page, gzip (level 9, as the server compresses the client build): see
 * docs/decisions/0120-client-javascript-budget.md for what React and React Router alone cost.
 */
const BUDGET_BYTES = 92_160;

/** One page of each type, in both languages (demo content, server/db/seed/). */
const pages = [
  { type: 'home', paths: ['/', '/en'] },
  { type: 'content page', paths: ['/o-nama', '/en/about-us'] },
  { type: 'blog list', paths: ['/objave', '/en/blog'] },
  { type: 'post', paths: ['/sto-znaci-otporno-dijete', '/en/what-is-a-resilient-child'] },
  { type: 'event', paths: ['/dogadjaj/1', '/en/event/1'] },
  { type: 'shop category', paths: ['/shop/knjige', '/en/shop/books'] },
  { type: 'product', paths: ['/product/medo-i-velika-briga', '/en/product/little-bears-big-worry'] },
  { type: 'search', paths: ['/pretraga?search=dijete', '/en/search?search=child'] },
];

/** Every script the page downloads until the network is idle after hydration, by URL, gzip-compressed. */
async function scriptBytes(page: Page, path: string) {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
    bodies.set(response.url(), response.body());
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(200);
  const sizes = await Promise.all(
    [...bodies].map(async ([url, body]) => ({
      url: new URL(url).pathname,
      gzip: zlib.gzipSync(await body, { level: zlib.constants.Z_BEST_COMPRESSION }).length,
    })),
  );
  return { total: sizes.reduce((sum, script) => sum + script.gzip, 0), scripts: sizes };
}

for (const { type, paths } of pages) {
  for (const path of paths) {
    test(`the ${type} ${path} downloads at most ${BUDGET_BYTES / 1024} KiB of JavaScript (gzip)`, async ({
      page,
    }) => {
      const { total, scripts } = await scriptBytes(page, path);
      // Guards against a measurement that sees nothing (the app's entry must be among the scripts).
      expect(scripts.some((script) => script.url.includes('entry.client'))).toBe(true);
      test.info().annotations.push({ type: 'gzip bytes', description: `${path} ${total}` });
      console.log(`${type} ${path}: ${total} B gzip in ${scripts.length} scripts`);
      expect(
        total,
        `${path}: ${scripts
          .sort((a, b) => b.gzip - a.gzip)
          .map((script) => `${script.url} ${script.gzip}`)
          .join(', ')}`,
      ).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
}
