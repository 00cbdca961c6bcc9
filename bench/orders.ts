/**
 * Order benchmark: `POST checkout/order/create` (the complete order: cart validated against the
 * server copy, stock taken, order, lines and addresses written, cart archived, the confirmation and
 * shop e-mails written) p50/p95 and orders per second at 10 and 50 connections, on PGlite and on
 * PostgreSQL, next to a bare node:http baseline measured in the same run. Usage:
 *
 *   npm run bench -- orders [--engines pglite,postgres] [--connections 10,50] [--orders 600]
 *
 * Every create needs a cart of its own that is ready to order, so `--orders` carts per connection
 * count are prepared first through the API (a line, the address, pickup in a branch, cash on
 * delivery) and each run sends exactly that many creates, one per cart. PostgreSQL is reached at
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) in a fresh database
 * dropped afterwards. The server runs from the production build in BUILD_DIR (default build-perf).
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
export type OrderResult = {
  engine: Engine;
  connections: number;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time of the shop's process per request (µs); PostgreSQL's own backends are not in it. */
  cpuPerRequestUs?: number;
  /** CPU time of the benchmark database's PostgreSQL backends per request (µs). */
  dbCpuPerRequestUs?: number;
  failed: number;
};

/** CPU seconds of the PostgreSQL backends connected to the benchmark's database (set while it runs). */
let databaseCpu: (() => Promise<number>) | undefined;

const connectionCounts = benchArgument('connections', '10,50').split(',').map(Number);
const engines = benchArgument('engines', 'pglite,postgres').split(',') as Engine[];
const orderCount = Number(benchArgument('orders', '600'));
const baselineSeconds = 3;
const env = process.env;
const postgresUrl = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const buildDir = env.BUILD_DIR ?? 'build-perf';
// BENCH_PORT moves both ports (other benchmarks may run on the same machine at the same time).
const shopPort = Number(env.BENCH_PORT ?? 3296);
const baselinePort = shopPort + 1;
const SKU = 'KNJ-001';
const headers = { 'content-type': 'application/json', language: 'en' };
type Session = { cartId: string; protectCode: string };

function summarise(
  engine: Engine,
  connections: number,
  name: string,
  result: autocannon.Result,
  cpu?: number,
  dbCpu?: number,
): OrderResult {
  // autocannon reports p97.5 and p99 but no p95; interpolate between p90 and p97.5.
  const latency = result.latency as unknown as Record<string, number>;
  const p95 = latency.p90! + ((latency.p97_5! - latency.p90!) * (95 - 90)) / (97.5 - 90);
  const durationSeconds = Math.max(result.duration, 0.001);
  const measured = {
    engine,
    connections,
    name,
    requestsPerSecond: Math.round((result.requests.total / durationSeconds) * 10) / 10,
    p50: latency.p50!,
    p95: Math.round(p95 * 10) / 10,
    p99: latency.p99!,
    cpuPerRequestUs:
      cpu !== undefined && result.requests.total > 0
        ? Math.round((cpu / result.requests.total) * 1e6)
        : undefined,
    dbCpuPerRequestUs:
      dbCpu !== undefined && result.requests.total > 0
        ? Math.round((dbCpu / result.requests.total) * 1e6)
        : undefined,
    failed: result.errors + result.non2xx,
  };
  console.log(
    `  ${name} @${connections}: ${measured.requestsPerSecond} req/s, p50 ${measured.p50} ms, p95 ${measured.p95} ms${measured.cpuPerRequestUs === undefined ? '' : `, ${measured.cpuPerRequestUs} µs CPU/req`}${measured.dbCpuPerRequestUs === undefined ? '' : ` + ${measured.dbCpuPerRequestUs} µs database`}${measured.failed ? `, ${measured.failed} failed` : ''}`,
  );
  return measured;
}

