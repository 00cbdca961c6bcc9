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

/** Options of the demo site: the CMS option keys of the specification with believable values. */
export function demoSiteOptions(): Record<string, unknown> {
  return {
    DefaultLanguage: 'hr',
    AllowedLanguages: ['hr', 'en'],
    DetectLanguage: false,
    HomePageSlug: { hr: 'pocetna', en: 'home' },
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

export async function seedDemoSite(db: Db): Promise<DemoSite> {
  const [site] = await db
    .insert(sites)
    .values({
      name: 'Učionica za roditelje',
      url: 'http://localhost:3000',
      apiKeyToken: 'demo-site-public-key',
      apiKeyId: 1,
      subdomain: 'ucionica',
      externalUrls: {},
    })
    .returning({ id: sites.id });
  const siteId = site!.id;
  await db.insert(siteDomains).values([
    { siteId, name: 'Local development', host: 'localhost', isPrimary: true },
    { siteId, name: 'Loopback', host: '127.0.0.1', isPrimary: false },
  ]);
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
        currencyId: 52,
        eurRate: '7.534500',
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
  // The demo site lets guests check out (DECISIONS.md); the setting's own default stays 0.
  await db
    .insert(checkoutSettings)
    .values(storeRows.map((store) => ({ storeId: store.id, guestCheckout: 1 })));
  await db
    .insert(siteOptions)
    .values(Object.entries(demoSiteOptions()).map(([key, value]) => ({ siteId, key, value })));
  return { siteId, storeIds: { hr: storeRows[0]!.id, en: storeRows[1]!.id } };
}
