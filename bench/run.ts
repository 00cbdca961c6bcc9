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
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchResult, measure, startShop } from './http-utils.ts';

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
const mirrorPort = shopPort + 2;
const buildDir = process.env.BUILD_DIR ?? 'build';
/** Case keys to measure (see `key` below), e.g. `healthz,nav,option`; all by default. */
const only = (argument('--cases') ?? '').split(',').filter(Boolean);
const withMirror = !process.argv.includes('--no-mirror');
/** Keep-alive connections of the load generator (the same for baseline, mirror and case). */
const connections = Number(argument('--connections') ?? 10);
/** Another checkout's server (e.g. main's, `git archive main | tar -x -C DIR`, a symlink to this node_modules). */
const tree = argument('--tree');

// The baselines run in a process of their own, like the shop: in the benchmark's process they would
// share an event loop with the load generator and look slower than they are.
const mirrorFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-mirror-')), 'mirror.json');
const baseline = spawn(
  process.execPath,
  [
    fileURLToPath(new URL('./bare-servers.ts', import.meta.url)),
    String(baselinePort),
    String(mirrorPort),
    mirrorFile,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve) => baseline.stdout?.once('data', () => resolve()));
const shop = await startShop(shopPort, {}, tree);

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
const uncached = { cookie: 'refreshToken=bench' };
type Baseline = 'bare' | 'static';
type Case = { key: string; name: string; path: string; baseline: Baseline; headers?: Record<string, string> };
const allCases: Case[] = [
  { key: 'healthz', name: 'GET /healthz', path: '/healthz', baseline: 'bare' },
  {
    key: 'nav',
    name: 'cached API read: GET /api/v1/cms/navigation/tree/main',
    path: '/api/v1/cms/navigation/tree/main',
    baseline: 'bare',
  },
  {
    key: 'option',
    name: 'cached API read: GET /api/v1/cms/option/filter',
    path: '/api/v1/cms/option/filter',
    baseline: 'bare',
  },
  { key: 'page', name: 'cached page: GET /en', path: '/en', baseline: 'static' },
  {
    key: 'consent',
    name: 'cached page with a consent cookie: GET /en',
    path: '/en',
    baseline: 'static',
    headers: { cookie: 'cookie_consent=necessary%2Canalytics; _ga=GA1.1.123.456' },
  },
  {
    // What browsers and CDNs ask for: the page's nonce differs per response; gzipped from parts (0295).
    key: 'gzip',
    name: 'cached page, gzip: GET /en',
    path: '/en',
    baseline: 'static',
    headers: { 'accept-encoding': 'gzip' },
  },
  {
    key: 'uncached',
    name: 'uncached page: GET /en (session cookie)',
    path: '/en',
    baseline: 'static',
    headers: uncached,
  },
  {
    key: 'category',
    name: 'uncached category page: GET /shop/knjige (session cookie)',
    path: '/shop/knjige',
    baseline: 'static',
    headers: uncached,
  },
];
const cases = allCases.filter((c) => only.length === 0 || only.includes(c.key));
const baselines: Record<Baseline, { name: string; url: string; pid: number | undefined }> = {
  bare: { name: 'baseline: bare node:http', url: `http://127.0.0.1:${baselinePort}/`, pid: baseline.pid },
  static: { name: 'baseline: static file', url: `${base}/assets/${asset}`, pid: shop.pid },
};

/** One answer of the shop, as the mirror sends it again (without Date and the connection's headers). */
const capture = (c: Case) =>
  new Promise<{ status: number; headers: Record<string, string | string[]>; body: string }>(
    (resolve, reject) => {
      http
        .get(`${base}${c.path}`, { headers: c.headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers: Record<string, string | string[]> = {};
            for (const [name, value] of Object.entries(res.headers))
              if (
                value !== undefined &&
                !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)
              )
                headers[name] = value;
            resolve({
              status: res.statusCode ?? 200,
              headers,
              body: Buffer.concat(chunks).toString('base64'),
            });
          });
        })
        .on('error', reject);
    },
  );
if (withMirror) {
  const entries: Record<string, unknown> = {};
  for (const [index, c] of cases.entries()) entries[index] = await capture(c);
  fs.writeFileSync(mirrorFile, JSON.stringify(entries));
}

/**
 * Pairs inside each round: every case is measured right after its baseline and right before it again
 * (bare node:http for /healthz and the reads, the static file for pages), with the mirror of its bytes
 * just before it: `B M₁ C₁ B M₂ C₂ B …`. Each pair's ratio is the case against the mean of the
 * baseline slices on either side of it, so the machine's drift between rounds (larger than the gaps
 * measured) cancels; the figure is the median of the per-pair ratios. Each URL is warmed up once.
 */
