import { type ChildProcess, spawn } from 'node:child_process';

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts `server/main.ts` (production build) as its own process on a given data directory. */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready in time:\n${server.output()}`);
}
