import { spawnServer } from './http-utils.ts';

/**
 * Starts the production server the end-to-end tests use (tests/e2e/start-server.ts: fresh PGlite data
 * directory with demo content, removed on exit) and waits until it answers /readyz.
 */
export function startE2eServer(port: number, buildDir: string): Promise<{ stop(): Promise<void> }> {
  return spawnServer('tests/e2e/start-server.ts', port, { E2E_PORT: String(port), BUILD_DIR: buildDir });
}
