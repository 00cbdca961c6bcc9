import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/testing/free-port.ts';

export type ServerProcessOptions = {
  /** Default: a free port. */
  port?: number;
  /**
   * Default: a new temporary directory, removed by `stop()`. Several processes on one PostgreSQL
   * database may each get their own (or share one when they share media on disk).
   */
  dataDir?: string;
  /** Added to (and overriding) the defaults: production, demo content, no rate limits, no PostgreSQL or Redis. */
  env?: Record<string, string>;
  /** How long to wait for `/readyz` to answer 200 (default 120 s: a first start seeds the demo site). */
  readyTimeoutMs?: number;
};

export type ServerProcess = {
  port: number;
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM (graceful), SIGKILL after `graceMs`; removes a data directory the helper made. Returns the exit code. */
  stop(graceMs?: number): Promise<number | null>;
};

/**
 * Starts the production server (`server/main.ts` on the build in BUILD_DIR) as a process of its own
 * and waits until `/readyz` answers 200, for tests that need a server with other settings than the
 * suite's, several servers at once, or a server to stop and restart.
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-process-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...options.env,
  };
  // An empty directory for a demo site on PGlite: the run's prepared copy, as its first start would make it.
  if (env.SEED_DEMO === 'true' && !env.DATABASE_URL && isEmptyDir(dataDir)) copyDemoDataDir(dataDir);
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async (graceMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    return exited;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, baseUrl, dataDir, child, output: () => output, exited, stop };
}

/**
 * The variable naming a data directory that a server prepared on its first start with the demo content
 * on PGlite (migrated, seeded, images rendered) and then left by a graceful stop. `npm run test:e2e`
 * (scripts/e2e.ts) prepares one per run, so that the suite seeds the demo site once instead of on
 * every fresh server (each shard's, and those the tests start): on a busy two-core machine a first
 * start takes 40-50 s, a start on a prepared directory 10 s (docs/decisions/0340).
 */
export const demoDataDirVariable = 'E2E_DEMO_DATA_DIR';

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Copies the run's prepared demo data directory into `target` (empty or missing); false, leaving
 * `target` as it was, when there is none (Playwright started without scripts/e2e.ts): the server
 * then prepares the directory itself on its first start, as before.
 */
export function copyDemoDataDir(target: string): boolean {
  const template = process.env[demoDataDirVariable];
  if (!template || !fs.existsSync(path.join(template, 'pglite', 'PG_VERSION'))) return false;
  fs.cpSync(template, target, { recursive: true });
  return true;
}

/**
 * Makes `dataDir` (empty) hold the demo site on PGlite with no server running on it, ready for a
 * test to change settings in the database before it starts a server: the run's prepared copy, or
 * else a server's first start and graceful stop.
 */
export async function prepareDemoDataDir(dataDir: string, readyTimeoutMs = 300_000): Promise<void> {
  if (copyDemoDataDir(dataDir)) return;
  const code = await (await startServerProcess({ dataDir, readyTimeoutMs })).stop();
  if (code !== 0) throw new Error(`the server preparing ${dataDir} exited with ${code}`);
}
