/**
 * Cart benchmark: add-to-cart (`POST addItem` to an existing cart) and `POST getCart`, p50/p95 at 10
 * and 50 connections, on PGlite and on PostgreSQL, next to a bare node:http baseline measured in the
 * same run. Usage:
 *
 *   npm run bench -- cart [--seconds 5] [--engines pglite,postgres] [--connections 10,50] [--carts 500]
 *                         [--cases baseline,floor,floor-sync,add,add-key,get] [--profile DIR]
 *
 * Next to the shop: `addItem with Idempotency-Key` (each add with its own key, as the browser sends
 * every write) and the floor (bench/cart-floor.ts): the same SQL statements of an add and of getCart
 * on a bare node:http server with the same driver and pool size, started after the shop on the same
 * database and carts; `floor-sync` is the floor committing synchronously. A summary compares the
 * shop with the floor and the bare baseline of the same run.
 *
 * `--cases` picks what is measured (default all). `--profile DIR` runs the shop under `node --cpu-prof`
 * and leaves its V8 CPU profile in DIR (read it with `node bench/cpu-profile-summary.ts DIR/*.cpuprofile`).
 *
 * Each request addresses one of `--carts` carts in turn (shoppers each with their own cart); every
 * cart starts with one line. The product's stock is raised first so that adds never run out. PostgreSQL
 * is reached at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) in a fresh
 * database dropped afterwards. The server runs from the production build in BUILD_DIR (default
 * build-perf), built first when it is missing.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/seed.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';
import { benchArgument, cpuSeconds, ensureBuild, spawnServer } from './http-utils.ts';

type Engine = 'pglite' | 'postgres';
export type CartResult = {
  engine: Engine;
  connections: number;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  /** CPU time the measured process spent per answered request, in µs: what moves least with the machine's load. */
  cpuPerRequestUs?: number;
  /** CPU time of the benchmark database's own server processes (PostgreSQL backends) per request, in µs. */
  dbCpuPerRequestUs?: number;
};

/**
 * CPU seconds used so far by the PostgreSQL backends connected to the benchmark's database (from
 * /proc; the server is local). Set while PostgreSQL is measured; pools keep their connections, so the
 * difference over a run is what the database spent on it (the shared WAL writer is not in it).
 */
let databaseCpu: (() => Promise<number>) | undefined;

const seconds = Number(benchArgument('seconds', '5'));
const connectionCounts = benchArgument('connections', '10,50').split(',').map(Number);
const engines = benchArgument('engines', 'pglite,postgres').split(',') as Engine[];
const cartCount = Number(benchArgument('carts', '500'));
const cases = new Set(
  benchArgument('cases', 'baseline,floor,floor-sync,floor-1rt,add,add-key,get').split(','),
);
const profileDir = benchArgument('profile', '');
const env = process.env;
const postgresUrl = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const buildDir = env.BUILD_DIR ?? 'build-perf';
const shopPort = 3298;
const baselinePort = 3299;
/** Not used by the other benchmarks (catalogue and orders use 3296-3297), which may run at the same time. */
const floorPort = 3289;
/** The demo's first book: a Simple product, priced in both stores. */
const SKU = 'KNJ-001';
const headers = { 'content-type': 'application/json', language: 'en' };

