import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/schema-helpers.ts';
import { currencies, sites } from '../site/site.schema.ts';

// Media ids are plain integers: the media module owns its table and deletes usages itself, and a
// foreign key here would make the two schemas depend on each other's migration order.

export const productFormats = ['Simple', 'EProduct', 'Configurable', 'Bundle'] as const;
export type ProductFormat = (typeof productFormats)[number];
export const productStatuses = ['active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const eProductDeliveries = ['link', 'code', 'qr'] as const;
export type EProductDelivery = (typeof eProductDeliveries)[number];
/** schema.org's OfferItemCondition values, by their short names. */
export const itemConditions = ['new', 'used', 'refurbished', 'damaged'] as const;
export type ItemCondition = (typeof itemConditions)[number];
export const attributeInputTypes = ['select', 'swatch', 'radio', 'text'] as const;
export type AttributeInputType = (typeof attributeInputTypes)[number];
export const attributeFilterTypes = ['single', 'multiple'] as const;
export type AttributeFilterType = (typeof attributeFilterTypes)[number];
export const customOptionTypes = ['text', 'number'] as const;
export type CustomOptionType = (typeof customOptionTypes)[number];

// ---------------------------------------------------------------------------------------------
// Categories

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => productCategories.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    mediaId: integer('media_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_categories_site_idx').on(table.siteId, table.position),
    index('product_categories_parent_idx').on(table.parentId),
  ],
);

export const productCategoryTranslations = pgTable(
  'product_category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
    // Copied from the category so that a slug can be unique per site and language.
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.languageCode] }),
    uniqueIndex('product_category_translations_slug_idx').on(table.siteId, table.languageCode, table.slug),
  ],
);

