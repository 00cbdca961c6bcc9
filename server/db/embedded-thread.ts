/**
 * The embedded engine in a worker thread of its own (decision 0568): the part of PGlite's API the shop
 * uses (`query`, `exec`, `transaction`, `isInTransaction`, `close`), answered by the PGlite that
 * embedded-worker.ts opens. The serving thread then never runs the engine's WebAssembly: a long
 * statement no longer holds up every other request (cached pages, static files, `/healthz`), and the
 * engine's code no longer shares the serving thread's JIT state (measured with bench/engine-thread.ts:
 * a bare HTTP handler costs a quarter to a third more CPU per request in a thread that has opened
 * PGlite, about 6 % more when PGlite runs in a worker of the same process).
 *
 * Statements keep PGlite's order: they reach the worker in the order they are sent and the engine runs
 * them in that order (a transaction holds it until it ends). Parsers are functions, so they cannot
 * cross the thread: columns of the types a caller has parsers for come back as text and are parsed
 * here.
 */
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { EmbeddedOpenOptions } from './client.ts';
import type { SerialisedError, WorkerAnswer, WorkerRequest } from './embedded-worker.ts';

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  parse?: { rowMode: 'array' | 'object' | undefined; parsers: NonNullable<QueryOptions['parsers']> };
};

type RequestBody = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What the main thread has of the engine; `embeddedEngine(db)` returns it as it would a PGlite. */
export class ThreadedEngine {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTransaction = 1;
  #inTransaction = false;
  #closed = false;
  /** The request id of `close`, answered by the thread's end if its answer does not come first. */
  #closeId = 0;
  #failure: Error | null = null;
  /** Called once for every request sent to the engine, before it is sent (embedded-writes.ts counts them). */
  onSend: (() => void) | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (answer: WorkerAnswer) => this.#answer(answer));
    worker.on('error', (error: unknown) =>
      this.#fail(error instanceof Error ? error : new Error(String(error))),
    );
    worker.on('exit', (code) => {
      // After `close`: the thread ends once the engine is closed (its answer and its exit may come in
      // either order), so the close is done.
      if (this.#closed) {
        for (const [id, pending] of this.#pending) {
          if (id === this.#closeId) pending.resolve(null);
          else pending.reject(new Error('the embedded database is closed'));
        }
        this.#pending.clear();
      } else this.#fail(new Error(`the embedded database's thread stopped (exit code ${code})`));
    });
    // Only a request in flight keeps the process alive (a CLI ends when its last statement has answered).
    worker.unref();
  }

