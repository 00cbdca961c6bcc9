import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { ThreadedEngine } from './embedded-thread.ts';
import { watchEmbeddedEngine } from './embedded-writes.ts';
import { rowsOf } from './raw-rows.ts';

/** The one database type services see, whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * The embedded engine: PGlite in this thread, or PGlite in a worker thread of this process (decision
 * 0568). Either way one session that every statement of the process goes through.
 */
export type EmbeddedEngine = PGlite | ThreadedEngine;

/**
 * The embedded engine behind `db`, or null on PostgreSQL: for the few statements that are prepared
 * by hand there (decision 0366), since PGlite plans every query anew.
 */
export function embeddedEngine(db: Db): EmbeddedEngine | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite || client instanceof ThreadedEngine ? client : null;
}

/**
 * The postgres.js pool behind `db` (not a transaction's), or null on PGlite: for the few statements
 * that are run as prepared statements (decision 0367). drizzle sends every query unnamed
 * (`prepare: false`), so PostgreSQL parses and plans it on every execution; a statement sent with
 * `prepare: true` is prepared once per connection and, once PostgreSQL settles on a generic plan,
 * no longer planned.
 */
export function pooledPostgres(db: Db): postgres.Sql | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return typeof client === 'function' &&
    typeof (client as { unsafe?: unknown }).unsafe === 'function' &&
    typeof (client as { begin?: unknown }).begin === 'function'
    ? (client as postgres.Sql)
    : null;
}

export type DatabaseHandle = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs raw SQL and returns rows (the two drivers shape raw results differently). */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when the engine is PGlite in this thread (tests dump it as a template). */
  pglite?: PGlite;
  /** The postgres.js client, when the engine is PostgreSQL. */
  sql?: postgres.Sql;
};

/** pg_trgm and unaccent must be passed on every PGlite open, not only when first created. */
export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * PGlite's default is PostgreSQL's 128 MB of shared buffers, and PGlite zeroes them when it starts, so
 * all of it is resident at once (about 120 MB of a fresh process). The demo database is about 13 MB;
 * pages beyond the buffers come from the operating system's file cache (docs/decisions/0150).
 */
export const defaultPgliteSharedBuffersMb = 32;

/** How the embedded engine is opened (plain data: it is also what the engine's worker thread is given). */
export type EmbeddedOpenOptions = { dataDir?: string; loadDataDir?: Blob; sharedBuffersMb?: number };

/** Opens PGlite in this thread, with the extensions and settings every open needs. */
export async function openPgliteEngine(options: EmbeddedOpenOptions = {}): Promise<PGlite> {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffersMb ?? defaultPgliteSharedBuffersMb}MB`,
    ],
    // Every acknowledged commit is flushed to the data directory before the query returns.
    relaxedDurability: false,
  });
}

/**
 * PGlite, in this thread or (`thread: 'worker'`, what a serving process uses) in a worker thread of
 * its own (decision 0568).
 */
export async function openPglite(
  options: EmbeddedOpenOptions & { thread?: 'main' | 'worker' } = {},
): Promise<DatabaseHandle> {
  const { thread = 'main', ...engineOptions } = options;
  const client: EmbeddedEngine =
    thread === 'worker' ? await ThreadedEngine.open(engineOptions) : await openPgliteEngine(engineOptions);
  // Lets readers keep what they read until something is written (decision 0372).
  watchEmbeddedEngine(client);
  const db = drizzlePglite({ client: client as PGlite }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    ...(client instanceof PGlite ? { pglite: client } : {}),
    rows: <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(db, query),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'shop' },
  });
  const db = drizzlePostgres({ client: sql }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    sql,
    rows: <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(db, query),
    async ping() {
      await sql`select 1`;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
