import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The key that signs proof-of-work challenges when CAPTCHA_HMAC_KEY is not set: the first process
 * inserts it, every other one reads the same row, so a challenge from one process verifies in another.
 */
export const captchaKeys = pgTable('captcha_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Solutions already accepted (SHA-256 of the challenge's signature, or of a reCAPTCHA token), kept
 * until the challenge would have expired anyway: the primary key makes a second use fail, in every
 * process at once.
 */
export const captchaSpent = pgTable(
  'captcha_spent',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('captcha_spent_expires_idx').on(table.expiresAt)],
);
