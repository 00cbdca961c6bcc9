import { type APIRequestContext, expect } from '@playwright/test';

/** The demo customer of the README. */
export const demoCustomer = { username: 'kupac@ucionica.local', password: 'Kupac123!' };

/** Logs a request context (a page's: `page.request`) in as the demo customer; the cookies stay in its jar. */
export async function logInCustomer(request: APIRequestContext) {
  const response = await request.post('/api/v1/login', { data: demoCustomer });
  expect(response.status()).toBe(200);
}

/** The logged-in customer's wishlist as the API answers it, newest first. */
export async function wishlistIds(request: APIRequestContext): Promise<number[]> {
  const response = await request.get('/api/v1/cms/wishlist/filter?limit=9999');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { productIds: number[] } }).data.productIds;
}

/** Toggles a product on the logged-in customer's wishlist. */
export async function toggleWishlist(request: APIRequestContext, productId: number) {
  const response = await request.post('/api/v1/cms/wishlist/create', { data: { product_id: productId } });
  expect(response.status()).toBe(200);
}

/** Empties the logged-in customer's wishlist (each toggle of a listed product takes it off). */
export async function emptyWishlist(request: APIRequestContext) {
  for (const productId of await wishlistIds(request)) await toggleWishlist(request, productId);
  expect(await wishlistIds(request)).toEqual([]);
}

/** Puts the first `count` products of the shop on the (empty) wishlist and returns their ids. */
export async function fillWishlist(request: APIRequestContext, count: number): Promise<number[]> {
  await emptyWishlist(request);
  const listing = await request.post('/api/v1/catalogue/product/web/filter', {
    data: { allowUnlimited: true, limit: count, page: 1 },
  });
  const ids = ((await listing.json()) as { data: { records: { id: number }[] } }).data.records.map(
    (record) => record.id,
  );
  expect(ids).toHaveLength(count);
  for (const productId of ids) await toggleWishlist(request, productId);
  return ids;
}
