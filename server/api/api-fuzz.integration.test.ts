import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed/seed.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-db.ts';
import { testEnv } from '../testing/test-env.ts';
import {
  bodyTransportCases,
  type FuzzRequest,
  fuzzRequestArbitrary,
  malformedValueCases,
  type OpenApiDocument,
  operationsOf,
  wrongMethodCases,
} from './api-fuzz-requests.ts';
import { type FuzzResponse, startFuzzTransport } from './api-fuzz-transport.ts';

/*
 * Every operation of the OpenAPI document the app serves gets malformed requests: fixed ones (every
 * field set to each hostile value, wrong methods, odd body transports) and FUZZ_RUNS random ones
 * drawn by fast-check. Whatever arrives, the API answers below 500, in its error format, without
 * internals, and a refused request changes nothing in the database. New routes are covered as soon
 * as they are in the document.
 */

const RUNS = testEnv.FUZZ_RUNS;
/** A few hundred requests take seconds; a loaded shared machine may take many times that. */
const BATCH_TIMEOUT = 180_000;
const SEED = testEnv.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31);

// The operations are read before the tests are collected: one test group per operation.
const database = await createTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-data-'));
// Rate limiting would answer 429 to a fuzzer; it has tests of its own.
const t = createTestApp(database, {
  RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_WRITES_PER_MINUTE: '0',
  DATA_DIR: dataDir,
});
const document = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument;
const apiBase = document.servers?.[0]?.url ?? '/api';
const operations = operationsOf(document);
let transport: Awaited<ReturnType<typeof startFuzzTransport>>;

beforeAll(async () => {
  // The whole demo (site, accounts, content, catalogue), so that reads have data to walk.
  await seedDemo(database.db, { storage: createLocalStorage(t.config.mediaDir) });
  transport = await startFuzzTransport(t.app as never);
}, 180_000);

