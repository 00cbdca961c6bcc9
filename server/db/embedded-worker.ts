/**
 * The worker thread that owns the embedded engine (PGlite) of a serving process (decision 0568). The
 * main thread's `ThreadedEngine` (embedded-thread.ts) sends it statements; PGlite runs them here, so
 * its WebAssembly runs beside the event loop that serves HTTP instead of inside it.
 *
 * Messages, each answered once with `{ id, result }` or `{ id, error }`:
 * - `query` / `exec`: a statement (in transaction `tx` when given). Columns of the types in `raw` come
 *   back as the engine's text: the main thread applies the caller's parsers to them.
 * - `begin`: opens a transaction (PGlite's own, which holds the engine until it ends) and answers
 *   when it is open; `end` commits it, or rolls it back with `rollback: true`.
 * - `close`: closes the engine; the thread then ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { type EmbeddedOpenOptions, openPgliteEngine } from './client.ts';

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      raw: number[];
      tx?: number;
      paramTypes?: number[];
    }
  | { id: number; op: 'exec'; text: string; rowMode?: 'array' | 'object'; raw: number[]; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; rollback: boolean }
  | { id: number; op: 'close' };

/** Whether a transaction block was open when the statement's first value of a `raw` type was read. */
export type WorkerAnswer =
  | { id: number; result: unknown; inTransaction: boolean }
  | { id: number; error: SerialisedError; inTransaction: boolean };

export type SerialisedError = { message: string; fields: Record<string, string | number | boolean> };

const port = parentPort;
if (!port) throw new Error('embedded-worker.ts runs as a worker thread');

const engine = await openPgliteEngine(workerData as EmbeddedOpenOptions);

type Open = { tx: Transaction; end: (rollback: boolean) => void; ended: Promise<void> };
const transactions = new Map<number, Open>();
/** Thrown into PGlite's transaction callback to make it roll back; not an error of the caller's. */
const ROLLBACK = Symbol('rollback');

/** The fields of a database error that cross the thread (functions and the query's values do not). */
function serialise(error: unknown): SerialisedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = { name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'queryOptions') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { message: error.message, fields };
}

function parsersFor(raw: number[], seen: { inTransaction: boolean | null }) {
  if (raw.length === 0) return undefined;
  const parsers: Record<number, (value: string) => string> = {};
  for (const oid of raw) {
    parsers[oid] = (value) => {
      // Read while the statement still holds the engine (the main thread's write token relies on it).
      seen.inTransaction ??= engine.isInTransaction();
      return value;
    };
  }
  return parsers;
}

async function run(
  request: WorkerRequest,
): Promise<{ result: unknown; seen: { inTransaction: boolean | null } }> {
  const seen = { inTransaction: null as boolean | null };
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? engine : openTransaction(request.tx).tx;
      const result = await target.query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.raw, seen),
        paramTypes: request.paramTypes,
      });
      return { result: plain(result), seen };
    }
    case 'exec': {
      const target = request.tx === undefined ? engine : openTransaction(request.tx).tx;
      const results = await target.exec(request.text, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.raw, seen),
      });
      return { result: results.map(plain), seen };
    }
    case 'begin': {
      const begun = new Promise<void>((resolve, reject) => {
        let end: (rollback: boolean) => void = () => {};
        const ended = engine
          .transaction(async (tx) => {
            await new Promise<void>((commit, rollback) => {
              end = (wantRollback) => (wantRollback ? rollback(ROLLBACK) : commit());
              transactions.set(request.tx, { tx, end, ended });
              resolve();
            });
          })
          .catch((error: unknown) => {
            if (error !== ROLLBACK) throw error;
          })
          .finally(() => transactions.delete(request.tx));
        // Failing to begin (the engine closed): the caller hears it from `begin`.
        ended.catch(reject);
      });
      await begun;
      return { result: null, seen };
    }
    case 'end': {
      const open = openTransaction(request.tx);
      open.end(request.rollback);
      await open.ended;
      return { result: null, seen };
    }
    case 'close': {
      await engine.close();
      return { result: null, seen };
    }
  }
}

function openTransaction(id: number): Open {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open;
}

/** Results without what cannot cross the thread (the parsers PGlite keeps on its fields). */
function plain(result: Results<unknown>): Results<unknown> {
  return {
    rows: result.rows,
    fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
  };
}

const inTransactionNow = () => !engine.closed && engine.isInTransaction();

port.on('message', (request: WorkerRequest) => {
  run(request).then(
    ({ result, seen }) => {
      port.postMessage({
        id: request.id,
        result,
        inTransaction: seen.inTransaction ?? inTransactionNow(),
      } satisfies WorkerAnswer);
      if (request.op === 'close') port.close();
    },
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: serialise(error),
        inTransaction: inTransactionNow(),
      } satisfies WorkerAnswer),
  );
});
port.postMessage({ ready: true });
