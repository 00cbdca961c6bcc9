import { and, asc, count, desc, eq, exists, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { termLink } from '../../../core/links.ts';
import type { MediaView } from '../../../core/media.ts';
import type { RequestContext } from '../../api/request-context.ts';
import { likePattern } from '../../kernel/like-pattern.ts';
import { paging } from '../../kernel/paging.ts';
import { sanitizeHtml, sanitizeSectionContent } from '../../kernel/sanitize-html.ts';
import {
  groupTexts,
  readLanguages,
  slugPerLanguage,
  textFor,
  uiLanguage,
} from '../../kernel/translations.ts';
import { loadMedia } from '../media/media.service.ts';
import { userDisplayNames } from '../users/users.service.ts';
import type { PostView } from './cms.contract.ts';
import {
  type PostType,
  postSections,
  posts,
  postTerms,
  postTranslations,
  sections,
  sectionTranslations,
  termTranslations,
} from './cms.schema.ts';
import type { CmsReadDeps } from './cms-reads.ts';
import type { TermReads } from './cms-terms.ts';
import { livePost } from './live-post.ts';
import { sectionMediaIds } from './section-content.ts';

const RELATED_POSTS = 3;

export type PostFilterInput = {
  filters: {
    postTypeSlugs?: PostType[];
    termSlugs?: string[];
    search?: string;
    slug?: string;
    dateFrom?: Date;
    dateTo?: Date;
  };
  sort: { published_at: 'asc' | 'desc' };
  page: number;
  limit: number;
};

const cardMedia = (view: MediaView | undefined) =>
  view ? { url: view.url, width: view.width, height: view.height, title: view.title } : null;

/** Posts and pages: lists, one by slug with its sections, related posts. */
export function createPostReads({ db, cachedRead }: CmsReadDeps, termReads: TermReads) {
  const { loadTerms, shapeTerm } = termReads;
  async function filterPosts(ctx: RequestContext, input: PostFilterInput) {
    return cachedRead(ctx, 'posts', input, () => computePosts(ctx, input));
  }

  async function computePosts(ctx: RequestContext, input: PostFilterInput) {
    const { filters } = input;
    const wanted = alias(postTranslations, 'pt_wanted');
    const fallback = alias(postTranslations, 'pt_default');
    const title = sql<string>`coalesce(${wanted.title}, ${fallback.title})`;
    const slug = sql<string>`coalesce(${wanted.slug}, ${fallback.slug})`;
    const excerpt = sql<string>`coalesce(${wanted.excerpt}, ${fallback.excerpt})`;
    const languages = readLanguages(ctx);
    const conditions: (SQL | undefined)[] = [
      eq(posts.siteId, ctx.site.id),
      livePost(),
      inArray(posts.type, filters.postTypeSlugs ?? (filters.slug ? ['post', 'page'] : ['post'])),
      // A post with no text in either language has nothing to show.
      or(sql`${wanted.postId} is not null`, sql`${fallback.postId} is not null`),
    ];
    if (filters.slug) conditions.push(sql`${slug} = ${filters.slug}`);
    if (filters.search) {
      const pattern = likePattern(filters.search);
      conditions.push(
        or(
          sql`f_unaccent(${title}) ilike f_unaccent(${pattern})`,
          sql`f_unaccent(${excerpt}) ilike f_unaccent(${pattern})`,
        ),
      );
    }
    if (filters.dateFrom) conditions.push(gte(posts.publishedAt, filters.dateFrom));
    if (filters.dateTo) conditions.push(lte(posts.publishedAt, filters.dateTo));
    if (filters.termSlugs?.length) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(postTerms)
            .innerJoin(termTranslations, eq(termTranslations.termId, postTerms.termId))
            .where(
              and(
                eq(postTerms.postId, posts.id),
                eq(termTranslations.siteId, ctx.site.id),
                inArray(termTranslations.languageCode, languages),
                inArray(termTranslations.slug, filters.termSlugs),
              ),
            ),
        ),
      );
    }
    const where = and(...conditions);
    const from = () =>
      db
        .select({ id: posts.id })
        .from(posts)
        .leftJoin(wanted, and(eq(wanted.postId, posts.id), eq(wanted.languageCode, ctx.language)))
        .leftJoin(
          fallback,
          and(eq(fallback.postId, posts.id), eq(fallback.languageCode, ctx.site.defaultLanguage)),
        );
    const [totals] = await db
      .select({ n: count() })
      .from(posts)
      .leftJoin(wanted, and(eq(wanted.postId, posts.id), eq(wanted.languageCode, ctx.language)))
      .leftJoin(
        fallback,
        and(eq(fallback.postId, posts.id), eq(fallback.languageCode, ctx.site.defaultLanguage)),
      )
      .where(where);
    const direction = input.sort.published_at === 'asc' ? asc : desc;
    const page = await from()
      .where(where)
      .orderBy(direction(posts.publishedAt), direction(posts.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
    const single = Boolean(filters.slug);
    const records = await postCards(
      ctx,
      page.map((row) => row.id),
      single,
    );
    return { records, ...paging(Number(totals?.n ?? 0), input.page, input.limit) };
  }

  /** Shapes posts, in the order of `ids`. `detail` adds the body, sections and related posts. */
  async function postCards(ctx: RequestContext, ids: number[], detail: boolean): Promise<PostView[]> {
    if (ids.length === 0) return [];
    const [rows, texts, termLinks, allTerms] = await Promise.all([
      db
        .select({
          id: posts.id,
          type: posts.type,
          mediaId: posts.mediaId,
          createdAt: posts.createdAt,
          publishedAt: posts.publishedAt,
          updatedAt: posts.updatedAt,
          authorId: posts.authorId,
        })
        .from(posts)
        .where(inArray(posts.id, ids)),
      db.select().from(postTranslations).where(inArray(postTranslations.postId, ids)),
      db.select().from(postTerms).where(inArray(postTerms.postId, ids)),
      loadTerms(ctx.site.id),
    ]);
    const grouped = groupTexts(texts, (row) => row.postId);
    const [media, authors] = await Promise.all([
      loadMedia(
        db,
        ctx.site.apiKeyId,
        rows.flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
      ),
      userDisplayNames(
        db,
        rows.flatMap((row) => (row.authorId ? [row.authorId] : [])),
      ),
    ]);
    const termById = new Map(allTerms.map((term) => [term.id, term]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return Promise.all(
      ids.flatMap((id) => {
        const row = byId.get(id);
        const all = grouped.get(id) ?? {};
        const text = textFor(
          Object.fromEntries(Object.entries(all).filter(([code]) => readLanguages(ctx).includes(code))),
          ctx,
        );
        if (!row || !text) return [];
        const postTermViews = termLinks
          .filter((link) => link.postId === id)
          .flatMap((link) => {
            const term = termById.get(link.termId);
            const view = term && shapeTerm(ctx, term);
            return view ? [{ type: view.type, title: view.title, slug: view.slug }] : [];
          });
        const card = {
          id,
          title: text.title,
          slug: text.slug,
          excerpt: text.excerpt,
          type: { slug: row.type },
          media: cardMedia(row.mediaId ? media.get(row.mediaId) : undefined),
          created_at: row.createdAt.toISOString(),
          published_at: row.publishedAt?.toISOString() ?? null,
          updated_at: row.updatedAt.toISOString(),
          user: { displayName: (row.authorId && authors.get(row.authorId)) || '' },
          terms: {
            categories: postTermViews
              .filter((t) => t.type === 'category')
              .map(({ title, slug }) => ({ title, slug })),
            tags: postTermViews.filter((t) => t.type === 'tag').map(({ title, slug }) => ({ title, slug })),
          },
          link: termLink({ type: row.type, slug: text.slug }, uiLanguage(ctx.language)),
          resourceType: 'post' as const,
          seo: { title: text.seoTitle || text.title, description: text.seoDescription || text.excerpt },
          alternates: slugPerLanguage(all),
        };
        if (!detail) return [Promise.resolve(card)];
        return [
          (async (): Promise<PostView> => ({
            ...card,
            body: sanitizeHtml(text.body),
            ...(await sectionsWithMedia(ctx, row.type === 'page' ? await pageSections(ctx, id) : [])),
            relatedPosts:
              row.type === 'post'
                ? await postCards(
                    ctx,
                    await relatedPostIds(
                      ctx,
                      id,
                      termLinks
                        .filter(
                          (link) => link.postId === id && termById.get(link.termId)?.type === 'category',
                        )
                        .map((link) => link.termId),
                    ),
                    false,
                  )
                : [],
          }))(),
        ];
      }),
    );
  }

  async function relatedPostIds(ctx: RequestContext, postId: number, categoryIds: number[]) {
    if (categoryIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: posts.id, publishedAt: posts.publishedAt })
      .from(posts)
      .innerJoin(postTerms, eq(postTerms.postId, posts.id))
      .where(
        and(
          eq(posts.siteId, ctx.site.id),
          eq(posts.type, 'post'),
          livePost(),
          ne(posts.id, postId),
          inArray(postTerms.termId, categoryIds),
        ),
      )
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(RELATED_POSTS);
    return rows.map((row) => row.id);
  }

  async function sectionsWithMedia(ctx: RequestContext, sections: NonNullable<PostView['sections']>) {
    const media = await loadMedia(db, ctx.site.apiKeyId, sectionMediaIds(sections));
    return {
      sections,
      sectionMedia: [...media.values()].map(({ id, url, width, height }) => ({ id, url, width, height })),
    };
  }

  async function pageSections(ctx: RequestContext, postId: number) {
    const rows = await db
      .select({
        id: sections.id,
        type: sections.type,
        isMaster: sections.isMaster,
        showDesktop: sections.showDesktop,
        showMobile: sections.showMobile,
        settings: sections.settings,
      })
      .from(postSections)
      .innerJoin(sections, eq(sections.id, postSections.sectionId))
      .where(eq(postSections.postId, postId))
      .orderBy(asc(postSections.position), asc(postSections.id));
    if (rows.length === 0) return [];
    const contents = groupTexts(
      await db
        .select()
        .from(sectionTranslations)
        .where(
          and(
            inArray(
              sectionTranslations.sectionId,
              rows.map((row) => row.id),
            ),
            inArray(sectionTranslations.languageCode, readLanguages(ctx)),
          ),
        ),
      (row) => row.sectionId,
    );
    return rows.map((row) => ({
      ...row,
      content: sanitizeSectionContent(textFor(contents.get(row.id), ctx)?.content ?? {}),
    }));
  }

  return { filterPosts };
}
