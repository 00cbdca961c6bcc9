import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Stored lower-case; the services normalise before every write and lookup. */
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts that only sign in through a social provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    isBackofficeUser: boolean('is_backoffice_user').notNull().default(false),
    /** Space-separated permission scopes, as in OAuth. */
    scope: text('scope').notNull().default('customer'),
    memberCardBarcode: text('member_card_barcode'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_site_email_idx').on(table.siteId, table.email),
    // A write that skipped normalisation fails instead of creating a second account for one address.
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

export type User = typeof users.$inferSelect;
