import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { freePort } from './free-port.ts';

/** Whether `redis-server` can be started on this machine (tests that need a private one skip without it). */
export const redisServerInstalled = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

export type RedisServer = {
  port: number;
  url: string;
  /** Starts (again) on the same port, empty: nothing is persisted. */
  start(): Promise<void>;
  /** Stops the server: its clients see the connection close. */
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open but nothing answers, like a network partition. */
  pause(): void;
  resume(): void;
};

/**
 * A private, throw-away `redis-server` on a free port, for tests that take Redis away and bring it
 * back. Nothing is saved to disk.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    started.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (started.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // A paused process handles SIGTERM only once it runs again.
    running.kill('SIGCONT');
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
