import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export type BenchResult = {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process spent per answered request (when its pid was given), in µs. */
  cpuPerRequestUs?: number;
  /** Context switches of the server's main thread per answered request (voluntary: it waited for work). */
  switchesPerRequest?: number;
  /** CPU time of the load generator (this process: autocannon runs in it) per answered request, in µs. */
  clientCpuPerRequestUs?: number;
  /** The load generator's CPU time over the run's wall time (1 = one core busy the whole run). */
  clientBusy?: number;
};

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux). Unlike requests per second it
 * hardly depends on what else the machine runs, so it compares runs on a shared, busy machine.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted after the command name; clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Context switches of a process's main thread (voluntary + involuntary, from /proc): each is an
 * event-loop wake-up or a preemption, dear on a virtual machine.
 */
export function contextSwitches(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const count = (name: string) =>
      Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return count('voluntary_ctxt_switches') + count('nonvoluntary_ctxt_switches');
  } catch {
    return undefined;
  }
}

/** Runs autocannon against one URL for a fixed time (the loop is bounded in time and stops by itself). */
export async function measure(
  name: string,
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    /** The server's process, to report its CPU time per request. */
    pid?: number;
    /** A second of warm-up before the measured run (default); off for slices of a paired run. */
    warmUp?: boolean;
  } = {},
): Promise<BenchResult> {
  // A short warm-up fills caches and JIT before the measured run.
  const method = options.method ?? 'GET';
  if (options.warmUp !== false)
    await autocannon({
      url,
      duration: 1,
      connections: 4,
      method,
      body: options.body,
      headers: options.headers,
    });
  const cpuBefore = options.pid ? cpuSeconds(options.pid) : undefined;
  const switchesBefore = options.pid ? contextSwitches(options.pid) : undefined;
  const clientBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon({
    url,
    duration: options.seconds ?? 5,
    connections: options.connections ?? 10,
    method,
    body: options.body,
    headers: options.headers,
  });
  // autocannon reports p97.5 and p99 but no p95; interpolate between p90 and p97.5.
  const latency = result.latency as unknown as Record<string, number>;
  const p95 = latency.p90! + ((latency.p97_5! - latency.p90!) * (95 - 90)) / (97.5 - 90);
  const cpuAfter = options.pid ? cpuSeconds(options.pid) : undefined;
  const switchesAfter = options.pid ? contextSwitches(options.pid) : undefined;
  const client = process.cpuUsage(clientBefore);
  const wallMs = performance.now() - wallBefore;
  const answered = result.requests.total;
  const clientUs = client.user + client.system;
  return {
    switchesPerRequest:
      switchesBefore !== undefined && switchesAfter !== undefined && answered > 0
        ? Math.round(((switchesAfter - switchesBefore) / answered) * 1000) / 1000
        : undefined,
    clientCpuPerRequestUs: answered > 0 ? Math.round(clientUs / answered) : undefined,
    clientBusy: Math.round((clientUs / 1000 / wallMs) * 100) / 100,
    cpuPerRequestUs:
      cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
        ? Math.round(((cpuAfter - cpuBefore) / answered) * 1e6)
        : undefined,
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50: latency.p50!,
    p95: Math.round(p95 * 10) / 10,
    p99: latency.p99!,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printResults(results: BenchResult[]) {
  const rows = results.map((r) => ({
    benchmark: r.name,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.p50,
    'p95 ms': r.p95,
    'p99 ms': r.p99,
    'errors+non2xx': r.errors + r.non2xx,
    'server CPU µs/req': r.cpuPerRequestUs ?? '',
  }));
  console.table(rows);
}

/**
 * Runs a server script (from the repository root) with the given environment, waits until it answers
 * /readyz on the port, and returns how to stop it (SIGTERM, then wait for the exit).
 */
export async function spawnServer(
  script: string,
  port: number,
  env: Record<string, string | undefined>,
  cwd?: string,
): Promise<{ stop(): Promise<void>; pid: number | undefined }> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  // A fresh data directory is seeded first: minutes on a busy shared machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { stop, pid: child.pid };
}

/**
 * Starts the production server on a temporary data directory and waits until it is ready; `cwd` runs
 * another checkout's server (a baseline tree), by default this one's.
 */
export async function startShop(
  port: number,
  env: Record<string, string> = {},
  cwd?: string,
): Promise<{ stop(): Promise<void>; pid: number | undefined }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const server = await spawnServer(
    'scripts/start.ts',
    port,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      // The pages measured are the demo's; production starts without it unless asked.
      SEED_DEMO: 'true',
      ...env,
    },
    cwd,
  );
  return {
    pid: server.pid,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One of each screen in the demo content (server/db/seed/), in Croatian, and the shop screens in English
 * too (Lighthouse's list of vague link texts is English: "See more" without the name would fail SEO).
 */
export const demoPagePaths = [
  '/',
  '/en',
  '/o-nama',
  '/objave',
  '/sto-znaci-otporno-dijete',
  '/dogadjaj/1',
  '/shop/knjige',
  '/product/medo-i-velika-briga',
  '/en/blog',
  '/en/shop/books',
  '/en/product/little-bears-big-worry',
];

/** Builds the storefront into `buildDir` unless a build is already there. */
export function ensureBuild(buildDir: string) {
  if (fs.existsSync(path.join(buildDir, 'server/index.js'))) return;
  console.log(`Building the storefront into ${buildDir}…`);
  const result = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (result.status !== 0) throw new Error(`build failed (${result.status})`);
}

/** `--name value` from the command line, or the fallback. */
export function benchArgument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}
