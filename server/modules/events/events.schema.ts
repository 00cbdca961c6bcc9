import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';
import type { eventStatuses } from './events.contract.ts';

export type EventStatus = (typeof eventStatuses)[number];

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    startEvent: timestamp('start_event', { withTimezone: true }).notNull(),
    endEvent: timestamp('end_event', { withTimezone: true }),
    /** Capacity; null when attendance is not limited. */
    eventAttendees: integer('event_attendees'),
    /** Plain id: see media.schema.ts. */
    mediaId: integer('media_id'),
    status: text('status').$type<EventStatus>().notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_site_start_idx').on(table.siteId, table.startEvent)],
);

export const eventTranslations = pgTable(
  'event_translations',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    /** Copied from the event so that the slug can be unique per site and language. */
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    location: text('location').notNull().default(''),
    contact: text('contact').notNull().default(''),
    /** Free text such as "Saturday, 14 March", written by the editor next to the exact timestamps. */
    dateText: text('date_text').notNull().default(''),
    timeText: text('time_text').notNull().default(''),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.languageCode] }),
    uniqueIndex('event_translations_slug_idx').on(table.siteId, table.languageCode, table.slug),
  ],
);
