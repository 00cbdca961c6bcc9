import { type PageView, pageView, storefrontShell } from '../../server/modules/cms/cms.contract.ts';
import type { ApiClient } from './api-client.ts';
import { apiFailure } from './page-content.ts';

// Loaders' data fetching, kept apart from the page helpers the browser also uses: this module imports
// contracts (and with them zod), so only server code may reach it.

/**
 * The page or post with this slug in the request language, with the posts and events its listing
 * sections show (one call); undefined when there is none.
 */
export async function loadPage(api: ApiClient, slug: string): Promise<PageView | undefined> {
  const result = await api.call(pageView, { query: { slug } });
  if (result.errored) {
    if (result.error.statusCode === 404) return undefined;
    throw apiFailure(result.error.statusCode);
  }
  return result.data;
}

/** The site's home page slug per language (the `HomePageSlug` option, e.g. {hr: 'pocetna', en: 'home'}). */
export async function loadHomeSlugs(api: ApiClient): Promise<Partial<Record<string, string>>> {
  // The root loader reads the same shell: within one page request the call is made once.
  const result = await api.call(storefrontShell);
  if (result.errored) throw apiFailure(result.error.statusCode);
  const value = result.data.options.HomePageSlug;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}
