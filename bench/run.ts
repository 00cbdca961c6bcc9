/**
 * HTTP benchmark: the shop's liveness probe, cached API reads and pages (from the page cache, and
 * rendered), next to two baselines measured in the same run (bare node:http, and a static file served
 * by the shop), because absolute numbers on shared machines mean little. The figures the targets are
 * about are printed as ratios of those baselines.
 * Usage: `npm run bench [-- --seconds 10] [--port 3290]` (the baseline listens on port + 1; BUILD_DIR
 * picks the build). With DATABASE_URL / REDIS_URL set, the shop runs on PostgreSQL / Redis.
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

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const seconds = Number(argument('--seconds') ?? 5);
const shopPort = Number(argument('--port') ?? 3290);
const baselinePort = shopPort + 1;
const buildDir = process.env.BUILD_DIR ?? 'build';

const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
await new Promise<void>((resolve) => baseline.listen(baselinePort, '127.0.0.1', resolve));
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
const results: BenchResult[] = [];
try {
  results.push(await measure('baseline: bare node:http', `http://127.0.0.1:${baselinePort}/`, { seconds }));
  if (asset) results.push(await measure('baseline: static file', `${base}/assets/${asset}`, { seconds }));
  results.push(await measure('GET /healthz', `${base}/healthz`, { seconds }));
  results.push(
    await measure(
      'cached API read: GET /api/v1/cms/navigation/tree/main',
      `${base}/api/v1/cms/navigation/tree/main`,
      {
        seconds,
      },
    ),
  );
  results.push(
    await measure('cached API read: GET /api/v1/cms/option/filter', `${base}/api/v1/cms/option/filter`, {
      seconds,
    }),
  );
  results.push(await measure('cached page: GET /en', `${base}/en`, { seconds }));
  results.push(
    await measure('uncached page: GET /en (session cookie)', `${base}/en`, { seconds, ...uncached }),
  );
} finally {
  await shop.stop();
  baseline.close();
}
console.log(
  `\n${new Date().toISOString()} · ${seconds} s per run · 10 connections · database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · cache ${process.env.REDIS_URL ? 'Redis' : 'memory'} · static file ${asset ?? 'none'}`,
);
printResults(results);

const rate = (prefix: string) => results.find((result) => result.name.startsWith(prefix))?.requestsPerSecond;
const ratio = (value: number | undefined, of: number | undefined) =>
  value && of ? `${Math.round((value / of) * 1000) / 10}%` : 'n/a';
const bare = rate('baseline: bare');
const staticFile = rate('baseline: static');
console.table([
  { figure: 'GET /healthz / bare node:http', ratio: ratio(rate('GET /healthz'), bare), target: '≥ 90%' },
  {
    figure: 'cached API read (navigation tree) / bare node:http',
    ratio: ratio(rate('cached API read: GET /api/v1/cms/navigation'), bare),
    target: '≥ 70%',
  },
  {
    figure: 'cached API read (option filter) / bare node:http',
    ratio: ratio(rate('cached API read: GET /api/v1/cms/option'), bare),
    target: '≥ 70%',
  },
  { figure: 'cached page / static file', ratio: ratio(rate('cached page'), staticFile), target: '≥ 50%' },
  { figure: 'uncached page / static file', ratio: ratio(rate('uncached page'), staticFile), target: '' },
]);
