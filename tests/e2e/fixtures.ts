import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test` with one addition: a page that logs an error to the console or throws (a
 * hydration mismatch, a failed script, a broken image) fails the test. The browser's own report of a
 * document that answered with an error status (a 404 page, maintenance's 503) is expected and ignored.
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        const documentStatus = /^Failed to load resource: the server responded with a status of \d+/;
        if (documentStatus.test(message.text()) && source.split('#')[0] === page.url().split('#')[0]) return;
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
