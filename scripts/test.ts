/**
 * `npm test`: every check, in the order that fails fastest — types, lint, unit and integration tests
 * (vitest), production build, end-to-end tests in Chromium (Playwright). Ends with one summary line.
 *
 * Steps of one stage run side by side (decision 0560): with PostgreSQL configured, the integration
 * suite's second run on PGlite runs beside the first (much of that one waits on the database server),
 * and the production build beside both. The first step of a stage prints as it goes; the others'
 * output is kept in a file and printed, whole, once the stage is over. A stage starts only when every
 * step of the one before passed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'e2e.json');
const skipE2e = process.argv.includes('--no-e2e');

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };
const tests: Step[] = [
  {
    name: 'unit and integration tests',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
];
// With PostgreSQL configured, the integration suite also runs on PGlite: both engines must pass it.
if (process.env.TEST_DATABASE_URL) {
  tests.push({
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
// The build takes little CPU next to the tests (decision 0560) and is what the end-to-end tests need.
if (!skipE2e) tests.push({ name: 'build', command: bin('react-router'), args: ['build'] });

const stages: Step[][] = [
  [{ name: 'typecheck', command: bin('react-router'), args: ['typegen'] }],
  [{ name: 'typecheck', command: bin('tsc'), args: ['--noEmit'] }],
  [{ name: 'lint', command: bin('biome'), args: ['check', '.'] }],
  tests,
];
if (!skipE2e) {
  stages.push([
    {
      name: 'end-to-end tests',
      command: process.execPath,
      args: ['scripts/e2e.ts'],
      env: { E2E_JSON_REPORT: e2eReport },
    },
  ]);
}

const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Runs a step; the first of a stage inherits the terminal, the others write to `log`. */
const run = (step: Step, log?: string) =>
  new Promise<number>((resolve) => {
    const out = log ? fs.openSync(log, 'w') : undefined;
    const child = spawn(step.command, step.args, {
      stdio: out === undefined ? 'inherit' : ['ignore', out, out],
      env: { ...process.env, ...step.env },
    });
    const done = (code: number) => {
      if (out !== undefined) fs.closeSync(out);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });

let failedStep: string | undefined;
for (const stage of stages) {
  const started = Date.now();
  for (const [index, step] of stage.entries()) {
    const where = index === 0 ? '' : ' (beside the first, output below when done)';
    console.log(`\n▶ ${step.name}: ${path.basename(step.command)} ${step.args.join(' ')}${where}`);
  }
  const logs = stage.map((_, index) => (index === 0 ? undefined : path.join(reports, `step-${index}.log`)));
  const finished: number[] = [];
  const codes = await Promise.all(
    stage.map((step, index) =>
      run(step, logs[index]).then((code) => {
        finished[index] = Date.now();
        return code;
      }),
    ),
  );
  for (const [index, step] of stage.entries()) {
    const log = logs[index];
    if (log) {
      console.log(`\n▼ ${step.name}: output`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
    }
    const status = codes[index] === 0 ? 'ok' : 'FAILED';
    console.log(
      `◀ ${step.name}: ${status} in ${(((finished[index] ?? started) - started) / 1000).toFixed(1)} s`,
    );
    if (codes[index] !== 0) failedStep ??= step.name;
  }
  if (stage.length > 1) console.log(`◀ stage: ${seconds(started)}`);
  if (failedStep) break;
}

let passed = 0;
let failed = 0;
/** What failed, named once more at the very end: CI keeps only the tail of the output. */
const failures: string[] = [];
const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';
for (const [file, engine] of [
  [vitestReport, ''],
  [`${vitestReport}.pglite`, ' (PGlite)'],
] as const) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults?: {
      name: string;
      status?: string;
      message?: string;
      assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const result of report.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${where}${engine} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failedTests.length === 0 && result.status === 'failed') {
      failures.push(`${where}${engine}: ${firstLine(result.message)}`);
    }
  }
}
type E2eSuite = {
  title: string;
  file?: string;
  suites?: E2eSuite[];
  specs?: {
    title: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
};
const e2eFailures = (suite: E2eSuite, titles: string[]) => {
  const here = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected') continue;
      const error = test.results.find((result) => result.error)?.error?.message;
      failures.push(`${[...here, spec.title].filter(Boolean).join(' › ')}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) e2eFailures(child, here);
};
if (fs.existsSync(e2eReport)) {
  const report = JSON.parse(fs.readFileSync(e2eReport, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites?: E2eSuite[];
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  for (const suite of report.suites ?? []) e2eFailures(suite, []);
}
fs.rmSync(reports, { recursive: true, force: true });
if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const failure of failures) console.log(`  ✗ ${failure.slice(0, 400)}`);
}
if (failedStep) console.log(`\nFailed step: ${failedStep}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedStep || failed > 0 ? 1 : 0);
