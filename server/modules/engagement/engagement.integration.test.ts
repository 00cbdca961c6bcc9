import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../core/comments.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { solvedCaptcha } from '../../testing/captcha-solver.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { posts, postTranslations } from '../cms/cms.schema.ts';
import { siteOptions } from '../site/site.schema.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { users } from '../users/users.schema.ts';
import { comments } from './engagement.schema.ts';

type Who = 'ana' | 'ivo' | 'boss';
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const tokens: Record<Who, string> = { ana: '', ivo: '', boss: '' };
const userIds: Record<Who, number> = { ana: 0, ivo: 0, boss: 0 };
let site = 0;
let mediaDir = '';
let product = 0;
let otherProduct = 0;
let post = 0;
let closedPost = 0;
let draftPost = 0;
let keyCounter = 0;

const headers = (who: Who | null, extra: Record<string, string> = {}) => ({
  language: 'en',
  ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
  ...extra,
});
const create = (who: Who | null, body: unknown, extra: Record<string, string> = {}) =>
  t.json('/api/v1/comment/create', postJson(body, headers(who, extra)));
const update = (who: Who | null, id: number, body: unknown) =>
  t.json(`/api/v1/comment/update/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...headers(who) },
    body: JSON.stringify(body),
  });
const thread = (who: Who | null, filters: unknown, page = 1, limit = 10) =>
  t.json('/api/v1/cms/comment/filterStandard', postJson({ filters, page, limit }, headers(who)));
const moderate = (who: Who | null, action: 'publish' | 'unpublish', id: number) =>
  t.json(`/api/v1/admin/comment/${action}/${id}`, { method: 'POST', headers: headers(who) });
const remove = (who: Who | null, id: number) =>
  t.json(`/api/v1/admin/comment/delete/${id}`, { method: 'DELETE', headers: headers(who) });
const queue = (who: Who | null, query = '') =>
  t.json(`/api/v1/admin/comment/filter${query}`, { headers: headers(who) });
const productView = (id: number) =>
  t.json(`/api/v1/catalogue/product/web/get?id=${id}`, { headers: { language: 'en' } });

/** The stored aggregate and a recount of the published reviews: they must always agree. */
async function ratingOf(productId: number) {
  const [stored] = await database.rows<{ count: number; sum: number }>(
    sql`select rating_count as count, rating_sum as sum from product_ratings where product_id = ${productId}`,
  );
  const [recount] = await database.rows<{ count: number; sum: number }>(
    sql`select count(rating)::int as count, coalesce(sum(rating), 0)::int as sum from comments
        where product_id = ${productId} and status = 'published'`,
  );
  return { stored: stored ?? { count: 0, sum: 0 }, recount: recount! };
}

async function setOptions(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    await database.db
      .insert(siteOptions)
      .values({ siteId: site, key, value })
      .onConflictDoUpdate({ target: [siteOptions.siteId, siteOptions.key], set: { value } });
  }
  await invalidateSiteContent(t.cache, site);
}

const defaultOptions = {
  RequireRatingForComment: false,
  RequireCommentForRating: false,
  CanCommentOnBlog: true,
  RequireAdminPublishing: true,
  OneUserOneComment: false,
  UserCanEditComment: true,
  RequireRatingForCommentOnSite: false,
  RequireCommentForRatingOnSite: false,
  RequireAdminPublishingOnSite: true,
  OneUserOneCommentOnSite: false,
  UserCanEditCommentOnSite: true,
};

async function insertPost(
  slug: string,
  options: { allowComments?: boolean; status?: 'draft' | 'published' },
) {
  const [row] = await database.db
    .insert(posts)
    .values({
      siteId: site,
      type: 'post',
      status: options.status ?? 'published',
      publishedAt: new Date(Date.now() - 60_000),
      allowComments: options.allowComments ?? true,
    })
    .returning({ id: posts.id });
  await database.db
    .insert(postTranslations)
    .values({ postId: row!.id, languageCode: 'en', siteId: site, title: `Post ${slug}`, slug });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  const { siteId } = await seedDemoSite(database.db);
  site = siteId;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comments-media-'));
  await seedCatalogue(database.db, {
    siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  const shown = await database.rows<{ id: number }>(
    sql`select id from products where status = 'active' and is_visible_individually and site_id = ${siteId} order by id`,
  );
  product = shown[0]!.id;
  otherProduct = shown[1]!.id;
  const created = await database.db
    .insert(users)
    .values([
      { siteId, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić', displayName: 'Ana A.' },
      { siteId, email: 'ivo@example.com', firstName: 'Ivo', lastName: 'Ivić', displayName: 'Ivo I.' },
      {
        siteId,
        email: 'boss@example.com',
        firstName: 'Urednica',
        lastName: 'Glavna',
        displayName: 'Urednica',
        isBackofficeUser: true,
        scope: 'admin',
      },
    ])
    .returning();
  (['ana', 'ivo', 'boss'] as const).forEach((who, index) => {
    userIds[who] = created[index]!.id;
  });
  post = await insertPost('open-post', {});
  closedPost = await insertPost('closed-post', { allowComments: false });
  draftPost = await insertPost('draft-post', { status: 'draft' });
  t = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '0', COMMENTS_PER_MINUTE: '0' });
  for (const [index, who] of (['ana', 'ivo', 'boss'] as const).entries())
    tokens[who] = (await t.services.sessions.start(created[index]!)).accessToken;
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(comments);
  await database.db.execute(sql`delete from product_ratings`);
  await setOptions(defaultOptions);
});

describe('POST comment/getOptions', () => {
  it('answers the section 5 rules per kind of target from the site options', async () => {
    const defaults = await t.json('/api/v1/comment/getOptions', postJson({}, headers(null)));
    expect(defaults.status).toBe(200);
    expect(defaults.body.data.products.requireAdminPublishing).toBe(true);
    expect(defaults.body.data.posts.enabled).toBe(true);
    expect(defaults.body.data.numberOfStars).toBe(5);
    await setOptions({
      RequireRatingForComment: true,
      OneUserOneCommentOnSite: true,
      CanCommentOnBlog: false,
    });
    const changed = await t.json('/api/v1/comment/getOptions', postJson({}, headers(null)));
    expect(changed.body.data.products.requireRatingForComment).toBe(true);
    expect(changed.body.data.posts.requireRatingForComment).toBe(false);
    expect(changed.body.data.posts.oneUserOneComment).toBe(true);
    expect(changed.body.data.products.oneUserOneComment).toBe(false);
    expect(changed.body.data.posts.enabled).toBe(false);
  });

  it('refuses a store of no site and bad input with 400/404 naming store_id', async () => {
    const unknown = await t.json(
      '/api/v1/comment/getOptions',
      postJson({ store_id: 999_999 }, headers(null)),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.payload.field).toBe('store_id');
    const bad = await t.json('/api/v1/comment/getOptions', postJson({ store_id: 'x' }, headers(null)));
    expect(bad.status).toBe(400);
    expect(bad.body.error.payload.field).toBe('store_id');
  });
});

describe('POST comment/create', () => {
  it("answers 401 'Logged users only.' without a session", async () => {
    const response = await create(null, { product_id: product, comment: 'Hi', rating: 5 });
    expect(response.status).toBe(401);
    expect(response.body.error.payload.message).toBe(COMMENT_MESSAGES.loggedUsersOnly);
  });

  it('refuses bad input with 400 and the field', async () => {
    const cases: [unknown, string][] = [
      [{ comment: 'x' }, 'post_id'],
      [{ post_id: post, product_id: product, comment: 'x' }, 'post_id'],
      [{ product_id: product, rating: 6 }, 'rating'],
      [{ product_id: product, rating: 0 }, 'rating'],
      [{ product_id: product, rating: 2.5 }, 'rating'],
      [{ product_id: product, comment: 'a'.repeat(2001) }, 'comment'],
      [{ product_id: product, comment: 'nul\u0000byte' }, 'comment'],
      [{ product_id: 'abc', comment: 'x' }, 'product_id'],
      [{ product_id: 2_147_483_648, comment: 'x' }, 'product_id'],
      [{ product_id: product }, 'comment'],
      [{ product_id: product, comment: '   \n  ' }, 'comment'],
    ];
    for (const [body, field] of cases) {
      const response = await create('ana', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.payload.field, JSON.stringify(body)).toBe(field);
    }
    expect(await database.db.select().from(comments)).toHaveLength(0);
  });

  it('answers 404 for a product or post visitors cannot see', async () => {
    expect((await create('ana', { product_id: 999_999, rating: 3 })).status).toBe(404);
    const draft = await create('ana', { post_id: draftPost, comment: 'Hello' });
    expect(draft.status).toBe(404);
    expect(draft.body.error.payload.field).toBe('post_id');
  });

  it("answers 403 'Commenting disabled.' when the blog option or the post forbids it", async () => {
    const closed = await create('ana', { post_id: closedPost, comment: 'Hello' });
    expect(closed.status).toBe(403);
    expect(closed.body.error.payload.message).toBe(COMMENT_MESSAGES.commentingDisabled);
    await setOptions({ CanCommentOnBlog: false });
    const off = await create('ana', { post_id: post, comment: 'Hello' });
    expect(off.status).toBe(403);
    expect(off.body.error.payload.message).toBe(COMMENT_MESSAGES.commentingDisabled);
    // Products do not follow the blog option.
    expect((await create('ana', { product_id: product, rating: 4 })).status).toBe(200);
  });

  it('stores plain text normalized (markup kept as text) and pending by default', async () => {
    const response = await create('ana', {
      product_id: product,
      comment: '  <b>Great</b>\u202e book\r\n\r\n\r\n\r\nreally  ',
      rating: '4',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      comment: '<b>Great</b> book\n\nreally',
      rating: 4,
      status: 'pending',
      own: true,
      canEdit: true,
      author: { id: userIds.ana, displayName: 'Ana A.' },
    });
    // Pending: no rating yet.
    expect((await ratingOf(product)).stored).toEqual({ count: 0, sum: 0 });
  });

  it('applies the options matrix: rating for comment, comment for rating, per kind of target', async () => {
    await setOptions({ RequireRatingForComment: true });
    const noRating = await create('ana', { product_id: product, comment: 'No stars' });
    expect(noRating.status).toBe(400);
    expect(noRating.body.error.payload).toMatchObject({
      field: 'rating',
      message: COMMENT_MESSAGES.ratingRequired,
    });
    // The plain option is the products'; blog posts follow the ...OnSite variant.
    expect((await create('ana', { post_id: post, comment: 'No stars' })).status).toBe(200);
    expect((await create('ana', { product_id: product, rating: 3 })).status).toBe(200);

    await setOptions({ RequireRatingForComment: false, RequireCommentForRating: true });
    const bare = await create('ivo', { product_id: product, rating: 5 });
    expect(bare.status).toBe(400);
    expect(bare.body.error.payload).toMatchObject({
      field: 'comment',
      message: COMMENT_MESSAGES.commentRequired,
    });
    expect((await create('ivo', { product_id: product, comment: 'Text only' })).status).toBe(200);

    await setOptions({ RequireCommentForRating: false, RequireRatingForCommentOnSite: true });
    expect((await create('ivo', { post_id: post, comment: 'x' })).body.error.payload.field).toBe('rating');
    expect((await create('ivo', { post_id: post, comment: 'x', rating: 2 })).status).toBe(200);
    await setOptions({ RequireRatingForCommentOnSite: false, RequireCommentForRatingOnSite: true });
    expect((await create('ivo', { post_id: post, rating: 2 })).body.error.payload.field).toBe('comment');
  });

  it('allows one comment per user and target under OneUserOneComment, also when two arrive at once', async () => {
    await setOptions({ OneUserOneComment: true });
    const [first, second] = await Promise.all([
      create('ana', { product_id: product, rating: 5 }),
      create('ana', { product_id: product, rating: 4 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.error.payload.message).toBe(COMMENT_MESSAGES.alreadyCommented);
    // Another product, another user, and the blog (its own option) are not affected.
    expect((await create('ana', { product_id: otherProduct, rating: 4 })).status).toBe(200);
    expect((await create('ivo', { product_id: product, rating: 4 })).status).toBe(200);
    expect((await create('ana', { post_id: post, comment: 'a' })).status).toBe(200);
    expect((await create('ana', { post_id: post, comment: 'b' })).status).toBe(200);
    const rows = await database.db
      .select()
      .from(comments)
      .where(and(eq(comments.userId, userIds.ana), eq(comments.productId, product)));
    expect(rows).toHaveLength(1);
  });

  it('publishes at once when RequireAdminPublishing is off, with the rating in the product view', async () => {
    await setOptions({ RequireAdminPublishing: false });
    const response = await create('ana', { product_id: product, comment: 'Lovely', rating: 4 });
    expect(response.body.data.status).toBe('published');
    await create('ivo', { product_id: product, rating: 1 });
    expect((await ratingOf(product)).stored).toEqual({ count: 2, sum: 5 });
    const view = await productView(product);
    expect(view.body.data.rating).toEqual({ average: 2.5, count: 2 });
  });

  it('replays a retried create with the same Idempotency-Key instead of storing it twice', async () => {
    const key = `comment-${++keyCounter}-${Date.now()}`;
    const first = await create('ana', { product_id: product, comment: 'Once' }, { 'idempotency-key': key });
    const again = await create('ana', { product_id: product, comment: 'Once' }, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await database.db.select().from(comments)).toHaveLength(1);
  });
});

describe('POST cms/comment/filterStandard', () => {
  it('shows published comments to everyone and pending ones to their author only', async () => {
    const mine = await create('ana', { post_id: post, comment: 'Waiting' });
    const visitor = await thread(null, { post_id: post });
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.records).toHaveLength(0);
    expect(visitor.body.data.open).toBe(true);
    expect((await thread('ivo', { post_id: post })).body.data.records).toHaveLength(0);
    const own = await thread('ana', { post_id: post });
    expect(own.body.data.records.map((record: { id: number }) => record.id)).toEqual([mine.body.data.id]);
    expect(own.body.data.records[0].status).toBe('pending');
    await moderate('boss', 'publish', mine.body.data.id);
    const published = await thread(null, { post_id: post });
    expect(published.body.data.records[0]).toMatchObject({ comment: 'Waiting', own: false, canEdit: false });
    expect((await thread(null, { post_id: closedPost })).body.data.open).toBe(false);
  });

  it('pages a long thread, newest first', async () => {
    await setOptions({ RequireAdminPublishingOnSite: false });
    for (let index = 1; index <= 23; index++)
      await create(index % 2 ? 'ana' : 'ivo', { post_id: post, comment: `Comment ${index}` });
    const first = await thread(null, { post_id: post }, 1, 10);
    expect(first.body.data).toMatchObject({ totalRecords: 23, totalPages: 3, page: 1, limit: 10 });
    expect(first.body.data.records[0].comment).toBe('Comment 23');
    const last = await thread(null, { post_id: post }, 3, 10);
    expect(last.body.data.records.map((record: { comment: string }) => record.comment)).toEqual([
      'Comment 3',
      'Comment 2',
      'Comment 1',
    ]);
    const past = await thread(null, { post_id: post }, 4, 10);
    expect(past.body.data.records).toEqual([]);
  });

  it('refuses a filter without exactly one target, and 404s a hidden post', async () => {
    const none = await thread(null, {});
    expect(none.status).toBe(400);
    expect(none.body.error.payload.field).toBe('filters.post_id');
    expect((await thread(null, { post_id: draftPost })).status).toBe(404);
    expect(
      (
        await t.json(
          '/api/v1/cms/comment/filterStandard',
          postJson({ filters: { product_id: product }, limit: 51 }, headers(null)),
        )
      ).status,
    ).toBe(400);
  });
});

describe('PATCH comment/update/{id}', () => {
  it('lets the author edit their own comment; it waits for moderation again and the rating follows', async () => {
    const created = await create('ana', { product_id: product, comment: 'Good', rating: 4 });
    const id = created.body.data.id;
    await moderate('boss', 'publish', id);
    expect((await ratingOf(product)).stored).toEqual({ count: 1, sum: 4 });
    const edited = await update('ana', id, { comment: 'Only fair', rating: 2 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ comment: 'Only fair', rating: 2, status: 'pending' });
    expect(edited.body.data.edited_at).not.toBeNull();
    expect((await ratingOf(product)).stored).toEqual({ count: 0, sum: 0 });
    await moderate('boss', 'publish', id);
    expect((await ratingOf(product)).stored).toEqual({ count: 1, sum: 2 });
  });

  it('keeps an edit published when moderation is off', async () => {
    await setOptions({ RequireAdminPublishing: false });
    const created = await create('ana', { product_id: product, rating: 5 });
    const edited = await update('ana', created.body.data.id, { rating: 3 });
    expect(edited.body.data.status).toBe('published');
    expect((await ratingOf(product)).stored).toEqual({ count: 1, sum: 3 });
  });

  it('refuses other users, a disabled option, unknown ids and content the rules refuse', async () => {
    const created = await create('ana', { product_id: product, comment: 'Mine' });
    const id = created.body.data.id;
    const other = await update('ivo', id, { comment: 'Hijacked' });
    expect(other.status).toBe(403);
    expect(other.body.error.payload.message).toBe(COMMENT_MESSAGES.notYours);
    expect((await update(null, id, { comment: 'x' })).status).toBe(401);
    expect((await update('ana', 999_999, { comment: 'x' })).status).toBe(404);
    const emptied = await update('ana', id, { comment: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.payload.field).toBe('comment');
    expect((await update('ana', id, { rating: 9 })).status).toBe(400);
    await setOptions({ UserCanEditComment: false });
    const disabled = await update('ana', id, { comment: 'Changed' });
    expect(disabled.status).toBe(403);
    expect(disabled.body.error.payload.message).toBe(COMMENT_MESSAGES.editingDisabled);
    // The blog follows its own option.
    const onPost = await create('ana', { post_id: post, comment: 'Blog' });
    expect((await update('ana', onPost.body.data.id, { comment: 'Blog, edited' })).status).toBe(200);
    const [row] = await database.db.select().from(comments).where(eq(comments.id, id));
    expect(row!.body).toBe('Mine');
  });
});

describe('back-office moderation', () => {
  it('is for back-office users only', async () => {
    const created = await create('ana', { product_id: product, rating: 5 });
    const id = created.body.data.id;
    expect((await queue(null)).status).toBe(401);
    const customer = await queue('ana');
    expect(customer.status).toBe(403);
    expect(customer.body.error.payload.message).toBe(COMMENT_MESSAGES.backofficeOnly);
    expect((await moderate('ana', 'publish', id)).status).toBe(403);
    expect((await remove('ivo', id)).status).toBe(403);
    expect((await ratingOf(product)).stored).toEqual({ count: 0, sum: 0 });
  });

  it('lists pending and published items with their targets, paged', async () => {
    const review = await create('ana', { product_id: product, comment: 'Review', rating: 5 });
    for (let index = 0; index < 4; index++)
      await create('ivo', { post_id: post, comment: `Post comment ${index}` });
    const pending = await queue('boss', '?status=pending&limit=3');
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ totalRecords: 5, totalPages: 2, page: 1, limit: 3 });
    const second = await queue('boss', '?status=pending&limit=3&page=2');
    const all = [...pending.body.data.records, ...second.body.data.records];
    const reviewRecord = all.find((record: { id: number }) => record.id === review.body.data.id);
    expect(reviewRecord.target).toMatchObject({ type: 'product', id: product });
    expect(reviewRecord.target.title.length).toBeGreaterThan(0);
    expect(
      all.filter((record: { target: { type: string } }) => record.target.type === 'post')[0].target,
    ).toMatchObject({
      type: 'post',
      id: post,
      title: 'Post open-post',
      slug: 'open-post',
    });
    await moderate('boss', 'publish', review.body.data.id);
    const published = await queue('boss', '?status=published');
    expect(published.body.data.records.map((record: { id: number }) => record.id)).toEqual([
      review.body.data.id,
    ]);
    expect((await queue('boss', '?status=all')).body.data.totalRecords).toBe(5);
    expect((await queue('boss', '?status=spam')).status).toBe(400);
    expect((await queue('boss', '?page=0')).status).toBe(400);
  });

  it('publish, unpublish and delete keep the product rating exact', async () => {
    const ids: number[] = [];
    for (const [who, rating] of [
      ['ana', 5],
      ['ivo', 2],
      ['ana', 4],
    ] as const)
      ids.push((await create(who, { product_id: product, rating })).body.data.id);
    const textOnly = (await create('ivo', { product_id: product, comment: 'No stars' })).body.data.id;
    for (const id of [...ids, textOnly]) expect((await moderate('boss', 'publish', id)).status).toBe(200);
    expect((await ratingOf(product)).stored).toEqual({ count: 3, sum: 11 });
    expect((await productView(product)).body.data.rating).toEqual({ average: 3.67, count: 3 });
    expect((await moderate('boss', 'unpublish', ids[0]!)).body.data.status).toBe('unpublished');
    expect((await ratingOf(product)).stored).toEqual({ count: 2, sum: 6 });
    // Unpublished: hidden from visitors, still shown to its author.
    expect((await thread(null, { product_id: product })).body.data.totalRecords).toBe(3);
    expect((await thread('ana', { product_id: product })).body.data.totalRecords).toBe(4);
    expect((await remove('boss', ids[1]!)).body.data).toEqual({ id: ids[1], deleted: true });
    expect((await ratingOf(product)).stored).toEqual({ count: 1, sum: 4 });
    expect((await productView(product)).body.data.rating).toEqual({ average: 4, count: 1 });
    expect((await remove('boss', ids[1]!)).status).toBe(404);
    expect((await moderate('boss', 'publish', 999_999)).status).toBe(404);
    expect((await moderate('boss', 'publish', 0)).status).toBe(400);
    const { stored, recount } = await ratingOf(product);
    expect(stored).toEqual(recount);
  });

  it('counts every review when many are published and unpublished at once', async () => {
    const ratings = [5, 4, 3, 5, 1, 2, 4, 5, 3, 2, 5, 4, 1, 3, 5, 4];
    const ids: number[] = [];
    for (const [index, rating] of ratings.entries())
      ids.push((await create(index % 2 ? 'ana' : 'ivo', { product_id: product, rating })).body.data.id);
    const published = await Promise.all(ids.map((id) => moderate('boss', 'publish', id)));
    expect(published.map((response) => response.status)).toEqual(ids.map(() => 200));
    const sum = ratings.reduce((total, rating) => total + rating, 0);
    expect((await ratingOf(product)).stored).toEqual({ count: ratings.length, sum });
    const half = ids.filter((_, index) => index % 2 === 0);
    await Promise.all(
      half.map((id, index) => (index % 2 ? remove('boss', id) : moderate('boss', 'unpublish', id))),
    );
    const { stored, recount } = await ratingOf(product);
    expect(stored).toEqual(recount);
    expect(stored.count).toBe(ratings.length - half.length);
    const card = await t.json(
      '/api/v1/catalogue/product/web/filter',
      postJson({ select: [product], limit: 1 }, { language: 'en' }),
    );
    expect(card.status).toBe(200);
    expect(card.body.data.records[0].rating).toEqual({
      average: Math.round((recount.sum / recount.count) * 100) / 100,
      count: recount.count,
    });
  });
});

describe('comment budget', () => {
  it('limits new comments per user and per address', async () => {
    const limited = createTestApp(database, {
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      COMMENTS_PER_MINUTE: '2',
      TRUST_PROXY: 'loopback',
    });
    const socket = (remoteAddress: string) => ({
      incoming: { socket: { remoteAddress, remoteFamily: 'IPv4', remotePort: 1 } },
    });
    const send = async (who: Who, forwardedFor: string, comment: string) => {
      const response = await limited.app.request(
        '/api/v1/comment/create',
        postJson({ post_id: post, comment }, { ...headers(who), 'x-forwarded-for': forwardedFor }),
        socket('127.0.0.1'),
      );
      return response.status;
    };
    // Per user: a third comment from another address is still refused.
    expect(await send('ana', '198.51.100.1', 'one')).toBe(200);
    expect(await send('ana', '198.51.100.2', 'two')).toBe(200);
    expect(await send('ana', '198.51.100.3', 'three')).toBe(429);
    // Per address: a second user from an address already spent is refused too.
    expect(await send('ivo', '198.51.100.2', 'four')).toBe(200);
    expect(await send('boss', '198.51.100.2', 'five')).toBe(429);
    expect(await send('boss', '198.51.100.9', 'six')).toBe(200);
  });
});

describe('captcha (decisions 0410, 0411)', () => {
  it('refuses a new comment without a solved captcha once the no-script budget is spent, and a replayed solution', async () => {
    const guarded = createTestApp(database, {
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      COMMENTS_PER_MINUTE: '0',
      CAPTCHA_MAX_NUMBER: '2000',
      CAPTCHA_NOSCRIPT_PER_HOUR: '0',
    });
    const send = (body: Record<string, unknown>) =>
      guarded.json('/api/v1/comment/create', postJson({ post_id: post, ...body }, headers('ivo')));
    const before = await database.rows<{ n: number }>(sql`select count(*)::int as n from comments`);
    const missing = await send({ comment: 'no captcha' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'CAPTCHA_REQUIRED', payload: { field: 'captcha' } });
    const captcha = await solvedCaptcha((url) => guarded.json(url));
    expect((await send({ comment: 'with a captcha', captcha })).status).toBe(200);
    const replay = await send({ comment: 'the same solution again', captcha });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: 'CAPTCHA_INVALID', payload: { field: 'captcha' } });
    const after = await database.rows<{ n: number }>(sql`select count(*)::int as n from comments`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });
});