async function measure(
  engine: Engine,
  connections: number,
  name: string,
  url: string,
  body?: (n: number) => string,
  pid?: number,
  /** Each request with its own Idempotency-Key, as the browser sends every write (app/lib/api-client.ts). */
  keyed = false,
): Promise<CartResult> {
  let counter = 0;
  const runId = randomBytes(4).toString('hex');
  const run = (duration: number, conns: number) =>
    autocannon({
      url,
      duration,
      connections: conns,
      headers: body ? headers : {},
      requests: [
        {
          method: body ? 'POST' : 'GET',
          setupRequest: (request) => {
            if (!body) return request;
            const n = counter++;
            return keyed
              ? {
                  ...request,
                  body: body(n),
                  headers: { ...headers, 'idempotency-key': `bench-${runId}-${n}` },
                }
              : { ...request, body: body(n) };
          },
        },
      ],
    });
  await run(1, 4);
  const dbBefore = engine === 'postgres' && pid ? await databaseCpu?.() : undefined;
  const cpuBefore = pid ? cpuSeconds(pid) : undefined;
  const result = await run(seconds, connections);
  const cpuAfter = pid ? cpuSeconds(pid) : undefined;
  const dbAfter = dbBefore !== undefined ? await databaseCpu?.() : undefined;
  // autocannon reports p97.5 and p99 but no p95; interpolate between p90 and p97.5.
  const latency = result.latency as unknown as Record<string, number>;
  const p95 = latency.p90! + ((latency.p97_5! - latency.p90!) * (95 - 90)) / (97.5 - 90);
  const measured = {
    engine,
    connections,
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: latency.p50!,
    p95: Math.round(p95 * 10) / 10,
    p99: latency.p99!,
    failed: result.errors + result.non2xx,
    cpuPerRequestUs:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1e6)
        : undefined,
    dbCpuPerRequestUs:
      dbBefore !== undefined && dbAfter !== undefined && result.requests.total > 0
        ? Math.round(((dbAfter - dbBefore) / result.requests.total) * 1e6)
        : undefined,
  };
  console.log(
    `  ${name} @${connections}: ${measured.requestsPerSecond} req/s, p50 ${measured.p50} ms, p95 ${measured.p95} ms${measured.cpuPerRequestUs === undefined ? '' : `, ${measured.cpuPerRequestUs} µs CPU/req`}${measured.dbCpuPerRequestUs === undefined ? '' : ` + ${measured.dbCpuPerRequestUs} µs database`}${measured.failed ? `, ${measured.failed} failed` : ''}`,
  );
  return measured;
}

async function prepare(
  handle: DatabaseHandle,
  storage: ReturnType<typeof createLocalStorage>,
  databaseUrl?: string,
) {
  await runMigrations(handle, databaseUrl);
  await seedDemo(handle.db, { storage });
  await handle.db.execute(
    sql`update products set stock_qty = 1000000000, manage_stock = true where sku = ${SKU}`,
  );
}

/** Opens `cartCount` carts with one line each through the API; returns their pairs and the product id. */
async function openCarts(base: string) {
  const product = await fetch(`${base}/api/v1/catalogue/product/web/get?slug=little-bears-big-worry`, {
    headers,
  }).then((response) => response.json() as Promise<{ data: { id: number } }>);
  const productId = product.data.id;
  const sessions: { cartId: string; protectCode: string }[] = [];
  for (let index = 0; index < cartCount; index++) {
    const response = await fetch(`${base}/api/v2/ecommerce/cart/addItem`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productId, qty: 1 }),
    });
    if (!response.ok) throw new Error(`addItem answered ${response.status}: ${await response.text()}`);
    const { data } = (await response.json()) as { data: { cartId: string; protectCode: string } };
    sessions.push({ cartId: data.cartId, protectCode: data.protectCode });
  }
  return { productId, sessions };
}

type Sessions = Awaited<ReturnType<typeof openCarts>>;

async function measureShop(engine: Engine, pid: number | undefined, carts: Sessions): Promise<CartResult[]> {
  const base = `http://127.0.0.1:${shopPort}`;
  const { productId, sessions } = carts;
  const session = (n: number) => sessions[n % sessions.length]!;
  const results: CartResult[] = [];
  for (const connections of connectionCounts) {
    if (cases.has('baseline'))
      results.push(
        await measure(engine, connections, 'baseline: bare node:http', `http://127.0.0.1:${baselinePort}/`),
      );
    if (cases.has('add'))
      results.push(
        await measure(
          engine,
          connections,
          'addItem (existing cart)',
          `${base}/api/v2/ecommerce/cart/addItem`,
          (n) => JSON.stringify({ ...session(n), productId, qty: 1 }),
          pid,
        ),
      );
    if (cases.has('add-key'))
      results.push(
        await measure(
          engine,
          connections,
          'addItem with Idempotency-Key',
          `${base}/api/v2/ecommerce/cart/addItem`,
          (n) => JSON.stringify({ ...session(n), productId, qty: 1 }),
          pid,
          true,
        ),
      );
    if (cases.has('get'))
      results.push(
        await measure(
          engine,
          connections,
          'getCart',
          `${base}/api/v2/ecommerce/cart/getCart`,
          (n) => JSON.stringify(session(n)),
          pid,
        ),
      );
  }
  return results;
}

