/**
 * Catalogue benchmark: layered navigation, the product filter and the server-rendered category page on
 * a generated catalogue of 10,000 and 100,000 products, on PGlite and on PostgreSQL, next to a bare
 * node:http baseline measured in the same run. Usage:
 *
 *   npm run bench -- catalogue [--seconds 5] [--sizes 10000,100000] [--engines pglite,postgres]
 *
 * PostgreSQL is reached at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
 * fresh database is created there and dropped afterwards. The server runs from the production build
 * in BUILD_DIR (default build-perf), which is built first when it is missing.
 *
 * Each API call is measured twice: "hot" repeats one request, so after the first one every answer
 * comes from the response cache (what a popular category page costs); "cold" makes every request
 * distinct (a price bound that changes on every request and matches every product), so every answer
 * is computed from the database (what the first visitor, or a shopper playing with the filters, costs).
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { generateCatalogue } from '../scripts/generate-catalogue.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed/seed.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';
import { benchArgument, ensureBuild, spawnServer } from './http-utils.ts';

type Engine = 'pglite' | 'postgres';

export type CatalogueResult = {
  engine: Engine;
  products: number;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
};

const seconds = Number(benchArgument('seconds', '5'));
const connections = Number(benchArgument('connections', '10'));
const sizes = benchArgument('sizes', '10000,100000').split(',').map(Number);
const engines = benchArgument('engines', 'pglite,postgres').split(',') as Engine[];
const env = process.env;
const postgresUrl = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const buildDir = env.BUILD_DIR ?? 'build-perf';
const shopPort = 3296;
const baselinePort = 3297;
/** The first generated department: about a tenth of the products, in 19 categories below it. */
const CATEGORY_SLUG = 'gen-odjel-1';

async function measure(
  engine: Engine,
  products: number,
  name: string,
  url: string,
  options: { method?: 'GET' | 'POST'; body?: (n: number) => string } = {},
): Promise<CatalogueResult> {
  const method = options.method ?? 'GET';
  let counter = 0;
  const makeBody = options.body;
  const run = (duration: number, conns: number) =>
    autocannon({
      url,
      duration,
      connections: conns,
      headers: makeBody ? { 'content-type': 'application/json' } : {},
      requests: [
        {
          method,
          setupRequest: (request) =>
            makeBody ? { ...request, method, body: makeBody(counter++) } : { ...request, method },
        },
      ],
    });
  await run(1, 4);
  const result = await run(seconds, connections);
  // autocannon reports p97.5 and p99 but no p95; interpolate between p90 and p97.5.
  const latency = result.latency as unknown as Record<string, number>;
  const p95 = latency.p90! + ((latency.p97_5! - latency.p90!) * (95 - 90)) / (97.5 - 90);
  return {
    engine,
    products,
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: latency.p50!,
    p95: Math.round(p95 * 10) / 10,
    p99: latency.p99!,
    failed: result.errors + result.non2xx,
  };
}

function startServer(extraEnv: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  return spawnServer('server/main.ts', shopPort, {
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    SEED_DEMO: 'false',
    ...extraEnv,
  });
}

