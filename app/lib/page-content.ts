import { data } from 'react-router';
import { isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import { termLink } from '../../core/links.ts';
import type { ProductCard } from '../../server/modules/catalogue/catalogue.contract.ts';
import type { PostCard, PostView } from '../../server/modules/cms/cms.contract.ts';
import type { EventRecord } from '../../server/modules/events/events.contract.ts';
import type { FormView } from '../../server/modules/forms/forms.contract.ts';
import type { IgMedia } from '../../server/modules/social/instagram.contract.ts';

/** One section of a page as `v1/cms/post/filterStandard` returns it for a single slug. */
export type PageSection = NonNullable<PostView['sections']>[number];

/** What a section needs besides its own settings and texts: posts, events, a form, Instagram posts, products, loaded by the page. */
export type SectionData = {
  posts?: PostCard[];
  events?: EventRecord[];
  form?: FormView;
  instagram?: IgMedia[];
  /** A products section's cards, in the editor's order. */
  products?: ProductCard[];
};

/** `editPage=true` and `mobileView=true` from the query (edit mode itself checks the user later). */
export function readPageFlags(search: URLSearchParams) {
  return { editPage: search.get('editPage') === 'true', mobileView: search.get('mobileView') === 'true' };
}

/**
 * Tailwind classes that show a section only where it is meant to be seen: md and up is desktop.
 * The screen width alone decides; `mobileView=true` changes nothing here (it only hides the
 * visibility button in edit mode, spec 000 section 2). In edit mode a hidden section stays visible,
 * dimmed, so that the editor can show it again.
 */
export function sectionVisibilityClass(
  section: Pick<PageSection, 'showDesktop' | 'showMobile'>,
  editing = false,
): string {
  if (editing) return '';
  if (section.showDesktop && section.showMobile) return '';
  if (section.showDesktop) return 'hidden md:block';
  if (section.showMobile) return 'md:hidden';
  return 'hidden';
}

/** A section is shown on some screen (the others stay in the markup for edit mode, hidden). */
export const sectionIsShown = (section: Pick<PageSection, 'showDesktop' | 'showMobile'>) =>
  sectionVisibilityClass(section) !== 'hidden';

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
