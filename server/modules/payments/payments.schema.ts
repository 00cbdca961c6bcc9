import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Payments (issue 13): the shared payment secrets and the built-in sandbox gateway's own state (what
// providers told the shop is recorded by the checkout: payment_events, applyPaymentOutcome). The sandbox plays an
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
    /** The merchant's own id, carried in every event (PayPal's `custom_id`): our order id. */
    customId: varchar('custom_id', { length: 64 }),
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
