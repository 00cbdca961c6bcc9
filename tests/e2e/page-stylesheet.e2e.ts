import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import {
  type ParsedStylesheet,
  parseStylesheet,
  pruneStylesheet,
} from '../../app/lib/stylesheet-pruning.server.ts';
import { type BundleSeed, productSeeds } from '../../server/db/seed/catalogue/products.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { logIn } from './support/comments.ts';

/**
 * Each document carries only the rules of the stylesheet it can use (docs/decisions/0566): those of
 * the classes in its markup and of the classes its islands' code may set. Here the browser is the
 * judge: after the page has hydrated and its dialogs, menus and toasts have been opened, every rule of
 * the build's whole stylesheet that can match an element of the live page must be in the page's own
 * stylesheet. A class an island sets that the build did not see would leave that element unstyled
 * and fail here.
 */

const hr = catalogs.hr;
const pack = productSeeds.find((product) => product.sku === 'PAK-002') as BundleSeed;
const buildDir = process.env.BUILD_DIR ?? 'build';
const assets = path.join(buildDir, 'client', 'assets');
const wholeStylesheet = (): ParsedStylesheet => {
  const file = fs.readdirSync(assets).find((name) => /^root-.*\.css$/.test(name));
  if (!file) throw new Error(`no root stylesheet in ${assets}`);
  return parseStylesheet(fs.readFileSync(path.join(assets, file), 'utf8'));
};

/** The live page's classes (elements added by islands, SVG included) and its inline stylesheet. */
const livePage = (page: Page) =>
  page.evaluate(() => {
    const classes = new Set<string>();
    for (const element of document.querySelectorAll('[class]'))
      for (const name of (element.getAttribute('class') ?? '').split(/\s+/)) if (name) classes.add(name);
    return {
      classes: [...classes],
      stylesheet: document.getElementById('inline-stylesheet')?.textContent ?? '',
    };
  });

/**
 * Every rule the whole stylesheet has for the live page's classes is in the page's stylesheet. Both
 * are the one stylesheet pruned by two sets of classes, and a rule prints the same whatever else is
 * kept, so they compare rule by rule.
 */
async function expectStyled(page: Page, whole: ParsedStylesheet, what: string) {
  const live = await livePage(page);
  const present = new Set(ruleTexts(live.stylesheet));
  const needed = ruleTexts(pruneStylesheet(whole, new Set(live.classes)));
  expect(needed.length, `${what}: rules for the live page`).toBeGreaterThan(100);
  expect(
    needed.filter((rule) => !present.has(rule)),
    `${what}: rules for the live page that its stylesheet left out`,
  ).toEqual([]);
  expect(live.stylesheet.length, `${what}: the page's stylesheet is smaller than the whole one`).toBeLessThan(
    pruneStylesheet(whole, whole.classes).length,
  );
}

/** The leaf rules of a stylesheet, each with the at-rule blocks around it. */
function ruleTexts(css: string): string[] {
  const texts: string[] = [];
  const walk = (text: string, around: string) => {
    let depth = 0;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        const block = text.slice(start, i + 1);
        const open = block.indexOf('{');
        const prelude = block.slice(0, open);
        if (/^@(?:media|supports|layer|container)/.test(prelude))
          walk(block.slice(open + 1, -1), `${around}${prelude}{`);
        else texts.push(`${around}${block}`);
        start = i + 1;
      }
    }
  };
  walk(css, '');
  return texts;
}

test.describe('the stylesheet of each page', () => {
  const whole = wholeStylesheet();

  test('home at 390 px with the mobile menu open, and the cookie banner', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('banner').locator('button[aria-controls="mobile-menu"]').click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await expectStyled(page, whole, 'home, menu open');
  });

  test('a category at 390 px with the filter dialog open and a filter chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/shop/knjige');
    await waitForHydration(page);
    await page.locator('button[data-testid="open-filters"]').click();
    const dialog = page.getByRole('dialog', { name: hr.shop.filters.title });
    await expect(dialog).toBeVisible();
    await expectStyled(page, whole, 'category, filters open');
  });

  test('a product added to the cart, then the cart page with its line', async ({ page }) => {
    await page.goto('/product/medo-i-velika-briga');
    await waitForHydration(page);
    await expectStyled(page, whole, 'product');
    await page.getByRole('button', { name: hr.product.cart.add }).click();
    // Cart type 0 (the default): the shopper goes to the cart page.
    await expect(page).toHaveURL(/\/kosarica$/, { timeout: 20_000 });
    await waitForHydration(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expectStyled(page, whole, 'cart with a line');
  });

  test('the bundle dialog and the login form with the password shown', async ({ page }) => {
    await page.goto(`/product/${pack.slug.hr}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: hr.product.bundle.customise }).click();
    await expect(page.getByRole('dialog', { name: hr.product.bundle.dialogTitle })).toBeVisible();
    await expectStyled(page, whole, 'bundle dialog');
    await page.goto('/prijava');
    await waitForHydration(page);
    await page.getByRole('button', { name: hr.auth.showPassword }).first().click();
    await expect(page.getByRole('button', { name: hr.auth.showPassword }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectStyled(page, whole, 'login, password shown');
  });

  test('edit mode: the editor toolbar and the section controls on a content page', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page.request, 'editor');
    await page.goto('/o-nama?editPage=true');
    await expect(page.getByRole('toolbar', { name: hr.editor.toolbar })).toBeVisible();
    await waitForHydration(page);
    await expectStyled(page, whole, 'edit mode');
    await context.close();
  });
});
