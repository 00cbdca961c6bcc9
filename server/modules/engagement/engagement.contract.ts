import { z } from 'zod';
import {
  COMMENT_CREATE_PATH,
  COMMENT_FILTER_PATH,
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  COMMENT_OPTIONS_PATH,
  COMMENT_PAGE_SIZE,
  COMMENT_UPDATE_PATH,
  RATING_STARS,
} from '../../../core/comments.ts';
import { defineContract } from '../../../core/contract.ts';
import { idInput, idParam, multilineText, pagedSchema } from '../../../core/input-schemas.ts';
import { captchaFields } from '../captcha/captcha.contract.ts';

export const commentStatusSchema = z.enum(['pending', 'published', 'unpublished']);

/** A rating in stars; form posts send it as text. */
const ratingInput = z
  .union([
    z.number().int().min(1).max(RATING_STARS),
    z
      .string()
      .regex(/^[1-9]$/, `Expected 1 to ${RATING_STARS} stars.`)
      .transform(Number)
      .pipe(z.number().int().min(1).max(RATING_STARS)),
  ])
  .meta({ description: `Stars, 1 to ${RATING_STARS}` });

const commentText = multilineText(COMMENT_MAX_LENGTH).meta({
  description: `Plain text (markup is shown as text), at most ${COMMENT_MAX_LENGTH} characters`,
});

