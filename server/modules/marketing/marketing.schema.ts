import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

export const newsletterStatuses = ['pending', 'subscribed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The language the visitor subscribed in; newsletters go out in it. */
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    status: text('status').$type<NewsletterStatus>().notNull().default('pending'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_site_email_idx').on(table.siteId, table.email),
    check('newsletter_subscriptions_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
