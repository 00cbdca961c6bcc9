import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { openConfiguredDatabase } from '../main.ts';

// Opening the configured database applies every pending migration.
const config = loadConfig();
const { database, lock } = await openConfiguredDatabase(config, createLogger(config.LOG_LEVEL));
await database.close();
await lock?.release();
console.log(`migrations applied (${database.engine})`);
