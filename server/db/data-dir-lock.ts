import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another server process is already using the data directory ${dataDir}. ` +
        'PGlite allows one process per directory: stop the other process, or start this one with ' +
        'another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { release(): Promise<void> };

/**
 * The lock is a Unix socket the owning process listens on. The kernel closes it when the process
 * dies in any way (even kill -9), so a leftover socket file is recognisably stale: nobody answers.
 * A PID file could not tell a dead owner from a recycled PID.
 */
function socketPathFor(dataDir: string): string {
  const inDir = path.join(dataDir, 'server.lock');
  if (Buffer.byteLength(inDir) < 100) return inDir;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), `shop-${digest}.lock`);
}

function listen(socketPath: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      // The prober hangs up at once; its reset is expected.
      socket.on('error', () => {});
      socket.end(`${process.pid}\n`);
    });
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      server.unref();
      resolve(server);
    });
  });
}

function someoneAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const socketPath = socketPathFor(path.resolve(dataDir));
  let server: net.Server;
  try {
    server = await listen(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await someoneAnswers(socketPath)) throw new DataDirLockedError(dataDir);
    fs.rmSync(socketPath, { force: true });
    try {
      server = await listen(socketPath);
    } catch (retryError) {
      // Two processes found the same stale socket; the one that lost the race is the second process.
      if ((retryError as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new DataDirLockedError(dataDir);
      throw retryError;
    }
  }
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
