import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, exists, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { eventLink, menuLinkAttributes, productLink, termLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cached } from '../../cache/cache.ts';
import type { MediaView } from '../catalogue/catalogue.contract.ts';
import {
  productCategories,
  productCategoryTranslations,
  products,
  productTranslations,
} from '../catalogue/catalogue.schema.ts';
import { loadMedia } from '../catalogue/catalogue-reference.ts';
import { siteCacheTag } from '../site/site.service.ts';
import { users } from '../users/users.schema.ts';
import {
  type ElementHandler,
  elements,
  failedRequests,
  type NavigationLinkType,
  navigationHandles,
  navigationItems,
  navigationItemTranslations,
  navigationMenus,
  type PostType,
  postSections,
  posts,
  postTerms,
  postTranslations,
  redirects,
  type SectionType,
  sections,
  sectionTranslations,
  type TermType,
  terms,
  termTranslations,
} from './cms.schema.ts';
import { sanitizeHtml, sanitizeSectionContent } from './sanitize-html.ts';
import { sectionMediaIds } from './section-content.ts';
import { groupTexts, likePattern, paging, readLanguages, textFor, uiLanguage } from './translations.ts';

const TTL_SECONDS = 60;
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

export type TermFilterInput = { filters: { type?: TermType; slugs?: string[] }; page: number; limit: number };

type TermRecord = {
  id: number;
  type: TermType;
  parentId: number | null;
  position: number;
  texts: Record<string, { title: string; slug: string; description: string }>;
  postCount: number;
};

export type NavigationNode = {
  id: number;
  title: string;
  link: string;
  baseLink: string;
  children: NavigationNode[];
  externalLink: string | null;
  isExternal: boolean;
  parent_id: number | null;
  rel: string | null;
  target: string | null;
  formattedPath: string;
  icon: string | null;
};

type TermRef = { title: string; slug: string };

export type PostCard = {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  type: { slug: PostType };
  media: { url: string; width: number | null; height: number | null; title: string } | null;
  created_at: string;
  published_at: string | null;
  user: { displayName: string };
  terms: { categories: TermRef[]; tags: TermRef[] };
  link: string;
  resourceType: 'post';
  seo: { title: string; description: string };
  /** Slug per language, for alternate links and the language switch. */
  alternates: Record<string, string>;
};

export type PostView = PostCard & {
  body?: string;
  sections?: {
    id: number;
    type: SectionType;
    isMaster: boolean;
    showDesktop: boolean;
    showMobile: boolean;
    settings: Record<string, unknown>;
    content: Record<string, unknown>;
  }[];
  /** The images the sections show, with their sizes (for `srcset` and the space they take). */
  sectionMedia?: { id: number; url: string; width: number | null; height: number | null }[];
  relatedPosts?: PostCard[];
};

const cardMedia = (view: MediaView | undefined) =>
  view ? { url: view.url, width: view.width, height: view.height, title: view.title } : null;

