import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant: every process agrees on it, so only one of them migrates at a time. */
const MIGRATION_LOCK_ID = 728_410_551;

export async function runMigrations(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  if (handle.engine === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!databaseUrl) throw new Error('runMigrations needs the database URL for PostgreSQL');
  // One dedicated connection holds an advisory lock so that processes starting together migrate once.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client: sql }), { migrationsFolder });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
