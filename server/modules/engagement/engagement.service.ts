import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  type CommentRules,
  type CommentTargetKind,
  normalizeCommentText,
  RATING_STARS,
} from '../../../core/comments.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../../api/errors.ts';
import { createRateCounter } from '../../api/rate-limit.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { paging } from '../../kernel/paging.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { listableProductIds, productSummaries } from '../catalogue/catalogue.service.ts';
import { commentablePost, postTextsForSearch } from '../cms/cms-content.service.ts';
import { invalidateSiteContent, type SiteService } from '../site/site.service.ts';
import { requireBackofficeUser, userDisplayNames } from '../users/users.service.ts';
import type {
  CommentOptions,
  CommentPage,
  CommentView,
  commentCreate,
  commentUpdate,
  ModerationPage,
} from './engagement.contract.ts';
import { type CommentStatus, comments } from './engagement.schema.ts';
import { refreshProductRating } from './product-ratings.service.ts';

type CommentRow = typeof comments.$inferSelect;
type Target = { kind: CommentTargetKind; id: number };

/**
 * The site options of section 5 for each kind of target (docs/decisions/0401): products follow the
 * plain options, blog posts `CanCommentOnBlog` and the `...OnSite` variants. A missing option takes
 * the specification's default (admin publishing and blog comments on, editing allowed, the rest off).
 */
const optionKeys = {
  product: {
    enabled: null,
    requireRatingForComment: 'RequireRatingForComment',
    requireCommentForRating: 'RequireCommentForRating',
    oneUserOneComment: 'OneUserOneComment',
    userCanEditComment: 'UserCanEditComment',
    requireAdminPublishing: 'RequireAdminPublishing',
  },
  post: {
    enabled: 'CanCommentOnBlog',
    requireRatingForComment: 'RequireRatingForCommentOnSite',
    requireCommentForRating: 'RequireCommentForRatingOnSite',
    oneUserOneComment: 'OneUserOneCommentOnSite',
    userCanEditComment: 'UserCanEditCommentOnSite',
    requireAdminPublishing: 'RequireAdminPublishingOnSite',
  },
} as const satisfies Record<CommentTargetKind, Record<keyof CommentRules, string | null>>;

const defaults: CommentRules = {
  enabled: true,
  requireRatingForComment: false,
  requireCommentForRating: false,
  oneUserOneComment: false,
  userCanEditComment: true,
  requireAdminPublishing: true,
};

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

const targetOf = (input: { post_id?: number; product_id?: number }): Target =>
  input.post_id !== undefined
    ? { kind: 'post', id: input.post_id }
    : { kind: 'product', id: input.product_id! };

const targetColumn = (target: Target) =>
  target.kind === 'post' ? eq(comments.postId, target.id) : eq(comments.productId, target.id);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Comments on blog posts and product reviews: writing, reading threads, and moderation. */
