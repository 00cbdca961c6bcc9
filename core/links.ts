import { defaultLanguage, type UiLanguage } from './languages.ts';
import { localizedPath } from './route-table.ts';

/**
 * Link building and resolution, as the specification's "Link building" section lists them.
 * Pure functions: the storefront, the navigation API and the sitemap share them.
 */

export type LinkType = 'shop' | 'product' | 'page' | undefined;

/**
 * '/' + the language code (omitted for the default language) + an optional type prefix ('shop' or
 * 'product'; plain pages have none) + the link. Any other type is an error and goes to the root.
 */
export function buildLink(language: UiLanguage, type: string | undefined, link: string): string {
  if (type !== undefined && type !== 'shop' && type !== 'product' && type !== 'page') return '/';
  const parts = [
    language === defaultLanguage ? '' : language,
    type === 'shop' || type === 'product' ? type : '',
    link.replace(/^\/+/, ''),
  ];
  const path = `/${parts.filter(Boolean).join('/')}`;
  return language === 'de' && type === 'product' ? path.replace('/de/product', '/de/produkt') : path;
}

export type TermLike = { type: string; slug: string };

/** Posts and pages go to the post route, products to the product route, categories and tags to the blog. */
export function termLink(term: TermLike, language: UiLanguage): string {
  switch (term.type) {
    case 'post':
    case 'page':
      return localizedPath('page', language, { slug: term.slug });
    case 'product':
      return localizedPath('product', language, { slug: term.slug });
    case 'category':
    case 'tag':
      return localizedPath('blog', language, { slug: term.slug });
    default:
      return '/';
  }
}

export const eventLink = (id: number | string, language: UiLanguage) =>
  localizedPath('event', language, { id });

/** Products, bundles and services all open on the product route. */
export const productLink = (slug: string, language: UiLanguage) =>
  localizedPath('product', language, { slug });

export type CartLineLike = {
  itemId: number | string;
  product: { slug: string; isVisibleIndividually?: boolean; mainProductSlug?: string | null };
};

/** A variant that is not shown on its own opens its main product, editing this cart line. */
export function cartLineLink(line: CartLineLike, language: UiLanguage): string {
  const { product } = line;
  if (product.isVisibleIndividually === false && product.mainProductSlug) {
    return `${productLink(product.mainProductSlug, language)}?cartItemId=${encodeURIComponent(String(line.itemId))}`;
  }
  return productLink(product.slug, language);
}

/** A resource found by the finder: posts open at /{slug}, terms on the blog route. */
export function resourceLink(
  resource: { resourceType: 'post' | 'term'; slug: string },
  language: UiLanguage,
): string {
  return resource.resourceType === 'term'
    ? localizedPath('blog', language, { slug: resource.slug })
    : localizedPath('page', language, { slug: resource.slug });
}

/** A link not starting with '/' that is not a known page name points elsewhere and opens in a new tab. */
export function isExternalLink(link: string, knownPageNames: ReadonlySet<string> = new Set()): boolean {
  return !link.startsWith('/') && !knownPageNames.has(link);
}

export type MenuLinkAttributes = { href: string; external: boolean; rel?: string; target?: string };

/**
 * Menu items: external ones carry rel (default dofollow, i.e. no rel attribute) and target (default
 * _blank). A stored rel may already name noopener; each keyword is written once.
 */
export function menuLinkAttributes(item: {
  href: string;
  isExternal: boolean;
  rel?: string | null;
  target?: string | null;
}): MenuLinkAttributes {
  if (!item.isExternal) return { href: item.href, external: false };
  const rel = item.rel && item.rel !== 'dofollow' ? item.rel : undefined;
  const target = item.target || '_blank';
  // rel keywords are ASCII case-insensitive (HTML): 'noopener NoOpener' is one keyword, written once.
  const keywords = new Set(rel?.toLowerCase().split(/\s+/).filter(Boolean));
  // A new tab must not get a handle on this window, nor tell the other site which page linked to it.
  if (target === '_blank') for (const keyword of ['noopener', 'noreferrer']) keywords.add(keyword);
  return { href: item.href, external: true, rel: [...keywords].join(' ') || undefined, target };
}

const SAFE_PATH = /^\/[\p{L}\p{N}@\-%_~/]*(\?[\p{L}\p{N}@\-%_~/=&.+,]*)?(#[\p{L}\p{N}@\-%_~/=&.+,]*)?$/u;

/**
 * Where to go after logging in: only a path on this site that starts with '/' and holds letters,
 * digits and @ - % _ ~ / (plus a query and hash). '//host' would leave the site, so it is refused.
 */
export function safeRedirectTarget(target: string | null | undefined, fallback = '/'): string {
  if (!target || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return SAFE_PATH.test(target) ? target : fallback;
}
