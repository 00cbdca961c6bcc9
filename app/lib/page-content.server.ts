import {
  type PostCard,
  type PostView,
  postFilterStandard,
  storefrontShell,
  termFilter,
} from '../../server/modules/cms/cms.contract.ts';
import { eventFilter } from '../../server/modules/events/events.contract.ts';
import type { ApiClient } from './api-client.ts';
import { apiFailure, type PageSection, type SectionData, sectionDataNeeds } from './page-content.ts';

// Loaders' data fetching, kept apart from the page helpers the browser also uses: this module imports
// contracts (and with them zod), so only server code may reach it.

/**
 * Loads what the sections need, in parallel. A failed request leaves its sections empty rather than
 * failing the whole page: the rest of the page is still worth showing.
 */
export async function loadSectionData(
  api: ApiClient,
  sections: Pick<PageSection, 'id' | 'type' | 'settings'>[],
): Promise<Record<number, SectionData>> {
  const needs = sectionDataNeeds(sections);
  if (needs.posts.length === 0 && needs.eventLimit === 0) return {};
  const categorySlugs = needs.posts.some((request) => request.categoryId !== null)
    ? api
        .call(termFilter, { query: { type: 'category' } })
        .then((result) => new Map((result.errored ? [] : result.data).map((term) => [term.id, term.slug])))
    : Promise.resolve(new Map<number, string>());
  const [postLists, events] = await Promise.all([
    Promise.all(
      needs.posts.map(async (request) => {
        const slug = request.categoryId === null ? undefined : (await categorySlugs).get(request.categoryId);
        // A category that no longer exists lists nothing rather than every post.
        if (request.categoryId !== null && !slug) return [request.key, []] as const;
        const result = await api.call(postFilterStandard, {
          body: {
            filters: { postTypeSlugs: ['post'], ...(slug ? { termSlugs: [slug] } : {}) },
            sort: { published_at: 'desc' },
            page: 1,
            limit: request.limit,
          },
        });
        return [request.key, result.errored ? [] : result.data.records] as const;
      }),
    ),
    needs.eventLimit > 0
      ? api
          .call(eventFilter, { body: { upcoming: true, page: 1, limit: needs.eventLimit } })
          .then((result) => (result.errored ? [] : result.data.records))
      : Promise.resolve([]),
  ]);
  const postsByKey = new Map<string, PostCard[]>(postLists.map(([key, records]) => [key, [...records]]));
  const result: Record<number, SectionData> = {};
  for (const [sectionId, key] of needs.postsKeyBySection)
    result[sectionId] = { posts: postsByKey.get(key) ?? [] };
  for (const [sectionId, limit] of needs.eventLimitBySection)
    result[sectionId] = { events: events.slice(0, limit) };
  return result;
}

/** The post or page with this slug in the request language (body, sections, related posts). */
export async function loadPost(api: ApiClient, slug: string): Promise<PostView | undefined> {
  const result = await api.call(postFilterStandard, {
    body: { filters: { slug, postTypeSlugs: ['page', 'post'] }, page: 1, limit: 1 },
  });
  if (result.errored) throw apiFailure(result.error.statusCode);
  return result.data.records[0];
}

/** The site's home page slug per language (the `HomePageSlug` option, e.g. {hr: 'pocetna', en: 'home'}). */
export async function loadHomeSlugs(api: ApiClient): Promise<Partial<Record<string, string>>> {
  // The root loader reads the same shell: within one page request the call is made once.
  const result = await api.call(storefrontShell);
  if (result.errored) throw apiFailure(result.error.statusCode);
  const value = result.data.options.HomePageSlug;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}
