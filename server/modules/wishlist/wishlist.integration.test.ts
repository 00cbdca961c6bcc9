import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { users } from '../users/users.schema.ts';
import { wishlistItems } from './wishlist.schema.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const tokens: Record<'ana' | 'ivo', string> = { ana: '', ivo: '' };
const userIds: Record<'ana' | 'ivo', number> = { ana: 0, ivo: 0 };
/** Active products a shopper may open, by id. */
let shown: number[] = [];
let hiddenVariant = 0;
let site = 0;
let mediaDir = '';

const as = (who: keyof typeof tokens, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${tokens[who]}` },
});
const toggle = (who: keyof typeof tokens, productId: unknown, headers: Record<string, string> = {}) =>
  t.json('/api/v1/cms/wishlist/create', as(who, postJson({ product_id: productId }, headers)));
const list = (who: keyof typeof tokens, query = '') => t.json(`/api/v1/cms/wishlist/filter${query}`, as(who));
const rowsOf = (who: keyof typeof tokens) =>
  database.rows<{ product_id: number }>(
    sql`select product_id from wishlist_items where user_id = ${userIds[who]} order by id`,
  );
const clear = () => database.db.delete(wishlistItems);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  const { siteId } = await seedDemoSite(database.db);
  site = siteId;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishlist-media-'));
  await seedCatalogue(database.db, {
    siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  const created = await database.db
    .insert(users)
    .values([
      { siteId, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić' },
      { siteId, email: 'ivo@example.com', firstName: 'Ivo', lastName: 'Ivić' },
    ])
    .returning();
  userIds.ana = created[0]!.id;
  userIds.ivo = created[1]!.id;
  const productRows = await database.rows<{ id: number; visible: boolean }>(
    sql`select id, is_visible_individually as visible from products
        where status = 'active' and site_id = ${siteId} order by id`,
  );
  shown = productRows.filter((row) => row.visible).map((row) => row.id);
  hiddenVariant = productRows.find((row) => !row.visible)?.id ?? 0;
  expect(shown.length).toBeGreaterThanOrEqual(12);
  expect(hiddenVariant).toBeGreaterThan(0);
  // Enough writes for the toggles below; the limit itself is the rate-limit suite's.
  t = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' });
  // Sessions as a login starts them (the login itself is the accounts suite's).
  tokens.ana = (await t.services.sessions.start(created[0]!)).accessToken;
  tokens.ivo = (await t.services.sessions.start(created[1]!)).accessToken;
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('POST cms/wishlist/create', () => {
  it('adds a product, then removes it on the second call', async () => {
    await clear();
    const added = await toggle('ana', shown[0]);
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual({ product_id: shown[0], inWishlist: true, total: 1 });
    expect(await rowsOf('ana')).toEqual([{ product_id: shown[0] }]);

    const removed = await toggle('ana', String(shown[0]));
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ product_id: shown[0], inWishlist: false, total: 0 });
    expect(await rowsOf('ana')).toEqual([]);
  });

  it('answers 401 with the specification text to a visitor and stores nothing', async () => {
    await clear();
    const response = await t.json('/api/v1/cms/wishlist/create', postJson({ product_id: shown[0] }));
    expect(response.status).toBe(401);
    expect(response.body.error.payload.message).toBe('Logged users only.');
    for (const read of ['/api/v1/cms/wishlist/filter', '/api/v1/cms/wishlist/ids']) {
      const answer = await t.json(read);
      expect(answer.status, read).toBe(401);
      expect(answer.body.error.payload.message, read).toBe('Logged users only.');
    }
    expect(await database.rows(sql`select id from wishlist_items`)).toEqual([]);
  });

  it('refuses unknown, hidden and archived products with a 404 on product_id', async () => {
    await clear();
    for (const productId of [2_000_000_000, hiddenVariant]) {
      const response = await toggle('ana', productId);
      expect(response.status).toBe(404);
      expect(response.body.error.payload).toMatchObject({
        message: 'Product not found.',
        field: 'product_id',
      });
    }
    // An archived product cannot be added, but one already on the list can still be taken off.
    await toggle('ana', shown[1]);
    await database.db.update(products).set({ status: 'archived' }).where(sql`${products.id} = ${shown[1]}`);
    try {
      expect((await toggle('ana', shown[2])).status).toBe(200);
      const archivedAdd = await toggle('ivo', shown[1]);
      expect(archivedAdd.status).toBe(404);
      const page = await list('ana');
      expect(page.body.data.productIds).toEqual([shown[2]]);
      expect(page.body.data.total).toBe(1);
      const removed = await toggle('ana', shown[1]);
      expect(removed.body.data).toMatchObject({ inWishlist: false });
    } finally {
      await database.db.update(products).set({ status: 'active' }).where(sql`${products.id} = ${shown[1]}`);
    }
    expect(await rowsOf('ivo')).toEqual([]);
  });

  it('refuses a malformed product id with a field error and changes nothing', async () => {
    await clear();
    for (const productId of [0, -1, 1.5, 'abc', '', null, true, '1e3', 2_147_483_648, { id: 1 }]) {
      const response = await toggle('ana', productId);
      expect(response.status, JSON.stringify(productId)).toBe(400);
      expect(response.body.error.payload.field).toBe('product_id');
    }
    const missing = await t.json('/api/v1/cms/wishlist/create', as('ana', postJson({})));
    expect(missing.status).toBe(400);
    expect(await database.rows(sql`select id from wishlist_items`)).toEqual([]);
  });

  it('replays a retried toggle with the same Idempotency-Key instead of toggling back', async () => {
    await clear();
    const key = { 'idempotency-key': 'wishlist-retry-0001' };
    const first = await toggle('ana', shown[3], key);
    const retry = await toggle('ana', shown[3], key);
    expect(first.body.data).toMatchObject({ inWishlist: true });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data).toEqual(first.body.data);
    expect(await rowsOf('ana')).toEqual([{ product_id: shown[3] }]);
  });
});

describe('GET cms/wishlist/filter', () => {
  it('pages the list newest first with the specification’s pagination fields', async () => {
    await clear();
    // Twelve products added one after the other: the last one added comes first.
    const added = shown.slice(0, 12);
    for (const [index, productId] of added.entries())
      await database.db.insert(wishlistItems).values({
        userId: userIds.ana,
        productId,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    const newestFirst = [...added].reverse();

    const first = await list('ana', '?limit=5');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 5, perPage: 5, total: 12, lastPage: 3 });
    expect(first.body.data.records.map((record: { product_id: number }) => record.product_id)).toEqual(
      newestFirst.slice(0, 5),
    );
    expect(first.body.data.productIds).toEqual(newestFirst);

    // Append mode: page 2 and 3 carry on where the previous page ended, without repeats.
    const pages = [first];
    for (const page of [2, 3]) pages.push(await list('ana', `?limit=5&page=${page}`));
    const appended = pages.flatMap((page) =>
      page.body.data.records.map((record: { product_id: number }) => record.product_id),
    );
    expect(appended).toEqual(newestFirst);
    expect(pages[2]!.body.data.records).toHaveLength(2);

    // Past the last page: an empty page, not an error.
    const past = await list('ana', '?limit=5&page=4');
    expect(past.status).toBe(200);
    expect(past.body.data.records).toEqual([]);
    expect(past.body.data.total).toBe(12);
  });

  it('gives the whole list in one page with limit 9999, as product cards the listings use', async () => {
    const all = await list('ana', '?limit=9999');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, limit: 9999, total: 12, lastPage: 1 });
    expect(all.body.data.records).toHaveLength(12);
    // The same card the shop listing answers for that product.
    const productId = all.body.data.records[0].product_id;
    const listing = await t.json(
      '/api/v1/catalogue/product/web/filter',
      postJson({ select: [productId], limit: 1 }, { language: 'en' }),
    );
    const withLanguage = await t.json(
      `/api/v1/cms/wishlist/filter?limit=1`,
      as('ana', { headers: { language: 'en' } }),
    );
    expect(withLanguage.body.data.records[0].product).toEqual(listing.body.data.records[0]);
    expect(Object.keys(all.body.data.records[0])).toEqual(['product_id', 'created_at', 'product']);

    const tooMany = await list('ana', '?limit=10000');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.payload.field).toBe('limit');
    for (const query of ['?page=0', '?page=abc', '?limit=0', '?limit=-3', '?limit=1.5']) {
      const bad = await list('ana', query);
      expect(bad.status, query).toBe(400);
    }
  });

  it("never shows one user another user's list", async () => {
    const ivo = await list('ivo', '?limit=9999');
    expect(ivo.status).toBe(200);
    expect(ivo.body.data).toMatchObject({ records: [], productIds: [], total: 0, lastPage: 1 });
    // Ivo's toggle of a product on Ana's list adds it to his list and leaves hers alone.
    const anaBefore = await rowsOf('ana');
    const added = await toggle('ivo', anaBefore[0]!.product_id);
    expect(added.body.data).toMatchObject({ inWishlist: true, total: 1 });
    expect(await rowsOf('ana')).toEqual(anaBefore);
    expect((await list('ivo')).body.data.productIds).toEqual([anaBefore[0]!.product_id]);
  });

  it('loses the rows of a deleted user', async () => {
    const [temporary] = await database.db
      .insert(users)
      .values({ siteId: site, email: 'temp@example.com', firstName: 'T', lastName: 'T' })
      .returning();
    await database.db.insert(wishlistItems).values({ userId: temporary!.id, productId: shown[0]! });
    await database.db.delete(users).where(sql`${users.id} = ${temporary!.id}`);
    expect(await database.rows(sql`select id from wishlist_items where user_id = ${temporary!.id}`)).toEqual(
      [],
    );
  });
});

describe('GET cms/wishlist/ids', () => {
  const ids = (who: keyof typeof tokens) => t.json('/api/v1/cms/wishlist/ids', as(who));

  it("answers the ids of the filter's productIds, newest first, without cards, for the caller only", async () => {
    await clear();
    const added = shown.slice(0, 4);
    for (const [index, productId] of added.entries())
      await database.db.insert(wishlistItems).values({
        userId: userIds.ana,
        productId,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    await database.db.insert(wishlistItems).values({ userId: userIds.ivo, productId: shown[5]! });

    const ana = await ids('ana');
    expect(ana.status).toBe(200);
    expect(ana.body.data).toEqual({ productIds: [...added].reverse() });
    expect(ana.body.data.productIds).toEqual((await list('ana', '?limit=1')).body.data.productIds);
    expect((await ids('ivo')).body.data).toEqual({ productIds: [shown[5]] });

    // A toggle shows in the next read.
    await toggle('ana', added[0]);
    expect((await ids('ana')).body.data.productIds).toEqual([added[3], added[2], added[1]]);
  });

  it('leaves out products that can no longer be shown, as the filter does', async () => {
    await clear();
    await database.db.insert(wishlistItems).values([
      { userId: userIds.ana, productId: shown[6]!, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0)) },
      { userId: userIds.ana, productId: hiddenVariant, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 1)) },
      { userId: userIds.ana, productId: shown[7]!, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 2)) },
    ]);
    await database.db.update(products).set({ status: 'archived' }).where(sql`${products.id} = ${shown[7]}`);
    try {
      expect((await ids('ana')).body.data).toEqual({ productIds: [shown[6]] });
      expect((await list('ana')).body.data).toMatchObject({ productIds: [shown[6]], total: 1 });
    } finally {
      await database.db.update(products).set({ status: 'active' }).where(sql`${products.id} = ${shown[7]}`);
    }
    expect((await ids('ana')).body.data).toEqual({ productIds: [shown[7], shown[6]] });
  });
});
