import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, forbidden, notFound, unauthorized } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { SiteService } from '../site/site.service.ts';
import { profileOf } from './accounts.service.ts';
import {
  type Account,
  ADMIN_LANGUAGE_MISSING,
  type Address,
  type addressInput,
  type OrderHistoryEntry,
  type updateUserBody,
} from './profile.contract.ts';
import { type UserAddress, userAddresses, userSettings } from './profile.schema.ts';
import { type User, users } from './users.schema.ts';
import { requireUser } from './users.service.ts';

/**
 * Where the profile's order history comes from. Until checkout stores orders there are none; the
 * checkout module passes its own source to `createProfileService` and nothing else changes.
 */
export type OrderHistorySource = (
  ctx: RequestContext,
  userId: number,
  page: number,
) => Promise<{ orders: OrderHistoryEntry[]; total: number }>;

export const noOrdersYet: OrderHistorySource = async () => ({ orders: [], total: 0 });

const ONE_MAIN_ADDRESS = 'A user may only have one main address.';

const fieldError = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION_ERROR', `${field}: ${message}`, { field, issues: [{ field, message }] });

/** A unique index said no (PostgreSQL 23505), whether it came from node-postgres or PGlite. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === '23505') return true;
  return false;
};

/** The profile calls of specification 001: the user's own data and addresses, never anyone else's. */
export function createProfileService(
  deps: Pick<Deps, 'db'>,
  sites: Pick<SiteService, 'commons'>,
  orders: OrderHistorySource = noOrdersYet,
) {
  const { db } = deps;

  /** The reference country list (cached by the site service), by id and by ISO code. */
  const countryList = async (ctx: RequestContext) =>
    (await sites.commons(ctx, 'countries')) as { id: number; iso: string; name: string }[];

  async function ownUser(ctx: RequestContext): Promise<User> {
    const current = requireUser(ctx);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.siteId, ctx.site.id), eq(users.id, current.id)))
      .limit(1);
    if (!user) throw unauthorized();
    return user;
  }

  async function addressesOf(ctx: RequestContext, userId: number): Promise<Address[]> {
    const rows = await db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(
        sql`case ${userAddresses.type} when 'main' then 0 when 'shipping' then 1 else 2 end`,
        asc(userAddresses.id),
      );
    const isoById = new Map((await countryList(ctx)).map((country) => [country.id, country.iso]));
    return rows.map((row) => addressOut(row, isoById.get(row.countryId) ?? ''));
  }

  const addressOut = (row: UserAddress, iso: string): Address => ({
    id: row.id,
    type: row.type,
    firstName: row.firstName,
    lastName: row.lastName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    countryId: row.countryId,
    country: iso,
    city: row.city,
    street: row.street,
    houseNumber: row.houseNumber,
    zipCode: row.zipCode,
    isCompany: row.isCompany,
    companyName: row.companyName,
    companyOib: row.companyOib,
  });

  const accountOf = async (ctx: RequestContext, user: User): Promise<Account> => ({
    ...profileOf(user),
    addresses: await addressesOf(ctx, user.id),
  });

  async function countryIdOf(ctx: RequestContext, iso: string): Promise<number> {
    const country = (await countryList(ctx)).find((entry) => entry.iso === iso);
    if (!country) throw fieldError('country', 'Choose a country.');
    return country.id;
  }

  async function assertNoOtherMain(userId: number, exceptId?: number) {
    const conditions = [eq(userAddresses.userId, userId), eq(userAddresses.type, 'main')];
    if (exceptId !== undefined) conditions.push(ne(userAddresses.id, exceptId));
    const [other] = await db
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(and(...conditions))
      .limit(1);
    if (other) throw new ApiError(409, 'CONFLICT', ONE_MAIN_ADDRESS, { field: 'type' });
  }

  const columnsOf = (input: z.output<typeof addressInput>, countryId: number) => ({
    type: input.type,
    firstName: input.firstName,
    lastName: input.lastName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    countryId,
    city: input.city,
    street: input.street,
    houseNumber: input.houseNumber,
    zipCode: input.zipCode,
    isCompany: input.isCompany,
    companyName: input.companyName,
    companyOib: input.companyOib,
  });

  /** Runs a write that may trip the one-main-address index in a race, turning it into the 409. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'CONFLICT', ONE_MAIN_ADDRESS, { field: 'type' });
      throw error;
    }
  }

  return {
    async account(ctx: RequestContext): Promise<Account> {
      return accountOf(ctx, await ownUser(ctx));
    },

    async backofficeAccount(ctx: RequestContext): Promise<Account> {
      const user = await ownUser(ctx);
      if (!user.isBackofficeUser) throw forbidden('Back-office users only.');
      return accountOf(ctx, user);
    },

    async updateUser(ctx: RequestContext, body: z.output<typeof updateUserBody>): Promise<Account> {
      const user = await ownUser(ctx);
      const changes: Partial<User> = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName;
      if (body.lastName !== undefined) changes.lastName = body.lastName;
      if (body.displayName !== undefined) changes.displayName = body.displayName;
      if (body.memberCardBarcode !== undefined) changes.memberCardBarcode = body.memberCardBarcode;
      if (Object.keys(changes).length === 0) return accountOf(ctx, user);
      const [updated] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return accountOf(ctx, updated!);
    },

    async createAddress(ctx: RequestContext, input: z.output<typeof addressInput>): Promise<Address> {
      const user = await ownUser(ctx);
      const countryId = await countryIdOf(ctx, input.country);
      if (input.type === 'main') await assertNoOtherMain(user.id);
      const [row] = await guarded(() =>
        db
          .insert(userAddresses)
          .values({ userId: user.id, ...columnsOf(input, countryId) })
          .returning(),
      );
      return addressOut(row!, input.country);
    },

    async updateAddress(
      ctx: RequestContext,
      id: number,
      input: z.output<typeof addressInput>,
    ): Promise<Address> {
      const user = await ownUser(ctx);
      // Only the user's own address: another user's id answers exactly like one that does not exist.
      const [existing] = await db
        .select({ id: userAddresses.id })
        .from(userAddresses)
        .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, user.id)))
        .limit(1);
      if (!existing) throw notFound('Address not found.');
      const countryId = await countryIdOf(ctx, input.country);
      if (input.type === 'main') await assertNoOtherMain(user.id, id);
      const [row] = await guarded(() =>
        db
          .update(userAddresses)
          .set({ ...columnsOf(input, countryId), updatedAt: new Date() })
          .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, user.id)))
          .returning(),
      );
      if (!row) throw notFound('Address not found.');
      return addressOut(row, input.country);
    },

    async setting(ctx: RequestContext, group: string, key: string) {
      const user = await ownUser(ctx);
      if (!user.isBackofficeUser) throw forbidden('Back-office users only.');
      const [row] = await db
        .select({ value: userSettings.value })
        .from(userSettings)
        .where(
          and(eq(userSettings.userId, user.id), eq(userSettings.group, group), eq(userSettings.key, key)),
        )
        .limit(1);
      if (!row)
        throw new ApiError(
          404,
          'SETTING_MISSING',
          group === 'global' && key === 'language'
            ? ADMIN_LANGUAGE_MISSING
            : `The setting (group '${group}', key '${key}') is not set for this user.`,
        );
      return { group, key, value: row.value };
    },

    async orderHistory(ctx: RequestContext, page: number) {
      const user = await ownUser(ctx);
      return orders(ctx, user.id, page);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