export function createCmsContentService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  /** Whole read responses are cached per site, language and normalized input. */
  function cachedRead<T>(ctx: RequestContext, operation: string, input: unknown, compute: () => Promise<T>) {
    const digest = createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 32);
    return cached(
      cache,
      'cms',
      `${operation}:${ctx.site.id}:${ctx.language}:${digest}`,
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(ctx.site.id)] },
      compute,
    );
  }

  const isLive = () => and(eq(posts.status, 'published'), lte(posts.publishedAt, sql`now()`));

  async function elementsByHandlers(ctx: RequestContext, handlers: ElementHandler[]) {
    return cachedRead(ctx, 'elements', [...handlers].sort(), async () => {
      const rows = await db
        .select()
        .from(elements)
        .where(
          and(
            eq(elements.siteId, ctx.site.id),
            inArray(elements.handler, handlers),
            inArray(elements.languageCode, readLanguages(ctx)),
          ),
        )
        .orderBy(asc(elements.id));
      return handlers.flatMap((handler) => {
        const candidates = rows.filter((row) => row.handler === handler);
        const row =
          candidates.find((candidate) => candidate.languageCode === ctx.language) ??
          candidates.find((candidate) => candidate.languageCode === ctx.site.defaultLanguage);
        if (!row) return [];
        return [
          {
            id: row.id,
            handler: row.handler,
            type: 'static-element' as const,
            language_code: row.languageCode,
            title: row.title,
            slug: row.slug,
            meta: row.meta,
            mobileMeta: row.mobileMeta,
            options: row.options,
            mobileOptions: row.mobileOptions,
            parts: row.parts,
            created_at: row.createdAt.toISOString(),
          },
        ];
      });
    });
  }

  /** Slugs of link targets in the request language (fallback default), by link type and id. */
  async function targetSlugs(
    ctx: RequestContext,
    type: NavigationLinkType,
    ids: number[],
  ): Promise<Map<number, { slug: string; type?: string }>> {
    const languages = readLanguages(ctx);
    if (ids.length === 0) return new Map<number, { slug: string; type?: string }>();
    const pick = <T extends { languageCode: string; id: number }>(rows: T[]) => {
      const grouped = groupTexts(rows, (row) => row.id);
      return new Map([...grouped].map(([id, texts]) => [id, textFor(texts, ctx)!]));
    };
    switch (type) {
      case 'page':
      case 'post':
        return pick(
          await db
            .select({
              id: posts.id,
              languageCode: postTranslations.languageCode,
              slug: postTranslations.slug,
              type: posts.type,
            })
            .from(posts)
            .innerJoin(postTranslations, eq(postTranslations.postId, posts.id))
            .where(
              and(
                inArray(posts.id, ids),
                eq(posts.siteId, ctx.site.id),
                eq(posts.status, 'published'),
                inArray(postTranslations.languageCode, languages),
              ),
            ),
        );
      case 'term':
        return pick(
          await db
            .select({
              id: terms.id,
              languageCode: termTranslations.languageCode,
              slug: termTranslations.slug,
              type: terms.type,
            })
            .from(terms)
            .innerJoin(termTranslations, eq(termTranslations.termId, terms.id))
            .where(
              and(
                inArray(terms.id, ids),
                eq(terms.siteId, ctx.site.id),
                inArray(termTranslations.languageCode, languages),
              ),
            ),
        );
      case 'product':
        return pick(
          await db
            .select({
              id: products.id,
              languageCode: productTranslations.languageCode,
              slug: productTranslations.slug,
            })
            .from(products)
            .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
            .where(
              and(
                inArray(products.id, ids),
                eq(products.siteId, ctx.site.id),
                eq(products.status, 'active'),
                inArray(productTranslations.languageCode, languages),
              ),
            ),
        );
      case 'category':
        return pick(
          await db
            .select({
              id: productCategories.id,
              languageCode: productCategoryTranslations.languageCode,
              slug: productCategoryTranslations.slug,
            })
            .from(productCategories)
            .innerJoin(
              productCategoryTranslations,
              eq(productCategoryTranslations.categoryId, productCategories.id),
            )
            .where(
              and(
                inArray(productCategories.id, ids),
                eq(productCategories.siteId, ctx.site.id),
                eq(productCategories.isActive, true),
                inArray(productCategoryTranslations.languageCode, languages),
              ),
            ),
        );
      default:
        return new Map<number, { slug: string; type?: string }>();
    }
  }

  async function navigationTree(ctx: RequestContext, id: string): Promise<NavigationNode[]> {
    const handle = navigationHandles.find((candidate) => candidate === id);
    if (!handle) throw notFound(`There is no navigation '${id}'.`);
    return cachedRead(ctx, 'navigation', handle, async () => {
      const [menu] = await db
        .select({ id: navigationMenus.id })
        .from(navigationMenus)
        .where(and(eq(navigationMenus.siteId, ctx.site.id), eq(navigationMenus.handle, handle)));
      if (!menu) throw notFound(`There is no navigation '${handle}'.`);
      const items = await db
        .select()
        .from(navigationItems)
        .where(eq(navigationItems.menuId, menu.id))
        .orderBy(asc(navigationItems.position), asc(navigationItems.id));
      const texts = groupTexts(
        items.length === 0
          ? []
          : await db
              .select()
              .from(navigationItemTranslations)
              .where(
                and(
                  inArray(
                    navigationItemTranslations.itemId,
                    items.map((item) => item.id),
                  ),
                  inArray(navigationItemTranslations.languageCode, readLanguages(ctx)),
                ),
              ),
        (row) => row.itemId,
      );
      const language = uiLanguage(ctx.language);
      const idsOf = (type: NavigationLinkType) =>
        items
          .filter((item) => item.linkType === type && item.targetId !== null)
          .map((item) => item.targetId!);
      const types = ['page', 'post', 'term', 'product', 'category'] as const;
      const slugMaps = new Map(
        await Promise.all(
          types.map(async (type) => [type, await targetSlugs(ctx, type, idsOf(type))] as const),
        ),
      );

      /** [baseLink, link]; undefined when the target is gone or unpublished, which hides the item. */
      function resolve(item: (typeof items)[number], url: string | null): [string, string] | undefined {
        switch (item.linkType) {
          case 'external':
          case 'static':
            return url ? [url, url] : undefined;
          case 'event':
            return [String(item.targetId), eventLink(item.targetId!, language)];
          case 'category': {
            const target = slugMaps.get('category')?.get(item.targetId!);
            return target && [target.slug, localizedPath('shop', language, { slug: target.slug })];
          }
          case 'product': {
            const target = slugMaps.get('product')?.get(item.targetId!);
            return target && [target.slug, productLink(target.slug, language)];
          }
          default: {
            const target = slugMaps.get(item.linkType)?.get(item.targetId!);
            return (
              target && [
                target.slug,
                termLink({ type: target.type ?? item.linkType, slug: target.slug }, language),
              ]
            );
          }
        }
      }

      const build = (parentId: number | null): NavigationNode[] =>
        items
          .filter((item) => item.parentId === parentId)
          .flatMap((item) => {
            const text = textFor(texts.get(item.id), ctx);
            const resolved = resolve(item, text?.url ?? item.url);
            if (!text || !resolved) return [];
            const [baseLink, link] = resolved;
            const isExternal = item.linkType === 'external';
            const attributes = menuLinkAttributes({
              href: link,
              isExternal,
              rel: item.rel,
              target: item.target,
            });
            return [
              {
                id: item.id,
                title: text.title,
                link,
                baseLink,
                children: build(item.id),
                externalLink: isExternal ? link : null,
                isExternal,
                parent_id: item.parentId,
                rel: attributes.rel ?? null,
                target: attributes.target ?? null,
                formattedPath: link,
                icon: item.icon,
              },
            ];
          });
      return build(null);
    });
  }

  function loadTerms(siteId: number): Promise<TermRecord[]> {
    return cached(
      cache,
      'cms',
      `terms:${siteId}`,
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(siteId)] },
      async () => {
        const [rows, texts, counts] = await Promise.all([
          db
            .select()
            .from(terms)
            .where(eq(terms.siteId, siteId))
            .orderBy(asc(terms.type), asc(terms.position), asc(terms.id)),
          db.select().from(termTranslations).where(eq(termTranslations.siteId, siteId)),
          db
            .select({ termId: postTerms.termId, n: count() })
            .from(postTerms)
            .innerJoin(posts, eq(posts.id, postTerms.postId))
            .where(and(eq(posts.siteId, siteId), isLive()))
            .groupBy(postTerms.termId),
        ]);
        const grouped = groupTexts(texts, (row) => row.termId);
        const countById = new Map(counts.map((row) => [row.termId, Number(row.n)]));
        return rows.map((row) => ({
          id: row.id,
          type: row.type,
          parentId: row.parentId,
          position: row.position,
          texts: Object.fromEntries(
            Object.entries(grouped.get(row.id) ?? {}).map(([code, text]) => [
              code,
              { title: text.title, slug: text.slug, description: text.description },
            ]),
          ),
          postCount: countById.get(row.id) ?? 0,
        }));
      },
    );
  }

  function shapeTerm(ctx: RequestContext, term: TermRecord) {
    const text = textFor(term.texts, ctx);
    if (!text) return undefined;
    return {
      id: term.id,
      type: term.type,
      parent_id: term.parentId,
      title: text.title,
      slug: text.slug,
      description: text.description,
      link: termLink({ type: term.type, slug: text.slug }, uiLanguage(ctx.language)),
      postCount: term.postCount,
      alternates: Object.fromEntries(Object.entries(term.texts).map(([code, t]) => [code, t.slug])),
    };
  }
  type TermView = NonNullable<ReturnType<typeof shapeTerm>>;

  async function termViews(ctx: RequestContext): Promise<TermView[]> {
    return (await loadTerms(ctx.site.id)).flatMap((term) => shapeTerm(ctx, term) ?? []);
  }

  async function filterTerms(ctx: RequestContext, type?: TermType) {
    return (await termViews(ctx)).filter((term) => !type || term.type === type);
  }

  async function filterTermsStandard(ctx: RequestContext, input: TermFilterInput) {
    const { type, slugs } = input.filters;
    const matches = (await termViews(ctx)).filter(
      (term) => (!type || term.type === type) && (!slugs || slugs.includes(term.slug)),
    );
    const records = matches.slice((input.page - 1) * input.limit, input.page * input.limit);
    return { records, ...paging(matches.length, input.page, input.limit) };
  }

  async function termBySlug(ctx: RequestContext, slug: string) {
    const term = (await termViews(ctx)).find((candidate) => candidate.slug === slug);
    if (!term) throw notFound(`There is no term '${slug}'.`);
    return term;
  }

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
      isLive(),
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
          displayName: users.displayName,
        })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.authorId))
        .where(inArray(posts.id, ids)),
      db.select().from(postTranslations).where(inArray(postTranslations.postId, ids)),
      db.select().from(postTerms).where(inArray(postTerms.postId, ids)),
      loadTerms(ctx.site.id),
    ]);
    const grouped = groupTexts(texts, (row) => row.postId);
    const media = await loadMedia(
      db,
      ctx.site.apiKeyId,
      rows.flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
    );
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
          user: { displayName: row.displayName ?? '' },
          terms: {
            categories: postTermViews
              .filter((t) => t.type === 'category')
              .map(({ title, slug }) => ({ title, slug })),
            tags: postTermViews.filter((t) => t.type === 'tag').map(({ title, slug }) => ({ title, slug })),
          },
          link: termLink({ type: row.type, slug: text.slug }, uiLanguage(ctx.language)),
          resourceType: 'post' as const,
          seo: { title: text.seoTitle || text.title, description: text.seoDescription || text.excerpt },
          alternates: Object.fromEntries(Object.entries(all).map(([code, t]) => [code, t.slug])),
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
          isLive(),
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

  /**
   * A path the storefront could not resolve, as `failedPathInput` normalised it (a bounded path
   * without query or control characters). When the site has a redirect for it, that is the answer
   * and nothing is counted; otherwise the path is counted in its one row per site and path
   * (failed_requests_site_path_idx): concurrent calls each add one, in a single upsert statement.
   * Anyone may call this, so whoever shows the paths (the back office) must render them as text.
   */
  async function addFailedRequest(ctx: RequestContext, path: string) {
    const redirect = await findRedirect(ctx, path);
    if (redirect) return { path, hits: 0, redirect };
    const [row] = await db
      .insert(failedRequests)
      .values({ siteId: ctx.site.id, path })
      .onConflictDoUpdate({
        target: [failedRequests.siteId, failedRequests.path],
        set: { hits: sql`${failedRequests.hits} + 1`, lastSeen: sql`now()` },
      })
      .returning({ path: failedRequests.path, hits: failedRequests.hits });
    return { ...row!, redirect: null };
  }

  /** Where an editor sends an old path; the SSR layer asks before answering 404. */
  async function findRedirect(
    ctx: RequestContext,
    path: string,
  ): Promise<{ to: string; status: 301 | 302 } | null> {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const [row] = await db
      .select({ to: redirects.toPath, status: redirects.status })
      .from(redirects)
      .where(
        and(eq(redirects.siteId, ctx.site.id), inArray(redirects.fromPath, [...new Set([path, trimmed])])),
      )
      .limit(1);
    return row ?? null;
  }

  return {
    elementsByHandlers,
    navigationTree,
    filterTerms,
    filterTermsStandard,
    termBySlug,
    filterPosts,
    addFailedRequest,
    findRedirect,
  };
}

export type CmsContentService = ReturnType<typeof createCmsContentService>;
