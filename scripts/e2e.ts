/**
 * `npm run test:e2e`: builds when there is no build or the sources changed since it was made (a stale
 * build would test old code), then runs the Playwright suite against the production server.
 *
 * First it prepares one data directory with the demo content (a server's first start, then a
 * graceful stop): every server of the run that would seed the demo site on an empty PGlite
 * directory (each shard's, and those the tests start) starts on a copy of it instead
 * (tests/e2e/support/server-process.ts, decision 0340).
 *
 * The whole suite runs in shards side by side (E2E_SHARDS, default 2): each shard is its own
 * Playwright process with its own server on its own port and fresh data directory, so the files of
 * one shard never see another shard's data; inside a shard the files run one after another as before.
 * The suite spends much of its time waiting on the browser and the server, so two shards finish it in
 * less time even on two cores (decision 0189). With file arguments it runs one unless E2E_SHARDS says.
 * Files go to shards by their measured run time (tests/e2e/timings.json, scripts/e2e-timings.ts);
 * E2E_UPDATE_TIMINGS=1 refreshes those figures from this run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { demoDataDirVariable, startServerProcess } from '../tests/e2e/support/server-process.ts';
import { e2eDir, planShards, updateTimings } from './e2e-timings.ts';

const buildDir = process.env.BUILD_DIR ?? 'build';
const newestSource = (directory: string): number =>
  fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) => Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
const builtAt = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const built = builtAt(path.join(buildDir, 'server/index.js'));
const sources = ['app', 'core', 'server', 'vite.config.ts', 'react-router.config.ts'];
const stale = sources.some((source) =>
  fs.statSync(source).isDirectory() ? newestSource(source) > built : builtAt(source) > built,
);
if (stale) {
  const build = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = process.argv.slice(2);
const playwright = path.resolve('node_modules/.bin/playwright');
const playwrightArgs = ['test', '-c', 'tests/e2e/playwright.config.ts'];
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (args.length > 0 ? 1 : 2)) || 1);
const updatingTimings = process.env.E2E_UPDATE_TIMINGS === '1';
const reportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-reports-'));
// Each shard's JSON report: for the caller (E2E_JSON_REPORT, summed below) or for the timings.
const jsonReport =
  process.env.E2E_JSON_REPORT ?? (updatingTimings ? path.join(reportsDir, 'report.json') : undefined);

// The run's demo data directory. E2E_DEMO_DATA_DIR names one to keep across runs: prepared when it
// is empty or missing, used as it is otherwise (stale once the seed or the migrations change).
const namedDemoDataDir = process.env[demoDataDirVariable];
const demoDataDir = namedDemoDataDir || fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-demo-'));
if (!fs.existsSync(path.join(demoDataDir, 'pglite', 'PG_VERSION'))) {
  const started = Date.now();
  fs.mkdirSync(demoDataDir, { recursive: true });
  const code = await (await startServerProcess({ dataDir: demoDataDir, readyTimeoutMs: 300_000 })).stop();
  if (code !== 0) {
    console.error(`preparing the demo data directory failed: the server exited with ${code}`);
    process.exit(1);
  }
  console.log(`demo data directory prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.env[demoDataDirVariable] = demoDataDir;
const cleanup = () => {
  if (!namedDemoDataDir) fs.rmSync(demoDataDir, { recursive: true, force: true });
  fs.rmSync(reportsDir, { recursive: true, force: true });
};
process.on('exit', cleanup);

if (shards === 1) {
  const result = spawnSync(playwright, [...playwrightArgs, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...(jsonReport ? { E2E_JSON_REPORT: jsonReport } : {}) },
  });
  if (updatingTimings && jsonReport && fs.existsSync(jsonReport)) {
    console.log(`timings of ${updateTimings([jsonReport]).length} files updated`);
  }
  process.exit(result.status ?? 1);
}

// Files go to shards by measured run time, longest first, each to the shard that ends soonest
// (scripts/e2e-timings.ts): Playwright's own --shard splits by test count, which put the slow files
// together. Options (arguments starting with -, written --name=value) go to every shard.
const options = args.filter((arg) => arg.startsWith('-'));
const named = args.filter((arg) => !arg.startsWith('-'));
const files =
  named.length > 0
    ? named
    : fs
        .readdirSync(e2eDir)
        .filter((name) => name.endsWith('.e2e.ts'))
        .map((name) => path.join(e2eDir, name));
const plan = planShards(files, shards);
for (const [index, shard] of plan.entries()) {
  console.log(`[${index + 1}/${shards}] ${shard.files.length} files, about ${Math.round(shard.seconds)} s`);
}

type Stats = { expected: number; unexpected: number; flaky: number; skipped: number };
const basePort = Number(process.env.E2E_PORT ?? 3190);

const runShard = (index: number) =>
  new Promise<number>((resolve) => {
    const label = `[${index}/${shards}]`;
    const files = plan[index - 1]?.files ?? [];
    if (files.length === 0) return resolve(0);
    const child = spawn(playwright, [...playwrightArgs, ...options, ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Ten ports apart: the first shard keeps the port asked for.
        E2E_PORT: String(basePort + (index - 1) * 10),
        E2E_OUTPUT_DIR: path.join('test-results', `shard-${index}`),
        ...(jsonReport ? { E2E_JSON_REPORT: `${jsonReport}.shard${index}` } : {}),
      },
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${label} ${line}`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => runShard(index + 1)));

const shardReports = Array.from({ length: shards }, (_, index) => `${jsonReport}.shard${index + 1}`).filter(
  (file) => jsonReport && fs.existsSync(file),
);
if (updatingTimings) console.log(`timings of ${updateTimings(shardReports).length} files updated`);
if (process.env.E2E_JSON_REPORT) {
  const total: Stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  // The shards' suites go on with the sums, so that `npm test` can name what failed at the end.
  const suites: unknown[] = [];
  for (const file of shardReports) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: Stats; suites?: unknown[] };
    for (const key of Object.keys(total) as (keyof Stats)[]) total[key] += report.stats[key] ?? 0;
    suites.push(...(report.suites ?? []));
    fs.rmSync(file);
  }
  fs.writeFileSync(process.env.E2E_JSON_REPORT, JSON.stringify({ stats: total, suites }));
}
process.exit(codes.find((code) => code !== 0) ?? 0);