afterAll(async () => {
  await transport?.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// What every answer must satisfy

/** A stack frame ("at fn (file:1:2)", "at file:///x.js:1:2") or a database error's wording. */
const INTERNALS = [
  /\bat (?:[\w$.<>[\] ]+ \()?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+/,
  /Failed query/i,
  /syntax error/i,
  /violates/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /invalid byte sequence/i,
  /\bSQLSTATE\b|PostgresError|DrizzleQueryError|ZodError/,
];
/** SQL keywords too, in error bodies only (success bodies carry shop texts that may use the words). */
const SQL_TEXT = [/\bselect\s/i, /\binsert\s/i, /\bupdate\s+"/i, /\bdelete\s+from\b/i];

type Snapshot = Map<string, string>;

let tableQuery: string | undefined;
/** Rows and newest row version (xmin) of every table of the schema: an insert, update or delete shows. */
async function snapshot(): Promise<Snapshot> {
  if (!tableQuery) {
    const tables = await database.rows<{ name: string }>(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`);
    tableQuery = tables
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as state from "${name}"`,
      )
      .join(' union all ');
  }
  const query = tableQuery;
  type Row = { name: string; state: string };
  // PostgreSQL plans this union of a hundred small scans in parallel, and starting its workers costs
  // several times the scans (110-150 ms a snapshot against 17-37 ms in one backend).
  const rows = database.sql
    ? await database.sql.begin(async (tx) => {
        await tx`set local max_parallel_workers_per_gather = 0`;
        return tx.unsafe<Row[]>(query);
      })
    : await database.rows<Row>(sql.raw(query));
  return new Map(rows.map((row) => [row.name, row.state]));
}

function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...after].filter(([name, state]) => before.get(name) !== state).map(([name]) => name);
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body
    ? ` body${request.body.chunked ? ' (chunked)' : ''}: ${JSON.stringify(request.body.text.slice(0, 120))}`
    : '';
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${JSON.stringify(value.slice(0, 40))}`)
    .join(', ');
  return `[${request.label}] ${request.method} ${request.url.slice(0, 200)}${headers ? ` {${headers}}` : ''}${body}`;
}

/** The problems of one answer; empty when it is acceptable. */
function problemsOf(request: FuzzRequest, response: FuzzResponse, changed: string[]): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`status ${response.status}`);
  const ok = response.status >= 200 && response.status < 300;
  // HEAD has no body to check; a redirect is not an API answer but is not an error either.
  if (!ok && request.method !== 'HEAD' && response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      problems.push(`non-JSON error body ${JSON.stringify(response.text.slice(0, 80))}`);
    }
    const error = (parsed as { error?: Record<string, unknown> } | undefined)?.error;
    const payload = error?.payload as { message?: unknown } | undefined;
    if (
      parsed !== undefined &&
      !(
        error &&
        typeof error.code === 'string' &&
        error.statusCode === response.status &&
        typeof payload?.message === 'string'
      )
    )
      problems.push(`not the error format: ${response.text.slice(0, 160)}`);
    for (const pattern of SQL_TEXT)
      if (pattern.test(response.text)) problems.push(`SQL text in the body (${pattern})`);
  }
  for (const pattern of INTERNALS)
    if (pattern.test(response.text)) problems.push(`internals in the body (${pattern})`);
  if (changed.length > 0 && !(ok && request.writes))
    problems.push(`the database changed (${changed.join(', ')}) on a ${ok ? 'read' : 'refused request'}`);
  return problems;
}

type Answer = { request: FuzzRequest; response?: FuzzResponse; failure?: string };

async function send(request: FuzzRequest): Promise<Answer> {
  try {
    return { request, response: await transport.send(request) };
  } catch (error) {
    return { request, failure: (error as Error).message };
  }
}

function report({ request, response, failure }: Answer, changed: string[]): string[] {
  if (!response) return [`${describeRequest(request)} → ${failure}`];
  return problemsOf(request, response, changed).map(
    (problem) =>
      `${describeRequest(request)} → ${response.status} via ${response.via}: ${problem}; body ${JSON.stringify(response.text.slice(0, 200))}`,
  );
}

const mayHaveWritten = ({ request, response }: Answer) =>
  request.writes && response !== undefined && response.status >= 200 && response.status < 300;

// Nothing else writes while the suite runs, so the state after one check is the state before the next.
let lastSnapshot: Snapshot | undefined;
const current = async () => (lastSnapshot ??= await snapshot());
const after = async () => (lastSnapshot = await snapshot());

/** One request with a snapshot before and after it. */
async function check(request: FuzzRequest): Promise<string[]> {
  const before = await current();
  const answer = await send(request);
  return report(answer, changedTables(before, await after()));
}

/**
 * A batch with one snapshot before and one after; only when the database changed and some answer
 * may have written (a 2xx to a write method) does each request get its own snapshots, in a replay.
 */
async function checkAll(requests: FuzzRequest[]) {
  const before = await current();
  const answers: Answer[] = [];
  for (const request of requests) answers.push(await send(request));
  const changed = changedTables(before, await after());
  let problems = answers.flatMap((answer) => report(answer, []));
  if (changed.length > 0) {
    if (answers.some(mayHaveWritten)) {
      problems = [];
      for (const request of requests) problems.push(...(await check(request)));
    } else problems.push(`the batch changed ${changed.join(', ')} without any successful write`);
  }
  expect(
    problems,
    `${problems.length} of ${requests.length} requests failed:\n${problems.join('\n')}`,
  ).toEqual([]);
}

/** The run's seed mixed with the operation's name: a stable sequence per operation, different across operations. */
function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash;
}

const firstOfPath = new Set<string>();

describe(`API fuzz (FUZZ_SEED=${SEED} replays this run, FUZZ_RUNS=${RUNS})`, () => {
  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    const isFirstOfPath = !firstOfPath.has(operation.path);
    firstOfPath.add(operation.path);

    describe(name, () => {
      if (isFirstOfPath)
        it(
          'answers wrong methods and preflights',
          () => checkAll(wrongMethodCases(apiBase, operation)),
          BATCH_TIMEOUT,
        );

      it(
        'answers every body transport',
        () => checkAll(bodyTransportCases(apiBase, operation, t.config.BODY_LIMIT_BYTES)),
        BATCH_TIMEOUT,
      );

      it(
        'refuses a hostile value in every field',
        () => checkAll(malformedValueCases(apiBase, operation)),
        BATCH_TIMEOUT,
      );

      it(
        `survives ${RUNS} random malformed requests`,
        // Drawn up front from the operation's own seed and sent as one batch: two snapshots of the
        // database for the batch instead of two per request (they count every table), and each
        // request is checked on its own when the batch wrote. No shrinking is lost: a failure was
        // reported as drawn before too (endOnFailure).
        () =>
          checkAll(
            fc.sample(fuzzRequestArbitrary(apiBase, operation), { numRuns: RUNS, seed: seedOf(name) }),
          ),
        Math.max(BATCH_TIMEOUT, RUNS * 5_000),
      );
    });
  }
});
