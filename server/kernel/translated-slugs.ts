import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * "Where does this resource live in each language": the one query behind the finder (what a path
 * names, the same thing in another language), navigation links, `alternates` in responses and the
 * sitemaps. Each module describes its own tables as a source and offers the query to others through
 * its service file.
 */
export type SlugSource = {
  entity: PgTable;
  id: AnyPgColumn;
  siteId: AnyPgColumn;
  translations: PgTable;
  /** The translation table's reference to the entity. */
  entityId: AnyPgColumn;
  languageCode: AnyPgColumn;
  slug: AnyPgColumn;
  /** What makes a resource public (published, active); evaluated per query, since it may use now(). */
  visible?: () => SQL | undefined;
  /** Further columns callers need (a post's type, a cover image, the last change). */
  extra: Record<string, AnyPgColumn | SQL.Aliased>;
  orderBy: (AnyPgColumn | SQL)[];
};

export type SlugQuery = {
  siteId: number;
  ids?: readonly number[];
  /** Resources with this slug in one of `languages`. */
  slug?: string;
  /** Only texts in these languages; every language when omitted. */
  languages?: readonly string[];
};

export type SlugRow = { id: number; languageCode: string; slug: string };

export async function translatedSlugs<Extra = object>(
  db: Db,
  source: SlugSource,
  query: SlugQuery,
): Promise<(SlugRow & Extra)[]> {
  if (query.ids?.length === 0 || query.languages?.length === 0) return [];
  const rows = await db
    .select({ id: source.id, languageCode: source.languageCode, slug: source.slug, ...source.extra })
    .from(source.entity)
    .innerJoin(source.translations, eq(source.entityId, source.id))
    .where(
      and(
        eq(source.siteId, query.siteId),
        source.visible?.(),
        query.ids ? inArray(source.id, [...query.ids]) : undefined,
        query.slug !== undefined ? eq(source.slug, query.slug) : undefined,
        query.languages ? inArray(source.languageCode, [...query.languages]) : undefined,
      ),
    )
    .orderBy(...source.orderBy);
  return rows as unknown as (SlugRow & Extra)[];
}

/** The slug per language of each resource: id -> { languageCode -> slug }. */
export function slugsById(rows: readonly SlugRow[]): Map<number, Record<string, string>> {
  const byId = new Map<number, Record<string, string>>();
  for (const row of rows) {
    const slugs = byId.get(row.id) ?? {};
    slugs[row.languageCode] = row.slug;
    byId.set(row.id, slugs);
  }
  return byId;
}
