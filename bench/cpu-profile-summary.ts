/**
 * Where a server's CPU time goes, from a V8 CPU profile (`node --cpu-prof`, or `npm run bench -- cart
 * --profile DIR`): self time grouped by layer (HTTP and Hono, zod, the database driver, drizzle, the
 * cart module, …), the functions with the most self time, and the inclusive time of named functions.
 *
 *   node bench/cpu-profile-summary.ts FILE.cpuprofile [--last-ms 8000] [--skip-end-ms 300]
 *        [--requests N] [--functions mutate,compute,toView]
 *
 * `--last-ms` keeps the samples of the last milliseconds before `--skip-end-ms` (the measured run,
 * not the start-up and the warm-up); `--requests` turns times into µs per request.
 */

import fs from 'node:fs';
import { benchArgument } from './http-utils.ts';

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/cpu-profile-summary.ts FILE.cpuprofile [options]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const lastMs = Number(benchArgument('last-ms', '0'));
const skipEndMs = Number(benchArgument('skip-end-ms', '300'));
const requests = Number(benchArgument('requests', '0'));
const named = benchArgument('functions', '').split(',').filter(Boolean);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** The layer a frame belongs to, from its script. */
function layer(frame: Frame): string {
  const url = frame.url;
  const name = frame.functionName;
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'V8: garbage collector';
  if (name === '(program)') return 'V8: program (compiler, runtime)';
  if (!url) return `native: ${name || '(anonymous)'}`;
  if (url.includes('/node_modules/@hono/node-server/')) return 'HTTP: @hono/node-server';
  if (url.includes('/node_modules/@hono/zod-openapi/') || url.includes('/node_modules/@hono/zod-validator/'))
    return 'zod (validation)';
  if (url.includes('/node_modules/hono/')) return 'HTTP: Hono (router, context, middleware)';
  if (url.includes('/node_modules/zod/')) return 'zod (validation)';
  if (url.includes('/node_modules/postgres/')) return 'SQL: postgres.js driver';
  if (url.includes('/node_modules/@electric-sql/pglite/')) return 'SQL: PGlite';
  if (url.includes('/node_modules/drizzle-orm/')) return 'SQL: drizzle (query building, row mapping)';
  if (url.includes('/node_modules/pino')) return 'logging (pino)';
  if (url.includes('/node_modules/ioredis/')) return 'Redis client';
  if (url.includes('/node_modules/'))
    return `other package: ${url.split('/node_modules/')[1]?.split('/')[0]}`;
  if (url.includes('/server/http/idempotency')) return 'idempotency record';
  if (url.includes('/server/api/rate-limit') || url.includes('/server/cache/')) return 'rate limit and cache';
  if (url.includes('/server/modules/cart/')) return 'cart module (pricing, view)';
  if (url.includes('/server/modules/catalogue/')) return 'catalogue module';
  if (url.includes('/server/api/') || url.includes('/server/http'))
    return 'app HTTP layer (server/http*, server/api)';
  if (url.includes('/server/')) return `app: ${url.split('/server/')[1]}`;
  if (url.startsWith('node:')) {
    if (/node:(internal\/)?(http|_http|net|stream|internal\/streams|internal\/http)/.test(url))
      return 'node: http, net, streams';
    return `node: ${url.slice(5).split('/').slice(0, 2).join('/')}`;
  }
  return `other: ${url}`;
}

// The samples of the window.
const times: number[] = [];
let now = profile.startTime;
for (const delta of profile.timeDeltas) {
  now += delta;
  times.push(now);
}
const end = profile.endTime - skipEndMs * 1000;
const start = lastMs > 0 ? end - lastMs * 1000 : profile.startTime;
const self = new Map<number, number>();
let busy = 0;
let windowUs = 0;
for (let index = 0; index < profile.samples.length; index++) {
  const at = times[index]!;
  if (at < start || at > end) continue;
  const delta = profile.timeDeltas[index + 1] ?? 0;
  const id = profile.samples[index]!;
  windowUs += delta;
  self.set(id, (self.get(id) ?? 0) + delta);
  if (byId.get(id)?.callFrame.functionName !== '(idle)') busy += delta;
}

const perRequest = (us: number) => (requests > 0 ? `${Math.round(us / requests)} µs/req` : '');
const share = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;

const layers = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of self) {
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === '(idle)') continue;
  const name = layer(frame);
  layers.set(name, (layers.get(name) ?? 0) + us);
  const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(node_modules|server|bench)\//, '$1/')}:${frame.lineNumber + 1}`;
  functions.set(where, (functions.get(where) ?? 0) + us);
}

console.log(
  `window ${(windowUs / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms (${((100 * busy) / windowUs).toFixed(0)}% of one core)${requests ? `, ${requests} requests: ${Math.round(busy / requests)} µs CPU per request` : ''}\n`,
);
console.log('Self time by layer:');
for (const [name, us] of [...layers].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`  ${share(us).padStart(6)}  ${perRequest(us).padStart(12)}  ${name}`);
console.log('\nFunctions with the most self time:');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`  ${share(us).padStart(6)}  ${perRequest(us).padStart(12)}  ${name}`);

if (named.length > 0) {
  // Inclusive time: a sample counts for a named function when the function is on its stack (once).
  console.log('\nInclusive time (synchronous parts only; an await ends the stack):');
  for (const wanted of named) {
    let total = 0;
    for (const [id, us] of self) {
      let cursor: number | undefined = id;
      while (cursor !== undefined) {
        if (byId.get(cursor)!.callFrame.functionName === wanted) {
          total += us;
          break;
        }
        cursor = parent.get(cursor);
      }
    }
    console.log(`  ${share(total).padStart(6)}  ${perRequest(total).padStart(12)}  ${wanted}`);
  }
}
