import type { MetaDescriptor } from 'react-router';
import { defaultLanguage, isUiLanguage, localeOf, type UiLanguage } from '../../core/languages.ts';
import { localizedPath, type RouteKey } from '../../core/route-table.ts';
import type { RootData } from '../root.tsx';

/**
 * What a screen tells search engines and the language switcher about itself. Every route loader
 * returns one as `seo`; `seoMeta` turns it into the head tags, and the header's language switcher
 * reads `alternates` to know where this page lives in the other languages.
 */
export type PageSeo = {
  title: string;
  description?: string;
  /** Path or absolute URL of the Open Graph image. */
  image?: string | null;
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
  if (seo.image) tags.push({ property: 'og:image', content: absolute(seo.image) });
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
