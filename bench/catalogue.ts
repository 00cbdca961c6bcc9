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
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { generateCatalogue } from '../scripts/generate-catalogue.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { rowsOf } from '../server/db/raw-rows.ts';
import { seedDemo } from '../server/db/seed/seed.ts';
import { createFacetIndexes } from '../server/modules/catalogue/facet-index.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';
import { benchArgument, cpuSeconds, ensureBuild, spawnServer } from './http-utils.ts';

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
  /** CPU time of the shop process per request (PostgreSQL's own processes not included). */
  cpuPerRequestUs?: number;
  /** CPU time of the benchmark database's PostgreSQL backends per request. */
  dbCpuPerRequestUs?: number;
};

/** CPU seconds of the PostgreSQL backends connected to the benchmark's database (set while it runs). */
let databaseCpu: (() => Promise<number>) | undefined;

/** The shop process being measured (its CPU time per request comes from /proc). */
let shopPid: number | undefined;

const seconds = Number(benchArgument('seconds', '5'));
const connections = Number(benchArgument('connections', '10'));
const sizes = benchArgument('sizes', '10000,100000').split(',').map(Number);
/** PGlite at 1,000,000 products is left out by default: generating them takes most of an hour there. */
const postgresSizes = benchArgument('postgres-sizes', benchArgument('sizes', '10000,100000,1000000'))
  .split(',')
  .map(Number);
const engines = benchArgument('engines', 'pglite,postgres').split(',') as Engine[];
const env = process.env;
const postgresUrl = env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const buildDir = env.BUILD_DIR ?? 'build-perf';
const shopPort = Number(benchArgument('port', '3296'));
const baselinePort = shopPort + 1;
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
  const pid = url.includes(`:${shopPort}/`) ? shopPid : undefined;
  const dbBefore = pid ? await databaseCpu?.() : undefined;
  const cpuBefore = pid ? cpuSeconds(pid) : undefined;
  const result = await run(seconds, connections);
  const cpuAfter = pid ? cpuSeconds(pid) : undefined;
  const dbAfter = dbBefore !== undefined ? await databaseCpu?.() : undefined;
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
    cpuPerRequestUs:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1e6)
        : undefined,
    dbCpuPerRequestUs:
      dbBefore !== undefined && dbAfter !== undefined && result.requests.total > 0
        ? Math.round(((dbAfter - dbBefore) / result.requests.total) * 1e6)
        : undefined,
  };
}