  static async open(options: EmbeddedOpenOptions): Promise<ThreadedEngine> {
    const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), {
      workerData: options,
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    await new Promise<void>((resolve, reject) => {
      // A thread that ends without an error before it is ready (it cannot be opened) fails the open too.
      const ended = (code: number) =>
        reject(new Error(`the embedded database's thread ended (exit code ${code})`));
      const ready = (message: unknown) => {
        if ((message as { ready?: boolean }).ready !== true) return;
        worker.off('message', ready);
        worker.off('error', reject);
        worker.off('exit', ended);
        resolve();
      };
      worker.on('message', ready);
      worker.once('error', reject);
      worker.once('exit', ended);
    });
    return new ThreadedEngine(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether a transaction block was open at the engine when the latest answer was read. */
  isInTransaction(): boolean {
    return this.#inTransaction;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options, undefined);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options, undefined);
  }

  /** Like PGlite's: the callback's statements run alone on the engine; it commits unless the callback throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTransaction++;
    await this.#send({ op: 'begin', tx: id });
    let closed = false;
    const tx: Transaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        closed
          ? Promise.reject(new Error('the transaction has ended'))
          : this.#query<R>(text, params ?? [], options, id),
      exec: (text: string, options?: QueryOptions) =>
        closed ? Promise.reject(new Error('the transaction has ended')) : this.#exec(text, options, id),
      sql: () => Promise.reject(new Error('tx.sql is not available on the threaded engine')),
      listen: () => Promise.reject(new Error('LISTEN is not available on the threaded engine')),
      rollback: async () => {
        // PGlite's own rollback: ends the transaction now; the callback's return commits nothing.
        closed = true;
        await this.#send({ op: 'end', tx: id, rollback: true });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#send({ op: 'end', tx: id, rollback: true }).catch(() => {});
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#send({ op: 'end', tx: id, rollback: false });
    }
    return result;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Sent before anything is refused; statements sent before it still run first.
    this.#closeId = this.#nextId;
    const closing = this.#send({ op: 'close' });
    this.#closed = true;
    try {
      await closing;
    } finally {
      await this.#worker.terminate();
    }
  }

  #query<T>(text: string, params: unknown[], options: QueryOptions | undefined, tx: number | undefined) {
    return this.#statement({ op: 'query', text, params }, options, tx) as Promise<Results<T>>;
  }

  #exec(text: string, options: QueryOptions | undefined, tx: number | undefined) {
    return this.#statement({ op: 'exec', text }, options, tx) as Promise<Results[]>;
  }

  #statement(
    statement: { op: 'query'; text: string; params: unknown[] } | { op: 'exec'; text: string },
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<unknown> {
    if (options?.serializers || options?.blob || options?.onNotice)
      return Promise.reject(
        new Error('serializers, blob and onNotice are not available on the threaded engine'),
      );
    const parsers = options?.parsers ?? {};
    return this.#send(
      {
        ...statement,
        rowMode: options?.rowMode,
        raw: Object.keys(parsers).map(Number),
        ...(tx === undefined ? {} : { tx }),
        ...(statement.op === 'query' && options?.paramTypes ? { paramTypes: options.paramTypes } : {}),
      } as RequestBody,
      { rowMode: options?.rowMode, parsers },
    );
  }

  #send(body: RequestBody, parse?: Pending['parse']): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.onSend?.();
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, {
        resolve,
        reject,
        ...(parse && Object.keys(parse.parsers).length > 0 ? { parse } : {}),
      });
      this.#worker.postMessage({ ...body, id } as WorkerRequest);
    });
  }

  #answer(answer: WorkerAnswer) {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.#worker.unref();
    this.#inTransaction = answer.inTransaction;
    if ('error' in answer) {
      pending.reject(rebuild(answer.error));
      return;
    }
    try {
      if (pending.parse) {
        const results = Array.isArray(answer.result)
          ? (answer.result as Results[])
          : [answer.result as Results];
        for (const result of results) applyParsers(result, pending.parse.rowMode, pending.parse.parsers);
      }
      pending.resolve(answer.result);
    } catch (error) {
      pending.reject(error as Error);
    }
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/** The caller's parsers on the columns that came back as text. */
function applyParsers(
  result: Results,
  rowMode: 'array' | 'object' | undefined,
  parsers: NonNullable<QueryOptions['parsers']>,
) {
  const columns: { index: number; name: string; oid: number }[] = [];
  result.fields.forEach((field, index) => {
    if (parsers[field.dataTypeID]) columns.push({ index, name: field.name, oid: field.dataTypeID });
  });
  if (columns.length === 0) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const column of columns) {
      const key = rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (typeof value === 'string')
        row[key] = (parsers[column.oid] as (text: string, oid: number) => unknown)(value, column.oid);
    }
  }
}

/** An engine error as PGlite would have thrown it (a `DatabaseError` with its code, detail, constraint …). */
function rebuild(serialised: SerialisedError): Error {
  const { name, ...fields } = serialised.fields;
  const error =
    'code' in fields || 'severity' in fields
      ? new messages.DatabaseError(serialised.message, Number(fields.length ?? 0), 'error')
      : new Error(serialised.message);
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'length' || key === 'name') continue;
    (error as unknown as Record<string, unknown>)[key] = value;
  }
  if (typeof name === 'string' && !(error instanceof messages.DatabaseError)) error.name = name;
  return error;
}
