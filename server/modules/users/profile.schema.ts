import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { addressTypes } from '../../../core/address-rules.ts';
import { countries } from '../site/site.schema.ts';
import { users } from './users.schema.ts';

export type AddressType = (typeof addressTypes)[number];

/**
 * Addresses saved to an account (specification 001, section 3). A user has at most one main address
 * (a partial unique index); checkout later fills an order's addresses from these rows.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AddressType>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    city: text('city').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zipCode: text('zip_code').notNull(),
    isCompany: boolean('is_company').notNull().default(false),
    companyName: text('company_name').notNull().default(''),
    companyOib: text('company_oib').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_addresses_user_idx').on(table.userId),
    uniqueIndex('user_addresses_one_main_idx').on(table.userId).where(sql`${table.type} = 'main'`),
    check('user_addresses_type_check', sql`${table.type} in ('main', 'shipping', 'billing', 'other')`),
  ],
);

export type UserAddress = typeof userAddresses.$inferSelect;

/**
 * Per-user settings by group and key (the back office's admin language is group 'global', key
 * 'language'), as `GET settings/general/user` reads them.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.group, table.key] })],
);
