import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './users.schema.ts';

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
