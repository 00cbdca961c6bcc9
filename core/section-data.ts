import { PG_INTEGER_MAX } from './pg-limits.ts';

/** Listing sections show a handful of cards; more would only slow the page down. */
export const MAX_LISTED = 12;
const DEFAULT_LISTED = 3;

const listLimit = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0
    ? Math.min(value, MAX_LISTED)
    : DEFAULT_LISTED;

export type PostsRequest = { key: string; limit: number; categoryId: number | null };

/**
 * The posts and events a page's sections list. Post requests with the same limit and category are
 * made once; all event sections share one request for the largest limit.
 */
export function sectionDataNeeds(
  sections: { id: number; type: string; settings: Record<string, unknown> }[],
) {
  const posts = new Map<string, PostsRequest>();
  const postsKeyBySection = new Map<number, string>();
  const eventLimitBySection = new Map<number, number>();
  for (const section of sections) {
    if (section.type === 'latest-posts') {
      const limit = listLimit(section.settings.limit);
      const category = section.settings.categoryId;
      const categoryId = typeof category === 'number' && Number.isInteger(category) ? category : null;
      const key = `${limit}:${categoryId ?? ''}`;
      posts.set(key, { key, limit, categoryId });
      postsKeyBySection.set(section.id, key);
    } else if (section.type === 'upcoming-events') {
      eventLimitBySection.set(section.id, listLimit(section.settings.limit));
    }
  }
  const eventLimit = Math.max(0, ...eventLimitBySection.values());
  return { posts: [...posts.values()], postsKeyBySection, eventLimitBySection, eventLimit };
}

/** The most products one products section may name (the editor's choice, in order). */
export const MAX_FEATURED_PRODUCTS = 24;

/** The product ids a products section names, in order, once each, at most MAX_FEATURED_PRODUCTS. */
export function featuredProductIds(settings: Record<string, unknown>): number[] {
  const value = settings.productIds;
  if (!Array.isArray(value)) return [];
  const ids = value.filter(
    (id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= PG_INTEGER_MAX,
  );
  return [...new Set(ids)].slice(0, MAX_FEATURED_PRODUCTS);
}
