import { featuredProductIds } from '../../core/section-data.ts';
import { productWebFilter } from '../../server/modules/catalogue/catalogue.contract.ts';
import { type PageView, pageView, storefrontShell } from '../../server/modules/cms/cms.contract.ts';
import { formGet } from '../../server/modules/forms/forms.contract.ts';
import { IG_MAX_POSTS, igByHashtags } from '../../server/modules/social/instagram.contract.ts';
import type { ApiClient } from './api-client.ts';
import { apiFailure, type SectionData } from './page-content.ts';

/** A page with what its sections show, the Instagram sections' posts included. */
export type LoadedPage = Omit<PageView, 'sectionData'> & { sectionData: Record<string, SectionData> };

// Loaders' data fetching, kept apart from the page helpers the browser also uses: this module imports
// contracts (and with them zod), so only server code may reach it.

/**
 * The page or post with this slug in the request language, with the posts and events its listing
 * sections show (one call); undefined when there is none.
 */
export async function loadPage(api: ApiClient, slug: string): Promise<LoadedPage | undefined> {
  const result = await api.call(pageView, { query: { slug } });
  if (result.errored) {
    if (result.error.statusCode === 404) return undefined;
    throw apiFailure(result.error.statusCode);
  }
  const sectionData: Record<string, SectionData> = { ...result.data.sectionData };
  // Form sections show the form their settings name (form/get): a removed form leaves the section empty.
  const formSections = (result.data.post.sections ?? []).filter(
    (section) =>
      section.type === 'form' &&
      typeof section.settings.formId === 'number' &&
      Number.isInteger(section.settings.formId) &&
      section.settings.formId > 0,
  );
  await Promise.all(
    formSections.map(async (section) => {
      const form = await api.call(formGet, { params: { id: section.settings.formId as number } });
      if (!form.errored) sectionData[section.id] = { ...sectionData[section.id], form: form.data };
    }),
  );
  return withProducts(api, await withInstagram(api, { ...result.data, sectionData }));
}

/**
 * The products sections' cards: one product/web/filter call with every id they name, each section then
 * showing its own in the editor's order. The call leaves out products a shopper may not open (hidden,
 * inactive, deleted); a failed call leaves the sections empty rather than taking the page down.
 */
export async function withProducts(api: ApiClient, view: LoadedPage): Promise<LoadedPage> {
  const sections = (view.post.sections ?? []).filter((section) => section.type === 'products');
  if (sections.length === 0) return view;
  const idsBySection = sections.map((section) => featuredProductIds(section.settings));
  const select = [...new Set(idsBySection.flat())];
  const result =
    select.length === 0
      ? undefined
      : await api.call(productWebFilter, { body: { select, limit: select.length, page: 1 } });
  const byId = new Map((result && !result.errored ? result.data.records : []).map((card) => [card.id, card]));
  const sectionData: Record<string, SectionData> = { ...view.sectionData };
  sections.forEach((section, index) => {
    sectionData[section.id] = {
      products: idsBySection[index]!.flatMap((id) => {
        const card = byId.get(id);
        return card ? [card] : [];
      }),
    };
  });
  return { ...view, sectionData };
}

const instagramLimit = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, IG_MAX_POSTS) : 8;

/**
 * The Instagram sections' posts (one call for all of them). The call answers an empty list when
 * Instagram is not configured or fails, and the sections then show nothing; an error of the call itself
 * must not take the page down either.
 */
async function withInstagram(api: ApiClient, view: LoadedPage): Promise<LoadedPage> {
  const sections = (view.post.sections ?? []).filter((section) => section.type === 'instagram');
  if (sections.length === 0) return view;
  const limits = sections.map((section) => instagramLimit(section.settings.limit));
  const result = await api.call(igByHashtags, { body: { limit: Math.max(...limits) } });
  const posts = result.errored ? [] : result.data;
  const sectionData: Record<string, SectionData> = { ...view.sectionData };
  sections.forEach((section, index) => {
    sectionData[section.id] = { instagram: posts.slice(0, limits[index]) };
  });
  return { ...view, sectionData };
}

/** The site's home page slug per language (the `HomePageSlug` option, e.g. {hr: 'pocetna', en: 'home'}). */
export async function loadHomeSlugs(api: ApiClient): Promise<Partial<Record<string, string>>> {
  // The root loader reads the same shell: within one page request the call is made once.
  const result = await api.call(storefrontShell);
  if (result.errored) throw apiFailure(result.error.statusCode);
  const value = result.data.options.HomePageSlug;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}
