/**
 * How many API calls the server makes to render each page: starts the production server (BUILD_DIR,
 * default `build`; fresh PGlite data directory with the demo) with debug logs, requests each page
 * twice (cold, then warm) and counts, per request id, the in-process calls (`in-process call` lines)
 * and, for builds from before contracts, the API requests the server sent itself (`request` lines
 * for /api/ paths carrying the page's request id).
 *
 * Usage: `node bench/internal-calls.ts [--port N] [/path ...]`
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import readline from 'node:readline';
import { demoPagePaths } from './http-utils.ts';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 3292;
const paths = args.filter((arg, index) => arg.startsWith('/') && args[index - 1] !== '--port');
const pages = paths.length > 0 ? paths : [...demoPagePaths, '/pretraga?search=dijete&category=posts'];

const child = spawn(process.execPath, ['tests/e2e/start-server.ts'], {
  env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'debug' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const calls = new Map<string, string[]>();
readline.createInterface({ input: child.stdout! }).on('line', (line) => {
  let entry: { reqId?: string; msg?: string; call?: string; path?: string; method?: string };
  try {
    entry = JSON.parse(line);
  } catch {
    return;
  }
  if (!entry.reqId) return;
  const made =
    entry.msg === 'in-process call'
      ? entry.call
      : entry.msg === 'request' && entry.path?.startsWith('/api/')
        ? `${entry.method} ${entry.path} (over HTTP)`
        : undefined;
  if (made) calls.set(entry.reqId, [...(calls.get(entry.reqId) ?? []), made]);
});

const base = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 180_000;
for (;;) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
  await new Promise((resolve) => setTimeout(resolve, 250));
}

console.log('| page | status | calls (cold) | calls (warm) | warm calls |');
console.log('| --- | --- | --- | --- | --- |');
for (const page of pages) {
  const counts: number[] = [];
  let status = 0;
  let warm: string[] = [];
  for (let round = 0; round < 2; round++) {
    const reqId = randomUUID();
    const response = await fetch(`${base}${page}`, {
      headers: { 'x-request-id': reqId },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    status = response.status;
    // Log lines are written as the calls are made; give the pipe a moment to deliver them.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const made = calls.get(reqId) ?? [];
    counts.push(made.length);
    warm = made;
  }
  const summary = [...new Set(warm)].map((call) => `${call} ×${warm.filter((c) => c === call).length}`);
  console.log(`| ${page} | ${status} | ${counts[0]} | ${counts[1]} | ${summary.join('; ')} |`);
}
child.kill('SIGTERM');
