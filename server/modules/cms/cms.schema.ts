import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';
import type { elementHandlers, postTypes, sectionTypes, termTypes } from './cms.contract.ts';

// Every translatable text lives in a `*_translations` table keyed by (entity, language_code); the
// services fall back to the site's default language when a row is missing. Slug tables repeat
// `site_id` so that a slug can be unique per site and language with a plain index.
// Media ids are plain integers (see media.schema.ts).

export type TermType = (typeof termTypes)[number];

/** Categories and tags of blog posts. */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type').$type<TermType>().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => terms.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('terms_site_type_idx').on(table.siteId, table.type, table.position)],
);

export const termTranslations = pgTable(
  'term_translations',
  {
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.termId, table.languageCode] }),
    uniqueIndex('term_translations_slug_idx').on(table.siteId, table.languageCode, table.slug),
  ],
);

export type PostType = (typeof postTypes)[number];
export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

/** Pages and blog posts. A page's content is its ordered sections; a post's content is its body. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type').$type<PostType>().notNull(),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hero image. */
    mediaId: integer('media_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    allowComments: boolean('allow_comments').notNull().default(true),
    /** Raised by every edit-mode save: a save that names an older version is refused (a conflict). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('posts_site_listing_idx').on(table.siteId, table.type, table.status, table.publishedAt)],
);

export const postTranslations = pgTable(
  'post_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.languageCode] }),
    uniqueIndex('post_translations_slug_idx').on(table.siteId, table.languageCode, table.slug),
  ],
);

export const postTerms = pgTable(
  'post_terms',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.termId] }),
    index('post_terms_term_idx').on(table.termId),
  ],
);

export type SectionType = (typeof sectionTypes)[number];

/** A block of a page. A master section is shared: editing it changes every page that shows it. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type').$type<SectionType>().notNull(),
    isMaster: boolean('is_master').notNull().default(false),
    /** The editor's label in the admin; never shown to visitors. */
    name: text('name').notNull().default(''),
    showDesktop: boolean('show_desktop').notNull().default(true),
    showMobile: boolean('show_mobile').notNull().default(true),
    /** Options that do not depend on the language (layout, colours, media ids, counts). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sections_site_idx').on(table.siteId, table.isMaster)],
);

export const sectionTranslations = pgTable(
  'section_translations',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    /** Texts of the section; the shape depends on the section type (section-content.ts). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.sectionId, table.languageCode] })],
);

export const postSections = pgTable(
  'post_sections',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    // Not unique with post_id: reordering then needs no deferred constraint; ties sort by id.
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('post_sections_post_idx').on(table.postId, table.position),
    index('post_sections_section_idx').on(table.sectionId),
  ],
);

export const navigationHandles = ['main', 'footer1', 'footer2', 'footer3', 'footer4'] as const;
export type NavigationHandle = (typeof navigationHandles)[number];

export const navigationMenus = pgTable(
  'navigation_menus',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    handle: text('handle').$type<NavigationHandle>().notNull(),
  },
  (table) => [uniqueIndex('navigation_menus_site_handle_idx').on(table.siteId, table.handle)],
);

export const navigationLinkTypes = [
  'page',
  'post',
  'term',
  'product',
  'category',
  'event',
  'external',
  'static',
] as const;
export type NavigationLinkType = (typeof navigationLinkTypes)[number];

export const navigationItems = pgTable(
  'navigation_items',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => navigationMenus.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => navigationItems.id, {
      onDelete: 'cascade',
    }),
    position: integer('position').notNull().default(0),
    linkType: text('link_type').$type<NavigationLinkType>().notNull(),
    /** Id of the post, term, product, category or event; null for external and static links. */
    targetId: integer('target_id'),
    /** An absolute URL for external links, a path such as '/shop' for static ones. */
    url: text('url'),
    rel: text('rel').notNull().default('dofollow'),
    /** Null means the default: '_blank' for external links, the same tab otherwise. */
    target: text('target'),
    icon: text('icon'),
  },
  (table) => [
    index('navigation_items_menu_idx').on(table.menuId, table.parentId, table.position),
    check(
      'navigation_items_target_check',
      sql`(${table.linkType} in ('external', 'static')) = (${table.targetId} is null)`,
    ),
  ],
);

export const navigationItemTranslations = pgTable(
  'navigation_item_translations',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => navigationItems.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    title: text('title').notNull(),
    /** Overrides the item's url in this language (an English page of a partner, say). */
    url: text('url'),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.languageCode] })],
);

export type ElementHandler = (typeof elementHandlers)[number];

/** Static layout elements (header, footer, cookie notice), one row per language. */
export const elements = pgTable(
  'elements',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    handler: text('handler').$type<ElementHandler>().notNull(),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    title: text('title').notNull().default(''),
    slug: text('slug').notNull().default(''),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    mobileMeta: jsonb('mobile_meta').$type<Record<string, unknown>>().notNull().default({}),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    mobileOptions: jsonb('mobile_options').$type<Record<string, unknown>>().notNull().default({}),
    parts: jsonb('parts').$type<Record<string, unknown>>().notNull().default({}),
    /** Raised by every update: an update that names an older version is refused (a conflict). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('elements_site_handler_language_idx').on(table.siteId, table.handler, table.languageCode),
  ],
);

export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** A path with its language prefix, without host or query: '/stara-stranica', '/en/old-page'. */
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    status: smallint('status').$type<301 | 302>().notNull().default(301),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('redirects_site_from_idx').on(table.siteId, table.fromPath),
    check('redirects_status_check', sql`${table.status} in (301, 302)`),
  ],
);

/** Paths that answered 404, counted so that editors can add redirects for the frequent ones. */
export const failedRequests = pgTable(
  'failed_requests',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    hits: integer('hits').notNull().default(1),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('failed_requests_site_path_idx').on(table.siteId, table.path)],
);
