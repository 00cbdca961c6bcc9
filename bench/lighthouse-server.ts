import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts the production server the end-to-end tests use (tests/e2e/start-server.ts: fresh PGlite data
 * directory with demo content, removed on exit) and waits until it answers /readyz.
 */
export async function startE2eServer(port: number, buildDir: string): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/start-server.ts'], {
    env: { ...process.env, E2E_PORT: String(port), BUILD_DIR: buildDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