async function startServer(extraEnv: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const server = await spawnServer(
    'server/main.ts',
    shopPort,
    {
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      SEED_DEMO: 'false',
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profileDir)}` } : {}),
      ...extraEnv,
    },
    serverTree || undefined,
  );
  shopPid = server.pid;
  return server;
}

/**
 * `--cases a,b` measures only those cases (and the baseline), by their name's key: the name in lower
 * case with every run of other characters than letters and digits as one `-` (e.g.
 * `layered-navigation-cold`, `web-filter-page-1-of-6-cold`, `web-filter-cold-random-filters-and-a-keyword`).
 */
const onlyCases = benchArgument('cases', '').split(',').filter(Boolean);
const caseKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

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
  // The first catalogue request builds the process's facet index: wait for it outside the figures.
  const warmStarted = Date.now();
  await fetch(navigation, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: navigationBody(-1),
  });
  console.log(
    `  first navigation request (joins or makes the facet index's build): ${Date.now() - warmStarted} ms`,
  );
  // A first name sort and a first keyword request: they wait for the name ranks and the folded names
  // (a server that preloads them at its start, decision 0369, has them or is loading them), so that
  // the figures below do not include that one-time load either way.
  for (const [what, body] of [
    ['name sort', { mainCategory: CATEGORY_SLUG, sort: 'name_asc', page: 1, limit: 6 }],
    ['keyword', { mainCategory: CATEGORY_SLUG, keywords: words[0] ?? 'a', page: 1, limit: 6 }],
  ] as const) {
    const started = Date.now();
    await fetch(filter, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    console.log(`  first ${what} request: ${Date.now() - started} ms`);
  }
  if (shopPid) console.log(`  shop process: ${residentMb(shopPid)} MB resident after them`);
  const run = async (...args: Parameters<typeof measure>) => {
    if (onlyCases.length > 0 && !args[2].startsWith('baseline') && !onlyCases.includes(caseKey(args[2])))
      return;
    const result = await measure(...args);
    results.push(result);
    console.log(
      `  ${result.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms${result.cpuPerRequestUs === undefined ? '' : `, ${result.cpuPerRequestUs} µs CPU/req`}${result.dbCpuPerRequestUs === undefined ? '' : ` + ${result.dbCpuPerRequestUs} µs database`}${result.failed ? `, ${result.failed} failed` : ''}`,
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
  await run(engine, products, 'layered/navigation, cold, random filters', navigation, {
    method: 'POST',
    body: (n) => {
      const { mainCategory, filters } = randomState(n);
      return JSON.stringify({ mainCategory, filters });
    },
  });
  await run(engine, products, 'web/filter, cold, random filters, sort, page', filter, {
    method: 'POST',
    body: (n) => JSON.stringify(randomState(n)),
  });
  await run(engine, products, 'web/filter, cold, random filters and a keyword', filter, {
    method: 'POST',
    body: (n) => JSON.stringify(randomState(n, { keywords: true })),
  });
  await run(engine, products, `SSR GET /shop/${CATEGORY_SLUG}`, `${base}/shop/${CATEGORY_SLUG}`);
  return results;
}

export type IndexBuild = {
  engine: Engine;
  products: number;
  ms: number;
  bytes: number;
  heapMb: number;
  /** The folded names and SKUs and the name ranks loaded after the build (decision 0369). */
  preloadMs: number;
  preloadHeapMb: number;
};
const indexBuilds: IndexBuild[] = [];

/** The resident set of a process in MB (/proc). */
function residentMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** A heap figure after a full collection, when the process may ask for one. */
function collectedHeap(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * The facet index the server builds at its first catalogue request, built here the same way on the
 * same database: how long it takes and what it holds (its typed arrays, and the heap it adds, which
 * includes the id map).
 */
async function measureIndexBuild(handle: DatabaseHandle, engine: Engine, products: number) {
  const [site] = await rowsOf<{ id: number }>(handle.db, sql`select id from sites order by id limit 1`);
  const before = collectedHeap();
  const started = performance.now();
  const facets = createFacetIndexes(handle.db, { enabled: true });
  const index = await facets.current(Number(site!.id));
  const ms = Math.round(performance.now() - started);
  const built = collectedHeap();
  const heapMb = Math.round(((built - before) / 1024 / 1024) * 10) / 10;
  // What the server preloads after its build: the folded names and SKUs, the name ranks.
  const preloadStarted = performance.now();
  const languages = await rowsOf<{ code: string; is_default: boolean }>(
    handle.db,
    sql`select l.code2 as code, sl.is_default from site_languages sl join languages l on l.id = sl.language_id
        where sl.site_id = ${site!.id} order by sl.position`,
  );
  await facets.warmUp([
    {
      id: Number(site!.id),
      languages: languages.map((language) => language.code),
      defaultLanguage: (languages.find((language) => language.is_default) ?? languages[0])?.code ?? 'hr',
    },
  ]);
  const preloadMs = Math.round(performance.now() - preloadStarted);
  const preloadHeapMb = Math.round(((collectedHeap() - built) / 1024 / 1024) * 10) / 10;
  const build = { engine, products, ms, bytes: index?.byteSize() ?? 0, heapMb, preloadMs, preloadHeapMb };
  indexBuilds.push(build);
  console.log(
    `  facet index: ${index?.size ?? 0} products in ${ms} ms, typed arrays ${(build.bytes / 1024 / 1024).toFixed(1)} MB, heap +${heapMb} MB; texts and name ranks in ${preloadMs} ms, heap +${preloadHeapMb} MB`,
  );
}

async function prepare(handle: DatabaseHandle, products: number) {
  const started = Date.now();
  const result = await generateCatalogue(handle.db, { products });
  // A fresh visibility map lets index-only scans skip the table, as autovacuum would in production.
  await handle.db.execute(sql`vacuum analyze`);
  console.log(
    `  generated ${result.after - result.before} products (${result.after} in all) in ${Date.now() - started} ms`,
  );
  choices = await rowsOf<{ code: string; value: string }>(
    handle.db,
    sql`select a.attribute_code as code, v.value_code as value from attribute_values v
        join attributes a on a.id = v.attribute_id where a.is_filterable order by v.id`,
  );
  words = (
    await rowsOf<{ name: string }>(
      handle.db,
      sql`select name from product_translations where language_code = 'hr' order by product_id desc limit 50`,
    )
  ).flatMap((row) => row.name.split(/\s+/).filter((word) => word.length >= 3));
  tagCodes = (await rowsOf<{ code: string }>(handle.db, sql`select code from tags order by id`)).map(
    (row) => row.code,
  );
  subcategories = (
    await rowsOf<{ slug: string }>(
      handle.db,
      sql`select slug from product_category_translations where slug like 'gen-kategorija-1-%' order by slug`,
    )
  ).map((row) => row.slug);
}

let choices: { code: string; value: string }[] = [];
let tagCodes: string[] = [];
let subcategories: string[] = [];
let words: string[] = [];

/** A deterministic pseudo-random number in [0, 1) for request n and draw k. */
function draw(n: number, k: number): number {
  let x = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x = Math.imul(x ^ (x >>> 12), 0x297a2d39);
  return ((x ^ (x >>> 15)) >>> 0) / 4294967296;
}

const sortNames = ['priority', 'newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'];

/**
 * Request n's random filter state: one to three attribute choices (sometimes two values of one
 * attribute), sometimes a price range and a tag, in the department or one of its subcategories, with
 * a sort and a page of the first five.
 */
function randomState(n: number, options: { keywords?: boolean } = {}) {
  const filters: { key: string; value: unknown }[] = [];
  const picks = 1 + Math.floor(draw(n, 0) * 3);
  for (let k = 0; k < picks; k++) {
    const choice = choices[Math.floor(draw(n, 1 + k) * choices.length)]!;
    const same = choices.filter((candidate) => candidate.code === choice.code);
    const second = same[Math.floor(draw(n, 10 + k) * same.length)]!;
    filters.push({
      key: choice.code,
      value: draw(n, 20 + k) < 0.3 ? [choice.value, second.value] : choice.value,
    });
  }
  if (draw(n, 30) < 0.4) {
    const low = Math.floor(draw(n, 31) * 3000);
    filters.push({ key: 'price', value: { min: low, max: low + 2000 + Math.floor(draw(n, 32) * 10000) } });
  }
  if (draw(n, 33) < 0.2 && tagCodes.length > 0)
    filters.push({ key: 'tag', value: tagCodes[Math.floor(draw(n, 34) * tagCodes.length)] });
  return {
    mainCategory:
      draw(n, 40) < 0.5 || subcategories.length === 0
        ? CATEGORY_SLUG
        : subcategories[Math.floor(draw(n, 41) * subcategories.length)],
    filters,
    ...(options.keywords ? { keywords: words[Math.floor(draw(n, 42) * words.length)] } : {}),
    sort: sortNames[Math.floor(draw(n, 43) * sortNames.length)],
    page: 1 + Math.floor(draw(n, 44) * 5),
    limit: 6,
  };
}

/**
 * `--pglite-dir DIR` keeps the PGlite catalogue between runs (filled up to the size, not removed). Made
 * absolute: a `--server-tree` shop runs in that tree, where a relative DIR would be a new, empty one.
 */
const pgliteDirArgument = benchArgument('pglite-dir', '');
const keptPgliteDir = pgliteDirArgument ? path.resolve(pgliteDirArgument) : '';

async function benchPglite(): Promise<CatalogueResult[]> {
  const dataDir = keptPgliteDir || fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-catalogue-'));
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
        await measureIndexBuild(handle, 'pglite', products);
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
    if (!keptPgliteDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

/**
 * `--database NAME` keeps the catalogue between runs: that database on BENCH_POSTGRES_URL's server is
 * created when missing, filled up to the size (the generator only adds what is missing) and kept.
 */
const keptDatabase = benchArgument('database', '');
/**
 * `--server-tree DIR` runs the shop from another checkout (e.g. `git archive <commit> | tar -x -C DIR`
 * with a symlink to this `node_modules`) against the same catalogue: before/after in one set-up.
 */
const serverTree = benchArgument('server-tree', '');
/** `--profile DIR`: the shop runs under `node --cpu-prof` and leaves its V8 CPU profile in DIR. */
const profileDir = benchArgument('profile', '');

async function benchPostgres(): Promise<CatalogueResult[]> {
  if (keptDatabase && !/^[a-z_][a-z0-9_]*$/.test(keptDatabase)) throw new Error('--database: a plain name');
  const name = keptDatabase || `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  const exists = keptDatabase
    ? (await admin`select 1 from pg_database where datname = ${name}`).length > 0
    : false;
  if (!exists) await admin.unsafe(`CREATE DATABASE ${name}`);
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
      for (const products of postgresSizes) {
        console.log(`PostgreSQL, ${products} products`);
        await prepare(handle, products);
        await measureIndexBuild(handle, 'postgres', products);
        const shop = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
        databaseCpu = async () => {
          const backends = await admin<
            { pid: number }[]
          >`select pid from pg_stat_activity where datname = ${name}`;
          return backends.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
        };
        try {
          results.push(...(await measureShop('postgres', products)));
        } finally {
          databaseCpu = undefined;
          await shop.stop();
        }
      }
    } finally {
      await handle.close();
    }
  } finally {
    if (!keptDatabase) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export function markdownTable(results: CatalogueResult[]): string {
  const lines = [
    '| engine | products | benchmark | req/s | ÷ baseline | p50 ms | p95 ms | p99 ms | shop CPU µs/req | database CPU µs/req | failed |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((r) => {
      const baseline = results.find(
        (b) => b.engine === r.engine && b.products === r.products && b.name.startsWith('baseline'),
      );
      const ratio = baseline ? (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3) : '';
      return `| ${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.products.toLocaleString('en')} | ${r.name} | ${r.requestsPerSecond} | ${ratio} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.cpuPerRequestUs ?? ''} | ${r.dbCpuPerRequestUs ?? ''} | ${r.failed} |`;
    }),
  ];
  return lines.join('\n');
}

export async function runCatalogueBench(): Promise<void> {
  const loadAtStart = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
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
  const heading = `${new Date().toISOString()} · ${seconds} s per run · ${connections} connections · ${os.cpus().length} CPUs · load average at the start ${loadAtStart}, at the end ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} · category ${CATEGORY_SLUG}`;
  const builds = [
    '| engine | products | index build ms | typed arrays MB | heap added MB | texts and name ranks ms | their heap MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...indexBuilds.map(
      (b) =>
        `| ${b.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${b.products.toLocaleString('en')} | ${b.ms} | ${(b.bytes / 1024 / 1024).toFixed(1)} | ${b.heapMb} | ${b.preloadMs} | ${b.preloadHeapMb} |`,
    ),
  ].join('\n');
  const report = `# Catalogue benchmark\n\n${heading}\n\n${markdownTable(results)}\n\nFacet index (docs/decisions/0350), built in the benchmark process on the same database:\n\n${builds}\n`;
  console.log(`\n${report}`);
  fs.mkdirSync('bench/results', { recursive: true });
  const file = path.join('bench/results', `catalogue-${new Date().toISOString().replaceAll(':', '-')}.md`);
  fs.writeFileSync(file, report);
  console.log(`written to ${file}`);
}

if (import.meta.main) await runCatalogueBench();
