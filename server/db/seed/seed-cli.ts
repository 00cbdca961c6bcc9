import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { openConfiguredDatabase } from '../../main.ts';
import { createConfiguredStorage } from '../../storage/configured-storage.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const { database, lock } = await openConfiguredDatabase(config, logger);
const storage = createConfiguredStorage(config);
try {
  const result = await seedDemo(database.db, { storage });
  logger.info(result, result.seeded ? 'demo content loaded' : 'a site exists already; nothing to seed');
} finally {
  storage.close();
  await database.close();
  await lock?.release();
}
