import type { MetaDescriptor } from 'react-router';
import { defaultLanguage, isUiLanguage, localeOf, type UiLanguage } from '../../core/languages.ts';
import { mediaAtSize, mediaById, mediaSizes } from '../../core/media.ts';
import { localizedPath, type RouteKey } from '../../core/route-table.ts';
import type { RootData } from '../root.tsx';
import type { OrganizationInput } from './structured-data.ts';

/**
 * What a screen tells search engines and the language switcher about itself. Every route loader
 * returns one as `seo`; `seoMeta` turns it into the head tags, and the header's language switcher
 * reads `alternates` to know where this page lives in the other languages.
 */
export type PageSeo = {
  title: string;
  description?: string;
  /** Path or absolute URL of the Open Graph image (the site's share image when none). */
  image?: string | null;
  /** The image's size as served, when known (Open Graph and Twitter previews lay out by it). */
  imageWidth?: number | null;
  imageHeight?: number | null;
  /** What the image shows; the page title when empty. */
  imageAlt?: string | null;
  /** For articles: first publication and last change (ISO 8601). */
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** This page's path in each language it exists in (the current one included). */
  alternates: Partial<Record<UiLanguage, string>>;
  type?: 'website' | 'article' | 'product';
  /** Search results, filtered listings and error pages stay out of the index. */
  noindex?: boolean;
};

/** The same fixed screen in every language (for screens whose path has no per-language slug). */
export function routeAlternates(
  key: RouteKey,
  params: Record<string, string | number | undefined> = {},
): Partial<Record<UiLanguage, string>> {
  return {
    hr: localizedPath(key, 'hr', params),
    en: localizedPath(key, 'en', params),
    de: localizedPath(key, 'de', params),
  };
}

/** The image shared for pages that have none of their own: 1200×630, the size link previews use. */
export const defaultShareImage = { path: '/share-default.png', width: 1200, height: 630 } as const;

/** A media address at any named size: /media/{apiKeyId}/{id}/{size}/... */
const mediaAddress = /^(https?:\/\/[^/]+)?\/media\/\d+\/\d+\/[A-Za-z]+Size\//;

/**
 * The image a link preview shows: a media item at the 1200×630 ShareSize (cropped to fill it, so
 * the stated size is the served one), another image as given, else the site's share image.
 */
export function shareImageOf(
  seo: Pick<PageSeo, 'image' | 'imageWidth' | 'imageHeight'>,
  absolute: (path: string) => string,
): { url: string; width?: number | null; height?: number | null } {
  if (!seo.image) {
    return {
      url: absolute(defaultShareImage.path),
      width: defaultShareImage.width,
      height: defaultShareImage.height,
    };
  }
  if (mediaAddress.test(seo.image)) {
    const { width, height } = mediaSizes.ShareSize;
    return { url: absolute(mediaAtSize(seo.image, 'ShareSize')), width, height };
  }
  return { url: absolute(seo.image), width: seo.imageWidth, height: seo.imageHeight };
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const rootDataOf = (matches: MatchLike[]) =>
  matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;

/** Title, description, canonical, hreflang alternates (with x-default), Open Graph tags. */
export function seoMeta(matches: MatchLike[], seo: PageSeo | undefined): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (!root || !seo) return [{ title: root?.site.name ?? '' }];
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${root.origin}${path}`);
  const title =
    seo.title && seo.title !== root.site.name ? `${seo.title} | ${root.site.name}` : root.site.name;
  const allowed = root.site.allowedLanguages.filter(isUiLanguage);
  const current = seo.alternates[root.language];
  const tags: MetaDescriptor[] = [{ title }, { property: 'og:title', content: seo.title || root.site.name }];
  if (seo.description) {
    tags.push({ name: 'description', content: seo.description });
    tags.push({ property: 'og:description', content: seo.description });
  }
  tags.push({ property: 'og:type', content: seo.type ?? 'website' });
  tags.push({ property: 'og:site_name', content: root.site.name });
  const image = shareImageOf(seo, absolute);
  const imageAlt = (seo.image && seo.imageAlt) || seo.title || root.site.name;
  tags.push({ property: 'og:image', content: image.url });
  if (image.width && image.height) {
    tags.push({ property: 'og:image:width', content: String(image.width) });
    tags.push({ property: 'og:image:height', content: String(image.height) });
  }
  tags.push({ property: 'og:image:alt', content: imageAlt });
  if (seo.type === 'article' && seo.publishedTime) {
    tags.push({ property: 'article:published_time', content: seo.publishedTime });
    if (seo.modifiedTime) tags.push({ property: 'article:modified_time', content: seo.modifiedTime });
  }
  tags.push({ name: 'twitter:card', content: 'summary_large_image' });
  tags.push({ name: 'twitter:title', content: seo.title || root.site.name });
  if (seo.description) tags.push({ name: 'twitter:description', content: seo.description });
  tags.push({ name: 'twitter:image', content: image.url });
  tags.push({ name: 'twitter:image:alt', content: imageAlt });
  for (const language of allowed) {
    if (language !== root.language && seo.alternates[language])
      tags.push({ property: 'og:locale:alternate', content: localeOf[language].replace('-', '_') });
  }
  if (seo.noindex) {
    tags.push({ name: 'robots', content: 'noindex, follow' });
    return tags;
  }
  if (current) {
    tags.push({ tagName: 'link', rel: 'canonical', href: absolute(current) });
    tags.push({ property: 'og:url', content: absolute(current) });
  }
  const languages = allowed.filter((language) => seo.alternates[language]);
  if (languages.length > 1) {
    for (const language of languages)
      tags.push({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: language,
        href: absolute(seo.alternates[language]!),
      });
    const fallback = seo.alternates[defaultLanguage] ?? current;
    if (fallback)
      tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absolute(fallback) });
  }
  return tags;
}

/**
 * The site as the Organization behind its pages: name, address, logo, the footer's social profiles
 * and the shop's contact (site option ShopContact).
 */
export function siteOrganization(root: RootData): OrganizationInput {
  const { shell } = root;
  return {
    name: root.site.name,
    url: root.origin,
    // Google wants a logo of at least 112×112 px: the header's LogoSize (120×60) is too small.
    logo: shell.logoMediaId
      ? `${root.origin}${mediaById(shell.apiKeyId, shell.logoMediaId, 'MediumSize', 'logo')}`
      : `${root.origin}${defaultShareImage.path}`,
    sameAs: shell.menus.footer3.filter((item) => item.isExternal).map((item) => item.link),
    email: shell.contact?.email ?? null,
    telephone: shell.contact?.telephone ?? null,
  };
}
