import type { SectionType } from './cms.schema.ts';

/**
 * Shapes of `sections.settings` (language-independent) and `section_translations.content` per
 * section type. Links are paths with their language prefix ('/o-nama', '/en/about-us') or absolute
 * URLs. HTML fields are sanitized before they are stored.
 */

export type SectionLink = { label: string; href: string };

export type SectionShapes = {
  hero: {
    settings: { mediaId: number | null; overlay: 'dark' | 'light'; align: 'left' | 'center' };
    content: { title: string; subtitle: string; button?: SectionLink };
  };
  'rich-text': {
    settings: { width: 'narrow' | 'wide' };
    content: { title?: string; html: string };
  };
  'image-text': {
    settings: { mediaId: number | null; imagePosition: 'left' | 'right' };
    content: { title: string; html: string; button?: SectionLink };
  };
  'card-grid': {
    settings: { columns: 2 | 3 | 4; mediaIds: (number | null)[] };
    /** Cards pair with `settings.mediaIds` by index. */
    content: { title: string; intro?: string; cards: { title: string; text: string; link?: SectionLink }[] };
  };
  'latest-posts': {
    settings: { limit: number; categoryId: number | null };
    content: { title: string; button?: SectionLink };
  };
  'upcoming-events': {
    settings: { limit: number };
    content: { title: string; emptyText: string; button?: SectionLink };
  };
  'call-to-action': {
    settings: { background: 'primary' | 'secondary' | 'light' };
    content: { title: string; text: string; button: SectionLink };
  };
  faq: {
    settings: Record<string, never>;
    content: { title: string; items: { question: string; answerHtml: string }[] };
  };
  gallery: {
    settings: { mediaIds: number[] };
    /** Captions pair with `settings.mediaIds` by index. */
    content: { title: string; captions: string[] };
  };
  video: {
    settings: { provider: 'youtube'; videoId: string };
    content: { title: string; caption: string };
  };
  sponsors: {
    settings: { logos: { mediaId: number; name: string; url: string }[] };
    content: { title: string; description: string };
  };
  newsletter: {
    settings: { consentForm: 'newsletter' };
    content: { title: string; text: string; placeholder: string; buttonLabel: string };
  };
};

export type SectionSettings<T extends SectionType> = SectionShapes[T]['settings'];
export type SectionContent<T extends SectionType> = SectionShapes[T]['content'];

/**
 * Every media id the sections' settings name (`mediaId`, `mediaIds`, and those inside lists such as
 * the sponsors' logos), so that a page's images can be described in one query.
 */
export function sectionMediaIds(sections: { settings: Record<string, unknown> }[]): number[] {
  const ids = new Set<number>();
  const visit = (value: unknown, key?: string) => {
    if (key === 'mediaId' && typeof value === 'number') ids.add(value);
    else if (key === 'mediaIds' && Array.isArray(value)) {
      for (const id of value) if (typeof id === 'number') ids.add(id);
    } else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) visit(inner, name);
  };
  for (const section of sections) visit(section.settings);
  return [...ids].filter((id) => Number.isInteger(id) && id > 0);
}
