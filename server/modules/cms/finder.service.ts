import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { UiLanguage } from '../../../core/languages.ts';
import { eventLink, productLink, termLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import {
  productCategories,
  productCategoryTranslations,
  products,
  productTranslations,
} from '../catalogue/catalogue.schema.ts';
import { events, eventTranslations } from '../events/events.schema.ts';
import { posts, postTranslations, terms, termTranslations } from './cms.schema.ts';
import { likePattern, readLanguages } from './translations.ts';

const SEARCH_LIMIT = 20;

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

/** Tells the storefront what a path is, and where the same thing lives in another language. */
export function createFinderService({ db }: Pick<Deps, 'db'>) {
  const livePost = () => and(eq(posts.status, 'published'), lte(posts.publishedAt, sql`now()`));

  /** The slug of a resource in one language, preferring the request language over the default. */
  function preferred<T extends { languageCode: string }>(rows: T[], ctx: RequestContext): T | undefined {
    return rows.find((row) => row.languageCode === ctx.language) ?? rows[0];
  }

  async function eventResource(ctx: RequestContext, eventId: number): Promise<FinderResource | undefined> {
    const rows = await db
      .select({ id: events.id, slug: eventTranslations.slug, languageCode: eventTranslations.languageCode })
      .from(events)
      .innerJoin(eventTranslations, eq(eventTranslations.eventId, events.id))
      .where(
        and(
          eq(events.id, eventId),
          eq(events.siteId, ctx.site.id),
          inArray(events.status, ['published', 'cancelled']),
          inArray(eventTranslations.languageCode, readLanguages(ctx)),
        ),
      );
    const row = preferred(rows, ctx);
    return row && { resourceType: 'event', id: row.id, slug: row.slug };
  }

  async function productResource(
    ctx: RequestContext,
    where: { id?: number; slug?: string },
  ): Promise<FinderResource | undefined> {
    const rows = await db
      .select({
        id: products.id,
        slug: productTranslations.slug,
        languageCode: productTranslations.languageCode,
      })
      .from(products)
      .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
      .where(
        and(
          eq(products.siteId, ctx.site.id),
          eq(products.status, 'active'),
          where.id !== undefined ? eq(products.id, where.id) : eq(productTranslations.slug, where.slug ?? ''),
          inArray(productTranslations.languageCode, readLanguages(ctx)),
        ),
      );
    const row = preferred(rows, ctx);
    return row && { resourceType: 'product', id: row.id, slug: row.slug };
  }

  async function categoryResource(
    ctx: RequestContext,
    where: { id?: number; slug?: string },
  ): Promise<FinderResource | undefined> {
    const rows = await db
      .select({
        id: productCategories.id,
        slug: productCategoryTranslations.slug,
        languageCode: productCategoryTranslations.languageCode,
      })
      .from(productCategories)
      .innerJoin(
        productCategoryTranslations,
        eq(productCategoryTranslations.categoryId, productCategories.id),
      )
      .where(
        and(
          eq(productCategories.siteId, ctx.site.id),
          eq(productCategories.isActive, true),
          where.id !== undefined
            ? eq(productCategories.id, where.id)
            : eq(productCategoryTranslations.slug, where.slug ?? ''),
          inArray(productCategoryTranslations.languageCode, readLanguages(ctx)),
        ),
      );
    const row = preferred(rows, ctx);
    return row && { resourceType: 'category', id: row.id, slug: row.slug };
  }

  async function postResource(ctx: RequestContext, slug: string): Promise<FinderResource | undefined> {
    const rows = await db
      .select({
        id: posts.id,
        type: posts.type,
        slug: postTranslations.slug,
        languageCode: postTranslations.languageCode,
      })
      .from(posts)
      .innerJoin(postTranslations, eq(postTranslations.postId, posts.id))
      .where(
        and(
          eq(posts.siteId, ctx.site.id),
          livePost(),
          eq(postTranslations.slug, slug),
          inArray(postTranslations.languageCode, readLanguages(ctx)),
        ),
      );
    const row = preferred(rows, ctx);
    return row && { resourceType: row.type, id: row.id, slug: row.slug };
  }

  async function termResource(ctx: RequestContext, slug: string): Promise<FinderResource | undefined> {
    const rows = await db
      .select({ id: terms.id, slug: termTranslations.slug, languageCode: termTranslations.languageCode })
      .from(terms)
      .innerJoin(termTranslations, eq(termTranslations.termId, terms.id))
      .where(
        and(
          eq(terms.siteId, ctx.site.id),
          eq(termTranslations.slug, slug),
          inArray(termTranslations.languageCode, readLanguages(ctx)),
        ),
      );
    const row = preferred(rows, ctx);
    return row && { resourceType: 'term', id: row.id, slug: row.slug };
  }

  /**
   * What a catch-all path names. Explicit ids win (the storefront already knows the kind); a bare slug
   * is tried as a post or page, then a blog term, then a product, then a shop category.
   */
  async function decide(ctx: RequestContext, input: DecideInput): Promise<FinderResource> {
    let found: FinderResource | undefined;
    if (input.eventId !== undefined) found = await eventResource(ctx, input.eventId);
    else if (input.productId !== undefined) found = await productResource(ctx, { id: input.productId });
    else if (input.categoryId !== undefined) found = await categoryResource(ctx, { id: input.categoryId });
    else if (input.slug) {
      const slug = input.slug;
      found =
        (await postResource(ctx, slug)) ??
        (await termResource(ctx, slug)) ??
        (await productResource(ctx, { slug })) ??
        (await categoryResource(ctx, { slug }));
    }
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

  /** The same resource's address in another language; 404 when it has no text in that language. */
  async function urlOnLanguage(ctx: RequestContext, input: UrlOnLanguageInput): Promise<{ url: string }> {
    const language = input.newLanguage;
    const missing = () => notFound(`There is no ${language} version of this page.`);
    if (input.postId !== undefined) {
      const [row] = await db
        .select({ type: posts.type, slug: postTranslations.slug })
        .from(posts)
        .innerJoin(postTranslations, eq(postTranslations.postId, posts.id))
        .where(
          and(
            eq(posts.id, input.postId),
            eq(posts.siteId, ctx.site.id),
            livePost(),
            eq(postTranslations.languageCode, language),
          ),
        );
      if (!row) throw missing();
      return { url: termLink({ type: row.type, slug: row.slug }, language) };
    }
    if (input.termId !== undefined) {
      const [row] = await db
        .select({ type: terms.type, slug: termTranslations.slug })
        .from(terms)
        .innerJoin(termTranslations, eq(termTranslations.termId, terms.id))
        .where(
          and(
            eq(terms.id, input.termId),
            eq(terms.siteId, ctx.site.id),
            eq(termTranslations.languageCode, language),
          ),
        );
      if (!row) throw missing();
      return { url: termLink(row, language) };
    }
    if (input.eventId !== undefined) {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .innerJoin(eventTranslations, eq(eventTranslations.eventId, events.id))
        .where(
          and(
            eq(events.id, input.eventId),
            eq(events.siteId, ctx.site.id),
            inArray(events.status, ['published', 'cancelled']),
            eq(eventTranslations.languageCode, language),
          ),
        );
      if (!row) throw missing();
      return { url: eventLink(row.id, language) };
    }
    if (input.productId !== undefined) {
      const [row] = await db
        .select({ slug: productTranslations.slug })
        .from(products)
        .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
        .where(
          and(
            eq(products.id, input.productId),
            eq(products.siteId, ctx.site.id),
            eq(products.status, 'active'),
            eq(productTranslations.languageCode, language),
          ),
        );
      if (!row) throw missing();
      return { url: productLink(row.slug, language) };
    }
    if (input.categoryId !== undefined) {
      const [row] = await db
        .select({ slug: productCategoryTranslations.slug })
        .from(productCategories)
        .innerJoin(
          productCategoryTranslations,
          eq(productCategoryTranslations.categoryId, productCategories.id),
        )
        .where(
          and(
            eq(productCategories.id, input.categoryId),
            eq(productCategories.siteId, ctx.site.id),
            eq(productCategories.isActive, true),
            eq(productCategoryTranslations.languageCode, language),
          ),
        );
      if (!row) throw missing();
      return { url: localizedPath('shop', language, { slug: row.slug }) };
    }
    return { url: localizedPath('home', language) };
  }

  return { decide, searchSlugs, urlOnLanguage };
}

export type FinderService = ReturnType<typeof createFinderService>;
