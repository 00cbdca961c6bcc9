import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../../core/languages.ts';
import { localizedPath, type RouteKey } from '../../../core/route-table.ts';
import type { Deps, SiteInfo } from '../../api/request-context.ts';
import { categorySlugs, productSlugs } from '../catalogue/catalogue.service.ts';
import { postSlugs, termSlugs } from '../cms/finder.service.ts';
import { eventSlugs } from '../events/events.service.ts';
import { loadMedia } from '../media/media.service.ts';
import { normalizeHost, type SiteService, siteOrigin } from '../site/site.service.ts';
import { buildSitemapXml, type SitemapEntry } from './sitemap-xml.ts';

export type SiteMapOptions = { lastmod?: boolean; hreflang?: boolean; images?: boolean };

/** Screens a crawler has no business in; the sitemap never lists them either. */
const PRIVATE_ROUTES: RouteKey[] = ['admin', 'cart', 'checkout', 'profile'];

/** One thing with a page per language: its path in each language it is translated into. */
type Item = {
  paths: Map<UiLanguage, string>;
  lastmod: Date | null;
  mediaId: number | null;
};

export function createSitemapService({ db, config }: Pick<Deps, 'db' | 'config'>, sites: SiteService) {
  /** The site a request is for, chosen from its Host header as the API does. */
  async function siteForHost(host: string | undefined): Promise<SiteInfo | undefined> {
    const siteId = await sites.siteIdForHost(normalizeHost(host));
    return siteId ? sites.siteById(siteId) : undefined;
  }

  /** The origin of absolute links in the site's sitemaps: see `siteOrigin`. */
  function origin(site: SiteInfo, hostHeader: string | undefined): string {
    return siteOrigin(site, hostHeader, config.PUBLIC_URL);
  }

  /** The site's languages that the storefront has routes for, default language first. */
  function siteLanguages(site: SiteInfo): UiLanguage[] {
    const codes = site.languages.map((language) => language.code2).filter(isUiLanguage);
    return [...new Set(codes)].sort((a, b) => Number(b === defaultLanguage) - Number(a === defaultLanguage));
  }

  const sitemapPath = (language: UiLanguage) => {
    const home = localizedPath('home', language);
    return home === '/' ? '/sitemap.xml' : `${home}/sitemap.xml`;
  };

  async function isEnabled(siteId: number) {
    return (await sites.option<boolean>(siteId, 'AutoGenerateSiteMap')) === true;
  }

  function collect<T extends { id: number; languageCode: string }>(
    rows: T[],
    path: (row: T, language: UiLanguage) => string,
    lastmod: (row: T) => Date | null,
    mediaId: (row: T) => number | null,
  ): Item[] {
    const byId = new Map<number, Item>();
    for (const row of rows) {
      if (!isUiLanguage(row.languageCode)) continue;
      let item = byId.get(row.id);
      if (!item) {
        item = { paths: new Map(), lastmod: lastmod(row), mediaId: mediaId(row) };
        byId.set(row.id, item);
      }
      item.paths.set(row.languageCode, path(row, row.languageCode));
    }
    return [...byId.values()];
  }

  /** Everything public on the site, each with its path in every language it exists in. */
  async function loadItems(site: SiteInfo, languages: UiLanguage[]): Promise<Item[]> {
    const query = { siteId: site.id, languages };
    const [homeSlugs, postRows, termRows, productRows, categoryRows, eventRows] = await Promise.all([
      sites.option<Record<string, string>>(site.id, 'HomePageSlug'),
      postSlugs(db, query),
      termSlugs(db, query),
      productSlugs(db, query),
      categorySlugs(db, query),
      eventSlugs(db, query),
    ]);

    // The home page is listed once, as the home route, not again under its own slug.
    const homePostIds = new Set(
      postRows
        .filter((row) => row.type === 'page' && homeSlugs?.[row.languageCode] === row.slug)
        .map((row) => row.id),
    );
    const fixed = (['home', 'blog', 'shop'] as const).map(
      (key): Item => ({
        paths: new Map(languages.map((language) => [language, localizedPath(key, language)])),
        lastmod: null,
        mediaId: null,
      }),
    );
    return [
      ...fixed,
      ...collect(
        postRows.filter((row) => !homePostIds.has(row.id)),
        (row, language) => localizedPath('page', language, { slug: row.slug }),
        (row) => row.updatedAt ?? row.publishedAt,
        (row) => row.mediaId,
      ),
      ...collect(
        // Tags only filter the blog; its categories are the pages worth listing.
        termRows.filter((row) => row.type === 'category'),
        (row, language) => localizedPath('blog', language, { slug: row.slug }),
        () => null,
        () => null,
      ),
      ...collect(
        productRows.filter((row) => row.isVisibleIndividually),
        (row, language) => localizedPath('product', language, { slug: row.slug }),
        (row) => row.updatedAt,
        (row) => row.mediaId,
      ),
      ...collect(
        categoryRows,
        (row, language) => localizedPath('shop', language, { slug: row.slug }),
        () => null,
        (row) => row.mediaId,
      ),
      ...collect(
        // A cancelled event keeps its page for those who know it, but is not advertised.
        eventRows.filter((row) => row.status === 'published'),
        (row, language) => localizedPath('event', language, { id: row.id }),
        () => null,
        (row) => row.mediaId,
      ),
    ];
  }

  /**
   * The sitemap of one language, or undefined when the site does not generate sitemaps or does
   * not offer the language.
   */
  async function sitemapXml(site: SiteInfo, language: string, baseUrl: string): Promise<string | undefined> {
    const languages = siteLanguages(site);
    if (!isUiLanguage(language) || !languages.includes(language)) return undefined;
    if (!(await isEnabled(site.id))) return undefined;
    const options = (await sites.option<SiteMapOptions>(site.id, 'SiteMapOptions')) ?? {};
    const items = (await loadItems(site, languages)).filter((item) => item.paths.has(language));
    const media = options.images
      ? await loadMedia(
          db,
          site.apiKeyId,
          items.flatMap((item) => (item.mediaId === null ? [] : [item.mediaId])),
        )
      : new Map();
    const xDefault = isUiLanguage(site.defaultLanguage) ? site.defaultLanguage : defaultLanguage;
    const entries = items.map((item): SitemapEntry => {
      const alternates: { hreflang: string; href: string }[] = options.hreflang
        ? [...item.paths].map(([hreflang, path]) => ({ hreflang, href: baseUrl + path }))
        : [];
      const defaultPath = item.paths.get(xDefault);
      if (options.hreflang && defaultPath)
        alternates.push({ hreflang: 'x-default', href: baseUrl + defaultPath });
      const image = item.mediaId === null ? undefined : media.get(item.mediaId);
      return {
        loc: baseUrl + item.paths.get(language)!,
        lastmod: options.lastmod ? item.lastmod : null,
        alternates,
        images: image ? [baseUrl + image.url] : [],
      };
    });
    return buildSitemapXml(entries);
  }

  async function robotsTxt(site: SiteInfo, baseUrl: string): Promise<string> {
    const languages = siteLanguages(site);
    const disallowed = new Set(['/api/']);
    for (const language of languages) {
      for (const key of PRIVATE_ROUTES) disallowed.add(localizedPath(key, language));
    }
    const lines = ['User-agent: *', 'Allow: /', ...[...disallowed].map((path) => `Disallow: ${path}`)];
    if (await isEnabled(site.id)) {
      lines.push('', ...languages.map((language) => `Sitemap: ${baseUrl}${sitemapPath(language)}`));
    }
    return `${lines.join('\n')}\n`;
  }

  return { siteForHost, origin, sitemapXml, robotsTxt };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
