import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

/** The template keys the site options name (UserRegisterEmailTemplate, ResetPasswordEmailTemplate). */
export const MAIL_TEMPLATE = { register: 'user-register', resetPassword: 'reset-password' } as const;

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
