/**
 * The first start on an empty PGlite data directory or an empty PostgreSQL database, run by the server
 * (server/main.ts) in a child process while the server waits (holding the PGlite directory's lock): it
 * creates the database, applies the migrations and loads the content, then exits, so that the memory
 * this takes leaves with it (docs/decisions/0151). Not meant to be run by hand: it takes no lock of its own.
 */
import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { loadContent } from '../main.ts';
import { createConfiguredStorage } from '../storage/configured-storage.ts';
import { openPglite, openPostgres } from './client.ts';
import { runMigrations } from './migrate.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL, { max: 2 })
  : await openPglite({ dataDir: config.pgliteDir, sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB });
for (const dir of [config.mediaDir, config.outboxDir]) fs.mkdirSync(dir, { recursive: true });
const storage = createConfiguredStorage(config);
try {
  await runMigrations(database, config.DATABASE_URL);
  await loadContent(config, database, storage, logger);
} finally {
  storage.close();
  await database.close();
}
