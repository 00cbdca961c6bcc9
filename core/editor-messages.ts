import { MAX_FEATURED_PRODUCTS } from './section-data.ts';
import { PAGE_SLUG_MIN } from './section-defaults.ts';
import { MAX_LOGOS } from './sponsor-logos.ts';

/**
 * Edit mode's refusals as the server words them (API clients read these); the editor recognises
 * them and shows its own catalog text in the page's language instead (app/components/editor/save-errors.ts).
 */
export const EDITOR_MESSAGES = {
  backofficeOnly: 'Back-office users only.',
  conflict:
    'Someone else saved this page after you opened it. Your changes are kept in the editor: reload the page to see theirs, then apply yours again.',
  elementConflict:
    'Someone else saved this element after you opened it. Reload it and apply your changes again.',
  emptyPage: 'A page needs at least one section.',
  slugTaken: 'This address is already used by another page or post in this language.',
  slugFormat: `At least ${PAGE_SLUG_MIN} characters: lowercase letters, digits and single hyphens.`,
  notFound: 'Page not found.',
  sectionNotFound: 'A section of this save does not exist.',
  mediaNotFound: 'An image of this section is not in the media library.',
  productsFormat: `A list of at most ${MAX_FEATURED_PRODUCTS} different product ids.`,
  productNotFound: 'A product of this section is not in the shop.',
  logoFormat: `Each sponsor logo needs an image, a name and a link that is an http(s) address or empty; at most ${MAX_LOGOS} logos.`,
  elementExists: 'This element already exists in this language.',
} as const;

export type EditorMessageKey = keyof typeof EDITOR_MESSAGES;
