import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/schema-helpers.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { currencies, sites, stores } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';

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

// ---------------------------------------------------------------------------------------------
// Checkout state and orders (issue 13). Carts live in the cart module, whose schema imports this
// one, so cart ids below are plain integers (carts.id) without a foreign key: carts are archived,
// never deleted while an order points at them.

export const orderStates = ['pending', 'active', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];
export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** An address as an order keeps it (a copy: later edits of the account do not change the order). */
export type OrderAddressData = {
  firstName: string;
  lastName: string;
  contactEmail: string;
  contactPhone: string;
  countryId: number;
  country: string;
  city: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  isCompany: boolean;
  companyName: string;
  companyOib: string;
};
export type CompanyData = { companyName: string; oib: string };

/** A guest's record, found by e-mail (guest checkout; the e-mail is kept in the guest cookie). */
export const guestUsers = pgTable(
  'guest_users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    companyOib: text('company_oib').notNull().default(''),
    addresses: jsonb('addresses').$type<OrderAddressData[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('guest_users_site_email_idx').on(table.siteId, table.email),
    check('guest_users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * The checkout's choices for a cart besides the delivery method (which the cart keeps, for its
 * delivery price): pickup branch, payment method, company data, the order's addresses, the guest.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  /** carts.id. */
  cartId: integer('cart_id').primaryKey(),
  deliveryBranchId: integer('delivery_branch_id').references(() => deliveryBranches.id, {
    onDelete: 'set null',
  }),
  paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
  companyData: jsonb('company_data').$type<CompanyData | null>(),
  shippingAddress: jsonb('shipping_address').$type<OrderAddressData | null>(),
  billingAddress: jsonb('billing_address').$type<OrderAddressData | null>(),
  guestUserId: integer('guest_user_id').references(() => guestUsers.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last order number per site and year: numbers are YYYY-NNNNNN, gap-free inside a year. */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.year] })],
);

/**
 * An order. Amounts are minor units of `currency_code` (the store's display currency) with the
 * euro rate used; `eur_grand_total` is the euro equivalent. One live order per cart (unique cart_id
 * among orders not cancelled): a repeated create finds it instead of making a second one.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderNumber: varchar('order_number', { length: 20 }).notNull(),
    /** Unguessable public id (success page, payment return URLs). */
    slug: varchar('slug', { length: 22 }).notNull(),
    /** carts.id of the cart the order came from. */
    cartId: integer('cart_id').notNull(),
    /** The cart's version the order was made from: a retry after a failed payment reuses the order only if it is the same. */
    cartVersion: integer('cart_version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestUserId: integer('guest_user_id').references(() => guestUsers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    eurRate: numeric('eur_rate', { precision: 12, scale: 6 }).notNull(),
    state: text('state').$type<OrderState>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    paymentMethodCode: integer('payment_method_code').notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    paymentProvider: varchar('payment_provider', { length: 32 }).notNull(),
    paymentName: text('payment_name').notNull(),
    deliveryMethodId: integer('delivery_method_id').references(() => deliveryMethods.id, {
      onDelete: 'set null',
    }),
    deliveryMethodCode: integer('delivery_method_code'),
    deliveryName: text('delivery_name'),
    branchId: integer('branch_id'),
    branchName: text('branch_name'),
    branchAddress: text('branch_address'),
    companyData: jsonb('company_data').$type<CompanyData | null>(),
    itemsTotal: integer('items_total').notNull(),
    couponAmount: integer('coupon_amount').notNull().default(0),
    loyaltyAmount: integer('loyalty_amount').notNull().default(0),
    deliveryAmount: integer('delivery_amount').notNull().default(0),
    taxTotal: integer('tax_total').notNull().default(0),
    grandTotal: integer('grand_total').notNull(),
    eurGrandTotal: integer('eur_grand_total').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: varchar('coupon_code', { length: 64 }),
    loyaltyPointsSpent: integer('loyalty_points_spent').notNull().default(0),
    loyaltyPointsEarned: integer('loyalty_points_earned').notNull().default(0),
    giftMessage: text('gift_message').notNull().default(''),
    orderMessage: text('order_message').notNull().default(''),
    giftTo: text('gift_to').notNull().default(''),
    giftFrom: text('gift_from').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_site_number_idx').on(table.siteId, table.orderNumber),
    uniqueIndex('orders_slug_idx').on(table.slug),
    // One live order per cart: a concurrent second create waits on this index and then finds the first.
    uniqueIndex('orders_cart_idx').on(table.cartId).where(sql`${table.state} <> 'cancelled'`),
    index('orders_user_idx').on(table.userId, table.createdAt),
    check('orders_state_check', sql`${table.state} in (${oneOf(orderStates)})`),
    check('orders_payment_status_check', sql`${table.paymentStatus} in (${oneOf(paymentStatuses)})`),
    check('orders_payment_type_check', sql`${table.paymentType} in (${oneOf(paymentTypes)})`),
    check(
      'orders_amounts_check',
      sql`${table.itemsTotal} >= 0 and ${table.couponAmount} >= 0 and ${table.loyaltyAmount} >= 0 and ${table.deliveryAmount} >= 0 and ${table.grandTotal} >= 0 and ${table.taxTotal} >= 0`,
    ),
  ],
);

