/**
 * HTTP benchmark: the shop's liveness probe, cached API reads and pages (from the page cache, and
 * rendered), next to two baselines measured in the same run (bare node:http, and a static file served
 * by the shop), because absolute numbers on shared machines mean little. The figures the targets are
 * about are printed as ratios of those baselines.
 * Usage: `npm run bench [-- --seconds 3] [--rounds 3] [--port 3290]` (the baseline listens on port + 1; BUILD_DIR
 * picks the build). With DATABASE_URL / REDIS_URL set, the shop runs on PostgreSQL / Redis.
 */

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type BenchResult, measure, printResults, startShop } from './http-utils.ts';

// `npm run bench -- catalogue`: the generated-catalogue benchmark (bench/catalogue.ts) instead.
if (process.argv.includes('catalogue')) {
  const { runCatalogueBench } = await import('./catalogue.ts');
  await runCatalogueBench();
  process.exit(0);
}

// `npm run bench -- cart`: add-to-cart and getCart on PGlite and PostgreSQL (bench/cart.ts).
if (process.argv.includes('cart')) {
  const { runCartBench } = await import('./cart.ts');
  await runCartBench();
  process.exit(0);
}

// `npm run bench -- orders`: complete-order p50/p95 and orders/s on PGlite and PostgreSQL (bench/orders.ts).
if (process.argv.includes('orders')) {
  const { runOrdersBench } = await import('./orders.ts');
  await runOrdersBench();
  process.exit(0);
}

// `npm run bench -- memory`: resident memory after start, restart and warm-up (bench/memory.ts).
if (process.argv.includes('memory')) {
  const { runMemoryBench } = await import('./memory.ts');
  await runMemoryBench();
  process.exit(0);
}

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const seconds = Number(argument('--seconds') ?? 3);
const shopPort = Number(argument('--port') ?? 3290);
const baselinePort = shopPort + 1;
const buildDir = process.env.BUILD_DIR ?? 'build';

// The baseline runs in a process of its own, like the shop: in the benchmark's process it would share
// an event loop with the load generator and look slower than it is.
const baseline = spawn(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); }).listen(${baselinePort}, '127.0.0.1', () => console.log('ready'))`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve) => baseline.stdout?.once('data', () => resolve()));
const shop = await startShop(shopPort);

const base = `http://127.0.0.1:${shopPort}`;
// The largest stylesheet: a file of the size class of a page, served from memory by the shop.
const asset = fs
  .readdirSync(path.resolve(buildDir, 'client/assets'))
  .filter((file) => file.endsWith('.css'))
  .sort(
    (a, b) =>
      fs.statSync(path.resolve(buildDir, 'client/assets', b)).size -
      fs.statSync(path.resolve(buildDir, 'client/assets', a)).size,
  )[0];

// A session cookie makes the page cache step aside: every request is rendered.
const uncached = { headers: { cookie: 'refreshToken=bench' } };
type Case = { name: string; url: string; pid?: number; options?: Parameters<typeof measure>[2] };
const cases: Case[] = [
  { name: 'baseline: bare node:http', url: `http://127.0.0.1:${baselinePort}/`, pid: baseline.pid },
  ...(asset ? [{ name: 'baseline: static file', url: `${base}/assets/${asset}` }] : []),
  { name: 'GET /healthz', url: `${base}/healthz` },
  {
    name: 'cached API read: GET /api/v1/cms/navigation/tree/main',
    url: `${base}/api/v1/cms/navigation/tree/main`,
  },
  { name: 'cached API read: GET /api/v1/cms/option/filter', url: `${base}/api/v1/cms/option/filter` },
  { name: 'cached page: GET /en', url: `${base}/en` },
  {
    name: 'cached page with a consent cookie: GET /en',
    url: `${base}/en`,
    options: { headers: { cookie: 'cookie_consent=necessary%2Canalytics; _ga=GA1.1.123.456' } },
  },
  {
    // What browsers and CDNs ask for: the page's nonce differs per response, so it is compressed per response.
    name: 'cached page, gzip: GET /en',
    url: `${base}/en`,
    options: { headers: { 'accept-encoding': 'gzip' } },
  },
  { name: 'uncached page: GET /en (session cookie)', url: `${base}/en`, options: uncached },
  {
    name: 'uncached category page: GET /shop/knjige (session cookie)',
    url: `${base}/shop/knjige`,
    options: uncached,
  },
];
// Rounds interleave the cases, and each figure is the median of its rounds: on a shared machine the
// load changes within seconds, and a baseline measured a minute before its comparison says little.
const rounds = Number(argument('--rounds') ?? 3);
const runs = new Map<string, BenchResult[]>();
try {
  for (let round = 0; round < rounds; round++)
    for (const { name, url, options, pid } of cases) {
      const result = await measure(name, url, { seconds, pid: pid ?? shop.pid, ...options });
      runs.set(name, [...(runs.get(name) ?? []), result]);
    }
} finally {
  await shop.stop();
  baseline.kill();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results: BenchResult[] = cases.map(({ name }) => {
  const all = runs.get(name) ?? [];
  const sorted = [...all].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const cpu = all.flatMap((run) => (run.cpuPerRequestUs === undefined ? [] : [run.cpuPerRequestUs]));
  return { ...sorted[Math.floor(sorted.length / 2)]!, cpuPerRequestUs: median(cpu) };
});
console.log(
  `\n${new Date().toISOString()} · median of ${rounds} interleaved rounds of ${seconds} s · 10 connections · database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · cache ${process.env.REDIS_URL ? 'Redis' : 'memory'} · static file ${asset ?? 'none'}`,
);
printResults(results);

const find = (prefix: string) => results.find((result) => result.name.startsWith(prefix));
const percent = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? 'n/a' : `${Math.round(value * 1000) / 10}%`;
// Two readings of each ratio: requests per second (what a client sees, but it moves with the machine's
// load), and the server's CPU time per request (requests one core could answer, which hardly does).
const figure = (name: string, prefix: string, basePrefix: string, target: string) => {
  const value = find(prefix);
  const base = find(basePrefix);
  return {
    figure: name,
    'by req/s': percent(value && base ? value.requestsPerSecond / base.requestsPerSecond : undefined),
    'by server CPU': percent(
      value?.cpuPerRequestUs && base?.cpuPerRequestUs
        ? base.cpuPerRequestUs / value.cpuPerRequestUs
        : undefined,
    ),
    target,
  };
};
console.table([
  figure('GET /healthz / bare node:http', 'GET /healthz', 'baseline: bare', '≥ 90%'),
  figure(
    'cached API read (navigation tree) / bare node:http',
    'cached API read: GET /api/v1/cms/navigation',
    'baseline: bare',
    '≥ 70%',
  ),
  figure(
    'cached API read (option filter) / bare node:http',
    'cached API read: GET /api/v1/cms/option',
    'baseline: bare',
    '≥ 70%',
  ),
  figure('cached page / static file', 'cached page:', 'baseline: static', '≥ 50%'),
  figure('cached page, consent cookie / static file', 'cached page with', 'baseline: static', '≥ 50%'),
  figure('cached page, gzip / static file', 'cached page, gzip', 'baseline: static', ''),
  figure('uncached page / static file', 'uncached page', 'baseline: static', ''),
]);
