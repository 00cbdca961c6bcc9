import { type APIRequestContext, expect } from '@playwright/test';
import { demoCustomer } from './wishlist.ts';

/** The demo back-office editor of the README. */
export const demoEditor = { username: 'admin@ucionica.local', password: 'Admin123!' };

/** Logs a request context in (its cookies stay in its jar). */
export async function logIn(request: APIRequestContext, who: 'customer' | 'editor') {
  const response = await request.post('/api/v1/login', {
    data: who === 'editor' ? demoEditor : demoCustomer,
  });
  expect(response.status()).toBe(200);
}

/** The id of a published post or an active product, from the API, by its slug in a language. */
export async function targetId(
  request: APIRequestContext,
  kind: 'post' | 'product',
  slug: string,
  language: 'hr' | 'en',
): Promise<number> {
  const response =
    kind === 'product'
      ? await request.get(`/api/v1/catalogue/product/web/get?slug=${encodeURIComponent(slug)}`, {
          headers: { language },
        })
      : await request.get(`/api/v1/cms/page/view?slug=${encodeURIComponent(slug)}`, {
          headers: { language },
        });
  expect(response.status(), slug).toBe(200);
  const body = (await response.json()) as { data: { id?: number; post?: { id: number } } };
  return kind === 'product' ? body.data.id! : body.data.post!.id;
}

/** Writes a comment or review as the logged-in user of `request`; returns its id. */
export async function writeComment(
  request: APIRequestContext,
  kind: 'post' | 'product',
  id: number,
  comment: string,
  rating?: number,
): Promise<number> {
  const response = await request.post('/api/v1/comment/create', {
    data: { [kind === 'post' ? 'post_id' : 'product_id']: id, comment, ...(rating ? { rating } : {}) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Publishes comments as the back-office user of `request`. */
export async function publish(request: APIRequestContext, ids: number[]) {
  for (const id of ids) {
    const response = await request.post(`/api/v1/admin/comment/publish/${id}`);
    expect(response.status()).toBe(200);
  }
}

/** The product's published rating as the API answers it. */
export async function productRating(request: APIRequestContext, slug: string, language: 'hr' | 'en') {
  const response = await request.get(`/api/v1/catalogue/product/web/get?slug=${encodeURIComponent(slug)}`, {
    headers: { language },
  });
  return ((await response.json()) as { data: { rating: { average: number; count: number } | null } }).data
    .rating;
}
