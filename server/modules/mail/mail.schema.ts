import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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

/** The template keys the site options name (UserRegisterEmailTemplate, ResetPasswordEmailTemplate). */
export const MAIL_TEMPLATE = { register: 'user-register', resetPassword: 'reset-password' } as const;

/**
 * E-mail templates per language, written in Liquid (variables are HTML-escaped in `bodyHtml`). Rows
 * without a site are the defaults the migration ships; a site's own row (edited in the admin) wins.
 * Unique per (site, key, language) and per (key, language) among the defaults: partial indexes in
 * migration 0006.
 */
export const mailTemplates = pgTable('mail_templates', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  languageCode: varchar('language_code', { length: 2 }).notNull(),
  subject: text('subject').notNull(),
  bodyHtml: text('body_html').notNull(),
  bodyText: text('body_text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The durable mail queue (migration 0014, decision 0305): rendered mails written in the transaction of
 * the change they report, sent by the worker of any process. A claimed row's `nextAttemptAt` moves a
 * lease ahead, so no other worker takes it while it is being sent; a failed send moves it to the
 * backoff time, and after the last attempt the row is `failed` with `lastError`.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    /** Extra headers (e.g. List-Unsubscribe of newsletter mails), or null. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_queue_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.status} = 'queued'`),
    check('mail_queue_status_check', sql`${table.status} IN ('queued', 'sent', 'failed')`),
  ],
);
