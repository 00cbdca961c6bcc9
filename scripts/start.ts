/**
 * `npm start`: builds the app when the build is missing or older than the sources, then starts the
 * production server (embedded database and demo content unless configured otherwise).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const stamp = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js');
const sources = ['app', 'core', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the storefront (first start or changed sources)…');
  execFileSync(process.execPath, [path.resolve('node_modules/@react-router/dev/bin.cjs'), 'build'], {
    stdio: 'inherit',
  });
}
process.env.NODE_ENV ??= 'production';
const { main } = await import('../server/main.ts');
await main();
