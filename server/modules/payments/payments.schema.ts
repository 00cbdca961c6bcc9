import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

// Payments (issue 13): the shop's record of what providers told it (webhook events, each applied
// once), the shared secrets, and the built-in sandbox gateway's own state. The sandbox plays an
// outside provider, so its tables are its "provider side": every process reads the same rows.

/**
 * Secrets generated once and shared by every process (the sandbox merchant key when
 * PAYMENT_SANDBOX_SECRET is not set): the first process inserts the row, the others read it.
 */
export const paymentKeys = pgTable('payment_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every provider event the webhook accepted, once per (provider, event id): a replay finds its row
 * and changes nothing. `applied` is false for an event older than one already applied to the same
 * payment (an out-of-order delivery must not move the payment back).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    eventId: varchar('event_id', { length: 80 }).notNull(),
    /** The provider's payment (or subscription) id. */
    paymentId: varchar('payment_id', { length: 80 }).notNull(),
    /** Our reference the provider carries (the order slug). */
    reference: varchar('reference', { length: 80 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    applied: boolean('applied').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('payment_events_payment_idx').on(table.provider, table.paymentId, table.occurredAt),
  ],
);

export const sandboxPaymentKinds = ['hpf', 'order', 'subscription'] as const;
export type SandboxPaymentKind = (typeof sandboxPaymentKinds)[number];
export const sandboxStatuses = [
  'created',
  'challenge',
  'approved',
  'declined',
  'cancelled',
  'captured',
  'active',
  'refunded',
] as const;
export type SandboxStatus = (typeof sandboxStatuses)[number];

/** Recurring plans created at the sandbox (a product sold as a subscription). */
export const sandboxPlans = pgTable(
  'sandbox_plans',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    name: text('name').notNull(),
    /** Charged each interval, tax included, minor units. */
    amount: integer('amount').notNull(),
    taxAmount: integer('tax_amount').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull(),
    interval: varchar('interval', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_plans_amount_check', sql`${table.amount} >= 0 and ${table.taxAmount} >= 0`)],
);

/** One payment (card form, button-flow order or subscription) at the sandbox. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    kind: varchar('kind', { length: 16 }).$type<SandboxPaymentKind>().notNull(),
    /** The merchant's reference (our order slug). */
    reference: varchar('reference', { length: 80 }).notNull(),
    amount: integer('amount').notNull(),
    taxAmount: integer('tax_amount').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 16 }).$type<SandboxStatus>().notNull().default('created'),
    /** Only the last four digits are ever kept: `•••• 4242`. */
    maskedCard: varchar('masked_card', { length: 24 }),
    planId: varchar('plan_id', { length: 40 }).references(() => sandboxPlans.id),
    successUrl: text('success_url').notNull(),
    failureUrl: text('failure_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_payments_reference_idx').on(table.reference),
    check('sandbox_payments_amount_check', sql`${table.amount} >= 0 and ${table.taxAmount} >= 0`),
  ],
);

/** Events the sandbox sent (or tried to send) to the merchant's webhook. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    paymentId: varchar('payment_id', { length: 40 })
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_events_payment_idx').on(table.paymentId)],
);
