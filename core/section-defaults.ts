import type { SectionSettings, SectionType } from '../server/modules/cms/cms.contract.ts';

/** A page's slug: at least 4 characters (spec 001 section 9), lowercase letters, digits, single hyphens. */
export const PAGE_SLUG_MIN = 4;
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The section types in the section manager's order (the contract's list, without zod). */
export const editableSectionTypes = [
  'hero',
  'rich-text',
  'image-text',
  'card-grid',
  'latest-posts',
  'upcoming-events',
  'products',
  'call-to-action',
  'faq',
  'gallery',
  'video',
  'sponsors',
  'newsletter',
  'form',
  'instagram',
] as const satisfies readonly SectionType[];

export const isPageSlug = (slug: string) => slug.length >= PAGE_SLUG_MIN && PAGE_SLUG_PATTERN.test(slug);

/** The settings a section added in edit mode starts with, per type (the editor changes them after). */
export const sectionDefaultSettings: { [T in SectionType]: SectionSettings<T> } = {
  hero: { mediaId: null, overlay: 'dark', align: 'left' },
  'rich-text': { width: 'narrow' },
  'image-text': { mediaId: null, imagePosition: 'left' },
  'card-grid': { columns: 3, mediaIds: [null, null, null], icons: [null, null, null] },
  'latest-posts': { limit: 3, categoryId: null },
  'upcoming-events': { limit: 3 },
  // No products yet: the editor chooses them through the product list picker in the section's options.
  products: { productIds: [] },
  'call-to-action': { background: 'primary' },
  faq: {},
  gallery: { mediaIds: [] },
  video: { provider: 'youtube', videoId: '' },
  sponsors: { logos: [] },
  newsletter: { consentForm: 'newsletter' },
  // No form yet: the editor names one of the site's forms by its id in the section's options.
  form: { formId: 0 },
  instagram: { limit: 8 },
};

/**
 * The content a new section starts with: its title (and the one text field it has) filled with the
 * placeholder `title` and `text` the editor passes in the page's language, so that there is something
 * to click and edit in place.
 */
export function sectionDefaultContent(
  type: SectionType,
  title: string,
  text: string,
): Record<string, unknown> {
  const paragraph = `<p>${text.replace(/[<>&]/g, '')}</p>`;
  switch (type) {
    case 'hero':
      return { title, subtitle: text };
    case 'rich-text':
      return { title, html: paragraph };
    case 'image-text':
      return { title, html: paragraph };
    case 'card-grid':
      return { title, cards: [1, 2, 3].map(() => ({ title, text })) };
    case 'latest-posts':
      return { title };
    case 'upcoming-events':
      return { title, emptyText: text };
    case 'products':
      return { title };
    case 'call-to-action':
      return { title, text, button: { label: title, href: '/' } };
    case 'faq':
      return { title, items: [{ question: title, answerHtml: paragraph }] };
    case 'gallery':
      return { title, captions: [] };
    case 'video':
      return { title, caption: text };
    case 'sponsors':
      return { title, description: text };
    case 'newsletter':
      return { title, text, placeholder: 'email@example.com', buttonLabel: title };
    case 'form':
      return { title, text };
    case 'instagram':
      return { title, text };
  }
}