async function baseline(engine: Engine, connections: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${baselinePort}/`,
    duration: baselineSeconds,
    connections,
  });
  return summarise(engine, connections, 'baseline: bare node:http', result);
}

async function api(base: string, method: string, url: string, body: unknown) {
  const response = await fetch(`${base}/api${url}`, { method, headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** Carts ready to order: a line, the address, pickup in the first branch, cash on delivery. */
async function prepareCarts(
  base: string,
  count: number,
  ids: { productId: number; pickup: number; branch: number; cod: number },
) {
  const address = {
    type: 'shipping',
    firstName: 'Bench',
    lastName: 'Kupac',
    contactEmail: 'bench@example.com',
    contactPhone: '+385 91 234 5678',
    country: 'HR',
    city: 'Zagreb',
    street: 'Ilica',
    houseNumber: '1',
    zipCode: '10000',
  };
  // The required consents of the checkout form are accepted, as the form does.
  const consentAnswer = await api(base, 'POST', '/v1/gdpr/web/consent/filter', {
    assignedTo: 'checkoutForm',
  });
  const records = consentAnswer.records as { consents: { id: number; required: boolean }[] }[];
  const consents = records.flatMap((record) =>
    record.consents.filter((consent) => consent.required).map((consent) => consent.id),
  );
  const one = async (): Promise<Session> => {
    const added = await api(base, 'POST', '/v2/ecommerce/cart/addItem', { productId: ids.productId, qty: 1 });
    const session = { cartId: added.cartId as string, protectCode: added.protectCode as string };
    await api(base, 'POST', '/v2/ecommerce/checkout/address/save', {
      ...session,
      shippingAddress: address,
      consents,
    });
    await api(base, 'PUT', '/v2/ecommerce/checkout/delivery/saveDeliveryMethod', {
      ...session,
      deliveryMethodId: ids.pickup,
      branchId: ids.branch,
    });
    await api(base, 'PUT', '/v2/ecommerce/checkout/payment/savePaymentMethod', {
      ...session,
      paymentMethodId: ids.cod,
    });
    return session;
  };
  const sessions: Session[] = [];
  // Eight at a time: preparing is not what is measured.
  while (sessions.length < count) {
    const batch = Math.min(8, count - sessions.length);
    sessions.push(...(await Promise.all(Array.from({ length: batch }, one))));
  }
  return sessions;
}

async function referenceIds(handle: DatabaseHandle) {
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await handle.db.execute(query)) as unknown;
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };
  const [product] = await rows<{ id: number }>(sql`select id from products where sku = ${SKU}`);
  const [pickup] = await rows<{ id: number }>(
    sql`select id from delivery_methods where method_code = 15 order by id limit 1`,
  );
  const [branch] = await rows<{ id: number }>(
    sql`select id from delivery_branches where method_id = ${pickup!.id} order by id limit 1`,
  );
  const [cod] = await rows<{ id: number }>(
    sql`select id from payment_methods where payment_type = 'cod' order by id limit 1`,
  );
  return { productId: product!.id, pickup: pickup!.id, branch: branch!.id, cod: cod!.id };
}

async function measureShop(
  engine: Engine,
  ids: Awaited<ReturnType<typeof referenceIds>>,
  pid: number | undefined,
): Promise<OrderResult[]> {
  const base = `http://127.0.0.1:${shopPort}`;
  const results: OrderResult[] = [];
  // A warm-up: the first orders compile the queries and templates.
  for (const session of await prepareCarts(base, 20, ids))
    await api(base, 'POST', '/v2/ecommerce/checkout/order/create', session);
  for (const connections of connectionCounts) {
    results.push(await baseline(engine, connections));
    const sessions = await prepareCarts(base, orderCount, ids);
    let next = 0;
    const dbBefore = await databaseCpu?.();
    const cpuBefore = pid ? cpuSeconds(pid) : undefined;
    const result = await autocannon({
      url: `${base}/api/v2/ecommerce/checkout/order/create`,
      connections,
      amount: sessions.length,
      headers,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(sessions[next++ % sessions.length]),
          }),
        },
      ],
    });
    const cpuAfter = pid ? cpuSeconds(pid) : undefined;
    const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
    const dbAfter = dbBefore !== undefined ? await databaseCpu?.() : undefined;
    const dbCpu = dbBefore !== undefined && dbAfter !== undefined ? dbAfter - dbBefore : undefined;
    results.push(summarise(engine, connections, 'order/create (complete order)', result, cpu, dbCpu));
  }
  return results;
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
  return referenceIds(handle);
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
    // e.g. BENCH_SERVER_NODE_OPTIONS=--cpu-prof --cpu-prof-dir=/tmp/prof: a CPU profile of the shop.
    ...(env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...extraEnv,
  });
}

