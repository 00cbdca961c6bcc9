import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Rows of a raw SQL query; the drivers shape raw results differently (postgres.js: an array; PGlite: `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
