import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';
import { testEnv } from './test-env.ts';

export type TestDatabase = DatabaseHandle & { databaseUrl?: string; destroy(): Promise<void> };

/** A fresh, migrated database of the engine under test, private to the calling test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const pgTemplate = inject('pgTemplate');
  if (testEnv.TEST_DATABASE_URL && pgTemplate) {
    const name = `shop_t_${inject('runId') ?? 'x'}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(testEnv.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const databaseUrl = withDatabase(testEnv.TEST_DATABASE_URL, name);
    const handle = await openPostgres(databaseUrl, { max: 5 });
    return {
      ...handle,
      databaseUrl,
      async destroy() {
        await handle.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('The integration global setup did not run (see vitest.config.ts).');
  const handle = await openPglite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  return { ...handle, destroy: () => handle.close() };
}
