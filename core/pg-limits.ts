/** The range of a PostgreSQL `integer`, the type of every id and count column (no zod: islands use it too). */
export const PG_INTEGER_MAX = 2_147_483_647;
export const PG_INTEGER_MIN = -2_147_483_648;
