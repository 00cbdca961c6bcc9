import { data } from 'react-router';
import { isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import { termLink } from '../../core/links.ts';
import {
  type PostCard,
  type PostView,
  postFilterStandard,
  storefrontShell,
  termFilter,
} from '../../server/modules/cms/cms.contract.ts';
import { type EventRecord, eventFilter } from '../../server/modules/events/events.contract.ts';
import type { ApiClient } from './api-client.ts';

/** One section of a page as `v1/cms/post/filterStandard` returns it for a single slug. */
export type PageSection = NonNullable<PostView['sections']>[number];

/** What a section needs besides its own settings and texts: posts and events, loaded by the page. */
export type SectionData = { posts?: PostCard[]; events?: EventRecord[] };
export type { EventRecord };

/** Listing sections show a handful of cards; more would only slow the page down. */
export const MAX_LISTED = 12;
const DEFAULT_LISTED = 3;

const listLimit = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0
    ? Math.min(value, MAX_LISTED)
    : DEFAULT_LISTED;

/** `editPage=true` and `mobileView=true` from the query (edit mode itself checks the user later). */
export function readPageFlags(search: URLSearchParams) {
  return { editPage: search.get('editPage') === 'true', mobileView: search.get('mobileView') === 'true' };
}

/**
 * Tailwind classes that show a section only where it is meant to be seen: md and up is desktop.
 * With mobileView=true (an editor previewing the mobile page) only the mobile flag counts.
 */
export function sectionVisibilityClass(
  section: Pick<PageSection, 'showDesktop' | 'showMobile'>,
  mobileView: boolean,
): string {
  if (mobileView) return section.showMobile ? '' : 'hidden';
  if (section.showDesktop && section.showMobile) return '';
  if (section.showDesktop) return 'hidden md:block';
  if (section.showMobile) return 'md:hidden';
  return 'hidden';
}

/** A section is rendered at all (the others stay in the markup for edit mode, hidden). */
export const sectionIsShown = (
  section: Pick<PageSection, 'showDesktop' | 'showMobile'>,
  mobileView: boolean,
) => sectionVisibilityClass(section, mobileView) !== 'hidden';

export type PostsRequest = { key: string; limit: number; categoryId: number | null };

/**
 * The posts and events a page's sections list. Post requests with the same limit and category are
 * made once; all event sections share one request for the largest limit.
 */
export function sectionDataNeeds(sections: Pick<PageSection, 'id' | 'type' | 'settings'>[]) {
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

/** This post's address in each UI language it is written in. */
export function postAlternates(
  post: Pick<PostView, 'type' | 'alternates'>,
): Partial<Record<UiLanguage, string>> {
  const alternates: Partial<Record<UiLanguage, string>> = {};
  for (const [code, slug] of Object.entries(post.alternates)) {
    if (isUiLanguage(code) && slug) alternates[code] = termLink({ type: post.type.slug, slug }, code);
  }
  return alternates;
}

/** A failing API is not a missing page: answer with an error status the error page shows. */
export function apiFailure(statusCode: number) {
  return data(null, { status: statusCode >= 500 || statusCode === 0 ? 502 : statusCode });
}
