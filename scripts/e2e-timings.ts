/**
 * How long each end-to-end file runs, for splitting the suite into shards that finish together
 * (scripts/e2e.ts, docs/decisions/0340). The figures live in tests/e2e/timings.json: seconds per file
 * name, measured by Playwright on a whole run (see reportSeconds).
 *
 * Refresh them after files were added or changed much: `E2E_UPDATE_TIMINGS=1 npm run test:e2e`, or
 * `node scripts/e2e-timings.ts <playwright-json-report>...` on reports of earlier runs. Files of the
 * reports replace their figures; files that no longer exist are dropped; the rest keep theirs.
 */
import fs from 'node:fs';
import path from 'node:path';

export const e2eDir = 'tests/e2e';
export const timingsFile = path.join(e2eDir, 'timings.json');

type Result = { startTime: string; duration: number };
type Suite = {
  file: string;
  specs?: { tests: { results: Result[] }[] }[];
  suites?: Suite[];
};

/**
 * Seconds per file name in the Playwright JSON report of one shard (one worker: its tests ran one
 * after another). A test's share is the time from its start to the next test's start: a result's
 * start comes before the beforeAll hooks it waits for (the servers some files start) but its
 * duration leaves them out, as it leaves out afterAll hooks and a new worker after a failure.
 */
export function reportSeconds(report: { suites?: Suite[] }): Record<string, number> {
  const results: { file: string; start: number; duration: number }[] = [];
  const visit = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          results.push({ file, start: Date.parse(result.startTime), duration: result.duration });
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, path.basename(suite.file));
  results.sort((a, b) => a.start - b.start);
  const seconds: Record<string, number> = {};
  results.forEach((result, index) => {
    const next = results[index + 1];
    const span = next ? Math.max(result.duration, next.start - result.start) : result.duration;
    seconds[result.file] = (seconds[result.file] ?? 0) + span / 1000;
  });
  return seconds;
}

export function readTimings(file = timingsFile): Record<string, number> {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

/** Merges the reports' figures into the timings file; returns the files it measured. */
export function updateTimings(reports: string[], file = timingsFile): string[] {
  const timings = readTimings(file);
  const measured: string[] = [];
  for (const report of reports) {
    for (const [name, seconds] of Object.entries(
      reportSeconds(JSON.parse(fs.readFileSync(report, 'utf8'))),
    )) {
      timings[name] = Math.round(seconds * 10) / 10;
      measured.push(name);
    }
  }
  const kept = Object.keys(timings)
    .filter((name) => fs.existsSync(path.join(e2eDir, name)))
    .sort();
  fs.writeFileSync(
    file,
    `${JSON.stringify(Object.fromEntries(kept.map((name) => [name, timings[name]])), null, 2)}\n`,
  );
  return measured;
}

export type Shard = { files: string[]; seconds: number };

/**
 * Splits the files into `count` shards of about equal run time: longest first, each to the shard
 * that ends soonest so far. A file without a figure (new since the last refresh) is estimated from
 * its size at the measured files' seconds per byte, so that it still lands where there is room.
 */
export function planShards(files: string[], count: number, timings = readTimings()): Shard[] {
  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 1);
  const known = files.filter((file) => timings[path.basename(file)] !== undefined);
  const knownBytes = known.reduce((sum, file) => sum + size(file), 0);
  const knownSeconds = known.reduce((sum, file) => sum + (timings[path.basename(file)] ?? 0), 0);
  const secondsPerByte = knownBytes > 0 && knownSeconds > 0 ? knownSeconds / knownBytes : 0.01;
  const estimate = (file: string) => timings[path.basename(file)] ?? size(file) * secondsPerByte;
  const shards: Shard[] = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const { file, seconds } of files
    .map((file) => ({ file, seconds: estimate(file) }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))) {
    const soonest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    soonest.files.push(file);
    soonest.seconds += seconds;
  }
  return shards;
}

if (import.meta.main) {
  const reports = process.argv.slice(2);
  if (reports.length === 0) {
    console.error('usage: node scripts/e2e-timings.ts <playwright-json-report>...');
    process.exit(2);
  }
  const measured = updateTimings(reports);
  console.log(`${timingsFile}: ${measured.length} files measured`);
}
