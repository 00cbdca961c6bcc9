type Executable<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/**
 * Sends a drizzle query (built as usual, per call) as a prepared statement, when awaited (decision
 * 0308). Drizzle runs its plain queries on postgres.js with `prepare: false`, and postgres.js then
 * sends every statement that has parameters as Parse/Describe first and Bind/Execute only after the
 * answer: two round trips, and nothing pipelined behind it. Prepared (postgres.js keeps the statement
 * per connection by its text and parameter types), the statement goes in one round trip and the ones
 * started with it follow in the same write. Only for statements whose text takes a bounded number of
 * shapes (the prepared statements live as long as the connection). PGlite runs it as before.
 */
export function sentPrepared<R>(query: { prepare(name: string): Executable<R> }): PromiseLike<R> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a lazy thenable, as drizzle's QueryPromise
    then: (resolve, reject) => query.prepare('sent_prepared').execute().then(resolve, reject),
  };
}