export function createEngagementService(
  { db, cache, config }: Pick<Deps, 'db' | 'cache' | 'config'>,
  sites: Pick<SiteService, 'options'>,
  captcha: Pick<CaptchaService, 'verifyCaptcha'>,
) {
  // Per user and per address: a user with many addresses and an address with many users both stop.
  const countComment = createRateCounter(cache, config.COMMENTS_PER_MINUTE, { bucket: 'comments' });

  async function rulesFor(siteId: number): Promise<Record<CommentTargetKind, CommentRules>> {
    const rows = await sites.options(siteId);
    const values = new Map(rows.map((row) => [row.key, row.value as unknown]));
    const read = (kind: CommentTargetKind): CommentRules => {
      const rules = { ...defaults };
      for (const [rule, key] of Object.entries(optionKeys[kind]) as [keyof CommentRules, string | null][]) {
        if (key !== null && values.has(key)) rules[rule] = truthy(values.get(key));
      }
      return rules;
    };
    return { post: read('post'), product: read('product') };
  }

  /** Whether the target exists for visitors, and whether it takes new comments (404 when it does not exist). */
  async function openTarget(ctx: RequestContext, target: Target, rules: CommentRules) {
    if (target.kind === 'post') {
      const post = await commentablePost(db, ctx.site.id, target.id);
      if (!post) throw new ApiError(404, 'NOT_FOUND', COMMENT_MESSAGES.targetNotFound, { field: 'post_id' });
      return rules.enabled && post.allowComments;
    }
    const [listable] = await listableProductIds(db, ctx, [target.id]);
    if (listable === undefined)
      throw new ApiError(404, 'NOT_FOUND', COMMENT_MESSAGES.targetNotFound, { field: 'product_id' });
    return rules.enabled;
  }

  /** The rules a comment's content must meet (section 5); a 400 naming the field that is missing. */
  function checkContent(rules: CommentRules, text: string, rating: number | null) {
    if (text.length > COMMENT_MAX_LENGTH)
      throw badRequest(`At most ${COMMENT_MAX_LENGTH} characters.`, 'comment');
    if (text === '' && rating === null) throw badRequest(COMMENT_MESSAGES.commentOrRating, 'comment');
    if (rules.requireRatingForComment && text !== '' && rating === null)
      throw badRequest(COMMENT_MESSAGES.ratingRequired, 'rating');
    if (rules.requireCommentForRating && rating !== null && text === '')
      throw badRequest(COMMENT_MESSAGES.commentRequired, 'comment');
  }

  async function spendBudget(ctx: RequestContext, userId: number) {
    const byUser = await countComment(`user:${userId}`);
    const byAddress = ctx.clientAddress ? await countComment(`address:${ctx.clientAddress}`) : undefined;
    if (byUser !== undefined || byAddress !== undefined)
      throw new ApiError(429, 'RATE_LIMITED', COMMENT_MESSAGES.tooMany);
  }

  function commenter(ctx: RequestContext) {
    if (!ctx.user) throw unauthorized(COMMENT_MESSAGES.loggedUsersOnly);
    return ctx.user;
  }

  async function views(
    ctx: RequestContext,
    rows: CommentRow[],
    rules: Record<CommentTargetKind, CommentRules>,
  ) {
    const names = await userDisplayNames(
      db,
      rows.map((row) => row.userId),
    );
    return rows.map((row): CommentView => {
      const own = ctx.user?.id === row.userId;
      const kind: CommentTargetKind = row.postId !== null ? 'post' : 'product';
      return {
        id: row.id,
        post_id: row.postId,
        product_id: row.productId,
        comment: row.body,
        rating: row.rating,
        status: row.status,
        author: { id: row.userId, displayName: names.get(row.userId) ?? '' },
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        edited_at: iso(row.editedAt),
        published_at: iso(row.publishedAt),
        own,
        canEdit: own && rules[kind].userCanEditComment,
      };
    });
  }

  /** Drops cached pages and answers when what visitors see changed (a published comment or rating). */
  const changedForVisitors = (siteId: number) => invalidateSiteContent(cache, siteId);

  async function filter(
    ctx: RequestContext,
    body: { filters: { post_id?: number; product_id?: number }; page: number; limit: number },
  ): Promise<CommentPage> {
    const target = targetOf(body.filters);
    const rules = await rulesFor(ctx.site.id);
    const open = await openTarget(ctx, target, rules[target.kind]);
    const visible = and(
      eq(comments.siteId, ctx.site.id),
      targetColumn(target),
      ctx.user
        ? or(eq(comments.status, 'published'), eq(comments.userId, ctx.user.id))
        : eq(comments.status, 'published'),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(comments)
        .where(visible)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(body.limit)
        .offset((body.page - 1) * body.limit),
      db.select({ total: count() }).from(comments).where(visible),
    ]);
    return {
      records: await views(ctx, rows, rules),
      ...paging(total?.total ?? 0, body.page, body.limit),
      open,
      rules: rules[target.kind],
    };
  }

  async function create(
    ctx: RequestContext,
    body: z.output<typeof commentCreate.body>,
  ): Promise<CommentView> {
    const user = commenter(ctx);
    const target = targetOf(body);
    const allRules = await rulesFor(ctx.site.id);
    const rules = allRules[target.kind];
    if (!(await openTarget(ctx, target, rules))) throw forbidden(COMMENT_MESSAGES.commentingDisabled);
    const text = normalizeCommentText(body.comment ?? '');
    const rating = body.rating ?? null;
    checkContent(rules, text, rating);
    await spendBudget(ctx, user.id);
    await captcha.verifyCaptcha(ctx, body);
    const status: CommentStatus = rules.requireAdminPublishing ? 'pending' : 'published';
    const row = await db.transaction(async (tx) => {
      if (rules.oneUserOneComment) {
        // One writer per user and target at a time, so two concurrent first comments cannot both pass.
        await tx.execute(
          sql`select pg_advisory_xact_lock(4015, hashtext(${`${user.id}:${target.kind}:${target.id}`}))`,
        );
        const [existing] = await tx
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.userId, user.id), targetColumn(target)))
          .limit(1);
        if (existing) throw new ApiError(409, 'CONFLICT', COMMENT_MESSAGES.alreadyCommented);
      }
      const [inserted] = await tx
        .insert(comments)
        .values({
          siteId: ctx.site.id,
          postId: target.kind === 'post' ? target.id : null,
          productId: target.kind === 'product' ? target.id : null,
          userId: user.id,
          languageCode: ctx.language,
          body: text,
          rating,
          status,
          publishedAt: status === 'published' ? new Date() : null,
        })
        .returning();
      if (status === 'published' && target.kind === 'product' && rating !== null)
        await refreshProductRating(tx as unknown as Db, target.id);
      return inserted!;
    });
    if (status === 'published') await changedForVisitors(ctx.site.id);
    return (await views(ctx, [row], allRules))[0]!;
  }

  async function update(
    ctx: RequestContext,
    id: number,
    body: z.output<typeof commentUpdate.body>,
  ): Promise<CommentView> {
    const user = commenter(ctx);
    const [existing] = await db
      .select()
      .from(comments)
      .where(and(eq(comments.id, id), eq(comments.siteId, ctx.site.id)));
    if (!existing) throw notFound(COMMENT_MESSAGES.notFound);
    if (existing.userId !== user.id) throw forbidden(COMMENT_MESSAGES.notYours);
    const kind: CommentTargetKind = existing.postId !== null ? 'post' : 'product';
    const allRules = await rulesFor(ctx.site.id);
    const rules = allRules[kind];
    if (!rules.userCanEditComment) throw forbidden(COMMENT_MESSAGES.editingDisabled);
    const text = body.comment !== undefined ? normalizeCommentText(body.comment) : existing.body;
    const rating = body.rating !== undefined ? body.rating : existing.rating;
    checkContent(rules, text, rating);
    await spendBudget(ctx, user.id);
    // An edit of a published comment goes back to the moderators when they publish comments.
    const status: CommentStatus = rules.requireAdminPublishing ? 'pending' : existing.status;
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(comments)
        .set({ body: text, rating, status, editedAt: new Date(), updatedAt: new Date() })
        .where(eq(comments.id, id))
        .returning();
      if (!updated) throw notFound(COMMENT_MESSAGES.notFound);
      if (updated.productId !== null) await refreshProductRating(tx as unknown as Db, updated.productId);
      return updated;
    });
    if (existing.status === 'published' || row.status === 'published') await changedForVisitors(ctx.site.id);
    return (await views(ctx, [row], allRules))[0]!;
  }

  async function options(ctx: RequestContext, storeId: number | undefined): Promise<CommentOptions> {
    if (storeId !== undefined && !ctx.site.stores.some((store) => store.id === storeId))
      throw new ApiError(404, 'NOT_FOUND', 'Store undefined.', { field: 'store_id' });
    const rules = await rulesFor(ctx.site.id);
    return {
      posts: rules.post,
      products: rules.product,
      numberOfStars: RATING_STARS,
      maxLength: COMMENT_MAX_LENGTH,
    };
  }

  // Back office.

  async function moderationList(
    ctx: RequestContext,
    query: { status: CommentStatus | 'all'; page: number; limit: number },
  ): Promise<ModerationPage> {
    await requireBackofficeUser(db, ctx, COMMENT_MESSAGES.backofficeOnly);
    const where: SQL | undefined = and(
      eq(comments.siteId, ctx.site.id),
      query.status === 'all' ? undefined : eq(comments.status, query.status),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(comments)
        .where(where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    const postIds = rows.flatMap((row) => (row.postId !== null ? [row.postId] : []));
    const productIds = rows.flatMap((row) => (row.productId !== null ? [row.productId] : []));
    const [postTexts, productTexts, rules] = await Promise.all([
      postTextsForSearch(db, ctx, [...new Set(postIds)]),
      productSummaries(db, ctx, productIds),
      rulesFor(ctx.site.id),
    ]);
    const postById = new Map(postTexts.map((post) => [post.id, post]));
    const shown = await views(ctx, rows, rules);
    return {
      records: shown.map((view) => {
        if (view.post_id !== null) {
          const post = postById.get(view.post_id);
          return {
            ...view,
            target: {
              type: 'post' as const,
              id: view.post_id,
              title: post?.title ?? '',
              slug: post?.slug ?? null,
            },
          };
        }
        const product = productTexts.get(view.product_id!);
        return {
          ...view,
          target: {
            type: 'product' as const,
            id: view.product_id!,
            title: product?.text.name ?? '',
            slug: product?.text.slug ?? null,
          },
        };
      }),
      ...paging(total?.total ?? 0, query.page, query.limit),
    };
  }

  async function setStatus(ctx: RequestContext, id: number, status: 'published' | 'unpublished') {
    await requireBackofficeUser(db, ctx, COMMENT_MESSAGES.backofficeOnly);
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(comments)
        .set({
          status,
          updatedAt: new Date(),
          ...(status === 'published' ? { publishedAt: sql`coalesce(${comments.publishedAt}, now())` } : {}),
        })
        .where(and(eq(comments.id, id), eq(comments.siteId, ctx.site.id)))
        .returning();
      if (!updated) throw notFound(COMMENT_MESSAGES.notFound);
      if (updated.productId !== null) await refreshProductRating(tx as unknown as Db, updated.productId);
      return updated;
    });
    await changedForVisitors(ctx.site.id);
    return (await views(ctx, [row], await rulesFor(ctx.site.id)))[0]!;
  }

  async function remove(ctx: RequestContext, id: number) {
    await requireBackofficeUser(db, ctx, COMMENT_MESSAGES.backofficeOnly);
    await db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(comments)
        .where(and(eq(comments.id, id), eq(comments.siteId, ctx.site.id)))
        .returning({ productId: comments.productId });
      if (!deleted) throw notFound(COMMENT_MESSAGES.notFound);
      if (deleted.productId !== null) await refreshProductRating(tx as unknown as Db, deleted.productId);
    });
    await changedForVisitors(ctx.site.id);
    return { id, deleted: true as const };
  }

  return {
    filter,
    create,
    update,
    options,
    moderationList,
    publish: (ctx: RequestContext, id: number) => setStatus(ctx, id, 'published'),
    unpublish: (ctx: RequestContext, id: number) => setStatus(ctx, id, 'unpublished'),
    remove,
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
