/**
 * main (a tree in --main DIR) and this branch side by side: both shops on fresh PGlite directories,
 * a bare node:http baseline, the static file of each shop, measured in the same interleaved rounds.
 * Usage: BUILD_DIR=/abs/build node bench/ab.ts --main /tmp/lane-main --port 3300 --rounds 3
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type BenchResult, measure, startShop } from './http-utils.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const mainTree = arg('--main', '/tmp/lane-main');
const port = Number(arg('--port', '3300'));
const rounds = Number(arg('--rounds', '3'));
const seconds = Number(arg('--seconds', '3'));
const only = arg('--cases', '');
const buildDir = process.env.BUILD_DIR!;
const bare = spawn(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); }).listen(${port + 2}, '127.0.0.1', () => console.log('ready'))`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve) => bare.stdout?.once('data', () => resolve()));
const shops = {
  main: await startShop(port, {}, mainTree),
  lane: await startShop(port + 1, {}, process.cwd()),
};
const asset = fs
  .readdirSync(path.resolve(buildDir, 'client/assets'))
  .filter((f) => f.endsWith('.css'))
  .sort(
    (a, b) =>
      fs.statSync(path.resolve(buildDir, 'client/assets', b)).size -
      fs.statSync(path.resolve(buildDir, 'client/assets', a)).size,
  )[0];
type Case = { name: string; path: string; headers?: Record<string, string> };
const shopCases: Case[] = (
  [
    { name: 'static file', path: `/assets/${asset}` },
    { name: 'healthz', path: '/healthz' },
    { name: 'nav tree', path: '/api/v1/cms/navigation/tree/main' },
    { name: 'option filter', path: '/api/v1/cms/option/filter' },
    { name: 'page /en', path: '/en' },
    {
      name: 'page consent',
      path: '/en',
      headers: { cookie: 'cookie_consent=necessary%2Canalytics; _ga=GA1.1.123.456' },
    },
    { name: 'page gzip', path: '/en', headers: { 'accept-encoding': 'gzip' } },
  ] as Case[]
).filter((c) => !only || only.split(',').includes(c.name) || c.name === 'static file');
const runs = new Map<string, BenchResult[]>();
const add = (key: string, r: BenchResult) => runs.set(key, [...(runs.get(key) ?? []), r]);
try {
  for (let round = 0; round < rounds; round++) {
    add('bare', await measure('bare', `http://127.0.0.1:${port + 2}/`, { seconds, pid: bare.pid }));
    for (const c of shopCases)
      for (const [tree, shop] of round % 2 ? Object.entries(shops).reverse() : Object.entries(shops)) {
        const url = `http://127.0.0.1:${tree === 'main' ? port : port + 1}${c.path}`;
        const r = await measure(c.name, url, { seconds, pid: shop.pid, headers: c.headers });
        if (r.errors + r.non2xx > 0)
          console.log(`!! ${tree} ${c.name}: errors ${r.errors} non2xx ${r.non2xx}`);
        add(`${tree} ${c.name}`, r);
      }
    console.log(`round ${round + 1} done ${new Date().toISOString()}`);
  }
} finally {
  await shops.main.stop();
  await shops.lane.stop();
  bare.kill();
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const rps = (k: string) => median((runs.get(k) ?? []).map((r) => r.requestsPerSecond));
const cpu = (k: string) => median((runs.get(k) ?? []).map((r) => r.cpuPerRequestUs ?? Number.NaN));
const all = (k: string) =>
  (runs.get(k) ?? []).map((r) => `${r.requestsPerSecond}/${r.cpuPerRequestUs}`).join(' ');
const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
console.log(`\n${new Date().toISOString()} load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
console.log(`bare: ${rps('bare')} req/s, ${cpu('bare')} µs; rounds (req/s / µs): ${all('bare')}`);
const rows = [];
for (const c of shopCases)
  for (const tree of ['main', 'lane']) {
    const k = `${tree} ${c.name}`;
    const baseKey = c.name.startsWith('page') ? `${tree} static file` : 'bare';
    rows.push({
      case: k,
      'req/s': rps(k),
      'µs/req': cpu(k),
      'ratio req/s': c.name === 'static file' ? '' : pct(rps(k) / rps(baseKey)),
      'ratio CPU': c.name === 'static file' ? '' : pct(cpu(baseKey) / cpu(k)),
      rounds: all(k),
    });
  }
console.table(rows);
