import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

/** A GDPR consent text a visitor can accept. Whether it is required depends on the form (assignments). */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The reference shown to users and kept with every acceptance, e.g. 'GDPR-2024-01'. */
    uniqueNumber: text('unique_number').notNull(),
    /** Raised when the text changes in substance; the log keeps the version a person accepted. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('consents_site_number_idx').on(table.siteId, table.uniqueNumber)],
);

export const consentTranslations = pgTable(
  'consent_translations',
  {
    consentId: integer('consent_id')
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    displayName: text('display_name').notNull(),
    /** Sanitized HTML: the full text behind the checkbox label. */
    text: text('text').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.consentId, table.languageCode] })],
);

/**
 * Every version of a consent's text, per language; old versions stay readable and the log names the
 * version a person saw. Written by a trigger on consent_translations (the current text), so every
 * writer of the current text (admin, seed, fixtures) leaves its history here.
 */
export const consentVersions = pgTable(
  'consent_versions',
  {
    consentId: integer('consent_id')
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    displayName: text('display_name').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.consentId, table.version, table.languageCode] })],
);

export const consentForms = [
  'newsletter',
  'contactForm',
  'registerForm',
  'checkoutForm',
  'addressForm',
  'productAvailabilityForm',
] as const;
export type ConsentForm = (typeof consentForms)[number];

/**
 * Which consents a form shows, and which of those must be ticked. Id arrays rather than a join table:
 * the list is edited as a whole in the admin and read as a whole by the form.
 */
export const consentAssignments = pgTable(
  'consent_assignments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    assignedTo: text('assigned_to').$type<ConsentForm>().notNull(),
    consentIds: integer('consent_ids').array().notNull().default([]),
    requiredConsentIds: integer('required_consent_ids').array().notNull().default([]),
  },
  (table) => [
    uniqueIndex('consent_assignments_site_form_idx').on(table.siteId, table.assignedTo),
    index('consent_assignments_site_idx').on(table.siteId),
  ],
);

/**
 * Append-only evidence of consents given (a database trigger refuses UPDATE and DELETE). No foreign
 * keys: the record outlives the account and the consent it names.
 */
export const consentLog = pgTable(
  'consent_log',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    consentId: integer('consent_id').notNull(),
    consentVersion: integer('consent_version').notNull(),
    uniqueNumber: text('unique_number').notNull(),
    status: text('status').$type<'accepted' | 'withdrawn'>().notNull(),
    userId: integer('user_id'),
    email: text('email'),
    /** How: `cmsSite` for the website's forms. */
    sourceType: text('source_type').notNull(),
    /** Where: the form (registerForm, checkoutForm, ...). */
    source: text('source').notNull(),
    /** The client address the consent came from. */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_log_site_email_idx').on(table.siteId, table.email),
    index('consent_log_user_idx').on(table.userId),
  ],
);

/**
 * Append-only record of the cookie banner's choices (same trigger as consent_log): the visitor's
 * anonymous id (a cookie), the logged-in user when there is one, and the categories chosen.
 */
export const cookieConsentLog = pgTable(
  'cookie_consent_log',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    anonymousId: text('anonymous_id').notNull(),
    userId: integer('user_id'),
    /** Comma-separated categories, as in the cookie: necessary always, analytics and marketing opt-in. */
    categories: text('categories').notNull(),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cookie_consent_log_anonymous_idx').on(table.anonymousId)],
);
