/** `npm run test:e2e`: builds if needed, then runs the Playwright suite against the production server. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const buildDir = process.env.BUILD_DIR ?? 'build';
if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
  const build = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync(
  path.resolve('node_modules/.bin/playwright'),
  ['test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
