/**
 * The facet index alone, in-process, on a PostgreSQL database holding a generated catalogue: its build
 * time and memory, and the CPU time of a filter panel and a listing page computed from it (no HTTP, no
 * response cache, no loading of the cards), next to the same calls through SQL. Usage:
 *
 *   node bench/catalogue-index.ts --url postgres://postgres@127.0.0.1:5432/shop [--products 100000]
 *     [--requests 300] [--sql-requests 30] [--strategies auto,pass,bitsets,kept]
 *
 * With --products the database is first filled to that many generated products (the demo content is
 * seeded when it is empty). Each request is a different random filter state (category or department,
 * attribute choices, price range, tag, sort, page): the "cold" case of bench/catalogue.ts. The filter
 * panel is measured with each of `--strategies` (facetCounts' ways of counting, decision 0368), on the
 * random states and on the department with a price filter that matches everything (the cold
 * navigation of bench/catalogue.ts); a kept set's first call, which makes it, is reported apart.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { generateCatalogue } from '../scripts/generate-catalogue.ts';
import { openPostgres } from '../server/db/client.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { rowsOf } from '../server/db/raw-rows.ts';
import { seedDemo } from '../server/db/seed/seed.ts';
import { loadAttributes, loadCategories, loadTags } from '../server/modules/catalogue/catalogue-reference.ts';
import { createFacetIndexes } from '../server/modules/catalogue/facet-index.ts';
import { layeredNavigation } from '../server/modules/catalogue/layered-navigation.ts';
import {
  type FilterEntry,
  type ProductSort,
  resolveCriteria,
  searchProductIds,
} from '../server/modules/catalogue/product-filter.ts';
import type { CatalogueView } from '../server/modules/catalogue/product-view.ts';
import { createLocalStorage } from '../server/storage/local-storage.ts';
import { benchArgument } from './http-utils.ts';

const url = benchArgument('url', 'postgres://postgres@127.0.0.1:5432/postgres');
const wantedProducts = Number(benchArgument('products', '0'));
const requests = Number(benchArgument('requests', '300'));
const sqlRequests = Number(benchArgument('sql-requests', '30'));
const strategies = benchArgument('strategies', 'auto').split(',') as ('auto' | 'pass' | 'bitsets' | 'kept')[];

function heap(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as (() => void) | undefined)?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function draw(n: number, k: number): number {
  let x = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x = Math.imul(x ^ (x >>> 12), 0x297a2d39);
  return ((x ^ (x >>> 15)) >>> 0) / 4294967296;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

const handle = await openPostgres(url, { max: 4 });
const db = handle.db;
await runMigrations(handle, url);
const [{ n: existing } = { n: 0 }] = await rowsOf<{ n: number }>(
  db,
  sql`select count(*)::int as n from sites`,
);
if (Number(existing) === 0) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-index-'));
  await seedDemo(db, { storage: createLocalStorage(path.join(dataDir, 'media')) });
}
if (wantedProducts > 0) {
  const started = Date.now();
  const result = await generateCatalogue(db, { products: wantedProducts });
  if (result.after > result.before) await db.execute(sql`vacuum analyze`);
  console.log(
    `generated ${result.after - result.before} products (${result.after}) in ${Date.now() - started} ms`,
  );
}
const [site] = await rowsOf<{ id: number }>(db, sql`select id from sites order by id limit 1`);
const siteId = Number(site!.id);

const before = heap();
const started = performance.now();
const facets = createFacetIndexes(db, { enabled: true });
const index = (await facets.current(siteId))!;
const buildMs = performance.now() - started;
const heapMb = (heap() - before) / 1024 / 1024;
console.log(
  `index: ${index.size} products, built in ${Math.round(buildMs)} ms, typed arrays ${(index.byteSize() / 1024 / 1024).toFixed(1)} MB, heap +${heapMb.toFixed(1)} MB`,
);

const [categories, attributes, tags] = await Promise.all([
  loadCategories(db, siteId),
  loadAttributes(db, siteId),
  loadTags(db, siteId),
]);
const reference = { categories, attributes, tags };
const filterable = attributes.filter((attribute) => attribute.isFilterable);
const department = categories.find((category) => category.texts.hr?.slug === 'gen-odjel-1')!;
const subcategories = categories.filter((category) => category.parentId === department.id);
const view: CatalogueView = {
  siteId,
  apiKeyId: 0,
  language: 'hr',
  defaultLanguage: 'hr',
  currency: { id: 44, code: 'EUR', symbol: '€' },
  eurRate: null,
};
const departmentId = department.id;
const line = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(2)} | ${percentile(values, 95).toFixed(2)} |`;
const sorts: ProductSort[] = ['priority', 'newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'];

function state(n: number) {
  const filters: FilterEntry[] = [];
  const picks = Math.floor(draw(n, 0) * 3);
  for (let k = 0; k < picks; k++) {
    const attribute = filterable[Math.floor(draw(n, 1 + k) * filterable.length)]!;
    const value = attribute.values[Math.floor(draw(n, 10 + k) * attribute.values.length)]!;
    filters.push({ key: attribute.code, value: value.code });
  }
  if (draw(n, 30) < 0.4) {
    const low = Math.floor(draw(n, 31) * 3000);
    filters.push({ key: 'price', value: { min: low, max: low + 2000 + Math.floor(draw(n, 32) * 10000) } });
  }
  if (draw(n, 33) < 0.2 && tags.length > 0) filters.push({ key: 'tag', value: tags[0]!.code });
  const mainCategory =
    draw(n, 40) < 0.5 ? department.id : subcategories[Math.floor(draw(n, 41) * subcategories.length)]!.id;
  return {
    criteria: resolveCriteria({ mainCategory, filters }, reference, view),
    sort: sorts[Math.floor(draw(n, 43) * sorts.length)]!,
    offset: Math.floor(draw(n, 44) * 5) * 6,
  };
}

// Name ranks are loaded once per language (and after a name changes), not per request.
const nameRanks = await facets.nameRanks(index, 'hr', 'hr');
const panel: number[] = [];
const page: number[] = [];
const panelCpu: number[] = [];
const pageCpu: number[] = [];
/** CPU milliseconds (user + system) since `from`: on a busy machine wall time also counts the waits for a CPU. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const filterableIds = filterable.map((attribute) => attribute.id);
const strategyRows: string[] = [];
for (const strategy of strategies) {
  const wall: number[] = [];
  const cpuTimes: number[] = [];
  const first = new Map<string, number>();
  for (let n = 0; n < requests; n++) {
    const { criteria } = state(n);
    const query = { criteria, keywordIds: null, currencyId: 44 };
    const t = performance.now();
    const cpu = process.cpuUsage();
    index.facetCounts(query, filterableIds, undefined, strategy);
    const key = String(criteria.mainCategoryIds);
    if (!first.has(key)) first.set(key, cpuMs(cpu));
    else {
      cpuTimes.push(cpuMs(cpu));
      wall.push(performance.now() - t);
    }
  }
  // The cold navigation of bench/catalogue.ts: the department, a price filter that matches everything.
  const department: number[] = [];
  for (let n = 0; n <= requests; n++) {
    const criteria = resolveCriteria(
      { mainCategory: departmentId, filters: [{ key: 'price', value: { min: 0, max: 1_000_000_000 + n } }] },
      reference,
      view,
    );
    const cpu = process.cpuUsage();
    index.facetCounts({ criteria, keywordIds: null, currencyId: 44 }, filterableIds, undefined, strategy);
    if (n > 0) department.push(cpuMs(cpu));
  }
  strategyRows.push(
    line(`filter panel (${strategy}), random states, CPU time`, cpuTimes),
    line(`filter panel (${strategy}), first call per main category, CPU time`, [...first.values()]),
    line(`filter panel (${strategy}), department, price matching all, CPU time`, department),
  );
}
for (let n = 0; n < requests; n++) {
  const { criteria, sort, offset } = state(n);
  const query = { criteria, keywordIds: null, currencyId: 44 };
  let t = performance.now();
  let cpu = process.cpuUsage();
  index.facetCounts(query, filterableIds);
  panelCpu.push(cpuMs(cpu));
  panel.push(performance.now() - t);
  t = performance.now();
  cpu = process.cpuUsage();
  index.page(query, { sort, limit: 6, offset, nameRanks });
  pageCpu.push(cpuMs(cpu));
  page.push(performance.now() - t);
}
const sqlPanel: number[] = [];
const sqlPage: number[] = [];
for (let n = 0; n < sqlRequests; n++) {
  const { criteria, sort, offset } = state(n);
  let t = performance.now();
  await layeredNavigation(db, view, criteria, attributes);
  sqlPanel.push(performance.now() - t);
  t = performance.now();
  await searchProductIds(db, criteria, view, { sort, limit: 6, offset });
  sqlPage.push(performance.now() - t);
}
console.log(
  [
    `\n${new Date().toISOString()} · ${index.size} products · load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
    '| computation (random filter state) | calls | p50 ms | p95 ms |',
    '| --- | ---: | ---: | ---: |',
    ...strategyRows,
    line('filter panel from the index', panel),
    line('filter panel from the index, CPU time', panelCpu),
    line('listing page from the index', page),
    line('listing page from the index, CPU time', pageCpu),
    line('filter panel through SQL (layeredNavigation)', sqlPanel),
    line('listing page through SQL (searchProductIds)', sqlPage),
  ].join('\n'),
);
await handle.close();
