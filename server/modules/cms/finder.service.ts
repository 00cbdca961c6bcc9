import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { UiLanguage } from '../../../core/languages.ts';
import { eventLink, productLink, termLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cachedResponse } from '../../cache/cached-response.ts';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../kernel/like-pattern.ts';
import {
  type SlugQuery,
  type SlugRow,
  type SlugSource,
  translatedSlugs,
} from '../../kernel/translated-slugs.ts';
import { readLanguages } from '../../kernel/translations.ts';
import { categorySlugs, productSlugs } from '../catalogue/catalogue.service.ts';
import { eventSlugs } from '../events/events.service.ts';
import { siteCacheTag } from '../site/site.service.ts';
import {
  type PostType,
  posts,
  postTranslations,
  type TermType,
  terms,
  termTranslations,
} from './cms.schema.ts';

const SEARCH_LIMIT = 20;
const TTL_SECONDS = 60;

const livePost = () => and(eq(posts.status, 'published'), lte(posts.publishedAt, sql`now()`));

const postSlugSource: SlugSource = {
  entity: posts,
  id: posts.id,
  siteId: posts.siteId,
  translations: postTranslations,
  entityId: postTranslations.postId,
  languageCode: postTranslations.languageCode,
  slug: postTranslations.slug,
  visible: livePost,
  extra: {
    type: posts.type,
    mediaId: posts.mediaId,
    publishedAt: posts.publishedAt,
    updatedAt: posts.updatedAt,
  },
  orderBy: [asc(posts.type), asc(posts.id)],
};

/** Published posts' and pages' slugs per language (see `translatedSlugs`). */
export const postSlugs = (db: Db, query: SlugQuery) =>
  translatedSlugs<{
    type: PostType;
    mediaId: number | null;
    publishedAt: Date | null;
    updatedAt: Date | null;
  }>(db, postSlugSource, query);

const termSlugSource: SlugSource = {
  entity: terms,
  id: terms.id,
  siteId: terms.siteId,
  translations: termTranslations,
  entityId: termTranslations.termId,
  languageCode: termTranslations.languageCode,
  slug: termTranslations.slug,
  extra: { type: terms.type },
  orderBy: [asc(terms.position), asc(terms.id)],
};

/** Blog categories' and tags' slugs per language (see `translatedSlugs`). */
export const termSlugs = (db: Db, query: SlugQuery) =>
  translatedSlugs<{ type: TermType }>(db, termSlugSource, query);

export type FinderResource = {
  resourceType: 'post' | 'page' | 'term' | 'product' | 'category' | 'event';
  id: number;
  slug: string;
};

export type DecideInput = {
  slug?: string;
  storeId?: number;
  productId?: number;
  categoryId?: number;
  eventId?: number;
};

export type UrlOnLanguageInput = {
  newLanguage: UiLanguage;
  termId?: number;
  postId?: number;
  eventId?: number;
  productId?: number;
  categoryId?: number;
};

/**
 * Tells the storefront what a path is, and where the same thing lives in another language. Answers
 * are cached per site and language with the content (a content change drops them).
 */
