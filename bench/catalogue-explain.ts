/**
 * EXPLAIN ANALYZE of every query behind one layered/navigation and one web/filter call, on a
 * PostgreSQL database that holds a generated catalogue (scripts/generate-catalogue.ts):
 *
 *   node bench/catalogue-explain.ts --url postgres://postgres@127.0.0.1:5432/shop \
 *     [--category gen-odjel-1] [--filters '[{"key":"boja","value":"plava"}]'] [--only nav|filter] [--full]
 *
 * The calls run in-process through the real HTTP app; the queries they send are captured and then
 * explained with their parameters. Without --full only the execution time of each plan is printed.
 */

import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { MemoryCache } from '../server/cache/memory-cache.ts';
import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle, Db } from '../server/db/client.ts';
import { createHttpApp } from '../server/http.ts';
import { createLogger } from '../server/logger.ts';
import { createConfiguredStorage } from '../server/storage/configured-storage.ts';
import { benchArgument } from './http-utils.ts';

const url = benchArgument('url', 'postgres://postgres@127.0.0.1:5432/postgres');
const category = benchArgument('category', 'gen-odjel-1');
const filters = JSON.parse(benchArgument('filters', '[]')) as unknown[];
const only = benchArgument('only', 'nav,filter').split(',');
const full = process.argv.includes('--full');

const client = postgres(url, { max: 10, onnotice: () => {} });
const captured: { query: string; params: unknown[] }[] = [];
let capturing = false;
const db = drizzle({
  client,
  logger: {
    logQuery(query, params) {
      if (capturing) captured.push({ query, params });
    },
  },
}) as unknown as Db;
const database: DatabaseHandle = {
  db,
  engine: 'postgres',
  sql: client,
  rows: async () => [],
  ping: async () => {},
  close: async () => {},
};
// Statements the shop sends prepared through the pool itself (the cards, decision 0367) bypass
// drizzle's logger: they are captured here.
const sendUnsafe = client.unsafe.bind(client);
client.unsafe = ((query: string, params?: unknown[], options?: { prepare?: boolean }) => {
  if (capturing && options?.prepare) captured.push({ query, params: params ?? [] });
  return sendUnsafe(query, params as postgres.ParameterOrJSON<never>[], options);
}) as typeof client.unsafe;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const { app } = createHttpApp({
  config,
  logger: createLogger('silent'),
  cache: new MemoryCache({ maxEntries: 1000 }),
  storage: createConfiguredStorage(config),
  db,
  database,
});
const calls: Record<string, { path: string; body: unknown }> = {
  nav: { path: '/api/v1/catalogue/layered/navigation', body: { mainCategory: category, filters } },
  filter: {
    path: '/api/v1/catalogue/product/web/filter',
    body: { mainCategory: category, page: 1, limit: 6, filters },
  },
};
const post = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// The per-site reference lists are loaded (and cached) first, so that only the call's own queries show.
await post(calls.nav!.path, { mainCategory: '-' });
for (const name of only) {
  const call = calls[name];
  if (!call) continue;
  captured.length = 0;
  capturing = true;
  const started = performance.now();
  const response = await post(call.path, call.body);
  const ms = performance.now() - started;
  capturing = false;
  console.log(`== ${name}: HTTP ${response.status} in ${ms.toFixed(1)} ms`);
  for (const query of captured) {
    const plan = await client.unsafe<{ 'QUERY PLAN': string }[]>(
      `explain analyze ${query.query}`,
      query.params as postgres.ParameterOrJSON<never>[],
    );
    const lines = plan.map((row) => row['QUERY PLAN']);
    console.log(`-- ${query.query.slice(0, 160)}`);
    console.log(full ? lines.join('\n') : lines.slice(-1).join('\n'));
  }
}
await client.end();
