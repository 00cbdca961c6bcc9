import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FormFieldDefinition, FormSettings, FormType, LocalizedText } from '../../../core/forms.ts';
import { products } from '../catalogue/catalogue.schema.ts';
import { sites } from '../site/site.schema.ts';

/**
 * Forms an editor defines as data (docs/decisions/0420): a type of specification 000 section 3, a
 * title per language and the fields (name, type, required, label per language, validation). The form
 * section and the product page render any of them.
 */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** A stable name for the editor and the seed ('contact', 'product-availability'). */
    key: text('key').notNull(),
    type: text('type').$type<FormType>().notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    fields: jsonb('fields').$type<FormFieldDefinition[]>().notNull(),
    settings: jsonb('settings').$type<FormSettings>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('forms_site_key_idx').on(table.siteId, table.key),
    index('forms_site_type_idx').on(table.siteId, table.type),
  ],
);

export const formSubmissionStatuses = ['received', 'pending', 'confirmed'] as const;
export type FormSubmissionStatus = (typeof formSubmissionStatuses)[number];
export const availabilityStatuses = ['waiting', 'due', 'notified'] as const;
export type AvailabilityStatus = (typeof availabilityStatuses)[number];

/**
 * What visitors sent through a form: the data as jsonb (values of the form's fields only), the site,
 * the client address and when. `status` is `pending` while a double-opt-in form waits for its mailed
 * link. An availability request names its product; `notifyStatus` goes waiting → due (a trigger on
 * products, when the stock returns) → notified (the worker that queued the mail, once).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Null for contact/contactAdmin, which has its own fixed fields. */
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    formType: text('form_type').$type<FormType>().notNull(),
    data: jsonb('data').$type<Record<string, string | boolean>>().notNull(),
    email: text('email'),
    languageCode: varchar('language_code', { length: 2 }).notNull(),
    address: text('address'),
    status: text('status').$type<FormSubmissionStatus>().notNull().default('received'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    notifyStatus: text('notify_status').$type<AvailabilityStatus>(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('form_submissions_site_created_idx').on(table.siteId, table.createdAt),
    uniqueIndex('form_submissions_confirm_token_idx').on(table.confirmTokenHash),
    index('form_submissions_product_waiting_idx')
      .on(table.productId)
      .where(sql`${table.notifyStatus} = 'waiting'`),
    index('form_submissions_due_idx').on(table.id).where(sql`${table.notifyStatus} = 'due'`),
    // One waiting request per address and product: asking twice does not mean two mails.
    uniqueIndex('form_submissions_waiting_once_idx')
      .on(table.productId, table.email)
      .where(sql`${table.notifyStatus} = 'waiting'`),
    check('form_submissions_status_check', sql`${table.status} in ('received', 'pending', 'confirmed')`),
    check(
      'form_submissions_notify_status_check',
      sql`${table.notifyStatus} is null or ${table.notifyStatus} in ('waiting', 'due', 'notified')`,
    ),
  ],
);

export type FormRow = typeof forms.$inferSelect;
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;