export function createFinderService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  function cachedRead<T>(ctx: RequestContext, operation: string, input: unknown, compute: () => Promise<T>) {
    return cachedResponse(
      cache,
      { namespace: 'cms', operation: `finder-${operation}`, scope: [ctx.site.id, ctx.language], input },
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(ctx.site.id)] },
      compute,
    );
  }

  /** The row in the request language, else the default language's. */
  function preferred<T extends SlugRow>(rows: T[], ctx: RequestContext): T | undefined {
    return rows.find((row) => row.languageCode === ctx.language) ?? rows[0];
  }

  /** A lookup in the request language (falling back to the default) by id or slug. */
  const inRequestLanguages = (ctx: RequestContext, where: { id?: number; slug?: string }): SlugQuery => ({
    siteId: ctx.site.id,
    ...(where.id !== undefined ? { ids: [where.id] } : { slug: where.slug ?? '' }),
    languages: readLanguages(ctx),
  });

  async function find(ctx: RequestContext, input: DecideInput): Promise<FinderResource | undefined> {
    const resource = <T extends SlugRow>(type: FinderResource['resourceType'], rows: T[]) => {
      const row = preferred(rows, ctx);
      return row && { resourceType: type, id: row.id, slug: row.slug };
    };
    if (input.eventId !== undefined)
      return resource('event', await eventSlugs(db, inRequestLanguages(ctx, { id: input.eventId })));
    if (input.productId !== undefined)
      return resource('product', await productSlugs(db, inRequestLanguages(ctx, { id: input.productId })));
    if (input.categoryId !== undefined)
      return resource('category', await categorySlugs(db, inRequestLanguages(ctx, { id: input.categoryId })));
    if (!input.slug) return undefined;
    const query = inRequestLanguages(ctx, { slug: input.slug });
    const post = preferred(await postSlugs(db, query), ctx);
    if (post) return { resourceType: post.type, id: post.id, slug: post.slug };
    return (
      resource('term', await termSlugs(db, query)) ??
      resource('product', await productSlugs(db, query)) ??
      resource('category', await categorySlugs(db, query))
    );
  }

  /**
   * What a catch-all path names. Explicit ids win (the storefront already knows the kind); a bare slug
   * is tried as a post or page, then a blog term, then a product, then a shop category.
   */
  async function decide(ctx: RequestContext, input: DecideInput): Promise<FinderResource> {
    const found = await cachedRead(ctx, 'decide', input, async () => (await find(ctx, input)) ?? null);
    if (!found) throw notFound('Nothing on this site answers to that address.');
    return found;
  }

  /** Post and term slugs in the request language whose slug or title contains the keyword. */
  async function searchSlugs(ctx: RequestContext, keyword: string) {
    const pattern = likePattern(keyword);
    const [postRows, termRows] = await Promise.all([
      db
        .select({
          id: posts.id,
          type: posts.type,
          slug: postTranslations.slug,
          title: postTranslations.title,
        })
        .from(posts)
        .innerJoin(postTranslations, eq(postTranslations.postId, posts.id))
        .where(
          and(
            eq(posts.siteId, ctx.site.id),
            livePost(),
            eq(postTranslations.languageCode, ctx.language),
            or(
              sql`f_unaccent(${postTranslations.slug}) ilike f_unaccent(${pattern})`,
              sql`f_unaccent(${postTranslations.title}) ilike f_unaccent(${pattern})`,
            ),
          ),
        )
        .orderBy(asc(postTranslations.slug))
        .limit(SEARCH_LIMIT),
      db
        .select({
          id: terms.id,
          type: terms.type,
          slug: termTranslations.slug,
          title: termTranslations.title,
        })
        .from(terms)
        .innerJoin(termTranslations, eq(termTranslations.termId, terms.id))
        .where(
          and(
            eq(terms.siteId, ctx.site.id),
            eq(termTranslations.languageCode, ctx.language),
            or(
              sql`f_unaccent(${termTranslations.slug}) ilike f_unaccent(${pattern})`,
              sql`f_unaccent(${termTranslations.title}) ilike f_unaccent(${pattern})`,
            ),
          ),
        )
        .orderBy(asc(termTranslations.slug))
        .limit(SEARCH_LIMIT),
    ]);
    return [
      ...postRows.map((row) => ({
        resourceType: 'post' as const,
        id: row.id,
        type: row.type,
        slug: row.slug,
        title: row.title,
      })),
      ...termRows.map((row) => ({
        resourceType: 'term' as const,
        id: row.id,
        type: row.type,
        slug: row.slug,
        title: row.title,
      })),
    ];
  }

  /** The address of a resource in `language`, or null when it has no text in that language. */
  async function addressIn(ctx: RequestContext, input: UrlOnLanguageInput): Promise<string | null> {
    const language = input.newLanguage;
    const only = (id: number): SlugQuery => ({ siteId: ctx.site.id, ids: [id], languages: [language] });
    if (input.postId !== undefined) {
      const [row] = await postSlugs(db, only(input.postId));
      return row ? termLink({ type: row.type, slug: row.slug }, language) : null;
    }
    if (input.termId !== undefined) {
      const [row] = await termSlugs(db, only(input.termId));
      return row ? termLink(row, language) : null;
    }
    if (input.eventId !== undefined) {
      const [row] = await eventSlugs(db, only(input.eventId));
      return row ? eventLink(row.id, language) : null;
    }
    if (input.productId !== undefined) {
      const [row] = await productSlugs(db, only(input.productId));
      return row ? productLink(row.slug, language) : null;
    }
    if (input.categoryId !== undefined) {
      const [row] = await categorySlugs(db, only(input.categoryId));
      return row ? localizedPath('shop', language, { slug: row.slug }) : null;
    }
    return localizedPath('home', language);
  }

  /** The same resource's address in another language; 404 when it has no text in that language. */
  async function urlOnLanguage(ctx: RequestContext, input: UrlOnLanguageInput): Promise<{ url: string }> {
    const url = await cachedRead(ctx, 'url-on-language', input, () => addressIn(ctx, input));
    if (url === null) throw notFound(`There is no ${input.newLanguage} version of this page.`);
    return { url };
  }

  return { decide, searchSlugs, urlOnLanguage };
}

export type FinderService = ReturnType<typeof createFinderService>;
