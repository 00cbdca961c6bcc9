import { describe, expect, it } from 'vitest';
import {
  featuredProductIds,
  MAX_FEATURED_PRODUCTS,
  MAX_LISTED,
  sectionDataNeeds,
} from '../../core/section-data.ts';
import { postAlternates, readPageFlags, sectionIsShown, sectionVisibilityClass } from './page-content.ts';

describe('sectionVisibilityClass', () => {
  const both = { showDesktop: true, showMobile: true };
  const desktopOnly = { showDesktop: true, showMobile: false };
  const mobileOnly = { showDesktop: false, showMobile: true };
  const neither = { showDesktop: false, showMobile: false };

  it('shows a section on the screens its flags name, desktop being md and up', () => {
    expect(sectionVisibilityClass(both)).toBe('');
    expect(sectionVisibilityClass(desktopOnly)).toBe('hidden md:block');
    expect(sectionVisibilityClass(mobileOnly)).toBe('md:hidden');
    expect(sectionVisibilityClass(neither)).toBe('hidden');
    expect(sectionIsShown(desktopOnly)).toBe(true);
    expect(sectionIsShown(neither)).toBe(false);
  });

  it('in edit mode every section stays on screen, so that a hidden one can be shown again', () => {
    for (const section of [both, desktopOnly, mobileOnly, neither])
      expect(sectionVisibilityClass(section, true)).toBe('');
  });
});

describe('sectionDataNeeds', () => {
  const section = (id: number, type: string, settings: Record<string, unknown>) =>
    ({ id, type, settings }) as Parameters<typeof sectionDataNeeds>[0][number];

  it('asks for nothing when no section lists posts or events', () => {
    const needs = sectionDataNeeds([section(1, 'hero', { mediaId: 3 }), section(2, 'faq', {})]);
    expect(needs.posts).toEqual([]);
    expect(needs.eventLimit).toBe(0);
  });

  it('makes one posts request per limit and category, and one events request for the largest limit', () => {
    const needs = sectionDataNeeds([
      section(1, 'latest-posts', { limit: 3, categoryId: null }),
      section(2, 'upcoming-events', { limit: 2 }),
      section(3, 'latest-posts', { limit: 3, categoryId: null }),
      section(4, 'latest-posts', { limit: 6, categoryId: 12 }),
      section(5, 'upcoming-events', { limit: 4 }),
    ]);
    expect(needs.posts).toEqual([
      { key: '3:', limit: 3, categoryId: null },
      { key: '6:12', limit: 6, categoryId: 12 },
    ]);
    expect(needs.postsKeyBySection.get(1)).toBe(needs.postsKeyBySection.get(3));
    expect(needs.postsKeyBySection.get(4)).toBe('6:12');
    expect(needs.eventLimit).toBe(4);
    expect(needs.eventLimitBySection.get(2)).toBe(2);
  });

  it('keeps limits sane whatever the settings say', () => {
    const needs = sectionDataNeeds([
      section(1, 'latest-posts', { limit: 500, categoryId: 'x' }),
      section(2, 'upcoming-events', { limit: -1 }),
    ]);
    expect(needs.posts).toEqual([{ key: `${MAX_LISTED}:`, limit: MAX_LISTED, categoryId: null }]);
    expect(needs.eventLimit).toBe(3);
  });
});

describe('postAlternates', () => {
  it('puts pages and posts at /{slug} per language, with the language prefix', () => {
    expect(postAlternates({ type: { slug: 'page' }, alternates: { hr: 'o-nama', en: 'about-us' } })).toEqual({
      hr: '/o-nama',
      en: '/en/about-us',
    });
  });

  it('ignores languages the storefront has no routes for', () => {
    expect(
      postAlternates({ type: { slug: 'post' }, alternates: { hr: 'citanje', sr: 'citanje-sr' } }),
    ).toEqual({
      hr: '/citanje',
    });
  });
});

describe('readPageFlags', () => {
  it('reads editPage and mobileView only when they are exactly true', () => {
    expect(readPageFlags(new URLSearchParams('editPage=true&mobileView=true'))).toEqual({
      editPage: true,
      mobileView: true,
    });
    expect(readPageFlags(new URLSearchParams('editPage=1&mobileView=yes'))).toEqual({
      editPage: false,
      mobileView: false,
    });
  });
});

describe('featuredProductIds', () => {
  it("keeps a products section's ids in the editor's order, once each, ignoring anything else", () => {
    expect(featuredProductIds({ productIds: [7, 3, 7, 'x', 0, -2, 1.5, 2_147_483_648, 5] })).toEqual([
      7, 3, 5,
    ]);
    expect(featuredProductIds({ productIds: '7,3' })).toEqual([]);
    expect(featuredProductIds({})).toEqual([]);
  });

  it('reads at most MAX_FEATURED_PRODUCTS ids', () => {
    const many = Array.from({ length: MAX_FEATURED_PRODUCTS + 5 }, (_, index) => index + 1);
    expect(featuredProductIds({ productIds: many })).toEqual(many.slice(0, MAX_FEATURED_PRODUCTS));
  });
});
