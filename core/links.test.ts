import { describe, expect, it } from 'vitest';
import {
  buildLink,
  cartLineLink,
  eventLink,
  isExternalLink,
  menuLinkAttributes,
  productLink,
  resourceLink,
  safeRedirectTarget,
  termLink,
} from './links.ts';

describe('buildLink', () => {
  it('omits the code of the default language and adds the type prefix', () => {
    expect(buildLink('hr', undefined, 'o-nama')).toBe('/o-nama');
    expect(buildLink('en', undefined, 'about-us')).toBe('/en/about-us');
    expect(buildLink('hr', 'shop', 'knjige')).toBe('/shop/knjige');
    expect(buildLink('en', 'product', 'hoodie')).toBe('/en/product/hoodie');
    expect(buildLink('de', 'product', 'hoodie')).toBe('/de/produkt/hoodie');
  });
  it('sends any other type to the root', () => {
    expect(buildLink('en', 'weird', 'x')).toBe('/');
  });
});

describe('termLink', () => {
  it('resolves by term type', () => {
    expect(termLink({ type: 'post', slug: 'citanje' }, 'hr')).toBe('/citanje');
    expect(termLink({ type: 'page', slug: 'about' }, 'en')).toBe('/en/about');
    expect(termLink({ type: 'product', slug: 'majica' }, 'hr')).toBe('/product/majica');
    expect(termLink({ type: 'category', slug: 'savjeti' }, 'hr')).toBe('/objave/savjeti');
    expect(termLink({ type: 'tag', slug: 'reading' }, 'en')).toBe('/en/blog/reading');
    expect(termLink({ type: 'unknown', slug: 'x' }, 'en')).toBe('/');
  });
});

describe('resource links', () => {
  it('events, products, posts and terms', () => {
    expect(eventLink(5, 'hr')).toBe('/dogadjaj/5');
    expect(eventLink(5, 'en')).toBe('/en/event/5');
    expect(productLink('paket', 'hr')).toBe('/product/paket');
    expect(resourceLink({ resourceType: 'post', slug: 'o-nama' }, 'hr')).toBe('/o-nama');
    expect(resourceLink({ resourceType: 'term', slug: 'savjeti' }, 'en')).toBe('/en/blog/savjeti');
  });

  it('a hidden variant in the cart opens its main product with the cart line', () => {
    const variant = {
      itemId: 31,
      product: { slug: 'majica-m-plava', isVisibleIndividually: false, mainProductSlug: 'majica' },
    };
    expect(cartLineLink(variant, 'hr')).toBe('/product/majica?cartItemId=31');
    const visible = {
      itemId: 32,
      product: { slug: 'knjiga', isVisibleIndividually: true, mainProductSlug: null },
    };
    expect(cartLineLink(visible, 'en')).toBe('/en/product/knjiga');
  });
});

describe('external links', () => {
  it('treats a link not starting with / and not a known page as external', () => {
    expect(isExternalLink('https://facebook.com/x')).toBe(true);
    expect(isExternalLink('/o-nama')).toBe(false);
    expect(isExternalLink('kontakt', new Set(['kontakt']))).toBe(false);
  });
  it('gives external menu items target _blank and dofollow (no rel) by default, with noopener noreferrer', () => {
    expect(menuLinkAttributes({ href: 'https://x.org', isExternal: true })).toEqual({
      href: 'https://x.org',
      external: true,
      rel: 'noopener noreferrer',
      target: '_blank',
    });
    // The navigation API hands out rel "noopener" for new-tab items: it is not written twice.
    expect(menuLinkAttributes({ href: 'https://x.org', isExternal: true, rel: 'noopener' }).rel).toBe(
      'noopener noreferrer',
    );
    expect(
      menuLinkAttributes({ href: 'https://x.org', isExternal: true, rel: 'noopener noopener NoOpener' }).rel,
    ).toBe('noopener noreferrer');
    expect(
      menuLinkAttributes({
        href: 'https://x.org',
        isExternal: true,
        rel: 'nofollow Nofollow',
        target: '_self',
      }).rel,
    ).toBe('nofollow');
    expect(
      menuLinkAttributes({ href: 'https://x.org', isExternal: true, rel: 'nofollow  sponsored' }).rel,
    ).toBe('nofollow sponsored noopener noreferrer');
    expect(
      menuLinkAttributes({ href: 'https://x.org', isExternal: true, rel: 'nofollow', target: '_self' }),
    ).toEqual({
      href: 'https://x.org',
      external: true,
      rel: 'nofollow',
      target: '_self',
    });
    expect(menuLinkAttributes({ href: '/shop', isExternal: false })).toEqual({
      href: '/shop',
      external: false,
    });
  });
});

describe('safeRedirectTarget', () => {
  it('accepts site paths with letters, digits, @-%_~/ and a query and hash', () => {
    expect(safeRedirectTarget('/naplata')).toBe('/naplata');
    expect(safeRedirectTarget('/en/product/majica-šarena?cartItemId=3#top')).toBe(
      '/en/product/majica-šarena?cartItemId=3#top',
    );
    expect(safeRedirectTarget('/profil/%C5%A1')).toBe('/profil/%C5%A1');
  });
  it('refuses anything else', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'profil',
      '/a b',
      '/x"onload',
      '/<script>',
      '',
    ]) {
      expect(safeRedirectTarget(bad), bad).toBe('/');
    }
    expect(safeRedirectTarget(undefined, '/en')).toBe('/en');
  });
});
