import { PGlite, type Results } from '@electric-sql/pglite';
import type { EmbeddedEngine } from './client.ts';

/**
 * What the embedded engine has written, without asking it on every request (docs/decisions/0372).
 *
 * PGlite runs in this process: one session, one data directory that no other process may open (the
 * data-directory lock), so every statement that can change the database passes through this engine
 * object. Two facts then tell a reader that nothing has changed since it last looked:
 *
 * - **No statement has run since** (a counter of the engine's protocol calls, every caller, every path:
 *   queries, exec, transactions, raw protocol; with the engine in a worker thread, of the requests sent
 *   to it), so nothing can have changed. Free.
 * - **The write token is the same**: the next transaction id (`pg_snapshot_xmax(pg_current_snapshot())`,
 *   the latest completed transaction id + 1). Every transaction that writes a row of any table, DDL
 *   included, is given a transaction id and moves it when it ends (committed or rolled back); reads never
 *   do (hint bits and the page images checksums make move the WAL position, not this). One statement.
 *
 * `writeToken` asks the engine only when a statement has run since the token was last read; the
 * token's statement records the counter while it still holds the engine's lock (in the parser of its
 * result column, which PGlite calls before it releases the lock), so a statement that runs after it is
 * never taken for one before it. With the engine in a worker thread the counter is the one when the
 * token's statement was sent: the engine runs requests in the order they are sent, so every request
 * counted before it has run before it, and one sent after it (even one that runs first, inside a
 * transaction the token's statement waits for) counts above the stamp. Values kept against a token are
 * exact as long as the token is the same.
 */

/** `xid8`, the type of `pg_snapshot_xmax`: only the token's column has it. */
const XID8 = 5069;
const TOKEN_STATEMENT = 'select pg_snapshot_xmax(pg_current_snapshot()) as write_token';

type Watch = {
  /** Protocol calls the engine has run (each statement is several). */
  statements: number;
  /** The next transaction id when it was last read, and `statements` at that moment. */
  token: string | null;
  stampedAt: number;
  /** A token read under way, and `statements` when it was sent. */
  reading: { at: number; token: Promise<string | null> } | null;
};

const watches = new WeakMap<EmbeddedEngine, Watch>();

/** Counts every protocol call of the engine (openPglite installs it on every engine it opens). */
export function watchEmbeddedEngine(engine: EmbeddedEngine): void {
  if (watches.has(engine)) return;
  const watch: Watch = { statements: 0, token: null, stampedAt: -1, reading: null };
  watches.set(engine, watch);
  if (!(engine instanceof PGlite)) {
    // In a worker thread: every request passes through the engine object here, counted when sent.
    engine.onSend = () => {
      watch.statements++;
    };
    return;
  }
  const run = engine.execProtocolRawSync.bind(engine);
  // Every path into the engine (query, exec, transaction, execProtocol*) ends here. Counted before it
  // runs, so a statement under way is already counted.
  engine.execProtocolRawSync = (message: Uint8Array) => {
    watch.statements++;
    return run(message);
  };
}

/**
 * Options for a statement whose last result has a `write_token` column (xid8): its value becomes the
 * engine's token, stamped with the counter while the statement still holds the engine's lock. Outside
 * a transaction block only: inside one (someone sent BEGIN on the engine's one session) a reader would
 * see uncommitted rows, so nothing is stamped and the caller keeps nothing.
 */
function stamping(engine: EmbeddedEngine, watch: Watch, seen: { token: string | null; sentAt?: number }) {
  return {
    parsers: {
      [XID8]: (value: string) => {
        if (!engine.isInTransaction()) {
          seen.token = value;
          const at = seen.sentAt ?? watch.statements;
          if (at >= watch.stampedAt) {
            watch.token = value;
            watch.stampedAt = at;
          }
        }
        return value;
      },
    },
  };
}

/** The counter a statement just sent is stamped with: on PGlite in this thread, the one when it runs. */
const sentAt = (engine: EmbeddedEngine, watch: Watch) =>
  engine instanceof PGlite ? undefined : watch.statements;

/**
 * The engine's write token: a string that stays the same exactly as long as nothing has been written
 * (see above). Null for an engine that is not watched, and while a transaction block is open.
 */
export function writeToken(engine: EmbeddedEngine): Promise<string | null> {
  const watch = watches.get(engine);
  if (!watch) return Promise.resolve(null);
  if (watch.token !== null && watch.stampedAt === watch.statements) return Promise.resolve(watch.token);
  // A read sent while no statement has run since can answer this caller too: it runs after everything
  // that ran before this call.
  if (watch.reading && watch.reading.at === watch.statements) return watch.reading.token;
  const seen: { token: string | null; sentAt?: number } = { token: null };
  const at = watch.statements;
  const sent = engine.query(TOKEN_STATEMENT, [], stamping(engine, watch, seen));
  seen.sentAt = sentAt(engine, watch);
  const token = sent.then(() => seen.token);
  const reading = { at, token };
  watch.reading = reading;
  const done = () => {
    if (watch.reading === reading) watch.reading = null;
  };
  token.then(done, done);
  return token;
}

/**
 * `exec` of `text` followed by the token's statement in the same call (so in the same implicit
 * transaction, under the same lock): the results of `text` and the token they were read at (null
 * when it cannot be trusted, as for `writeToken`).
 */
export async function execWithToken(
  engine: EmbeddedEngine,
  text: string,
): Promise<{ results: Results[]; token: string | null }> {
  const watch = watches.get(engine);
  if (!watch) return { results: await engine.exec(text), token: null };
  const seen: { token: string | null; sentAt?: number } = { token: null };
  const sent = engine.exec(`${text};\n${TOKEN_STATEMENT}`, stamping(engine, watch, seen));
  seen.sentAt = sentAt(engine, watch);
  const results = await sent;
  return { results: results.slice(0, -1), token: seen.token };
}

/**
 * A value read from the embedded engine, kept per engine while its write token stays the same; on
 * PostgreSQL (or an engine that is not watched) `read` runs every time. The value is read after the
 * token, so it is at least as new as the token it is kept under.
 */
export function keptWhileUnwritten<T>() {
  const kept = new WeakMap<EmbeddedEngine, { token: string; value: T }>();
  return async (engine: EmbeddedEngine | null, read: () => Promise<T>): Promise<T> => {
    if (!engine) return read();
    const token = await writeToken(engine);
    if (token === null) return read();
    const entry = kept.get(engine);
    if (entry?.token === token) return entry.value;
    const value = await read();
    kept.set(engine, { token, value });
    return value;
  };
}

/** The number of protocol calls the engine has run (tests: what a request asked of the engine). */
export function engineStatements(engine: EmbeddedEngine): number | null {
  return watches.get(engine)?.statements ?? null;
}
