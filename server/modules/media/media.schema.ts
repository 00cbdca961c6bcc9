import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';

export const mediaAccess = ['public', 'private'] as const;
export type MediaAccess = (typeof mediaAccess)[number];

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
    title: text('title').notNull().default(''),
    /** Also used as the image's alt text. */
    description: text('description').notNull().default(''),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_site_idx').on(table.siteId, table.createdAt),
    // Not unique: two uploads of the same bytes may share one stored file.
    index('media_site_hash_idx').on(table.siteId, table.hash),
  ],
);
