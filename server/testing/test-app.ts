import type { Cache } from '../cache/cache.ts';
import { MemoryCache } from '../cache/memory-cache.ts';
import { loadConfig } from '../config.ts';
import { createHttpApp } from '../http.ts';
import { createLogger } from '../logger.ts';
import { createConfiguredStorage } from '../storage/configured-storage.ts';
import type { TestDatabase } from './test-db.ts';

/** The HTTP app over a test database, called in-process with `app.request()`. */
export function createTestApp(database: TestDatabase, overrides: Record<string, string> = {}, cache?: Cache) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Tests of other calls post registrations and sign-ups without a captcha, all from one address:
    // the no-script lane stays open for them (decision 0411); the captcha's own tests set it low.
    CAPTCHA_NOSCRIPT_PER_HOUR: '100000',
    CAPTCHA_NOSCRIPT_PER_ADDRESS_PER_HOUR: '10000',
    ...overrides,
  });
  const appCache = cache ?? new MemoryCache({ maxEntries: 1000 });
  const { app, services, inProcessCaller } = createHttpApp({
    config,
    logger: createLogger('silent'),
    cache: appCache,
    // DATA_DIR/media, or the bucket when the overrides configure S3.
    storage: createConfiguredStorage(config),
    db: database.db,
    database,
  });
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await app.request(path, init);
    return {
      status: response.status,
      headers: response.headers,
      // biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary response JSON
      body: (await response.json()) as Record<string, any>,
    };
  };
  return { app, services, inProcessCaller, cache: appCache, config, json };
}

export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