const rounds = Number(argument('--rounds') ?? 3);
type Pair = { before: BenchResult; mirror?: BenchResult; run: BenchResult; after: BenchResult };
const pairs = new Map<string, Pair[]>();
const warmed = new Set<string>();
const slice = async (
  name: string,
  url: string,
  pid: number | undefined,
  headers?: Record<string, string>,
) => {
  const warmKey = `${url}\n${JSON.stringify(headers ?? {})}`;
  const result = await measure(name, url, {
    seconds,
    pid,
    headers,
    connections,
    warmUp: !warmed.has(warmKey),
  });
  warmed.add(warmKey);
  if (result.errors + result.non2xx > 0)
    console.log(`!! ${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result;
};
try {
  for (let round = 0; round < rounds; round++) {
    let last: { baseline: Baseline; result: BenchResult } | undefined;
    for (const [index, c] of cases.entries()) {
      const b = baselines[c.baseline];
      const before = last?.baseline === c.baseline ? last.result : await slice(b.name, b.url, b.pid);
      const mirror = withMirror
        ? await slice(`mirror: ${c.name}`, `http://127.0.0.1:${mirrorPort}/mirror/${index}`, baseline.pid)
        : undefined;
      const run = await slice(c.name, `${base}${c.path}`, shop.pid, c.headers);
      const after = await slice(b.name, b.url, b.pid);
      last = { baseline: c.baseline, result: after };
      pairs.set(c.key, [...(pairs.get(c.key) ?? []), { before, mirror, run, after }]);
    }
    console.log(`round ${round + 1} of ${rounds} done ${new Date().toISOString()} · load ${loadAverage()}`);
  }
} finally {
  await shop.stop();
  baseline.kill();
  fs.rmSync(path.dirname(mirrorFile), { recursive: true, force: true });
}

function loadAverage() {
  return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
const median = (values: number[]) => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const middle = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[middle]! : (finite[middle - 1]! + finite[middle]!) / 2;
};
const mean = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? Number.NaN : (a + b) / 2;
const percent = (value: number) => (Number.isFinite(value) ? `${Math.round(value * 1000) / 10}%` : 'n/a');
const byRps = (run: BenchResult | undefined, b: BenchResult, a: BenchResult) =>
  (run?.requestsPerSecond ?? Number.NaN) / mean(b.requestsPerSecond, a.requestsPerSecond);
const byCpu = (run: BenchResult | undefined, b: BenchResult, a: BenchResult) =>
  mean(b.cpuPerRequestUs, a.cpuPerRequestUs) / (run?.cpuPerRequestUs ?? Number.NaN);

console.log(
  `\n${new Date().toISOString()} · ${rounds} rounds, each case paired with its baseline in every round, slices of ${seconds} s · ${connections} connections · database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · cache ${process.env.REDIS_URL ? 'Redis' : 'memory'} · static file ${asset ?? 'none'} · server ${tree ?? 'this tree'} · load ${loadAverage()}`,
);
// Req/s, server CPU µs per request and the load generator's CPU per request (and how busy it was: 1
// is one core for the whole slice), medians over the rounds; the baseline rows over all its slices.
const row = (name: string, results: BenchResult[]) => ({
  benchmark: name,
  'req/s': Math.round(median(results.map((r) => r.requestsPerSecond))),
  'p50 ms': median(results.map((r) => r.p50)),
  'p99 ms': median(results.map((r) => r.p99)),
  'server µs/req': median(results.map((r) => r.cpuPerRequestUs ?? Number.NaN)),
  'server switches/req': median(results.map((r) => r.switchesPerRequest ?? Number.NaN)),
  'client µs/req': median(results.map((r) => r.clientCpuPerRequestUs ?? Number.NaN)),
  'client busy': median(results.map((r) => r.clientBusy ?? Number.NaN)),
  'errors+non2xx': results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
});
const rows = [];
for (const kind of ['bare', 'static'] as const) {
  const slices = [...pairs.entries()].flatMap(([key, list]) =>
    cases.find((c) => c.key === key)?.baseline === kind ? list.flatMap((p) => [p.before, p.after]) : [],
  );
  if (slices.length > 0) rows.push(row(baselines[kind].name, [...new Set(slices)]));
}
for (const c of cases) {
  const list = pairs.get(c.key) ?? [];
  if (withMirror)
    rows.push(
      row(
        `mirror of: ${c.name}`,
        list.flatMap((p) => (p.mirror ? [p.mirror] : [])),
      ),
    );
  rows.push(
    row(
      c.name,
      list.map((p) => p.run),
    ),
  );
}
console.table(rows);

// The ratios: per pair (one per round, listed), and their median. Against the baseline of the target
// (by req/s: what a client sees; by server CPU: requests one core could answer, steadier on a busy
// machine), and against the mirror (the same bytes sent by a bare server: the shop's own overhead).
const targets: Record<string, string> = {
  healthz: '≥ 90%',
  nav: '≥ 70%',
  option: '≥ 70%',
  page: '≥ 50%',
  consent: '≥ 50%',
};
console.table(
  cases.map((c) => {
    const list = pairs.get(c.key) ?? [];
    const rps = list.map((p) => byRps(p.run, p.before, p.after));
    const cpu = list.map((p) => byCpu(p.run, p.before, p.after));
    const mirrorRps = list.map((p) =>
      p.mirror ? p.run.requestsPerSecond / p.mirror.requestsPerSecond : Number.NaN,
    );
    const mirrorCpu = list.map((p) =>
      p.mirror?.cpuPerRequestUs && p.run.cpuPerRequestUs
        ? p.mirror.cpuPerRequestUs / p.run.cpuPerRequestUs
        : Number.NaN,
    );
    return {
      figure: `${c.key} / ${c.baseline === 'bare' ? 'bare node:http' : 'static file'}`,
      'by req/s': percent(median(rps)),
      'pairs by req/s': rps.map(percent).join(' '),
      'by server CPU': percent(median(cpu)),
      'pairs by CPU': cpu.map(percent).join(' '),
      ...(withMirror
        ? { 'mirror by req/s': percent(median(mirrorRps)), 'mirror by CPU': percent(median(mirrorCpu)) }
        : {}),
      target: targets[c.key] ?? '',
    };
  }),
);
