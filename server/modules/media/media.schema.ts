import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

export const mediaAccess = ['public', 'private'] as const;
export type MediaAccess = (typeof mediaAccess)[number];

/** The texts an editor writes for a file in one language. */
export type MediaText = { title: string; description: string; alt: string };

/**
 * Folders of the media library (the specification's "directory items"). A folder without a parent sits
 * at the top; deleting a folder moves what it holds to its parent (docs/decisions/0521).
 */
export const mediaFolders = pgTable(
  'media_folders',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_folders_site_parent_idx').on(table.siteId, table.parentId)],
);

/**
 * An uploaded or generated file. Other modules keep `media_id` as a plain integer (no foreign key) so
 * that schemas do not depend on each other; deleting a file is the media service's job.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Relative to the configured media directory (or the bucket), with forward slashes. */
    path: text('path').notNull(),
    /** The title in the site's default language (mirrors `texts`). */
    title: text('title').notNull().default(''),
    /** The image's alt text in the site's default language (mirrors `texts`). */
    description: text('description').notNull().default(''),
    /** Title, description and alt text per language code, as the editor wrote them. */
    texts: jsonb('texts').$type<Record<string, MediaText>>().notNull().default({}),
    folderId: integer('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    mime: varchar('mime', { length: 100 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Bytes. */
    size: integer('size').notNull(),
    /** sha256 hex of the original bytes; appears in media URLs so that a changed file gets a new URL. */
    hash: varchar('hash', { length: 64 }).notNull(),
    access: text('access').$type<MediaAccess>().notNull().default('public'),
    originalName: text('original_name').notNull().default(''),
    /** Sent by a visitor through the public upload (not listed on the site, reviewed in the library). */
    fromPublic: boolean('from_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_site_idx').on(table.siteId, table.createdAt),
    // Not unique: two uploads of the same bytes may share one stored file.
    index('media_site_hash_idx').on(table.siteId, table.hash),
    index('media_site_folder_idx').on(table.siteId, table.folderId),
  ],
);
