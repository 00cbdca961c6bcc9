/**
 * SQLSTATE codes of values the database cannot take (class 22, data exception) that only input can
 * cause: malformed text for a type, numbers out of range, bytes that are not text, NUL, bad dates,
 * strings too long, bad escapes. Division by zero and the like stay server errors.
 */
const INPUT_DATA_EXCEPTIONS = new Set([
  '22P02',
  '22003',
  '22021',
  '22P05',
  '22007',
  '22008',
  '22001',
  '22025',
  '2201B',
]);

/**
 * The data-exception code behind an error (Drizzle wraps the driver's error in `cause`), when the
 * database refused a value a request brought in; validation should have refused it first.
 */
export function inputDataException(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_DATA_EXCEPTIONS.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
