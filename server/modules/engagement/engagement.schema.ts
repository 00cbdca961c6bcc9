import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from '../catalogue/catalogue.schema.ts';
import { posts } from '../cms/cms.schema.ts';
import { sites } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';

export const commentStatuses = ['pending', 'published', 'unpublished'] as const;
export type CommentStatus = (typeof commentStatuses)[number];

/**
 * Comments on blog posts and reviews of products (specification 000, section 5 "Comments and
 * reviews"): one table, exactly one of `post_id` / `product_id` set. The text is plain text (never
 * HTML, docs/decisions/0400); a review carries a rating of 1 to 5 stars. A comment without text is a
 * bare rating, a comment without rating a bare comment; never neither.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The language the author wrote in (the page's language). */
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    body: text('body').notNull().default(''),
    rating: smallint('rating'),
    status: text('status').$type<CommentStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the author last changed the text or rating; null when never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    check('comments_target_check', sql`num_nonnulls(${table.postId}, ${table.productId}) = 1`),
    check('comments_rating_check', sql`${table.rating} is null or ${table.rating} between 1 and 5`),
    check('comments_content_check', sql`${table.body} <> '' or ${table.rating} is not null`),
    check('comments_status_check', sql`${table.status} in ('pending', 'published', 'unpublished')`),
    index('comments_post_thread_idx').on(table.postId, table.status, table.createdAt),
    index('comments_product_thread_idx').on(table.productId, table.status, table.createdAt),
    index('comments_site_moderation_idx').on(table.siteId, table.status, table.createdAt),
    index('comments_user_idx').on(table.userId),
  ],
);

/**
 * The published ratings of a product, kept exact: the count and the sum of the stars of its published
 * reviews with a rating, rewritten in the transaction of every publish, unpublish, delete and edit
 * (docs/decisions/0402). The average is sum / count.
 */
export const productRatings = pgTable(
  'product_ratings',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_ratings_count_check', sql`${table.ratingCount} >= 0 and ${table.ratingSum} >= 0`),
  ],
);
