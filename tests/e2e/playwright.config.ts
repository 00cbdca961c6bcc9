import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, e2eBaseUrl, e2ePort } from './e2e-env.ts';

const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Each shard of scripts/e2e.ts keeps its traces apart: Playwright empties this folder when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: e2eBaseUrl,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
  webServer: {
    command: `node tests/e2e/start-server.ts`,
    url: `${e2eBaseUrl}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server resolves its build relative to the working directory: the repository root.
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { E2E_PORT: String(e2ePort) },
  },
});
