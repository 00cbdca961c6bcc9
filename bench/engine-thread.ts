/**
 * What the embedded engine costs a thread that serves HTTP (decision 0568): the same bare `node:http`
 * handler (`{"status":"ok"}`) in processes that differ only in what else they did before listening:
 * nothing, importing the database modules, opening the shop's PGlite in the serving thread, opening it
 * in a worker thread. Interleaved rounds; per round each variant's CPU per request against the fresh
 * process's, and the median of those ratios.
 * Usage: node bench/engine-thread.ts [--rounds 10] [--seconds 3] [--port 3300]
 * (a process per variant listens on port, port + 1, …).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchArgument, measure } from './http-utils.ts';

const variants = ['fresh', 'imported', 'serving thread', 'worker thread'] as const;
type Variant = (typeof variants)[number];

const serve = process.argv.indexOf('--serve');
if (serve > 0) {
  const variant = process.argv[serve + 1] as Variant;
  const port = Number(process.argv[serve + 2]);
  if (variant !== 'fresh') {
    const { openPglite } = await import('../server/db/client.ts');
    if (variant !== 'imported') {
      const database = await openPglite({ thread: variant === 'worker thread' ? 'worker' : 'main' });
      await database.ping();
    }
  }
  const http = await import('node:http');
  http
    .createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    })
    .listen(port, '127.0.0.1', () => console.log('ready'));
} else {
  const rounds = Number(benchArgument('rounds', '10'));
  const seconds = Number(benchArgument('seconds', '3'));
  const port = Number(benchArgument('port', '3300'));
  const self = fileURLToPath(import.meta.url);
  const servers = variants.map((variant, index) =>
    spawn(process.execPath, [self, '--serve', variant, String(port + index)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  try {
    await Promise.all(
      servers.map((server) => new Promise((resolve) => server.stdout?.once('data', resolve))),
    );
    const cpu = new Map<Variant, number[]>(variants.map((variant) => [variant, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [index, variant] of variants.entries()) {
        const result = await measure(variant, `http://127.0.0.1:${port + index}/`, {
          seconds,
          pid: servers[index]!.pid,
        });
        cpu.get(variant)!.push(result.cpuPerRequestUs ?? Number.NaN);
      }
      console.log(`round ${round + 1} of ${rounds} done`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const fresh = cpu.get('fresh')!;
    console.table(
      variants.map((variant) => {
        const values = cpu.get(variant)!;
        return {
          variant,
          'median µs/req': median(values),
          'median ratio to fresh': median(values.map((value, round) => value / fresh[round]!)).toFixed(3),
          rounds: values.map((value) => value.toFixed(0)).join(' '),
        };
      }),
    );
  } finally {
    for (const server of servers) server.kill();
  }
}
