import { and, asc, eq, inArray } from 'drizzle-orm';
import { isPlainHost } from '../../../core/host-header.ts';
import { notFound } from '../../api/errors.ts';
import type { Deps, RequestContext, SiteInfo, StoreInfo } from '../../api/request-context.ts';
import { type Cache, cached } from '../../cache/cache.ts';
import type { Db } from '../../db/client.ts';
import { MAIN_CURRENCY_ID } from './reference-data.ts';
import {
  checkoutSettings,
  countries,
  currencies,
  developerSettings,
  languages,
  siteDomains,
  siteLanguages,
  siteOptions,
  sites,
  stores,
} from './site.schema.ts';

/** The id of the currency prices are stored in (EUR); other modules compare store currencies with it. */
export { MAIN_CURRENCY_ID };

const SITE_TTL_SECONDS = 300;
const DEV_DOMAIN_KEY = 'dev-domain';
/** Other processes (without Redis) see a newly picked development domain within this time. */
const DEV_DOMAIN_TTL_SECONDS = 10;
export const siteCacheTag = (siteId: number) => `site:${siteId}`;

/**
 * Call after any write that changes what a site shows (content, catalogue, options, navigation,
 * domains): drops the site's cached API answers, lookups and rendered pages. They all carry the site's
 * tag in the shared cache, so with Redis this reaches every process at once.
 */
export const invalidateSiteContent = (cache: Cache, siteId: number) =>
  cache.deleteByTag(siteCacheTag(siteId));

