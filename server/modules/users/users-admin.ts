import type { Db } from '../../db/client.ts';
import { users } from './users.schema.ts';

/**
 * Adds a back-office user (an editor with the admin scope) whose address is taken as verified.
 * Returns false, changing nothing, when the site has a user with that e-mail already.
 */
export async function createBackofficeUser(
  db: Db,
  input: { siteId: number; email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<boolean> {
  const inserted = await db
    .insert(users)
    .values({
      siteId: input.siteId,
      email: input.email.trim().toLowerCase(),
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`.trim(),
      isBackofficeUser: true,
      scope: 'admin',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}
