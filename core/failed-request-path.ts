import { z } from 'zod';
import { lineText } from './input-schemas.ts';

/** The longest path kept; longer ones are refused, so one caller cannot fill the table with text. */
export const FAILED_PATH_MAX = 512;

/**
 * The path a failed request is counted under. The storefront reports URL paths, but anyone can call
 * the API, so only the path is kept: no query or fragment, percent-escapes decoded (`/%C5%A1kola` and
 * `/škola` are one row, and `%00` cannot hide a NUL), duplicate slashes collapsed. Letter case and a
 * trailing slash stay: paths match case-sensitively and editors' redirects name them exactly.
 * Undefined when the escapes are malformed.
 */
export function normalizeFailedPath(input: string): string | undefined {
  const path = input.replace(/[?#][\s\S]*$/, '');
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return undefined;
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/** The `path` of redirect/addFailedRequest: a path, normalised, bounded and without control characters. */
export const failedPathInput = z
  .string()
  .max(2048)
  .startsWith('/', 'The path must start with /')
  .transform((value, ctx) => {
    const path = normalizeFailedPath(value);
    if (path === undefined) {
      ctx.addIssue({ code: 'custom', message: 'The path has a malformed percent-escape.' });
      return z.NEVER;
    }
    return path;
  })
  .pipe(lineText(FAILED_PATH_MAX));