/**
 * The floor (bench/cart-floor.ts): the same statements of an add and of getCart on a bare node:http
 * server with the same driver and pool size, on the same database and carts, after the shop stopped
 * (PGlite has one process per data directory).
 */
async function measureFloor(engine: Engine, env: Record<string, string>, carts: Sessions) {
  const results: CartResult[] = [];
  // The floor as the shop now commits (asynchronously, decision 0257), and with `--cases floor-sync`
  // the same statements committing synchronously (each add then waits for the WAL flush).
  const variants = [
    ...(cases.has('floor') || cases.has('floor-1rt') ? [{ label: 'floor', syncCommit: 'off' }] : []),
    ...(cases.has('floor-sync') ? [{ label: 'floor, synchronous commit', syncCommit: 'on' }] : []),
  ];
  const { productId, sessions } = carts;
  const session = (n: number) => sessions[n % sessions.length]!;
  for (const { label, syncCommit } of variants) {
    const floor = await spawnServer('bench/cart-floor.ts', floorPort, {
      PORT: String(floorPort),
      FLOOR_SYNC_COMMIT: syncCommit,
      ...env,
    });
    try {
      // Another process on the port would have answered the readiness probe: make sure it is the floor.
      const ready = await fetch(`http://127.0.0.1:${floorPort}/readyz`).then((response) => response.text());
      if (!ready.includes('cart-floor')) throw new Error(`port ${floorPort} is not the floor's: ${ready}`);
      for (const connections of connectionCounts) {
        if (syncCommit === 'on' || cases.has('floor'))
          results.push(
            await measure(
              engine,
              connections,
              `${label}: add statements on bare node:http`,
              `http://127.0.0.1:${floorPort}/add`,
              (n) => JSON.stringify({ ...session(n), productId, qty: 1 }),
              floor.pid,
            ),
          );
        // The second floor (decision 0260): the add in one round trip (PostgreSQL only).
        if (syncCommit === 'off' && engine === 'postgres' && cases.has('floor-1rt'))
          for (const [shape, label1, keyed] of [
            ['add-fn', 'floor 1 round trip: PL/pgSQL function', false],
            ['add-fn-key', 'floor 1 round trip: PL/pgSQL function with Idempotency-Key', true],
            ['add-cte', 'floor 1 round trip: one CTE statement', false],
          ] as const)
            results.push(
              await measure(
                engine,
                connections,
                label1,
                `http://127.0.0.1:${floorPort}/${shape}`,
                (n) => JSON.stringify({ ...session(n), productId, qty: 1 }),
                floor.pid,
                keyed,
              ),
            );
        if (syncCommit === 'off' && cases.has('get'))
          results.push(
            await measure(
              engine,
              connections,
              `${label}: getCart statement on bare node:http`,
              `http://127.0.0.1:${floorPort}/get`,
              (n) => JSON.stringify(session(n)),
              floor.pid,
            ),
          );
      }
    } finally {
      await floor.stop();
    }
  }
  return results;
}

function startServer(extraEnv: Record<string, string>) {
  return spawnServer('server/main.ts', shopPort, {
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
    SEED_DEMO: 'false',
    ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : {}),
    ...extraEnv,
  });
}

