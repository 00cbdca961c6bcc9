/**
 * Loaded into the server by bench/memory.ts with `--import`: answers the parent's IPC message
 * `memory` with the process's own figures, so that the server itself carries no measuring code.
 */
import fs from 'node:fs';
import v8 from 'node:v8';

export type MemoryFigures = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The most V8 ever held in malloc at once (compilation zones): what the allocator may keep. */
  peakMalloced: number;
  /** Anonymous private memory from /proc/self/smaps_rollup (heap, arenas, WebAssembly memory). */
  anonymous: number;
};

function smapsAnonymous(): number {
  try {
    const rollup = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
    const kb = /^Anonymous:\s+(\d+) kB/m.exec(rollup)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

process.channel?.unref();
process.on('message', (message) => {
  if (message !== 'memory') return;
  const usage = process.memoryUsage();
  const figures: MemoryFigures = {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    peakMalloced: v8.getHeapStatistics().peak_malloced_memory,
    anonymous: smapsAnonymous(),
  };
  process.send?.(figures);
});
