import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from '../site/site.schema.ts';
import type { SocialProviderName } from './social.contract.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Stored lower-case; the services normalise before every write and lookup. */
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts that only sign in through a social provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    isBackofficeUser: boolean('is_backoffice_user').notNull().default(false),
    /** Space-separated permission scopes, as in OAuth. */
    scope: text('scope').notNull().default('customer'),
    memberCardBarcode: text('member_card_barcode'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_site_email_idx').on(table.siteId, table.email),
    // A write that skipped normalisation fails instead of creating a second account for one address.
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * Named secrets the server generates once and every process shares (the token signing key when
 * AUTH_SECRET is not set): the first process to start inserts it, the others read the same row.
 */
export const authKeys = pgTable('auth_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Opaque refresh tokens, stored as their SHA-256. Every login starts a family; each use rotates the
 * token (the used one gets `rotatedAt`), and a rotated token presented again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_idx').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const userTokenPurposes = ['verify-email', 'password-reset'] as const;
export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/** Single-use tokens sent by e-mail (address confirmation, password reset), stored as their SHA-256. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<UserTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_tokens_hash_idx').on(table.tokenHash),
    index('user_tokens_user_idx').on(table.userId, table.purpose),
  ],
);

/**
 * Provider identities linked to an account (social login): the provider's subject names one account
 * of the site; an account links at most one identity per provider.
 */
export const userSocialIdentities = pgTable(
  'user_social_identities',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProviderName>().notNull(),
    subject: text('subject').notNull(),
    /** The address the provider gave at the last login (for support; the account's own stays authoritative). */
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_social_identities_subject_idx').on(table.siteId, table.provider, table.subject),
    uniqueIndex('user_social_identities_user_idx').on(table.userId, table.provider),
    check('user_social_identities_provider_check', sql`${table.provider} IN ('google', 'facebook')`),
  ],
);
