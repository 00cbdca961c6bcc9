import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder while the first is alive, and frees on release', async () => {
    const dir = tempDir();
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('takes over a socket left behind by a process that died', async () => {
    const dir = tempDir();
    const socketPath = path.join(dir, 'server.lock');
    // A child binds the socket and is killed with SIGKILL, leaving the socket file behind.
    const script = `const s=require('net').createServer();s.listen(${JSON.stringify(socketPath)},()=>process.kill(process.pid,'SIGKILL'));`;
    spawnSync(process.execPath, ['-e', script]);
    expect(fs.existsSync(socketPath)).toBe(true);
    const lock = await lockDataDir(dir);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = net.connect(socketPath, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    expect(answered).toBe(true);
    await lock.release();
  });
});
