import { sql } from 'drizzle-orm';
import {
  boolean,
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
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/schema-helpers.ts';
import { currencies, sites } from '../site/site.schema.ts';

// Reference data of the checkout: delivery and payment methods, coupons, price rules, member cards.
// Amounts are minor units; where no currency column is given they are in the main currency (EUR)
// and converted at the store's fixed rate.

/** Method code of pickup in a branch: the checkout asks for a branch only for this one. */
export const PICKUP_METHOD_CODE = 15;
/** Method code of card payment: the checkout shows card logos for it. */
export const CARD_METHOD_CODE = 1;

export const paymentTypes = ['cod', 'bank_transfer', 'HPF', 'button'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const couponTypes = ['percent', 'fixed', 'free_delivery'] as const;
export type CouponType = (typeof couponTypes)[number];

/** 'ALL' or a list of ISO 3166 alpha-2 codes. */
export type CountryList = 'ALL' | string[];

export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    methodCode: integer('method_code').notNull(),
    price: integer('price').notNull().default(0),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** Delivery is free when the items total reaches this amount (same currency as price). */
    freeOver: integer('free_over'),
    /**
     * Offered only when every line is an EProduct, and then the only kind offered: nothing
     * physical is shipped, so the shopper should not be asked to pay for or pick a courier.
     */
    isDigital: boolean('is_digital').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    countries: jsonb('countries').$type<CountryList>().notNull().default(sql`'"ALL"'::jsonb`),
  },
  (table) => [
    index('delivery_methods_site_idx').on(table.siteId, table.position),
    check('delivery_methods_price_check', sql`${table.price} >= 0 and coalesce(${table.freeOver}, 0) >= 0`),
  ],
);

export const deliveryMethodTranslations = pgTable(
  'delivery_method_translations',
  {
    methodId: integer('method_id')
      .notNull()
      .references(() => deliveryMethods.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.methodId, table.languageCode] })],
);

/** Pickup places of a method (the "options" of a shipping method). */
export const deliveryBranches = pgTable(
  'delivery_branches',
  {
    id: serial('id').primaryKey(),
    methodId: integer('method_id')
      .notNull()
      .references(() => deliveryMethods.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [index('delivery_branches_method_idx').on(table.methodId, table.position)],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    methodCode: integer('method_code').notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    /** Which payment adapter handles it ('offline' for cod and bank transfer, 'sandbox' built in). */
    provider: varchar('provider', { length: 32 }).notNull().default('offline'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('payment_methods_site_idx').on(table.siteId, table.position),
    check('payment_methods_type_check', sql`${table.paymentType} in (${oneOf(paymentTypes)})`),
  ],
);

export const paymentMethodTranslations = pgTable(
  'payment_method_translations',
  {
    methodId: integer('method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.methodId, table.languageCode] })],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Stored upper-case; shoppers' input is upper-cased before the lookup. */
    code: varchar('code', { length: 64 }).notNull(),
    type: text('type').$type<CouponType>().notNull(),
    /** Basis points for 'percent' (1000 = 10 %), minor units of EUR for 'fixed', 0 for 'free_delivery'. */
    value: integer('value').notNull().default(0),
    /** Items total (EUR minor units) the cart must reach. */
    minOrderTotal: integer('min_order_total'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_site_code_idx').on(table.siteId, table.code),
    check('coupons_code_upper_check', sql`${table.code} = upper(${table.code})`),
    check('coupons_type_check', sql`${table.type} in (${oneOf(couponTypes)})`),
    check(
      'coupons_value_check',
      sql`${table.value} >= 0 and (${table.type} <> 'percent' or ${table.value} <= 10000)`,
    ),
    check('coupons_used_count_check', sql`${table.usedCount} >= 0`),
  ],
);

export type DiscountTarget = { categoryIds: number[]; productIds: number[] };

/**
 * Catalogue price rules: a percentage off the retail price of the listed products and of every
 * product in the listed categories, while the rule is active and inside its dates.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    percentBp: integer('percent_bp').notNull(),
    appliesTo: jsonb('applies_to')
      .$type<DiscountTarget>()
      .notNull()
      .default(sql`'{"categoryIds":[],"productIds":[]}'::jsonb`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('discounts_site_idx').on(table.siteId, table.isActive),
    check('discounts_percent_check', sql`${table.percentBp} > 0 and ${table.percentBp} <= 10000`),
  ],
);

/** Membership cards a logged-in shopper can apply to get membership prices. */
export const memberCards = pgTable(
  'member_cards',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** EAN-13; the check digit is validated with core/ean13.ts before it is stored or looked up. */
    barcode: varchar('barcode', { length: 13 }).notNull(),
    holderName: text('holder_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_cards_site_barcode_idx').on(table.siteId, table.barcode),
    check('member_cards_barcode_digits_check', sql`${table.barcode} ~ '^[0-9]{13}$'`),
  ],
);
