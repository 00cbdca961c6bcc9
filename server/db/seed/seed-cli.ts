import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { openConfiguredDatabase } from '../../main.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const { database, lock } = await openConfiguredDatabase(config, logger);
try {
  const result = await seedDemo(database.db, { mediaDir: config.mediaDir });
  logger.info(result, result.seeded ? 'demo content loaded' : 'a site exists already; nothing to seed');
} finally {
  await database.close();
  await lock?.release();
}
