import type { UiLanguage } from '../../core/languages.ts';
import { productWebFilter } from '../../server/modules/catalogue/catalogue.contract.ts';
import { postFilterStandard, type SectionType, sectionTypes } from '../../server/modules/cms/cms.contract.ts';
import type { IgMedia } from '../../server/modules/social/instagram.contract.ts';
import type { Catalog } from '../i18n/catalog-hr.ts';
import type { ApiClient } from './api-client.ts';
import { type LoadedPage, loadPage } from './page-content.server.ts';
import type { PageSection, SectionData } from './page-content.ts';

/** How many of the site's pages the section tool reads for real examples of each section type. */
const PAGES_READ = 30;

export type SectionSamples = {
  sections: PageSection[];
  media: NonNullable<LoadedPage['post']['sectionMedia']>;
  sectionData: Record<string, SectionData>;
  /** Types shown with the tool's own sample (the site has no section of that type). */
  generated: SectionType[];
};

/**
 * One section of every type for the section tool: the first one the site's pages have (their real
 * content, media and listed posts/events in the request language), else a sample made here from the
 * catalog's texts. The Instagram section always gets sample posts (the site's images), so that it
 * shows without Instagram access.
 */
export async function loadSectionSamples(
  api: ApiClient,
  language: UiLanguage,
  texts: Catalog['devtools'],
): Promise<SectionSamples> {
  const pages = await api.call(postFilterStandard, {
    body: { filters: { postTypeSlugs: ['page'] }, page: 1, limit: PAGES_READ },
  });
  const slugs = pages.errored ? [] : pages.data.records.map((record) => record.slug);
  const found = new Map<SectionType, { section: PageSection; data: SectionData | undefined }>();
  const media = new Map<number, SectionSamples['media'][number]>();
  for (const slug of slugs) {
    if (found.size === sectionTypes.length) break;
    const page = await loadPage(api, slug).catch(() => undefined);
    if (!page) continue;
    for (const item of page.post.sectionMedia ?? []) media.set(item.id, item);
    for (const section of page.post.sections ?? [])
      if (!found.has(section.type)) found.set(section.type, { section, data: page.sectionData[section.id] });
  }
  const images = [...media.values()];
  const sections: PageSection[] = [];
  const sectionData: Record<string, SectionData> = {};
  const generated: SectionType[] = [];
  sectionTypes.forEach((type, index) => {
    // Ids of their own: the same section may not appear twice, and generated ones have none.
    const id = index + 1;
    const real = found.get(type);
    const section: PageSection = real
      ? { ...real.section, id, showDesktop: true, showMobile: true }
      : { ...generatedSection(type, texts, images[0]?.id ?? null), id };
    if (!real) generated.push(type);
    sections.push(section);
    if (type === 'instagram') sectionData[id] = { instagram: sampleInstagram(images, texts, language) };
    else if (real?.data) sectionData[id] = real.data;
  });
  if (generated.includes('products')) await withSampleProducts(api, sections, sectionData);
  return { sections, media: images, sectionData, generated };
}

/** How many of the shop's products a generated products section shows. */
const SAMPLE_PRODUCTS = 4;

/** A generated products section shows the shop's first products (product/web/filter by priority). */
async function withSampleProducts(
  api: ApiClient,
  sections: PageSection[],
  sectionData: Record<string, SectionData>,
) {
  const index = sections.findIndex((section) => section.type === 'products');
  const section = sections[index];
  if (!section) return;
  const result = await api.call(productWebFilter, { body: { limit: SAMPLE_PRODUCTS, page: 1 } });
  const products = result.errored ? [] : result.data.records;
  sections[index] = { ...section, settings: { productIds: products.map((product) => product.id) } };
  sectionData[section.id] = { products };
}

function sampleInstagram(
  images: SectionSamples['media'],
  texts: Catalog['devtools'],
  language: UiLanguage,
): IgMedia[] {
  const kinds = ['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM', 'IMAGE'] as const;
  return images.slice(0, 4).map((image, index) => ({
    id: `sample-${index}`,
    media_type: kinds[index % kinds.length]!,
    caption: `${texts.instagram.image} ${index + 1} (${language})`,
    media_url: image.url,
    permalink: 'https://www.instagram.com/',
    timestamp: null,
  }));
}

/** A minimal section of a type the site does not use yet, with the catalog's texts. */
function generatedSection(
  type: SectionType,
  texts: Catalog['devtools'],
  mediaId: number | null,
): Omit<PageSection, 'id'> {
  const title = texts.sectionToolPage.typeHeading.replace('{{type}}', type);
  const text = texts.sectionToolPage.intro;
  const link = { label: texts.sectionTool, href: '#' };
  const byType: Record<SectionType, { settings: Record<string, unknown>; content: Record<string, unknown> }> =
    {
      hero: {
        settings: { mediaId, overlay: 'dark', align: 'left' },
        content: { title, subtitle: text, button: link },
      },
      'rich-text': { settings: { width: 'narrow' }, content: { title, html: `<p>${text}</p>` } },
      'image-text': {
        settings: { mediaId, imagePosition: 'left' },
        content: { title, html: `<p>${text}</p>` },
      },
      'card-grid': {
        settings: { columns: 3, mediaIds: [mediaId, mediaId, mediaId] },
        content: { title, cards: [1, 2, 3].map((n) => ({ title: `${title} ${n}`, text })) },
      },
      'latest-posts': { settings: { limit: 3, categoryId: null }, content: { title } },
      'upcoming-events': { settings: { limit: 3 }, content: { title, emptyText: text } },
      // The ids are the shop's first products, filled in by `withSampleProducts`.
      products: { settings: { productIds: [] }, content: { title } },
      'call-to-action': { settings: { background: 'primary' }, content: { title, text, button: link } },
      faq: { settings: {}, content: { title, items: [{ question: title, answerHtml: `<p>${text}</p>` }] } },
      gallery: { settings: { mediaIds: mediaId ? [mediaId] : [] }, content: { title, captions: [text] } },
      video: { settings: { provider: 'youtube', videoId: 'M7lc1UVf-VE' }, content: { title, caption: text } },
      sponsors: { settings: { logos: [] }, content: { title, description: text } },
      newsletter: {
        settings: { consentForm: 'newsletter' },
        content: { title, text, placeholder: 'email@example.com', buttonLabel: texts.sectionTool },
      },
      // A form shows the form its settings name: without one of the site's forms there is none to show.
      form: { settings: { formId: 0 }, content: { title, text } },
      instagram: {
        settings: { limit: 4 },
        content: { title: texts.instagram.title, text: texts.sectionToolPage.instagramNote },
      },
    };
  return { type, isMaster: false, showDesktop: true, showMobile: true, ...byType[type] };
}
