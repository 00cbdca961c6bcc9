/**
 * HTTP benchmark: the shop's liveness probe, an API read and a server-rendered page, next to two
 * baselines measured in the same run (bare node:http, and a static file served by the shop), because
 * absolute numbers on shared machines mean little. Usage: `npm run bench [-- --seconds 10]`.
 * With DATABASE_URL / REDIS_URL set, the shop runs on PostgreSQL / Redis.
 */

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type BenchResult, measure, printResults, startShop } from './http-utils.ts';

// `npm run bench -- catalogue`: the generated-catalogue benchmark (bench/catalogue.ts) instead.
if (process.argv.includes('catalogue')) {
  const { runCatalogueBench } = await import('./catalogue.ts');
  await runCatalogueBench();
  process.exit(0);
}

// `npm run bench -- memory`: resident memory after start, restart and warm-up (bench/memory.ts).
if (process.argv.includes('memory')) {
  const { runMemoryBench } = await import('./memory.ts');
  await runMemoryBench();
  process.exit(0);
}

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 5;
const shopPort = 3290;
const baselinePort = 3291;

const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
const shop = await startShop(shopPort);

const base = `http://127.0.0.1:${shopPort}`;
const asset = fs
  .readdirSync(path.resolve('build/client/assets'))
  .find((file) => file.endsWith('.css') || file.endsWith('.js'));

const results: BenchResult[] = [];
try {
  results.push(await measure('baseline: bare node:http', `http://127.0.0.1:${baselinePort}/`, { seconds }));
  if (asset) results.push(await measure('baseline: static file', `${base}/assets/${asset}`, { seconds }));
  results.push(await measure('GET /healthz', `${base}/healthz`, { seconds }));
  results.push(
    await measure('API read: GET /api/v1/cms/option/filter', `${base}/api/v1/cms/option/filter`, { seconds }),
  );
  results.push(
    await measure('API read: POST /api/v2/master/domainDetect', `${base}/api/v2/master/domainDetect`, {
      seconds,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    }),
  );
  results.push(await measure('SSR page: GET /', `${base}/`, { seconds }));
  results.push(await measure('SSR page: GET /en', `${base}/en`, { seconds }));
} finally {
  await shop.stop();
  baseline.close();
}
console.log(
  `\n${new Date().toISOString()} · ${seconds} s per run · 10 connections · database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · cache ${process.env.REDIS_URL ? 'Redis' : 'memory'}`,
);
printResults(results);
