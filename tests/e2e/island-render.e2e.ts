import type { Page } from '@playwright/test';
import {
  type BundleSeed,
  type ConfigurableSeed,
  productSeeds,
} from '../../server/db/seed/catalogue/products.ts';
import { expect, test } from './fixtures.ts';
import { emptyWishlist, fillWishlist, logInCustomer } from './support/wishlist.ts';

/**
 * The server renders the islands with React 19 and the browser hydrates them with Preact
 * (docs/decisions/0195-preact-islands.md). Preact's hydration reports no mismatch and leaves the
 * server's attributes as they are, so a difference would go unnoticed: this test makes the browser
 * render every island from its props into an empty element (the page's HTML with each island emptied)
 * and compares that first render, before any effect runs, with the server's HTML, element by element.
 */
const seed = <T>(sku: string) => productSeeds.find((product) => product.sku === sku) as T;
const shirt = seed<ConfigurableSeed>('MAJ-001');

const pages = [
  '/',
  '/en',
  '/o-nama',
  '/objave',
  '/otporno-dijete',
  '/shop/knjige',
  '/shop/knjige?search=a&dob=0-3,3-6&price=80-&sort=name_asc',
  '/en/shop/books',
  `/en/product/${shirt.slug.en}`,
  `/product/${seed<BundleSeed>('PAK-002').slug.hr}?customise=1`,
  '/pretraga?search=dijete',
  '/en/search?search=school&category=posts',
  '/en/confirm-email?goalType=message&goal=welcome&confirmedEmail=ana@example.com',
  '/prijava',
  '/en/register',
];

/** One island's content as a comparable tree: tags, attributes, form state and text (runs in the page). */
type Shape = string | { tag: string; attributes: Record<string, string>; state: string; children: Shape[] };

function shapes(root: Document | Element): Shape[][] {
  const shape = (node: Node): Shape | null => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return null;
    const attributes: Record<string, string> = {};
    for (const attribute of Array.from(node.attributes)) {
      // Form state is compared as the element's state (Preact sets it as a property), style as CSS.
      if (['value', 'checked', 'selected', 'style'].includes(attribute.name)) continue;
      // preact/compat selects a <select>'s option from `defaultValue` (compared below as the
      // options' state) and also leaves the prop as an attribute, which means nothing to the browser.
      if (attribute.name === 'defaultvalue' && node instanceof HTMLSelectElement) continue;
      attributes[attribute.name] = attribute.value;
    }
    const state = [
      node instanceof HTMLElement ? node.style.cssText : '',
      node instanceof HTMLInputElement ||
      node instanceof HTMLSelectElement ||
      node instanceof HTMLTextAreaElement
        ? `value=${node.value}`
        : '',
      node instanceof HTMLInputElement ? `checked=${node.checked}` : '',
      node instanceof HTMLOptionElement ? `selected=${node.selected}` : '',
    ].join(' ');
    const children: Shape[] = [];
    for (const child of Array.from(node.childNodes)) {
      const next = shape(child);
      if (next === null) continue;
      // Adjacent texts are one (React's server separates them with comments, which are skipped).
      const last = children.at(-1);
      if (typeof next === 'string' && typeof last === 'string') children[children.length - 1] = last + next;
      else children.push(next);
    }
    return { tag: node.tagName.toLowerCase(), attributes, state, children: children.filter((c) => c !== '') };
  };
  return Array.from(root.querySelectorAll('island-root')).map((island) =>
    Array.from(island.childNodes)
      .map(shape)
      .filter((node): node is Shape => node !== null && node !== ''),
  );
}

/** The islands as the browser renders them from their props, into empty elements, before any effect. */
async function browserRender(page: Page, path: string): Promise<{ names: string[]; shapes: Shape[][] }> {
  await page.route(
    (url) => url.pathname === path.split('?')[0],
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<island-root\b[^>]*>)[\s\S]*?(<\/island-root>)/g,
        '$1$2',
      );
      await route.fulfill({ response, body });
    },
  );
  // The entry renders every island in one task; a mutation observer's callback runs right after it,
  // before Preact runs effects (after the next frame) or re-renders (in a later microtask).
  await page.addInitScript(`const observer = new MutationObserver(() => {
      const islands = Array.from(document.querySelectorAll('island-root'));
      if (!islands.some((island) => island.childNodes.length > 0)) return;
      observer.disconnect();
      window.__islandShapes = (${String(shapes)})(document);
    });
    observer.observe(document, { childList: true, subtree: true });`);
  await page.goto(path);
  return page.evaluate(() => ({
    names: Array.from(document.querySelectorAll<HTMLElement>('island-root')).map(
      (island) => island.dataset.island ?? '',
    ),
    shapes: (window as unknown as { __islandShapes: Shape[][] }).__islandShapes,
  }));
}

async function expectSameRender(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const browser = await browserRender(page, path);
  expect(browser.names.length, 'the page has islands').toBeGreaterThan(0);
  const server = await page.evaluate(
    ({ html, source }) => {
      const shapesOf = new Function(`return (${source})`)() as (root: Document) => unknown[][];
      return shapesOf(new DOMParser().parseFromString(html, 'text/html'));
    },
    { html, source: String(shapes) },
  );
  expect(browser.shapes, 'the browser rendered the islands').toHaveLength(browser.names.length);
  browser.names.forEach((name, index) => {
    expect.soft(browser.shapes[index], `island ${index} (${name})`).toEqual(server[index]);
  });
  return browser.names;
}

for (const path of pages) {
  test(`every island of ${path} renders in the browser as the server rendered it`, async ({ page }) => {
    await expectSameRender(page, path);
  });
}

test('the islands of a filled cart page render in the browser as the server rendered them', async ({
  page,
  context,
  baseURL,
}) => {
  // A variant of the configurable shirt: its line shows the chosen attributes.
  const product = await page.request.get(`/api/v1/catalogue/product/web/get?slug=${shirt.slug.en}`, {
    headers: { language: 'en' },
  });
  const variant = ((await product.json()) as { data: { associatedProducts: { id: number }[] } }).data
    .associatedProducts[0]?.id;
  const added = await page.request.post('/api/v2/ecommerce/cart/addItem', {
    headers: { language: 'en' },
    data: { productId: Number(variant), qty: 2 },
  });
  expect(added.status()).toBe(200);
  const { data: cart } = (await added.json()) as { data: { cartId: string; protectCode: string } };
  await context.addCookies([
    { name: 'cartId', value: cart.cartId, url: baseURL },
    { name: 'protectCode', value: cart.protectCode, url: baseURL },
  ]);
  await expectSameRender(page, '/en/cart');
});

test('a logged-in shopper’s islands (wishlist toggles, show more) render in the browser as on the server', async ({
  page,
}) => {
  await logInCustomer(page.request);
  await fillWishlist(page.request, 13);
  try {
    expect(await expectSameRender(page, '/lista-zelja')).toEqual(
      expect.arrayContaining(['searchMore', 'wishlistToggles']),
    );
    expect(await expectSameRender(page, '/en/shop/books')).toContain('wishlistToggles');
  } finally {
    await emptyWishlist(page.request);
  }
});
