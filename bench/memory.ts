/**
 * Memory benchmark: the production server's resident memory after a fresh start with the demo content,
 * after a restart on the same data, and after rounds of page and image requests, on PGlite and on
 * PostgreSQL, next to a bare node:http process measured in the same run. Usage:
 *
 *   npm run bench -- memory [--engines pglite,postgres] [--rounds 3] [--requests 300] [--idle-seconds 10]
 *
 * PostgreSQL is reached at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
 * fresh database is created there and dropped afterwards. The server runs from the production build in
 * BUILD_DIR (default build-perf, built first when missing) on port MEMORY_PORT (default 3294). Extra
 * flags for the server's Node.js go in MEMORY_NODE_FLAGS (to try V8 or allocator settings).
 *
 * "idle" is measured after the server answered /readyz (or its last request) and then sat idle for
 * --idle-seconds: the figure a process shows between visits, after V8's memory reducer had its chance.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { benchArgument, demoPagePaths, ensureBuild } from './http-utils.ts';
import type { MemoryFigures } from './memory-probe.ts';

type Engine = 'pglite' | 'postgres';

type Row = { configuration: string; phase: string; figures: MemoryFigures; pagesPerSecond?: number };

const engines = benchArgument('engines', 'pglite,postgres').split(',') as Engine[];
const rounds = Number(benchArgument('rounds', '3'));
const requestsPerRound = Number(benchArgument('requests', '300'));
const idleSeconds = Number(benchArgument('idle-seconds', '10'));
const env = process.env;
const postgresUrl = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const buildDir = env.BUILD_DIR ?? 'build-perf';
const port = Number(env.MEMORY_PORT ?? 3294);
const nodeFlags = (env.MEMORY_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const probe = path.resolve('bench/memory-probe.ts');
const base = `http://127.0.0.1:${port}`;

/** One of each screen of the demo content, in both languages (searches that differ every time are added). */
const pagePaths = demoPagePaths;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Child = { child: ChildProcess; measure(): Promise<MemoryFigures>; stop(): Promise<void> };

function spawnProbed(args: string[], childEnv: Record<string, string | undefined>): Child {
  const child = spawn(process.execPath, [...nodeFlags, '--import', probe, ...args], {
    env: { ...env, ...childEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    child,
    measure: () =>
      new Promise<MemoryFigures>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer from the memory probe')), 10_000);
        child.once('message', (figures) => {
          clearTimeout(timer);
          resolve(figures as MemoryFigures);
        });
        child.send('memory');
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function waitReady(server: Child) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error('server did not become ready');
    }
    await sleep(250);
  }
}

function startShop(extraEnv: Record<string, string>): Child {
  return spawnProbed(['server/main.ts'], {
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    SEED_DEMO: 'true',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    ...extraEnv,
  });
}

/** The /media URLs a page references (its image variants are rendered by sharp on first request). */
function mediaUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset|imageSrcSet|href)="([^"]+)"/g)) {
    for (const candidate of match[1]!.replaceAll('&amp;', '&').split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith('/media/')) urls.add(url);
    }
  }
  return [...urls];
}

/**
 * One round: `requestsPerRound` page requests, four at a time, cycling through the demo's screens;
 * every fifth is a search for a word never asked before (an unbounded cache would grow with these).
 * The first round also fetches every image the pages reference, in AVIF and WebP.
 */