export const commentSchema = z
  .object({
    id: z.number().int(),
    post_id: z.number().int().nullable(),
    product_id: z.number().int().nullable(),
    comment: z.string().meta({ description: 'Plain text; empty for a bare rating' }),
    rating: z.number().int().nullable(),
    status: commentStatusSchema,
    author: z.object({ id: z.number().int(), displayName: z.string() }),
    created_at: z.string(),
    updated_at: z.string(),
    edited_at: z.string().nullable(),
    published_at: z.string().nullable(),
    /** Whether the comment is the requesting user's own. */
    own: z.boolean(),
    /** Whether the requesting user may change it now (own comment and `UserCanEditComment`). */
    canEdit: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type CommentView = z.output<typeof commentSchema>;

export const commentRulesSchema = z.object({
  enabled: z.boolean(),
  requireRatingForComment: z.boolean(),
  requireCommentForRating: z.boolean(),
  oneUserOneComment: z.boolean(),
  userCanEditComment: z.boolean(),
  requireAdminPublishing: z.boolean(),
});

const target = z.object({
  post_id: idInput.optional(),
  product_id: idInput.optional(),
});
const oneTarget = <T extends z.ZodType<{ post_id?: number; product_id?: number }>>(schema: T) =>
  schema.refine((value) => (value.post_id === undefined) !== (value.product_id === undefined), {
    message: 'Give exactly one of post_id and product_id.',
    path: ['post_id'],
  });

export const commentFilterStandard = defineContract({
  method: 'post',
  path: COMMENT_FILTER_PATH,
  tags: ['comments'],
  summary: 'The comments of a blog post or the reviews of a product, newest first, paged',
  description:
    'Published comments, plus the logged-in author’s own that wait for moderation (status pending). ' +
    '`open` says whether the post or product takes new comments now (site options and the post’s own ' +
    'setting). 404 for a post or product visitors cannot see.',
  body: z.object({
    filters: oneTarget(target),
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(50).default(COMMENT_PAGE_SIZE),
  }),
  output: pagedSchema(commentSchema)
    .extend({ open: z.boolean(), rules: commentRulesSchema })
    .meta({ id: 'CommentPage' }),
});
export type CommentPage = z.output<typeof commentFilterStandard.output>;

export const commentCreate = defineContract({
  method: 'post',
  path: COMMENT_CREATE_PATH,
  tags: ['comments'],
  writes: true,
  summary: 'A logged-in user comments on a blog post or reviews a product (text, stars or both)',
  description:
    `401 '${COMMENT_MESSAGES.loggedUsersOnly}'; 403 '${COMMENT_MESSAGES.commentingDisabled}'; 404 for ` +
    `a post or product visitors cannot see; 400 naming comment or rating when the site options ` +
    `(RequireRatingForComment, RequireCommentForRating and their ...OnSite variants) refuse it; 409 ` +
    `'${COMMENT_MESSAGES.alreadyCommented}' under OneUserOneComment; 429 beyond the per-user and ` +
    'per-address comment budget; 400 on captcha without a solved captcha (decisions 0410, 0411). Pending until a back-office user publishes it when ' +
    'RequireAdminPublishing (default) is on.',
  body: oneTarget(
    target.extend({
      comment: commentText.optional(),
      rating: ratingInput.nullish(),
      ...captchaFields,
    }),
  ),
  output: commentSchema,
});

export const commentUpdate = defineContract({
  method: 'patch',
  path: COMMENT_UPDATE_PATH,
  tags: ['comments'],
  summary: 'The author changes the text or rating of their own comment (when UserCanEditComment)',
  description:
    `403 '${COMMENT_MESSAGES.editingDisabled}' when the option is off, 403 '${COMMENT_MESSAGES.notYours}' ` +
    `for another user's comment, 404 '${COMMENT_MESSAGES.notFound}'. An edited comment waits for ` +
    'moderation again when RequireAdminPublishing is on; the product rating follows in the same transaction.',
  params: z.object({ id: idParam }),
  body: z.object({
    comment: commentText.optional(),
    rating: ratingInput.nullish().meta({ description: 'null removes the rating' }),
  }),
  output: commentSchema,
});

export const commentOptions = defineContract({
  method: 'post',
  path: COMMENT_OPTIONS_PATH,
  tags: ['comments'],
  summary: 'The comment and review rules of section 5 for blog posts and products',
  description:
    'Blog posts follow CanCommentOnBlog and the ...OnSite options, products the plain ones ' +
    '(docs/decisions/0401). The store only checks that it belongs to the site.',
  body: z.object({ store_id: idInput.optional() }),
  output: z
    .object({
      posts: commentRulesSchema,
      products: commentRulesSchema,
      numberOfStars: z.number().int(),
      maxLength: z.number().int(),
    })
    .meta({ id: 'CommentOptions' }),
});
export type CommentOptions = z.output<typeof commentOptions.output>;

export const moderationRecordSchema = commentSchema
  .extend({
    target: z.object({
      type: z.enum(['post', 'product']),
      id: z.number().int(),
      title: z.string(),
      slug: z.string().nullable(),
    }),
  })
  .meta({ id: 'ModerationComment' });
export type ModerationRecord = z.output<typeof moderationRecordSchema>;

export const moderationFilter = defineContract({
  method: 'get',
  path: '/v1/admin/comment/filter',
  tags: ['comments'],
  access: 'backoffice',
  summary: 'Back office: comments and reviews of the site by status, newest first, paged',
  description: `401 without a session, 403 '${COMMENT_MESSAGES.backofficeOnly}' for other users.`,
  query: z.object({
    status: z.enum(['pending', 'published', 'unpublished', 'all']).default('pending'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: pagedSchema(moderationRecordSchema).meta({ id: 'ModerationPage' }),
});
export type ModerationPage = z.output<typeof moderationFilter.output>;

const moderationParams = z.object({ id: idParam });

export const moderationPublish = defineContract({
  method: 'post',
  path: '/v1/admin/comment/publish/{id}',
  tags: ['comments'],
  access: 'backoffice',
  writes: true,
  summary: 'Back office: publish a comment or review (the product rating follows in the same transaction)',
  params: moderationParams,
  output: commentSchema,
});

export const moderationUnpublish = defineContract({
  method: 'post',
  path: '/v1/admin/comment/unpublish/{id}',
  tags: ['comments'],
  access: 'backoffice',
  writes: true,
  summary: 'Back office: take a comment or review off the site (kept, shown to no one but its author)',
  params: moderationParams,
  output: commentSchema,
});

export const moderationDelete = defineContract({
  method: 'delete',
  path: '/v1/admin/comment/delete/{id}',
  tags: ['comments'],
  access: 'backoffice',
  summary: 'Back office: delete a comment or review for good',
  params: moderationParams,
  output: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});
