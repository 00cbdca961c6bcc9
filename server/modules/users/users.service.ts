import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { forbidden, unauthorized } from '../../api/errors.ts';
import type { RequestContext, RequestUser } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { authKeys, users } from './users.schema.ts';

/** The names other modules show for users (a post's author), by user id. */
export async function userDisplayNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.displayName]));
}

/**
 * The logged-in user of a request, for any module's handler that needs one: a request without a valid
 * session answers 401 in the API's error format (`UNAUTHORIZED`, 'Authentication required.').
 */
export function requireUser(ctx: RequestContext): RequestUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** The logged-in user, or null for a visitor; never fails. */
export const currentUser = (ctx: RequestContext): RequestUser | null => ctx.user;

/**
 * The logged-in back-office user of a request, for any module's back-office calls: 401 without a
 * session, 403 when the users row (not the token's copy, decision 0235) is not a back-office user.
 */
export async function requireBackofficeUser(
  db: Db,
  ctx: RequestContext,
  message = 'Back-office users only.',
): Promise<RequestUser> {
  const user = requireUser(ctx);
  const [row] = await db
    .select({ isBackofficeUser: users.isBackofficeUser })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.isBackofficeUser) throw forbidden(message);
  return user;
}

/**
 * A named secret every process shares (for modules that sign something, e.g. media upload addresses):
 * the first caller stores a random one, everyone reads that row.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(authKeys)
    .values({ name, secret: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: authKeys.secret }).from(authKeys).where(eq(authKeys.name, name));
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.secret;
}
