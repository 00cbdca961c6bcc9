import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

export const mailTemplateKeys = ['registration-confirmation', 'password-reset'] as const;
export type MailTemplateKey = (typeof mailTemplateKeys)[number];

/**
 * E-mail templates per language, written in Liquid (variables are HTML-escaped in `bodyHtml`). Rows
 * without a site are the defaults the migration ships; a site's own row (edited in the admin) wins.
 * Unique per (site, key, language) and per (key, language) among the defaults: partial indexes in
 * migration 0006.
 */
export const mailTemplates = pgTable('mail_templates', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  languageCode: varchar('language_code', { length: 2 }).notNull(),
  subject: text('subject').notNull(),
  bodyHtml: text('body_html').notNull(),
  bodyText: text('body_text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