/** Runs the shop on the prepared database, then the floor on the same database and carts. */
async function measureEngine(engine: Engine, env: Record<string, string>) {
  const shop = await startServer(env);
  const results: CartResult[] = [];
  const carts = await openCarts(`http://127.0.0.1:${shopPort}`).catch(async (error: unknown) => {
    await shop.stop();
    throw error;
  });
  try {
    results.push(...(await measureShop(engine, shop.pid, carts)));
  } finally {
    await shop.stop();
  }
  results.push(...(await measureFloor(engine, env, carts)));
  // Side by side per engine and connection count (the floor runs after the shop).
  return results.sort((a, b) => a.connections - b.connections);
}

async function benchPglite(): Promise<CartResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-cart-'));
  try {
    console.log('PGlite');
    const handle = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await prepare(handle, createLocalStorage(path.join(dataDir, 'media')));
    } finally {
      await handle.close();
    }
    return await measureEngine('pglite', { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<CartResult[]> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-cart-'));
  try {
    console.log('PostgreSQL');
    const handle = await openPostgres(databaseUrl, { max: 2 });
    try {
      await prepare(handle, createLocalStorage(path.join(dataDir, 'media')), databaseUrl);
    } finally {
      await handle.close();
    }
    databaseCpu = async () => {
      const backends = await admin<
        { pid: number }[]
      >`select pid from pg_stat_activity where datname = ${name}`;
      return backends.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
    };
    return await measureEngine('postgres', { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  } finally {
    databaseCpu = undefined;
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runCartBench(): Promise<void> {
  ensureBuild(buildDir);
  const loadAtStart = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const baseline = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
  const results: CartResult[] = [];
  try {
    if (engines.includes('pglite')) results.push(...(await benchPglite()));
    if (engines.includes('postgres')) results.push(...(await benchPostgres()));
  } finally {
    baseline.close();
  }
  const heading = `${new Date().toISOString()} · load average at start ${loadAtStart} · ${seconds} s per run · ${cartCount} carts · ${os.cpus().length} CPUs · load average at end ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;
  const table = [
    '| engine | connections | benchmark | req/s | p50 ms | p95 ms | p99 ms | CPU µs/req | database CPU µs/req | failed |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.connections} | ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.cpuPerRequestUs ?? ''} | ${r.dbCpuPerRequestUs ?? ''} | ${r.failed} |`,
    ),
  ].join('\n');
  // The shop against the floor and the bare baseline of the same run (ratios move less than figures).
  const ratios: string[] = [];
  const find = (engine: Engine, connections: number, prefix: string) =>
    results.find((r) => r.engine === engine && r.connections === connections && r.name.startsWith(prefix));
  for (const r of results) {
    const pairs: [string, string][] = [
      ['addItem (existing', 'floor: add'],
      ['addItem with', 'floor: add'],
      ['getCart', 'floor: getCart'],
    ];
    for (const [shopName, floorName] of pairs) {
      if (!r.name.startsWith(shopName)) continue;
      const floor = find(r.engine, r.connections, floorName);
      const baseline = find(r.engine, r.connections, 'baseline');
      const times = (a?: number, b?: number) => (a && b ? `${(a / b).toFixed(1)}×` : 'n/a');
      ratios.push(
        `- ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} @${r.connections} ${r.name}: p95 ${times(r.p95, floor?.p95)} the floor's, the floor's req/s ${times(floor?.requestsPerSecond, r.requestsPerSecond)} the shop's, CPU/req ${times(r.cpuPerRequestUs, floor?.cpuPerRequestUs)} the floor's; p95 ${times(r.p95, baseline?.p95)} the bare baseline's`,
      );
    }
  }
  const report = `# Cart benchmark\n\n${heading}\n\n${table}\n\n${ratios.join('\n')}\n`;
  console.log(`\n${report}`);
  fs.mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `cart-${new Date().toISOString().replaceAll(':', '-')}.md`);
  fs.writeFileSync(file, report);
  console.log(`written to ${file}`);
}

if (import.meta.main) await runCartBench();