/** Labels to show, and the stock the line took (given back if the order is cancelled unpaid). */
export type OrderLineOptions = { labels: string[]; stock?: { productId: number; qty: number }[] };
export type OrderLineEProduct = { delivery: 'link' | 'code' | 'qr'; url: string | null; codes: string[] };

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    parentProductId: integer('parent_product_id'),
    format: text('format').notNull(),
    sku: varchar('sku', { length: 64 }).notNull(),
    name: text('name').notNull(),
    image: text('image'),
    options: jsonb('options').$type<OrderLineOptions>().notNull().default({ labels: [] }),
    qty: integer('qty').notNull(),
    basicPrice: integer('basic_price').notNull(),
    finalPrice: integer('final_price').notNull(),
    rowTotal: integer('row_total').notNull(),
    rowTax: integer('row_tax').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** What an EProduct line delivers (its link, or the codes taken for it); shown once paid. */
    eproduct: jsonb('eproduct').$type<OrderLineEProduct | null>(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    check('order_lines_qty_check', sql`${table.qty} >= 1`),
  ],
);

export const orderAddressKinds = ['shipping', 'billing'] as const;

export const orderAddresses = pgTable(
  'order_addresses',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof orderAddressKinds)[number]>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    countryId: integer('country_id').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zipCode: text('zip_code').notNull(),
    isCompany: boolean('is_company').notNull().default(false),
    companyName: text('company_name').notNull().default(''),
    companyOib: text('company_oib').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.kind] }),
    check('order_addresses_kind_check', sql`${table.kind} in (${oneOf(orderAddressKinds)})`),
  ],
);

/** Every change of an order's state or payment status, oldest first (the order's history). */
export const orderStateChanges = pgTable(
  'order_state_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'state' or 'payment'. */
    field: varchar('field', { length: 16 }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_state_changes_order_idx').on(table.orderId, table.id)],
);

/**
 * A payment at a provider for an order (one per attempt): the provider's reference and what it
 * answered. Amount in minor units of the order's currency.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** The provider's id for the payment (order, transaction, subscription); null until it has one. */
    providerRef: varchar('provider_ref', { length: 128 }),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    amount: integer('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_payments_order_idx').on(table.orderId),
    uniqueIndex('order_payments_provider_ref_idx').on(table.provider, table.providerRef),
    check('order_payments_status_check', sql`${table.status} in (${oneOf(paymentStatuses)})`),
  ],
);

/** Provider events applied to orders: an event id is applied at most once (applyPaymentOutcome). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 32 }).notNull(),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    amount: integer('amount').notNull(),
    /** Whether the event moved the order (false: it arrived too late or out of order). */
    applied: boolean('applied').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);