async function warmUp(round: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const images = new Set<string>();
  const worker = async () => {
    while (next < requestsPerRound) {
      const index = next++;
      const pagePath =
        index % 5 === 4
          ? `/pretraga?search=${randomBytes(4).toString('hex')}`
          : pagePaths[index % pagePaths.length]!;
      const response = await fetch(`${base}${pagePath}`);
      const html = await response.text();
      if (response.status >= 500) throw new Error(`${pagePath} answered ${response.status}`);
      if (round === 0) for (const url of mediaUrls(html)) images.add(url);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const seconds = (performance.now() - started) / 1000;
  for (const accept of ['image/avif,image/webp,*/*', 'image/webp,*/*']) {
    for (const url of images) await (await fetch(`${base}${url}`, { headers: { accept } })).arrayBuffer();
  }
  return requestsPerRound / seconds;
}

/** Start (fresh or again), idle, warm-up rounds, idle again; one row per phase. */
async function runConfiguration(configuration: string, extraEnv: Record<string, string>): Promise<Row[]> {
  console.log(`· ${configuration}`);
  const rows: Row[] = [];
  const server = startShop(extraEnv);
  try {
    await waitReady(server);
    await sleep(idleSeconds * 1000);
    rows.push({ configuration, phase: 'idle after start', figures: await server.measure() });
    for (let round = 0; round < rounds; round++) {
      const pagesPerSecond = await warmUp(round);
      rows.push({
        configuration,
        phase: `after ${(round + 1) * requestsPerRound} requests`,
        figures: await server.measure(),
        pagesPerSecond,
      });
    }
    await sleep(idleSeconds * 1000);
    rows.push({ configuration, phase: 'idle after warm-up', figures: await server.measure() });
  } finally {
    await server.stop();
  }
  return rows;
}

async function baselineRows(): Promise<Row[]> {
  const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  const server = spawnProbed(['-e', script], {});
  try {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${base}/`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await sleep(100);
      }
    }
    await sleep(idleSeconds * 1000);
    return [{ configuration: 'baseline: bare node:http', phase: 'idle', figures: await server.measure() }];
  } finally {
    await server.stop();
  }
}

async function pgliteRows(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-memory-'));
  try {
    return [
      ...(await runConfiguration('PGlite, fresh data with demo content', { DATA_DIR: dataDir })),
      ...(await runConfiguration('PGlite, restart on the same data', { DATA_DIR: dataDir })),
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresRows(): Promise<Row[]> {
  const name = `shop_bench_memory_${randomBytes(4).toString('hex')}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  // Media still go to a data directory; only the database moves.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-memory-'));
  try {
    const databaseEnv = { DATABASE_URL: url.href, DATA_DIR: dataDir };
    return [
      ...(await runConfiguration('PostgreSQL, fresh database with demo content', databaseEnv)),
      ...(await runConfiguration('PostgreSQL, restart on the same database', databaseEnv)),
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function table(rows: Row[]): string {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  const lines = [
    '| configuration | phase | RSS MB | × baseline | heap used MB | heap total MB | external MB | array buffers MB | anonymous MB | V8 peak malloc MB | pages/s (4 at a time) |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const baselineRss = rows[0]!.figures.rss;
  for (const { configuration, phase, figures, pagesPerSecond } of rows) {
    lines.push(
      `| ${configuration} | ${phase} | ${mb(figures.rss)} | ${(figures.rss / baselineRss).toFixed(1)} | ${mb(figures.heapUsed)} | ${mb(figures.heapTotal)} | ${mb(figures.external)} | ${mb(figures.arrayBuffers)} | ${mb(figures.anonymous)} | ${mb(figures.peakMalloced)} | ${pagesPerSecond === undefined ? '' : pagesPerSecond.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

export async function runMemoryBench() {
  ensureBuild(buildDir);
  const rows = await baselineRows();
  if (engines.includes('pglite')) rows.push(...(await pgliteRows()));
  if (engines.includes('postgres')) rows.push(...(await postgresRows()));
  const header = `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · ${rounds} rounds of ${requestsPerRound} requests · idle ${idleSeconds} s${nodeFlags.length ? ` · server flags: ${nodeFlags.join(' ')}` : ''}`;
  const report = `${header}\n\n${table(rows)}\n`;
  console.log(`\n${report}`);
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/memory-${new Date().toISOString().replaceAll(':', '-')}.md`;
  fs.writeFileSync(file, report);
  console.log(`written to ${file}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runMemoryBench();