async function measureShop(engine: Engine, products: number): Promise<CatalogueResult[]> {
  const base = `http://127.0.0.1:${shopPort}`;
  const filterBody = (n: number | null) =>
    JSON.stringify({
      mainCategory: CATEGORY_SLUG,
      page: 1,
      limit: 6,
      ...(n === null ? {} : { filters: [{ key: 'price', value: { min: 0, max: 1_000_000_000 + n } }] }),
    });
  const navigationBody = (n: number | null) =>
    JSON.stringify({
      mainCategory: CATEGORY_SLUG,
      ...(n === null ? {} : { filters: [{ key: 'price', value: { min: 0, max: 1_000_000_000 + n } }] }),
    });
  const navigation = `${base}/api/v1/catalogue/layered/navigation`;
  const filter = `${base}/api/v1/catalogue/product/web/filter`;
  const results: CatalogueResult[] = [];
  const run = async (...args: Parameters<typeof measure>) => {
    const result = await measure(...args);
    results.push(result);
    console.log(
      `  ${result.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms${result.failed ? `, ${result.failed} failed` : ''}`,
    );
  };
  await run(engine, products, 'baseline: bare node:http', `http://127.0.0.1:${baselinePort}/`);
  await run(engine, products, 'layered/navigation, hot', navigation, {
    method: 'POST',
    body: () => navigationBody(null),
  });
  await run(engine, products, 'layered/navigation, cold', navigation, {
    method: 'POST',
    body: navigationBody,
  });
  await run(engine, products, 'web/filter page 1 of 6, hot', filter, {
    method: 'POST',
    body: () => filterBody(null),
  });
  await run(engine, products, 'web/filter page 1 of 6, cold', filter, { method: 'POST', body: filterBody });
  await run(engine, products, `SSR GET /shop/${CATEGORY_SLUG}`, `${base}/shop/${CATEGORY_SLUG}`);
  return results;
}

async function prepare(handle: DatabaseHandle, products: number) {
  const started = Date.now();
  const result = await generateCatalogue(handle.db, { products });
  // A fresh visibility map lets index-only scans skip the table, as autovacuum would in production.
  await handle.db.execute(sql`vacuum analyze`);
  console.log(
    `  generated ${result.after - result.before} products (${result.after} in all) in ${Date.now() - started} ms`,
  );
}

async function benchPglite(): Promise<CatalogueResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-catalogue-'));
  // The directory the shop process serves media from (DATA_DIR/media).
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  const results: CatalogueResult[] = [];
  try {
    for (const products of sizes) {
      console.log(`PGlite, ${products} products`);
      const handle = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await runMigrations(handle);
        await seedDemo(handle.db, { storage });
        await prepare(handle, products);
      } finally {
        await handle.close();
      }
      const shop = await startServer({ DATA_DIR: dataDir });
      try {
        results.push(...(await measureShop('pglite', products)));
      } finally {
        await shop.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function benchPostgres(): Promise<CatalogueResult[]> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-catalogue-'));
  // The directory the shop process serves media from (DATA_DIR/media).
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  const results: CatalogueResult[] = [];
  try {
    const handle = await openPostgres(databaseUrl, { max: 2 });
    try {
      await runMigrations(handle, databaseUrl);
      await seedDemo(handle.db, { storage });
      for (const products of sizes) {
        console.log(`PostgreSQL, ${products} products`);
        await prepare(handle, products);
        const shop = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
        try {
          results.push(...(await measureShop('postgres', products)));
        } finally {
          await shop.stop();
        }
      }
    } finally {
      await handle.close();
    }
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export function markdownTable(results: CatalogueResult[]): string {
  const lines = [
    '| engine | products | benchmark | req/s | p50 ms | p95 ms | p99 ms | failed |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.products.toLocaleString('en')} | ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.failed} |`,
    ),
  ];
  return lines.join('\n');
}

export async function runCatalogueBench(): Promise<void> {
  ensureBuild(buildDir);
  const baseline = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
  const results: CatalogueResult[] = [];
  try {
    if (engines.includes('pglite')) results.push(...(await benchPglite()));
    if (engines.includes('postgres')) results.push(...(await benchPostgres()));
  } finally {
    baseline.close();
  }
  const heading = `${new Date().toISOString()} · ${seconds} s per run · ${connections} connections · ${os.cpus().length} CPUs · load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} · category ${CATEGORY_SLUG}`;
  const report = `# Catalogue benchmark\n\n${heading}\n\n${markdownTable(results)}\n`;
  console.log(`\n${report}`);
  fs.mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `catalogue-${new Date().toISOString().replaceAll(':', '-')}.md`);
  fs.writeFileSync(file, report);
  console.log(`written to ${file}`);
}

if (import.meta.main) await runCatalogueBench();
