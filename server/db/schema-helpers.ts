import { sql } from 'drizzle-orm';

/** SQL `in (...)` list for a CHECK constraint; the values are constants of a schema file, never input. */
export function oneOf(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
