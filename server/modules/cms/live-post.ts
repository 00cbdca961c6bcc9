import { and, eq, lte, sql } from 'drizzle-orm';
import { posts } from './cms.schema.ts';

/** A post or page visitors may see: published, and its publication time has come. */
export const livePost = () => and(eq(posts.status, 'published'), lte(posts.publishedAt, sql`now()`));
