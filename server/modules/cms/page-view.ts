import { sectionDataNeeds } from '../../../core/section-data.ts';
import { notFound } from '../../api/errors.ts';
import type { RequestContext } from '../../api/request-context.ts';
import type { EventsService } from '../events/events.service.ts';
import type { PageView, PostCard, SectionData } from './cms.contract.ts';
import type { CmsContentService } from './cms-content.service.ts';

type Section = { id: number; type: string; settings: Record<string, unknown> };

/**
 * A page (or post) with what its listing sections show: the newest posts (of a category) and the
 * upcoming events. One call for the page's content; each read behind it is the cached answer of its
 * own call (post/filterStandard, term/filter, event/public/filter).
 */
export function createPageViews(cms: CmsContentService, events: EventsService) {
  /**
   * What the sections list, by section id. A category that no longer exists lists nothing rather
   * than every post.
   */
  async function sectionData(ctx: RequestContext, sections: Section[]): Promise<Record<string, SectionData>> {
    const needs = sectionDataNeeds(sections);
    if (needs.posts.length === 0 && needs.eventLimit === 0) return {};
    const categorySlugs = needs.posts.some((request) => request.categoryId !== null)
      ? cms.filterTerms(ctx, 'category').then((terms) => new Map(terms.map((term) => [term.id, term.slug])))
      : Promise.resolve(new Map<number, string>());
    const [postLists, upcoming] = await Promise.all([
      Promise.all(
        needs.posts.map(async (request) => {
          const slug =
            request.categoryId === null ? undefined : (await categorySlugs).get(request.categoryId);
          if (request.categoryId !== null && !slug) return [request.key, []] as const;
          const found = await cms.filterPosts(ctx, {
            filters: { postTypeSlugs: ['post'], ...(slug ? { termSlugs: [slug] } : {}) },
            sort: { published_at: 'desc' },
            page: 1,
            limit: request.limit,
          });
          return [request.key, found.records] as const;
        }),
      ),
      needs.eventLimit > 0
        ? events
            .filter(ctx, { upcoming: true, page: 1, limit: needs.eventLimit })
            .then((found) => found.records)
        : Promise.resolve([]),
    ]);
    const postsByKey = new Map<string, PostCard[]>(postLists.map(([key, records]) => [key, [...records]]));
    const result: Record<string, SectionData> = {};
    for (const [sectionId, key] of needs.postsKeyBySection)
      result[sectionId] = { posts: postsByKey.get(key) ?? [] };
    for (const [sectionId, limit] of needs.eventLimitBySection)
      result[sectionId] = { events: upcoming.slice(0, limit) };
    return result;
  }

  /** The published page or post with this slug in the request language, or 404. */
  async function pageView(ctx: RequestContext, slug: string): Promise<PageView> {
    const found = await cms.filterPosts(ctx, {
      filters: { slug, postTypeSlugs: ['page', 'post'] },
      sort: { published_at: 'desc' },
      page: 1,
      limit: 1,
    });
    const post = found.records[0];
    if (!post) throw notFound('No published page or post has this slug in the request language.');
    return { post, sectionData: post.sections?.length ? await sectionData(ctx, post.sections) : {} };
  }

  return { pageView, sectionData };
}

export type PageViews = ReturnType<typeof createPageViews>;