// ---------------------------------------------------------------------------------------------
// Products

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    format: text('format').$type<ProductFormat>().notNull(),
    sku: varchar('sku', { length: 64 }).notNull(),
    /** For a variant: the Configurable product it belongs to. */
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    /** Variants are usually false: they are reached through their main product's page. */
    isVisibleIndividually: boolean('is_visible_individually').notNull().default(true),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    /**
     * Units on hand; null means not tracked. For EProducts delivered by code the free codes in
     * e_product_codes are the stock, so this stays null for them.
     */
    stockQty: integer('stock_qty'),
    manageStock: boolean('manage_stock').notNull().default(false),
    eproductDelivery: text('eproduct_delivery').$type<EProductDelivery>(),
    /** Download or access address for link delivery; never shown before the order is paid. */
    eproductUrl: text('eproduct_url'),
    weightGrams: integer('weight_grams'),
    /** VAT (PDV) in basis points: 2500 = 25 %, 500 = 5 % for books. */
    taxRateBp: integer('tax_rate_bp').notNull().default(2500),
    /** The maker's or publisher's name; the shop's own products leave it empty (the shop is the brand). */
    brand: text('brand'),
    /** GTIN-8, -12, -13 or -14 (EAN, UPC; a book's ISBN-13 is its GTIN-13), digits only. */
    gtin: varchar('gtin', { length: 14 }),
    itemCondition: text('item_condition').$type<ItemCondition>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_site_sku_idx').on(table.siteId, table.sku),
    index('products_parent_idx').on(table.parentId),
    index('products_site_listing_idx').on(table.siteId, table.status, table.isVisibleIndividually),
    check('products_format_check', sql`${table.format} in (${oneOf(productFormats)})`),
    check('products_status_check', sql`${table.status} in (${oneOf(productStatuses)})`),
    check(
      'products_eproduct_delivery_check',
      sql`${table.eproductDelivery} is null or ${table.eproductDelivery} in (${oneOf(eProductDeliveries)})`,
    ),
    check('products_stock_check', sql`${table.stockQty} is null or ${table.stockQty} >= 0`),
    check('products_tax_rate_check', sql`${table.taxRateBp} between 0 and 10000`),
    check('products_gtin_check', sql`${table.gtin} is null or ${table.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check('products_item_condition_check', sql`${table.itemCondition} in (${oneOf(itemConditions)})`),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.languageCode] }),
    uniqueIndex('product_translations_slug_idx').on(table.siteId, table.languageCode, table.slug),
  ],
);

/**
 * Prices per currency, in minor units. retail_price is the regular price with VAT; basic_price is
 * the same amount without VAT. discount_price (a sale, until discount_ends_at) and membership_price (a member card in the
 * cart) replace retail_price when they apply. On a Bundle, retail_price is the sum of its members
 * and bundle_price what the whole bundle costs; members are not repriced inside a bundle.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    basicPrice: integer('basic_price').notNull(),
    retailPrice: integer('retail_price').notNull(),
    discountPrice: integer('discount_price'),
    /** When the sale price stops applying; null while it has no announced end. */
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    membershipPrice: integer('membership_price'),
    bundlePrice: integer('bundle_price'),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.currencyId] }),
    // Price range filter and sort by price on a category page.
    index('product_prices_currency_retail_idx').on(table.currencyId, table.retailPrice),
    check(
      'product_prices_non_negative_check',
      sql`${table.basicPrice} >= 0 and ${table.retailPrice} >= 0 and coalesce(${table.discountPrice}, 0) >= 0 and coalesce(${table.membershipPrice}, 0) >= 0 and coalesce(${table.bundlePrice}, 0) >= 0`,
    ),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.mediaId] }),
    index('product_media_position_idx').on(table.productId, table.position),
  ],
);

export const productCategoryLinks = pgTable(
  'product_category_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
    /** Higher first when a category page is sorted by relevance. */
    categoryPriority: integer('category_priority').notNull().default(0),
    /** The category used for the product's breadcrumb. */
    isMain: boolean('is_main').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.categoryId] }),
    index('product_category_links_category_idx').on(table.categoryId, table.categoryPriority),
  ],
);

// ---------------------------------------------------------------------------------------------
// Attributes: the configuration of variants and the filters of category pages

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    attributeCode: varchar('attribute_code', { length: 64 }).notNull(),
    inputType: text('input_type').$type<AttributeInputType>().notNull().default('select'),
    customClass: text('custom_class'),
    position: integer('position').notNull().default(0),
    isFilterable: boolean('is_filterable').notNull().default(false),
    filterType: text('filter_type').$type<AttributeFilterType>().notNull().default('multiple'),
  },
  (table) => [
    uniqueIndex('attributes_site_code_idx').on(table.siteId, table.attributeCode),
    check('attributes_input_type_check', sql`${table.inputType} in (${oneOf(attributeInputTypes)})`),
    check('attributes_filter_type_check', sql`${table.filterType} in (${oneOf(attributeFilterTypes)})`),
  ],
);

export const attributeTranslations = pgTable(
  'attribute_translations',
  {
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    label: text('label').notNull(),
  },
  (table) => [primaryKey({ columns: [table.attributeId, table.languageCode] })],
);

/**
 * The values an attribute can take. A 'text' attribute keeps its texts here too, so that every
 * product_attribute_values row points at a value and filters count the same way for every type.
 */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    /** Stable, language-independent key used in filter query strings (e.g. '3-6', 'plava'). */
    valueCode: varchar('value_code', { length: 64 }).notNull(),
    position: integer('position').notNull().default(0),
    /** The swatch shows the media image instead of the label. */
    isMedia: boolean('is_media').notNull().default(false),
    mediaId: integer('media_id'),
    /** CSS colour (#rrggbb) for swatches. */
    swatchColor: varchar('swatch_color', { length: 7 }),
  },
  (table) => [uniqueIndex('attribute_values_code_idx').on(table.attributeId, table.valueCode)],
);

export const attributeValueTranslations = pgTable(
  'attribute_value_translations',
  {
    valueId: integer('value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    label: text('label').notNull(),
  },
  (table) => [primaryKey({ columns: [table.valueId, table.languageCode] })],
);

/** A variant's configuration, and the filterable properties of any product (several per attribute). */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.attributeId, table.valueId] }),
    // Filter counts: which products have this value.
    index('product_attribute_values_value_idx').on(table.attributeId, table.valueId),
  ],
);

/** The attributes a Configurable product's variants differ by, in the order the page asks for them. */
export const configurableAttributes = pgTable(
  'configurable_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Preselected on the product page ("shopDefault"). */
    shopDefaultValueId: integer('shop_default_value_id').references(() => attributeValues.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.attributeId] })],
);

// ---------------------------------------------------------------------------------------------
// Bundles, custom options, tags, cross-sells, codes

/**
 * Members of a Bundle. A member may be Configurable (the shopper picks its variant) but never a
 * Bundle; a CHECK cannot see another row's format, so the catalogue service and the seed enforce it.
 */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.productId] }),
    // "Which bundles contain this product" (checkBundles).
    index('bundle_items_product_idx').on(table.productId),
    check('bundle_items_quantity_check', sql`${table.quantity} > 0`),
    check('bundle_items_not_self_check', sql`${table.bundleId} <> ${table.productId}`),
  ],
);

export const customOptions = pgTable(
  'custom_options',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionType: text('option_type').$type<CustomOptionType>().notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Longest accepted text, for 'text' options. */
    maxLength: integer('max_length'),
    /** Accepted range, for 'number' options. */
    minValue: integer('min_value'),
    maxValue: integer('max_value'),
  },
  (table) => [
    index('custom_options_product_idx').on(table.productId, table.position),
    check('custom_options_type_check', sql`${table.optionType} in (${oneOf(customOptionTypes)})`),
  ],
);

export const customOptionTranslations = pgTable(
  'custom_option_translations',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => customOptions.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    optionTitle: text('option_title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.optionId, table.languageCode] })],
);

/**
 * What choosing or filling an option adds to the line. price_delta is in minor units of the
 * main currency (EUR) and is converted at the store's rate like every other euro amount.
 */
export const customOptionValues = pgTable(
  'custom_option_values',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => customOptions.id, { onDelete: 'cascade' }),
    sku: varchar('sku', { length: 64 }).notNull(),
    priceDelta: integer('price_delta').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('custom_option_values_option_idx').on(table.optionId)],
);

export const customOptionValueTranslations = pgTable(
  'custom_option_value_translations',
  {
    valueId: integer('value_id')
      .notNull()
      .references(() => customOptionValues.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    title: text('title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.valueId, table.languageCode] })],
);

/** Codes NOVO and NAJPRODAVANIJE have a special look on product cards. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
  },
  (table) => [uniqueIndex('tags_site_code_idx').on(table.siteId, table.code)],
);

export const tagTranslations = pgTable(
  'tag_translations',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tagId, table.languageCode] })],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.tagId] }),
    index('product_tags_tag_idx').on(table.tagId),
  ],
);

export const crossSells = pgTable(
  'cross_sells',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    crossProductId: integer('cross_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.crossProductId] }),
    check('cross_sells_not_self_check', sql`${table.productId} <> ${table.crossProductId}`),
  ],
);

/** The pool an EProduct with code delivery hands out from, one code per unit sold. */
export const eProductCodes = pgTable(
  'e_product_codes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Orders live in another module; no foreign key so that this table does not depend on it. */
    assignedOrderId: integer('assigned_order_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('e_product_codes_product_code_idx').on(table.productId, table.code),
    // Taking the next free code and counting free codes (the stock).
    index('e_product_codes_free_idx')
      .on(table.productId, table.id)
      .where(sql`${table.assignedOrderId} is null`),
    index('e_product_codes_order_idx').on(table.assignedOrderId),
  ],
);

// ---------------------------------------------------------------------------------------------
// The change log of the in-memory facet index (migration 0015: the triggers that fill it are there)

/** One row: the number of the last catalogue change; every process's facet index compares its own with it. */
export const catalogueIndexState = pgTable(
  'catalogue_index_state',
  {
    id: smallint('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('catalogue_index_state_id_check', sql`${table.id} = 1`)],
);

/** The products each change touched (null: too many to list, rebuild the index), by change number. */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    productId: integer('product_id'),
    source: text('source').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalogue_changes_version_idx').on(table.version)],
);
