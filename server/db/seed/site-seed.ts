import { countryRows, currencyRows, languageRows } from '../../modules/site/reference-data.ts';
import {
  checkoutSettings,
  countries,
  currencies,
  languages,
  siteDomains,
  siteLanguages,
  siteOptions,
  sites,
  stores,
} from '../../modules/site/site.schema.ts';
import type { Db } from '../client.ts';

/** Reference lists are upserted by id on every seed, so new entries reach existing databases. */
export async function seedReferenceData(db: Db) {
  await db.insert(languages).values(languageRows()).onConflictDoNothing();
  await db.insert(countries).values(countryRows()).onConflictDoNothing();
  await db.insert(currencies).values(currencyRows).onConflictDoNothing();
}

/** Options of a new site: the CMS option keys of the specification with neutral defaults. */
export function defaultSiteOptions(name: string): Record<string, unknown> {
  return {
    ...demoSiteOptions(),
    CopyrightText: {
      hr: `© {year} ${name}. Sva prava pridržana.`,
      en: `© {year} ${name}. All rights reserved.`,
    },
    InstagramHashtags: [],
    // A new shop states only what the law sets by default: 14 days to withdraw, return at the buyer's cost.
    ShopContact: {},
    MerchantPolicies: {
      shipping: [],
      returns: {
        countries: ['HR'],
        days: 14,
        method: 'ReturnByMail',
        fees: 'ReturnFeesCustomerResponsibility',
      },
    },
    SendEmailTo: '',
    SendGdprTo: '',
    EnvironmentVariable: 'production',
  };
}

/** Options of the demo site: the CMS option keys of the specification with believable values. */
export function demoSiteOptions(): Record<string, unknown> {
  return {
    DefaultLanguage: 'hr',
    AllowedLanguages: ['hr', 'en'],
    DetectLanguage: false,
    HomePageSlug: { hr: 'pocetna', en: 'home' },
    // The payee of bank transfers and their HUB-3 barcode (core/bank-transfer.ts); a sample IBAN.
    BankTransfer: {
      iban: 'HR1210010051863000160',
      name: 'Udruga Učionica',
      street: 'Ilica 1',
      city: '10000 Zagreb',
    },
    ThemeNavigations: ['main', 'footer1', 'footer2', 'footer3', 'footer4'],
    CopyrightText: {
      hr: '© {year} Udruga Učionica za roditelje. Sva prava pridržana.',
      en: '© {year} Parents’ Classroom Association. All rights reserved.',
    },
    CookieNotice: true,
    CookiesNotification: ['necessary', 'analytics', 'marketing'],
    CustomHeader: '',
    CustomFooter: '',
    GoogleAnalyticsId: '',
    GoogleTagManagerId: '',
    ServerSideTagManagerId: '',
    GoogleSearchConsoleId: '',
    FacebookPixelId: '',
    HeatMapSettings: { enabled: false, siteId: '' },
    CustomOptions: {},
    AnonymousChat: false,
    RequireRatingForComment: false,
    RequireCommentForRating: false,
    NumberOfStars: 5,
    CanCommentOnBlog: true,
    RequireAdminPublishing: true,
    OneUserOneComment: false,
    UserCanEditComment: true,
    AnonymousCanMultipleReview: false,
    RequireRatingForCommentOnSite: false,
    RequireCommentForRatingOnSite: false,
    RequireAdminPublishingOnSite: true,
    OneUserOneCommentOnSite: false,
    UserCanEditCommentOnSite: true,
    AutoGenerateSiteMap: true,
    SiteMapOptions: { lastmod: true, hreflang: true, images: true },
    InstagramHashtags: ['ucionicazaroditelje', 'otpornodijete'],
    CmsVersion: '1.12.0',
    WwwPolicy: 'none',
    DefaultProductTemplate: 'default',
    PasswordProtection: false,
    SendEmailTo: 'info@ucionica.example',
    ShopContact: { email: 'info@ucionica.example', telephone: '+385 1 555 0142' },
    // As the standard delivery method of the demo (GLS, 4.50 €, free from 50 €): docs/decisions/0211.
    MerchantPolicies: {
      shipping: [
        { countries: ['HR'], rate: 450, freeOver: 5000, handlingDays: [0, 1], transitDays: [1, 3] },
        {
          countries: ['SI', 'AT', 'DE', 'IT', 'HU'],
          rate: 450,
          freeOver: 5000,
          handlingDays: [0, 1],
          transitDays: [2, 5],
        },
      ],
      returns: {
        countries: ['HR', 'SI', 'AT', 'DE', 'IT', 'HU'],
        days: 14,
        method: 'ReturnByMail',
        fees: 'ReturnShippingFees',
        shippingFee: 450,
      },
    },
    SendGdprTo: 'gdpr@ucionica.example',
    EnvironmentVariable: 'development',
    AutoRespondNotificationTemplate: 'auto-respond',
    UserRegisterEmailTemplate: 'user-register',
    ResetPasswordEmailTemplate: 'reset-password',
    RootRedirect: '',
    GitlabProjectId: '',
  };
}

