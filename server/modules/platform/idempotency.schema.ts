import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Writes sent with an `Idempotency-Key`: the first request's answer, so that a retry (a lost
 * response, a double click, a client timeout) gets the same answer instead of doing the work again.
 * A row is `pending` while its request runs. Rows older than a day are ignored and cleared.
 */
export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    id: serial('id').primaryKey(),
    /** The key the client chose, with the method and path it was used for (one key, one operation, one caller). */
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    /**
     * Whose record it is (server/http/idempotency.ts `idempotencyScope`): `site:<id>:user:<id>` for a
     * logged-in caller, `site:<id>` for an anonymous one. Another caller's retry never finds it.
     */
    scope: text('scope').notNull(),
    /** SHA-256 of the request body: the same key with another body is a client error, not a retry. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('idempotency_requests_scope_key_idx').on(table.scope, table.key, table.operation)],
);
