/**
 * Server rendering benchmark: uncached pages (a session cookie makes the page cache step aside), each
 * rendered by the production server, with the server's CPU time per page. With `--baseline DIR` (a
 * checkout of an older commit with its own build and `node_modules`) the same pages of that tree are
 * measured in the same run, interleaved, so the ratio holds on a shared, busy machine.
 *
 * Usage: `node bench/render.ts [--seconds 3] [--rounds 3] [--port 3284] [--baseline DIR] [/path ...]`
 * (BUILD_DIR picks the build in each tree, default `build`; the baseline listens on port + 1).
 */
import path from 'node:path';
import { type BenchResult, measure, printResults, startShop } from './http-utils.ts';

const args = process.argv.slice(2);
const argument = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const seconds = Number(argument('--seconds') ?? 3);
const rounds = Number(argument('--rounds') ?? 3);
const port = Number(argument('--port') ?? 3284);
const baselineDir = argument('--baseline');
const valued = new Set(['--seconds', '--rounds', '--port', '--baseline']);
const given = args.filter((arg, index) => arg.startsWith('/') && !valued.has(args[index - 1] ?? ''));
const pages = given.length > 0 ? given : ['/shop/knjige', '/', '/product/medo-i-velika-briga', '/objave'];

const uncached = { headers: { cookie: 'refreshToken=bench' } };
const trees = [
  { label: 'this tree', shop: await startShop(port) },
  ...(baselineDir
    ? [
        {
          label: 'baseline',
          shop: await startShop(port + 1, {}, path.resolve(baselineDir)),
          dir: baselineDir,
        },
      ]
    : []),
];
const ports = new Map(trees.map((tree, index) => [tree.label, port + index]));
const runs = new Map<string, BenchResult[]>();
try {
  for (let round = 0; round < rounds; round++)
    for (const page of pages)
      for (const { label, shop } of trees) {
        const name = `${label}: GET ${page}`;
        const result = await measure(name, `http://127.0.0.1:${ports.get(label)}${page}`, {
          seconds,
          pid: shop.pid,
          ...uncached,
        });
        runs.set(name, [...(runs.get(name) ?? []), result]);
      }
} finally {
  for (const { shop } of trees) await shop.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [...runs].map(([, all]) => {
  const sorted = [...all].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const cpu = all.flatMap((run) => (run.cpuPerRequestUs === undefined ? [] : [run.cpuPerRequestUs]));
  return { ...sorted[Math.floor(sorted.length / 2)]!, cpuPerRequestUs: median(cpu) };
});
console.log(
  `\n${new Date().toISOString()} · uncached pages · median of ${rounds} interleaved rounds of ${seconds} s · 10 connections · BUILD_DIR ${process.env.BUILD_DIR ?? 'build'}${baselineDir ? ` · baseline ${baselineDir}` : ''}`,
);
printResults(results);
if (baselineDir) {
  const find = (label: string, page: string) => results.find((r) => r.name === `${label}: GET ${page}`);
  console.table(
    pages.map((page) => {
      const now = find('this tree', page);
      const before = find('baseline', page);
      return {
        page,
        'req/s ratio':
          now && before ? Math.round((now.requestsPerSecond / before.requestsPerSecond) * 100) / 100 : 'n/a',
        'CPU µs/req before → now': `${before?.cpuPerRequestUs} → ${now?.cpuPerRequestUs}`,
        'CPU ratio (before / now)':
          now?.cpuPerRequestUs && before?.cpuPerRequestUs
            ? Math.round((before.cpuPerRequestUs / now.cpuPerRequestUs) * 100) / 100
            : 'n/a',
      };
    }),
  );
}
