import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { groupTexts, readLanguages, textFor } from '../../kernel/translations.ts';
import { postSections, posts, postTranslations, sectionTranslations } from './cms.schema.ts';
import { createElementReads } from './cms-elements.ts';
import { createNavigationReads } from './cms-navigation.ts';
import { createPostReads } from './cms-posts.ts';
import { cmsReadDeps } from './cms-reads.ts';
import { createRedirects } from './cms-redirects.ts';
import { createTermReads } from './cms-terms.ts';
import { livePost } from './live-post.ts';

/** The storefront's content reads: elements, navigation, terms, posts and pages, redirects. */
export function createCmsContentService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  const deps = cmsReadDeps(db, cache);
  const terms = createTermReads(deps);
  const { elementsByHandlers } = createElementReads(deps);
  const { navigationTree } = createNavigationReads(deps);
  const { filterPosts } = createPostReads(deps, terms);
  const { addFailedRequest, findRedirect } = createRedirects(db);
  return {
    elementsByHandlers,
    navigationTree,
    filterTerms: terms.filterTerms,
    filterTermsStandard: terms.filterTermsStandard,
    termBySlug: terms.termBySlug,
    filterPosts,
    addFailedRequest,
    findRedirect,
  };
}

export type CmsContentService = ReturnType<typeof createCmsContentService>;

/**
 * Posts' and pages' texts in the request language (else the default), with their sections' content in
 * the same language: what site search shows a result with. In the order of `ids`.
 */
export async function postTextsForSearch(db: Db, ctx: RequestContext, ids: number[]) {
  if (ids.length === 0) return [];
  const languages = readLanguages(ctx);
  const [rows, texts, sectionTexts] = await Promise.all([
    db
      .select({ id: posts.id, type: posts.type, mediaId: posts.mediaId })
      .from(posts)
      .where(and(inArray(posts.id, ids), eq(posts.siteId, ctx.site.id))),
    db
      .select()
      .from(postTranslations)
      .where(and(inArray(postTranslations.postId, ids), inArray(postTranslations.languageCode, languages))),
    db
      .select({
        postId: postSections.postId,
        languageCode: sectionTranslations.languageCode,
        content: sectionTranslations.content,
      })
      .from(postSections)
      .innerJoin(sectionTranslations, eq(sectionTranslations.sectionId, postSections.sectionId))
      .where(and(inArray(postSections.postId, ids), inArray(sectionTranslations.languageCode, languages)))
      .orderBy(asc(postSections.postId), asc(postSections.position), asc(postSections.id)),
  ]);
  const grouped = groupTexts(texts, (text) => text.postId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const text = textFor(grouped.get(id), ctx);
    if (!row || !text) return [];
    return [
      {
        ...row,
        title: text.title,
        slug: text.slug,
        excerpt: text.excerpt,
        body: text.body,
        sectionContents: sectionTexts
          .filter((section) => section.postId === id && section.languageCode === text.languageCode)
          .map((section) => section.content as unknown),
      },
    ];
  });
}

/**
 * A blog post visitors can see, for the comments module: whether its editor allows comments on it;
 * null when the site has no such live post.
 */
export async function commentablePost(db: Db, siteId: number, postId: number) {
  const [row] = await db
    .select({ allowComments: posts.allowComments })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.siteId, siteId), eq(posts.type, 'post'), livePost()));
  return row ?? null;
}
