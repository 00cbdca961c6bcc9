import { and, asc, count, eq } from 'drizzle-orm';
import { termLink } from '../../../core/links.ts';
import { notFound } from '../../api/errors.ts';
import type { RequestContext } from '../../api/request-context.ts';
import { paging } from '../../kernel/paging.ts';
import { groupTexts, slugPerLanguage, textFor, uiLanguage } from '../../kernel/translations.ts';
import { posts, postTerms, type TermType, terms, termTranslations } from './cms.schema.ts';
import { type CmsReadDeps, cachedPerSite } from './cms-reads.ts';
import { livePost } from './live-post.ts';

export type TermFilterInput = { filters: { type?: TermType; slugs?: string[] }; page: number; limit: number };

type TermRecord = {
  id: number;
  type: TermType;
  parentId: number | null;
  position: number;
  texts: Record<string, { title: string; slug: string; description: string }>;
  postCount: number;
};

/** Blog categories and tags, loaded whole per site with their texts in every language. */
export function createTermReads(deps: CmsReadDeps) {
  const { db } = deps;
  function loadTerms(siteId: number): Promise<TermRecord[]> {
    return cachedPerSite(deps, 'terms', siteId, async () => {
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
          .where(and(eq(posts.siteId, siteId), livePost()))
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
    });
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
      alternates: slugPerLanguage(term.texts),
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

  return { loadTerms, shapeTerm, filterTerms, filterTermsStandard, termBySlug };
}

export type TermReads = ReturnType<typeof createTermReads>;
