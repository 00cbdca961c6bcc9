import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Components render with the server's translation hook, as in the server build (vite.config.ts).
  resolve: {
    alias: {
      'react-i18next': fileURLToPath(new URL('./app/i18n/react-i18next.server.tsx', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{app,core,server}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          setupFiles: ['server/testing/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{app,core,server,scripts}/**/*.integration.test.{ts,tsx}'],
          globalSetup: ['server/testing/global-setup.ts'],
          setupFiles: ['server/testing/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file holds its own database copy in memory; two at a time fit two cores well.
          maxWorkers: 2,
          // A worker keeps the modules it imported for its next file instead of importing the whole
          // server again (40% of the suite's CPU time with isolation, decision 0561). Every file still
          // gets its own database and its own app (createTestDatabase, createTestApp), and no
          // integration test mocks modules or stubs globals.
          isolate: false,
        },
      },
    ],
  },
});
