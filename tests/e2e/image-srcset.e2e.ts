import type { Page } from '@playwright/test';
import { productSeeds } from '../../server/db/seed/catalogue/products.ts';
import { expect, test } from './fixtures.ts';

type Candidate = { url: string; declared: number; natural: number };

/** Every `srcset` candidate of the page's images, loaded by the browser, with its declared and real width. */
async function srcSetCandidates(page: Page): Promise<Candidate[]> {
  return page.evaluate(async () => {
    const declared = new Map<string, number>();
    for (const image of document.querySelectorAll('img[srcset]')) {
      for (const part of (image.getAttribute('srcset') ?? '').split(',')) {
        const [url, descriptor] = part.trim().split(/\s+/);
        if (url && descriptor?.endsWith('w')) declared.set(url, Number.parseInt(descriptor, 10));
      }
    }
    return Promise.all(
      [...declared].map(
        ([url, width]) =>
          new Promise<{ url: string; declared: number; natural: number }>((resolve) => {
            const probe = new Image();
            probe.onload = () => resolve({ url, declared: width, natural: probe.naturalWidth });
            probe.onerror = () => resolve({ url, declared: width, natural: -1 });
            probe.src = url;
          }),
      ),
    );
  });
}

const product = productSeeds.find((seed) => seed.sku === 'KNJ-001')!;

for (const [screen, path] of [
  ['the shop (category images)', '/shop'],
  ['a category listing (product cards)', '/shop/knjige'],
  ['a product page (gallery)', `/en/product/${product.slug.en}`],
  ['a page built from sections (team portraits)', '/tim'],
  ['the home page (hero and sections)', '/en'],
] as const) {
  test(`on ${screen} every srcset width is the width of the image the browser loads`, async ({ page }) => {
    await page.goto(path);
    const candidates = await srcSetCandidates(page);
    expect(candidates.length).toBeGreaterThan(1);
    expect(candidates.filter((candidate) => candidate.declared !== candidate.natural)).toEqual([]);
  });
}
