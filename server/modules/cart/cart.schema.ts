import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/schema-helpers.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { coupons, deliveryMethods } from '../checkout/checkout.schema.ts';
import { currencies, sites, stores } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';

export const cartStatuses = ['active', 'archived', 'ordered'] as const;
export type CartStatus = (typeof cartStatuses)[number];

/**
 * A cart session. `cart_id` is the public id; the protect code is never stored, only its SHA-256
 * (compared in constant time). A cart belongs to one store (its language and currency). `version`
 * goes up with every change; every change runs in a transaction holding the row (SELECT … FOR UPDATE).
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    cartId: uuid('cart_id').notNull(),
    protectCodeHash: text('protect_code_hash').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    /** The account the cart belongs to; null for a visitor's cart until its owner logs in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<CartStatus>().notNull().default('active'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    memberBarcode: varchar('member_barcode', { length: 13 }),
    /** Loyalty points the shopper chose to spend on this cart. */
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    deliveryMethodId: integer('delivery_method_id').references(() => deliveryMethods.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('carts_cart_id_idx').on(table.cartId),
    index('carts_user_idx').on(table.userId, table.storeId, table.status),
    index('carts_status_updated_idx').on(table.status, table.updatedAt),
    check('carts_status_check', sql`${table.status} in (${oneOf(cartStatuses)})`),
    check('carts_loyalty_points_check', sql`${table.loyaltyPoints} >= 0`),
  ],
);

/** The options of a line in canonical form (sorted, no empty parts): what `options_hash` hashes. */
export type StoredLineOptions = {
  personalizations?: { optionId: number; valueId?: number; value?: string | number }[];
  bundleOptions?: { productId: number; variantId: number }[];
};

/**
 * A line: one product (for a Configurable: the chosen variant) with one set of options. The same
 * product with the same options is one line, so adding it again raises the quantity.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    options: jsonb('options').$type<StoredLineOptions>().notNull().default({}),
    optionsHash: varchar('options_hash', { length: 64 }).notNull(),
    /** The unit price when the line was last priced for the shopper (validateCart's price check). */
    addedUnitPrice: integer('added_unit_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_line_idx').on(table.cartId, table.productId, table.optionsHash),
    index('cart_items_product_idx').on(table.productId),
    check('cart_items_qty_check', sql`${table.qty} between 1 and 9999`),
  ],
);

/** A user's loyalty points on a site (earned with orders, spent on carts). */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.siteId] }),
    check('loyalty_accounts_points_check', sql`${table.points} >= 0`),
  ],
);