async function benchPglite(): Promise<OrderResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-orders-'));
  try {
    console.log('PGlite');
    const handle = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    let ids: Awaited<ReturnType<typeof referenceIds>>;
    try {
      ids = await prepare(handle, createLocalStorage(path.join(dataDir, 'media')));
    } finally {
      await handle.close();
    }
    const shop = await startServer({ DATA_DIR: dataDir });
    try {
      return await measureShop('pglite', ids, shop.pid);
    } finally {
      await shop.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<OrderResult[]> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  // e.g. BENCH_POSTGRES_SETTINGS='log_min_duration_statement=0': settings of the benchmark's database
  // (ALTER DATABASE … SET) for every connection the shop opens to it, such as a statement log.
  for (const setting of (env.BENCH_POSTGRES_SETTINGS ?? '').split(/\s+/).filter(Boolean)) {
    const [key, value] = setting.split('=');
    if (!key || value === undefined || !/^[a-z_.]+$/.test(key) || !/^[\w.-]+$/.test(value))
      throw new Error(`BENCH_POSTGRES_SETTINGS: ${setting} is not name=value`);
    await admin.unsafe(`ALTER DATABASE ${name} SET ${key} = '${value}'`);
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-orders-'));
  try {
    console.log('PostgreSQL');
    const handle = await openPostgres(databaseUrl, { max: 2 });
    let ids: Awaited<ReturnType<typeof referenceIds>>;
    try {
      ids = await prepare(handle, createLocalStorage(path.join(dataDir, 'media')), databaseUrl);
    } finally {
      await handle.close();
    }
    const shop = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    databaseCpu = async () => {
      const backends = await admin<
        { pid: number }[]
      >`select pid from pg_stat_activity where datname = ${name}`;
      return backends.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
    };
    try {
      return await measureShop('postgres', ids, shop.pid);
    } finally {
      databaseCpu = undefined;
      await shop.stop();
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runOrdersBench(): Promise<void> {
  ensureBuild(buildDir);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(baselinePort, '127.0.0.1', resolve));
  const results: OrderResult[] = [];
  try {
    if (engines.includes('pglite')) results.push(...(await benchPglite()));
    if (engines.includes('postgres')) results.push(...(await benchPostgres()));
  } finally {
    server.close();
  }
  const heading = `${new Date().toISOString()} · ${orderCount} orders per run · ${os.cpus().length} CPUs · load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;
  const table = [
    '| engine | connections | benchmark | req/s | p50 ms | p95 ms | p99 ms | shop CPU µs/req | database CPU µs/req | failed |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.connections} | ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.cpuPerRequestUs ?? ''} | ${r.dbCpuPerRequestUs ?? ''} | ${r.failed} |`,
    ),
  ].join('\n');
  const report = `# Order benchmark\n\n${heading}\n\n${table}\n`;
  console.log(`\n${report}`);
  fs.mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `orders-${new Date().toISOString().replaceAll(':', '-')}.md`);
  fs.writeFileSync(file, report);
  console.log(`written to ${file}`);
}

if (import.meta.main) await runOrdersBench();
