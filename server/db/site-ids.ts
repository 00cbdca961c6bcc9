import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A site's table with an integer id (products, media files, …). */
type SiteTable = PgTable & { id: PgColumn; siteId: PgColumn };

/**
 * Of `ids`, those of rows of `table` that belong to the site: what a write naming other rows by id
 * (a page's media or products) checks first. Duplicates are asked once; none asked, no query.
 */
export async function idsOfSite(
  db: Pick<Db, 'select'>,
  table: SiteTable,
  siteId: number,
  ids: number[],
): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.siteId, siteId)));
  return new Set(rows.map((row) => Number(row.id)));
}
