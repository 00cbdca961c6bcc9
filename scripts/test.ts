/**
 * `npm test`: every check, in the order that fails fastest — types, lint, unit and integration tests
 * (vitest), production build, end-to-end tests in Chromium (Playwright). Ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'e2e.json');
const skipE2e = process.argv.includes('--no-e2e');

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };
const steps: Step[] = [
  { name: 'typecheck', command: bin('react-router'), args: ['typegen'] },
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit'] },
  { name: 'lint', command: bin('biome'), args: ['check', '.'] },
  {
    name: 'unit and integration tests',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
];
// With PostgreSQL configured, the integration suite also runs on PGlite: both engines must pass it.
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: 'integration tests on PGlite',
    command: bin('vitest'),
    args: [
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}.pglite`,
    ],
    env: { TEST_DATABASE_URL: '' },
  });
}
if (!skipE2e) {
  steps.push({ name: 'build', command: bin('react-router'), args: ['build'] });
  steps.push({
    name: 'end-to-end tests',
    command: process.execPath,
    args: ['scripts/e2e.ts'],
    env: { E2E_JSON_REPORT: e2eReport },
  });
}

let failedStep: string | undefined;
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${path.basename(step.command)} ${step.args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  console.log(
    `◀ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const file of [vitestReport, `${vitestReport}.pglite`]) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (fs.existsSync(e2eReport)) {
  const report = JSON.parse(fs.readFileSync(e2eReport, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}
fs.rmSync(reports, { recursive: true, force: true });
if (failedStep) console.log(`\nFailed step: ${failedStep}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedStep || failed > 0 ? 1 : 0);
