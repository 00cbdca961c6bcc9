/**
 * Drizzle queries built once per service instance and run in any transaction of its database
 * (decision 0259). Drizzle binds a prepared query (`.prepare(name)`, values as `sql.placeholder`) to
 * the session it was built from, so one built from the pool would run outside the caller's
 * transaction. Both drivers' prepared queries (postgres.js, PGlite) hold their connection as `client`;
 * a run in another transaction copies the built query with that transaction's client: the SQL text,
 * its parameter list and the row mapping are reused, only the placeholders are filled per call.
 *
 * Build one per database (inside the service factory): the copy keeps the logger of the database it
 * was built on.
 */

type Executable<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type WithSession = { session?: { client?: unknown } };

const clientOf = (executor: unknown) => (executor as WithSession).session?.client;

export function preparedOnce<E, R>(
  name: string,
  build: (executor: E) => { prepare(name: string): Executable<R> },
) {
  let built: (Executable<R> & { client?: unknown }) | undefined;
  const run = (executor: E, values: Record<string, unknown>): Promise<R> => {
    const client = clientOf(executor);
    // A driver this does not know (no session client): built and run as a plain query each time.
    if (client === undefined) return build(executor).prepare(name).execute(values);
    built ??= build(executor).prepare(name) as Executable<R> & { client?: unknown };
    if (built.client === undefined) return build(executor).prepare(name).execute(values);
    const query =
      built.client === client
        ? built
        : (Object.assign(Object.create(Object.getPrototypeOf(built)), built, { client }) as Executable<R>);
    return query.execute(values);
  };
  // Like drizzle's own query builders, the statement is sent when the answer is awaited (`then`), not
  // when the call is made: statements started together in a transaction reach the driver in the same
  // order as plain builders would (decision 0257's pipelined first round trip depends on it).
  return (executor: E, values: Record<string, unknown>): PromiseLike<R> => ({
    // biome-ignore lint/suspicious/noThenProperty: a lazy thenable, as drizzle's QueryPromise
    then: (resolve, reject) => run(executor, values).then(resolve, reject),
  });
}

type WithDialect = { dialect?: object };

/**
 * `preparedOnce` for module-level code that serves any database of the process (the Idempotency-Key
 * records, server/http/idempotency.ts): one built query per database, told apart by the dialect
 * object drizzle shares between a database and its transactions. A process holding a PGlite and a
 * PostgreSQL database (the tests) never runs one driver's prepared query on the other's connection.
 */
export function preparedPerDatabase<E, R>(
  name: string,
  build: (executor: E) => { prepare(name: string): Executable<R> },
) {
  const perDatabase = new WeakMap<object, ReturnType<typeof preparedOnce<E, R>>>();
  return (executor: E, values: Record<string, unknown>): PromiseLike<R> => {
    const database = (executor as WithDialect).dialect;
    // Not a drizzle database or transaction: built for this call alone.
    if (database === undefined) return preparedOnce(name, build)(executor, values);
    let run = perDatabase.get(database);
    if (!run) {
      run = preparedOnce(name, build);
      perDatabase.set(database, run);
    }
    return run(executor, values);
  };
}
