import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** ISO 639 languages. `id` is stable across installations (seeded from a fixed list). */
export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameHrv: text('name_hrv').notNull(),
  nameEng: text('name_eng').notNull(),
  nameGer: text('name_ger').notNull(),
  nameSrp: text('name_srp').notNull(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  code2: varchar('code2', { length: 2 }).notNull().default(''),
});

/** ISO 3166 countries with names in the languages the site is written in. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  iso: varchar('iso', { length: 2 }).notNull().unique(),
  iso3: varchar('iso3', { length: 3 }).notNull().default(''),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
});

export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  label: text('label').notNull(),
  symbol: text('symbol').notNull(),
  decimals: smallint('decimals').notNull().default(2),
});

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  /** The public API key the storefront sends in the `apiKey` header. Not a secret. */
  apiKeyToken: text('api_key_token').notNull().unique(),
  /** Appears in media URLs: /media/{apiKeyId}/... */
  apiKeyId: integer('api_key_id').notNull().unique(),
  subdomain: text('subdomain').notNull().default(''),
  externalUrls: jsonb('external_urls').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteDomains = pgTable(
  'site_domains',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-case host name without port. */
    host: text('host').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (table) => [
    uniqueIndex('site_domains_host_idx').on(table.host),
    index('site_domains_site_idx').on(table.siteId),
  ],
);

/** Languages a site serves, in switcher order. Exactly one row per site is the default. */
export const siteLanguages = pgTable(
  'site_languages',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    position: smallint('position').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.languageId] })],
);

export type LoyaltyProgramme = {
  /** Points earned per whole unit of the main currency spent. */
  pointsPerEuro: number;
  /** Value of one point in minor units of the main currency. */
  pointValueCents: number;
  rewards: { id: string; name: Record<string, string>; pointsRequired: number; freeDelivery: boolean }[];
};

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    /** The currency prices are shown in. */
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** Units of the display currency per 1 EUR, fixed per store (7.5345 for HRK). */
    eurRate: numeric('eur_rate', { precision: 12, scale: 6 }).notNull().default('1'),
    loyalty: jsonb('loyalty').$type<LoyaltyProgramme | null>(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [index('stores_site_idx').on(table.siteId)],
);

/** The CMS option keys of the specification (Logo, ThemeNavigations, AllowedLanguages, ...). */
export const siteOptions = pgTable(
  'site_options',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>(),
    mediaId: integer('media_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('site_options_site_key_idx').on(table.siteId, table.key)],
);

export const checkoutSettings = pgTable('checkout_settings', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  checkoutEnabled: boolean('checkout_enabled').notNull().default(true),
  socialLogins: boolean('social_logins').notNull().default(false),
  /** 0 redirect to the cart after adding, 1 stay on the page, 2 show the cart popup. */
  cartType: smallint('cart_type').notNull().default(0),
  /** 0 one page, 1 one step. */
  checkoutType: smallint('checkout_type').notNull().default(0),
  guestCheckout: smallint('guest_checkout').notNull().default(0),
  giftWrap: smallint('gift_wrap').notNull().default(0),
  message: smallint('message').notNull().default(0),
  mergeItems: smallint('merge_items').notNull().default(1),
  eProductDelivery: text('e_product_delivery').notNull().default('link'),
  /** 'ALL' or ISO codes. */
  allowedCountries: jsonb('allowed_countries')
    .$type<'ALL' | string[]>()
    .notNull()
    .default(sql`'"ALL"'::jsonb`),
  skipShippingStep: boolean('skip_shipping_step').notNull().default(false),
  captchaVersion: smallint('captcha_version').notNull().default(2),
});

/**
 * Settings of a development instance as a whole, not of a site: the domain the developer picked in the
 * domain picker (`domain`). Read only when the developer tools are on (docs/decisions/0531).
 */
export const developerSettings = pgTable('developer_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
