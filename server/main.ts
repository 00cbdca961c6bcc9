import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { Cache } from './cache/cache.ts';
import { MemoryCache } from './cache/memory-cache.ts';
import { RedisCache } from './cache/redis-cache.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './db/client.ts';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { runMigrations } from './db/migrate.ts';
import { ensureSite, hasBackofficeUser, hasSite, invalidateAllSites } from './db/seed/bootstrap.ts';
import { answerClientErrors } from './http/client-error.ts';
import { baseSecurityHeaders, resourceCsp, securityHeaderOptions } from './http/security-headers.ts';
import { createHttpApp, createNodeListener } from './http.ts';
import { createLogger, type Logger } from './logger.ts';
import { createConfiguredStorage } from './storage/configured-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';

export type RunningServer = {
  port: number;
  close(): Promise<void>;
};

/**
 * Creating a PGlite database, migrating it and loading the content (on either engine) allocate several hundred MB
 * (WebAssembly compilation, image rendering) that the C allocator keeps in the process after they
 * are freed. A server starting on an empty data directory does that work in a short-lived child
 * process (docs/decisions/0151) while it holds the directory's lock, then opens the result.
 */
async function firstStartInChild(logger: Logger): Promise<true> {
  const started = Date.now();
  const script = fileURLToPath(new URL('./db/first-start-cli.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: 'inherit' });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0)
    throw new Error(`preparing the new data directory failed (${signal ?? `exit code ${code}`})`);
  logger.info({ ms: Date.now() - started }, 'new data directory prepared');
  return true;
}

/** Opens the database of the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openConfiguredDatabase(
  config: Config,
  logger: Logger,
  options: {
    firstStartInChild?: boolean;
    /** Where PGlite runs: its own worker thread for a serving process, this thread for a CLI (the default). */
    embeddedThread?: 'main' | 'worker';
  } = {},
): Promise<{ database: DatabaseHandle; lock?: DataDirLock; prepared: boolean }> {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
    await runMigrations(database, config.DATABASE_URL);
    const prepared =
      options.firstStartInChild === true &&
      !(await hasSite(database.db)) &&
      (await firstStartInChild(logger));
    return { database, prepared };
  }
  const lock = await lockDataDir(config.dataDir);
  try {
    const prepared =
      options.firstStartInChild === true &&
      !fs.existsSync(path.join(config.pgliteDir, 'PG_VERSION')) &&
      (await firstStartInChild(logger));
    const started = Date.now();
    const database = await openPglite({
      dataDir: config.pgliteDir,
      sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
      thread: options.embeddedThread ?? 'main',
    });
    await runMigrations(database);
    logger.info({ ms: Date.now() - started, dir: config.pgliteDir }, 'embedded database ready');
    return { database, lock, prepared };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * The demo content (SEED_DEMO), else the empty production site; does nothing when a site exists.
 * Whether it created content.
 */
export async function loadContent(
  config: Config,
  database: DatabaseHandle,
  storage: FileStorage,
  logger: Logger,
): Promise<boolean> {
  if (config.SEED_DEMO) {
    // Loaded only when needed: the seed brings image generation that a serving process never uses.
    const { seedDemo } = await import('./db/seed/seed.ts');
    const result = await seedDemo(database.db, { storage });
    if (result.seeded) logger.info({ ms: result.ms }, 'demo content loaded');
    return result.seeded;
  }
  const { created } = await ensureSite(database.db, config);
  if (created) logger.info({ name: config.SITE_NAME }, 'site created (no demo content: SEED_DEMO is off)');
  return created;
}

export async function startServer(config: Config, options: { dev?: boolean } = {}): Promise<RunningServer> {
  const logger = createLogger(config.LOG_LEVEL);
  const { database, lock, prepared } = await openConfiguredDatabase(config, logger, {
    firstStartInChild: true,
    embeddedThread: config.PGLITE_THREAD,
  });
  for (const dir of [config.mediaDir, config.outboxDir]) fs.mkdirSync(dir, { recursive: true });
  const storage = createConfiguredStorage(config);
  const cache: Cache = config.REDIS_URL
    ? new RedisCache(config.REDIS_URL, {
        commandTimeoutMs: config.CACHE_TIMEOUT_MS,
        connectTimeoutMs: config.CACHE_CONNECT_TIMEOUT_MS,
        logger,
      })
    : new MemoryCache({ maxEntries: config.CACHE_MAX_ENTRIES, maxBytes: config.CACHE_MAX_MB * 1024 * 1024 });
  const created = await loadContent(config, database, storage, logger);
  // A shared cache outlives a database (a new data directory, a recreated PostgreSQL database): what it
  // holds for the sites' ids is someone else's content now.
  if (prepared || created) await invalidateAllSites(database.db, cache);
  if (!(await hasBackofficeUser(database.db))) {
    logger.warn(
      'No back-office user yet. Create the first one with: npm run user:create -- --email you@example.com' +
        (database.engine === 'pglite'
          ? ' (stop the shop first: the embedded database allows one process)'
          : ''),
    );
  }

  let getServerBuild: () => Promise<ServerBuild>;
  let devMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  if (options.dev) {
    const vite = await import('vite');
    const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    devMiddleware = devServer.middlewares;
    closeVite = () => devServer.close();
    getServerBuild = () =>
      devServer.ssrLoadModule('virtual:react-router/server-build') as unknown as Promise<ServerBuild>;
  } else {
    const buildPath = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js');
    if (!fs.existsSync(buildPath)) throw new Error('No production build: run `npm run build` first.');
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    getServerBuild = async () => build;
  }

  const { app, services } = createHttpApp({
    config,
    logger,
    cache,
    storage,
    db: database.db,
    database,
    getServerBuild,
  });
  // The mail queue's worker (decision 0305): every process sends due mails.
  services.mail.startWorker();
  // Availability requests whose product is back in stock (decision 0422): every process looks.
  services.forms.startWorker();
  const honoListener = createNodeListener(app);
  const staticRoot = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');
  const { serveStatic } = await import('./static-files.ts');
  const serveClientFile = options.dev
    ? undefined
    : serveStatic(staticRoot, [
        ...baseSecurityHeaders(securityHeaderOptions(config)),
        ['Content-Security-Policy', resourceCsp],
      ]);

  const http = await import('node:http');
  const server = http.createServer((req, res) => {
    if (devMiddleware) return devMiddleware(req, res, () => honoListener(req, res));
    if (serveClientFile?.(req, res)) return;
    honoListener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info(
    {
      port,
      database: database.engine,
      cache: cache.kind,
      mode: options.dev ? 'development' : config.NODE_ENV,
    },
    `shop listening on http://localhost:${port}`,
  );
  // The catalogue's facet indexes and what name sorts and keywords read are loaded in the background
  // (decision 0369): readiness does not wait for them, and the first catalogue request joins the build.
  void (async () => {
    const sites = await Promise.all(
      (await services.sites.siteIds()).map((id) => services.sites.siteById(id)),
    );
    await services.catalogue.warmUp(
      sites.flatMap((site) =>
        site
          ? [
              {
                id: site.id,
                languages: site.languages.map((language) => language.code2),
                defaultLanguage: site.defaultLanguage,
              },
            ]
          : [],
      ),
    );
  })().catch((error: unknown) => logger.warn({ err: error }, 'catalogue warm-up failed'));

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      logger.info('shutting down: no new connections, finishing requests in flight');
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, config.SHUTDOWN_TIMEOUT_MS).unref());
      await Promise.race([drained, timeout]);
      server.closeAllConnections();
      await closeVite?.();
      services.forms.close();
      await services.mail.close();
      await cache.close();
      storage.close();
      await database.close();
      await lock?.release();
      logger.info('stopped');
    })();
    return closing;
  };
  return { port, close };
}

export async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = process.argv.includes('--dev');
  let running: RunningServer;
  try {
    running = await startServer(config, { dev });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
