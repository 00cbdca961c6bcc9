import { RedisCache } from '../../cache/redis-cache.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { openConfiguredDatabase } from '../../main.ts';
import { createConfiguredStorage } from '../../storage/configured-storage.ts';
import { invalidateAllSites } from './bootstrap.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const { database, lock } = await openConfiguredDatabase(config, logger);
const storage = createConfiguredStorage(config);
try {
  const result = await seedDemo(database.db, { storage });
  logger.info(result, result.seeded ? 'demo content loaded' : 'a site exists already; nothing to seed');
  // Running shops share Redis: they must not go on serving what it holds for the new site's id.
  if (result.seeded && config.REDIS_URL) {
    const cache = new RedisCache(config.REDIS_URL, { logger });
    await invalidateAllSites(database.db, cache);
    await cache.close();
  }
} finally {
  storage.close();
  await database.close();
  await lock?.release();
}
