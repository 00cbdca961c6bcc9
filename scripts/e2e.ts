/**
 * `npm run test:e2e`: builds when there is no build or the sources changed since it was made (a stale
 * build would test old code), then runs the Playwright suite against the production server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const buildDir = process.env.BUILD_DIR ?? 'build';
const newestSource = (directory: string): number =>
  fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) => Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
const builtAt = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const built = builtAt(path.join(buildDir, 'server/index.js'));
const sources = ['app', 'core', 'server', 'vite.config.ts', 'react-router.config.ts'];
const stale = sources.some((source) =>
  fs.statSync(source).isDirectory() ? newestSource(source) > built : builtAt(source) > built,
);
if (stale) {
  const build = spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync(
  path.resolve('node_modules/.bin/playwright'),
  ['test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