export function normalizeHost(host: string | undefined | null): string {
  if (!host) return '';
  const withoutPort = host.trim().toLowerCase().replace(/:\d+$/, '');
  return withoutPort.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * The scheme and host that absolute links (canonical, Open Graph, sitemaps, e-mails) use: the
 * configured public URL; else the request's host when it is one of the site's own domains (with the
 * scheme of the site's URL); else the site's URL. An arbitrary Host header never reaches a link.
 */
export function siteOrigin(site: SiteInfo, hostHeader: string | undefined, publicUrl: string | undefined) {
  if (publicUrl) return new URL(publicUrl).origin;
  const siteUrl = new URL(site.url);
  const host = hostHeader?.trim() ?? '';
  if (isPlainHost(host) && site.domains.some((domain) => domain.host === normalizeHost(host)))
    return `${siteUrl.protocol}//${host.toLowerCase()}`;
  return siteUrl.origin;
}

export function createSiteService({ db, cache, config }: Pick<Deps, 'db' | 'cache' | 'config'>) {
  async function loadSite(siteId: number): Promise<SiteInfo | undefined> {
    const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
    if (!site) return undefined;
    const [languageRows, storeRows, domainRows] = await Promise.all([
      db
        .select({
          id: languages.id,
          code: languages.code,
          code2: languages.code2,
          name: languages.name,
          isDefault: siteLanguages.isDefault,
        })
        .from(siteLanguages)
        .innerJoin(languages, eq(languages.id, siteLanguages.languageId))
        .where(eq(siteLanguages.siteId, siteId))
        .orderBy(asc(siteLanguages.position)),
      db
        .select({
          id: stores.id,
          name: stores.name,
          languageCode: languages.code2,
          eurRate: stores.eurRate,
          loyalty: stores.loyalty,
          isDefault: stores.isDefault,
          currency: {
            id: currencies.id,
            code: currencies.code,
            symbol: currencies.symbol,
            label: currencies.label,
            decimals: currencies.decimals,
          },
        })
        .from(stores)
        .innerJoin(languages, eq(languages.id, stores.languageId))
        .innerJoin(currencies, eq(currencies.id, stores.currencyId))
        .where(eq(stores.siteId, siteId))
        .orderBy(asc(stores.id)),
      db
        .select({ name: siteDomains.name, host: siteDomains.host, isPrimary: siteDomains.isPrimary })
        .from(siteDomains)
        .where(eq(siteDomains.siteId, siteId))
        .orderBy(asc(siteDomains.id)),
    ]);
    const defaultLanguage = languageRows.find((language) => language.isDefault) ?? languageRows[0];
    return {
      id: site.id,
      name: site.name,
      url: site.url,
      apiKeyToken: site.apiKeyToken,
      apiKeyId: site.apiKeyId,
      subdomain: site.subdomain,
      externalUrls: site.externalUrls,
      defaultLanguage: defaultLanguage?.code2 ?? 'hr',
      languages: languageRows,
      stores: storeRows,
      domains: domainRows,
    };
  }

  const siteById = (siteId: number) =>
    cached(
      cache,
      'sites',
      `id:${siteId}`,
      { ttlSeconds: SITE_TTL_SECONDS, tags: [siteCacheTag(siteId)] },
      () => loadSite(siteId),
    );

  /**
   * The host a development instance serves whatever the request's Host is: the domain picked in the
   * domain picker, else DEV_FORCE_DOMAIN; null when neither (or outside the developer tools).
   */
  async function devDomain(): Promise<string | null> {
    if (!config.devTools) return null;
    const picked = await cached(
      cache,
      'sites',
      DEV_DOMAIN_KEY,
      { ttlSeconds: DEV_DOMAIN_TTL_SECONDS },
      async () => {
        const [row] = await db
          .select({ value: developerSettings.value })
          .from(developerSettings)
          .where(eq(developerSettings.key, 'domain'));
        return row?.value ?? '';
      },
    );
    return picked || config.DEV_FORCE_DOMAIN?.replace(/:\d+$/, '') || null;
  }

  /** Makes a development instance serve the site of this host (one of the sites' domains). */
  async function setDevDomain(host: string): Promise<void> {
    await db
      .insert(developerSettings)
      .values({ key: 'domain', value: host })
      .onConflictDoUpdate({ target: developerSettings.key, set: { value: host, updatedAt: new Date() } });
    await cache.delete('sites', DEV_DOMAIN_KEY).catch(() => {});
  }

  /** Every site's id, in order (what a process prepares at its start). */
  async function siteIds(): Promise<number[]> {
    const rows = await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
    return rows.map((row) => row.id);
  }

  /** Every domain of every site (the domain picker of a development instance). */
  async function allDomains() {
    return db
      .select({
        id: siteDomains.id,
        name: siteDomains.name,
        host: siteDomains.host,
        isPrimary: siteDomains.isPrimary,
        siteName: sites.name,
      })
      .from(siteDomains)
      .innerJoin(sites, eq(sites.id, siteDomains.siteId))
      .orderBy(asc(siteDomains.siteId), asc(siteDomains.id));
  }

  async function siteIdForHost(requestHost: string): Promise<number | null> {
    const host = (await devDomain()) ?? requestHost;
    return cached(cache, 'sites', `host:${host}`, { ttlSeconds: SITE_TTL_SECONDS }, async () => {
      const [match] = await db
        .select({ siteId: siteDomains.siteId })
        .from(siteDomains)
        .where(eq(siteDomains.host, host));
      if (match) return match.siteId;
      // An unknown host (localhost, an IP, a preview URL) is served by the first site.
      const [first] = await db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
      return first?.id ?? null;
    });
  }

  async function siteIdForApiKey(apiKey: string): Promise<number | null> {
    return cached(cache, 'sites', `key:${apiKey}`, { ttlSeconds: SITE_TTL_SECONDS }, async () => {
      const [match] = await db.select({ id: sites.id }).from(sites).where(eq(sites.apiKeyToken, apiKey));
      return match?.id ?? null;
    });
  }

  /** Picks the store: the requested one if it belongs to the site, else the one for the language. */
  function chooseStore(site: SiteInfo, language: string, storeId?: number): StoreInfo {
    const requested = storeId ? site.stores.find((store) => store.id === storeId) : undefined;
    const store =
      requested ??
      site.stores.find((candidate) => candidate.languageCode === language) ??
      site.stores.find((candidate) => candidate.isDefault) ??
      site.stores[0];
    if (!store) throw notFound('The site has no store.');
    return store;
  }

  function chooseLanguage(site: SiteInfo, requested?: string | null): string {
    const code = requested?.trim().toLowerCase().slice(0, 2);
    if (code && site.languages.some((language) => language.code2 === code)) return code;
    return site.defaultLanguage;
  }

  async function options(siteId: number, keys?: string[]) {
    const rows = await cached(
      cache,
      'sites',
      `options:${siteId}`,
      { ttlSeconds: SITE_TTL_SECONDS, tags: [siteCacheTag(siteId)] },
      () =>
        db
          .select({
            id: siteOptions.id,
            key: siteOptions.key,
            value: siteOptions.value,
            media: siteOptions.mediaId,
          })
          .from(siteOptions)
          .where(eq(siteOptions.siteId, siteId))
          .orderBy(asc(siteOptions.key)),
    );
    return keys && keys.length > 0 ? rows.filter((row) => keys.includes(row.key)) : rows;
  }

  async function option<T>(siteId: number, key: string): Promise<T | undefined> {
    const [row] = await options(siteId, [key]);
    return row?.value as T | undefined;
  }

  async function checkoutSettingsFor(storeIds: number[]) {
    if (storeIds.length === 0) return [];
    return db.select().from(checkoutSettings).where(inArray(checkoutSettings.storeId, storeIds));
  }

  function currencyConfig(store: StoreInfo) {
    return {
      storeId: store.id,
      mainCurrencyId: MAIN_CURRENCY_ID,
      currency: store.currency,
      eurRate: Number(store.eurRate),
      showEuroEquivalent: store.currency.id !== MAIN_CURRENCY_ID,
    };
  }

  async function commons(ctx: RequestContext, type: 'languages' | 'countries' | 'currencies') {
    if (type === 'languages') {
      return cached(cache, 'reference', 'languages', { ttlSeconds: 3600 }, () =>
        db.select().from(languages).orderBy(asc(languages.id)),
      );
    }
    if (type === 'currencies') {
      return cached(cache, 'reference', 'currencies', { ttlSeconds: 3600 }, () =>
        db.select().from(currencies).orderBy(asc(currencies.id)),
      );
    }
    const rows = await cached(cache, 'reference', 'countries', { ttlSeconds: 3600 }, () =>
      db.select().from(countries).orderBy(asc(countries.id)),
    );
    const collator = new Intl.Collator(ctx.language);
    return rows
      .map((row) => ({ id: row.id, iso: row.iso, name: row.names[ctx.language] ?? row.names.en ?? row.iso }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }

  async function domains(siteId: number) {
    return db
      .select({
        id: siteDomains.id,
        name: siteDomains.name,
        host: siteDomains.host,
        isPrimary: siteDomains.isPrimary,
      })
      .from(siteDomains)
      .where(and(eq(siteDomains.siteId, siteId)))
      .orderBy(asc(siteDomains.id));
  }

  /** What domainDetect answers: everything the storefront needs to know about its site, cached per site. */
  function domainConfig(site: SiteInfo) {
    return cached(
      cache,
      'sites',
      `config:${site.id}`,
      { ttlSeconds: SITE_TTL_SECONDS, tags: [siteCacheTag(site.id)] },
      async () => {
        const [settings, cmsOptions] = await Promise.all([
          checkoutSettingsFor(site.stores.map((store) => store.id)),
          options(site.id),
        ]);
        return {
          apiKeyToken: site.apiKeyToken,
          apiKeyId: site.apiKeyId,
          siteID: site.id,
          site: { name: site.name, url: site.url },
          subdomain: site.subdomain,
          externalURLs: site.externalUrls,
          stores: site.stores.map((store) => ({
            storeID: store.id,
            name: store.name,
            language: store.languageCode,
            currency: store.currency,
            loyalty: store.loyalty,
          })),
          cmsLanguages: site.languages.map(({ code, code2, name, isDefault }) => ({
            code,
            code2,
            name,
            isDefault,
          })),
          extra: {
            checkoutSettings: Object.fromEntries(settings.map((row) => [String(row.storeId), row])),
            currencyConfig: Object.fromEntries(
              site.stores.map((store) => [String(store.id), currencyConfig(store)]),
            ),
            cmsOptionFilter: cmsOptions,
          },
        };
      },
    );
  }

  return {
    origin: (site: SiteInfo, hostHeader: string | undefined) =>
      siteOrigin(site, hostHeader, config.PUBLIC_URL),
    domainConfig,
    siteById,
    siteIds,
    siteIdForHost,
    siteIdForApiKey,
    chooseStore,
    chooseLanguage,
    options,
    option,
    checkoutSettingsFor,
    currencyConfig,
    commons,
    domains,
    allDomains,
    /** The developer tools are on (outside production, or DEV_TOOLS=true). */
    devToolsOn: config.devTools,
    devDomain,
    setDevDomain,
    invalidate: (siteId: number) => invalidateSiteContent(cache, siteId),
  };
}

export type SiteService = ReturnType<typeof createSiteService>;

/** The site whose media URLs carry this api key id (`/media/{apiKeyId}/...`). */
export async function siteIdForApiKeyId(db: Db, apiKeyId: number): Promise<number | null> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.apiKeyId, apiKeyId));
  return row?.id ?? null;
}

/** The site with this id, or the first site when no id is given; null when there is none. */
export async function existingSiteId(db: Db, siteId?: number): Promise<number | null> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(siteId === undefined ? undefined : eq(sites.id, siteId))
    .orderBy(asc(sites.id))
    .limit(1);
  return row?.id ?? null;
}
