import { test as base, expect, type Page } from '@playwright/test';

/**
 * Waits until every island has hydrated (the island entry then marks `<html data-hydrated>`). Until
 * then a click on a controlled input is undone when React takes the island over, and a click on a
 * link or button runs without its handler. Documents without islands (XML, the API documentation)
 * need no wait.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('island-root') || document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    { timeout: 15_000 },
  );
}

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward';

/**
 * Playwright's `test` with two additions. With JavaScript on, every navigation through `page`
 * (goto, reload, back, forward) returns only once the page has hydrated. And a page that logs an
 * error to the console or throws (a hydration mismatch, a failed script, a broken image) fails the
 * test; the browser's own report of a document that answered with an error status (a 404 page,
 * maintenance's 503) is expected and ignored.
 */
export const test = base.extend<{ browserErrors: string[]; checkoutHelp: boolean }>({
  // The checkout's help dialog opens by itself after an add to cart (docs/decisions/0323); tests that
  // are not about it start as a shopper who ticked "don't show again" (`test.use({ checkoutHelp: true })`).
  checkoutHelp: [false, { option: true }],
  page: async ({ page, javaScriptEnabled, checkoutHelp }, use) => {
    if (!checkoutHelp)
      await page.addInitScript(() => {
        try {
          window.localStorage.setItem('checkout-help', 'off');
        } catch {}
      });
    if (javaScriptEnabled !== false) {
      for (const method of ['goto', 'reload', 'goBack', 'goForward'] as Navigation[]) {
        const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page[Navigation]>;
        page[method] = (async (...args: unknown[]) => {
          const response = await navigate(...args);
          const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
            | { waitUntil?: string }
            | undefined;
          // 'commit' asks for control before the document has even run its scripts.
          if (response && options?.waitUntil !== 'commit') await waitForHydration(page);
          return response;
        }) as never;
      }
    }
    await use(page);
  },
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        const documentStatus = /^Failed to load resource: the server responded with a status of \d+/;
        if (documentStatus.test(message.text()) && source.split('#')[0] === page.url().split('#')[0]) return;
        // A cart call the server refused (an unknown coupon, a stale line): the cart shows its message.
        if (/status of 4(00|01|04|09)\b/.test(message.text()) && /\/api\/v2\/ecommerce\/cart\//.test(source))
          return;
        errors.push(`${message.text()} (${source})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