export type DemoSite = { siteId: number; storeIds: { hr: number; en: number } };

type SiteSpec = {
  name: string;
  url: string;
  apiKeyToken: string;
  subdomain: string;
  domains: { name: string; host: string; isPrimary: boolean }[];
  /** The Croatian store's display currency: HRK for the demo (the specification's case), else EUR. */
  croatianCurrencyId: number;
  guestCheckout: number;
  options: Record<string, unknown>;
};

export async function seedDemoSite(db: Db): Promise<DemoSite> {
  return insertSite(db, {
    name: 'Učionica za roditelje',
    url: 'http://localhost:3000',
    apiKeyToken: 'demo-site-public-key',
    subdomain: 'ucionica',
    domains: [
      { name: 'Local development', host: 'localhost', isPrimary: true },
      { name: 'Loopback', host: '127.0.0.1', isPrimary: false },
    ],
    croatianCurrencyId: 52,
    // The demo site lets guests check out (DECISIONS.md); the setting's own default stays 0.
    guestCheckout: 1,
    options: demoSiteOptions(),
  });
}

/**
 * The site a production start creates in an empty database: its name and public address from the
 * configuration, Croatian and English with euro stores, the default options, and no content, no
 * catalogue and no accounts (the first back-office user is made with `npm run user:create`).
 */
export async function seedProductionSite(
  db: Db,
  options: { name: string; url: string; apiKeyToken: string },
): Promise<DemoSite> {
  const host = new URL(options.url).hostname.toLowerCase();
  const local = ['localhost', '127.0.0.1'];
  return insertSite(db, {
    name: options.name,
    url: options.url,
    apiKeyToken: options.apiKeyToken,
    subdomain: host.split('.')[0] ?? 'shop',
    domains: [
      { name: 'Public', host, isPrimary: true },
      ...local
        .filter((candidate) => candidate !== host)
        .map((candidate) => ({ name: 'Local', host: candidate, isPrimary: false })),
    ],
    croatianCurrencyId: 44,
    guestCheckout: 0,
    options: defaultSiteOptions(options.name),
  });
}

async function insertSite(db: Db, spec: SiteSpec): Promise<DemoSite> {
  const [site] = await db
    .insert(sites)
    .values({
      name: spec.name,
      url: spec.url,
      apiKeyToken: spec.apiKeyToken,
      apiKeyId: 1,
      subdomain: spec.subdomain,
      externalUrls: {},
    })
    .returning({ id: sites.id });
  const siteId = site!.id;
  await db.insert(siteDomains).values(spec.domains.map((domain) => ({ siteId, ...domain })));
  const byCode = new Map(languageRows().map((language) => [language.code2, language.id]));
  const hrId = byCode.get('hr')!;
  const enId = byCode.get('en')!;
  const deId = byCode.get('de')!;
  await db.insert(siteLanguages).values([
    { siteId, languageId: hrId, position: 0, isDefault: true },
    { siteId, languageId: enId, position: 1, isDefault: false },
  ]);
  const loyalty = {
    pointsPerEuro: 1,
    pointValueCents: 1,
    rewards: [
      {
        id: 'free-delivery',
        name: { hr: 'Besplatna dostava', en: 'Free delivery' },
        pointsRequired: 200,
        freeDelivery: true,
      },
    ],
  };
  const storeRows = await db
    .insert(stores)
    .values([
      {
        siteId,
        name: 'Hrvatska',
        languageId: hrId,
        currencyId: spec.croatianCurrencyId,
        eurRate: spec.croatianCurrencyId === 52 ? '7.534500' : '1',
        loyalty,
        isDefault: true,
      },
      {
        siteId,
        name: 'International',
        languageId: enId,
        currencyId: 44,
        eurRate: '1',
        loyalty,
        isDefault: false,
      },
      {
        siteId,
        name: 'Deutschland',
        languageId: deId,
        currencyId: 44,
        eurRate: '1',
        loyalty: null,
        isDefault: false,
      },
    ])
    .returning({ id: stores.id });
  await db
    .insert(checkoutSettings)
    .values(storeRows.map((store) => ({ storeId: store.id, guestCheckout: spec.guestCheckout })));
  await db
    .insert(siteOptions)
    .values(Object.entries(spec.options).map(([key, value]) => ({ siteId, key, value })));
  return { siteId, storeIds: { hr: storeRows[0]!.id, en: storeRows[1]!.id } };
}
