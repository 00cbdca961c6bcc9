/**
 * Statements handed to postgres.js at once, in call order, as prepared statements (decision 0314).
 *
 * Drizzle's builders and `preparedOnce` send a statement only when it is awaited, some microtasks
 * later; a transaction that must end with a given run of statements, COMMIT right behind them in the
 * same write, needs them queued on its connection before its callback returns. postgres.js queues a
 * query on `execute()`; the queries of one connection go out and are answered in that order.
 */

/** Sends one statement now (queued on the transaction's connection); its rows when answered. */
export type StatementSender = <T>(text: string, params: readonly unknown[]) => Promise<T[]>;

type PostgresJsClient = {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): { execute(): Promise<unknown> };
};
type DrizzleSession = { client?: unknown; logger?: { logQuery?(query: string, params: unknown[]): void } };

/**
 * The sender of a drizzle database or transaction on postgres.js; null on PGlite. Statements go to
 * drizzle's logger as its own do (the statement-count tests read it).
 */
export function senderOf(executor: unknown): StatementSender | null {
  const session = (executor as { session?: DrizzleSession }).session;
  const client: unknown = session?.client;
  // postgres.js clients are functions (tagged templates) with `unsafe`; PGlite is an object.
  if (typeof client !== 'function') return null;
  const candidate = client as unknown as Partial<PostgresJsClient>;
  if (typeof candidate.unsafe !== 'function') return null;
  const postgresJs = candidate as PostgresJsClient;
  return <T>(text: string, params: readonly unknown[]) => {
    session?.logger?.logQuery?.(text, [...params]);
    return postgresJs.unsafe(text, [...params], { prepare: true }).execute() as Promise<T[]>;
  };
}
