import { z } from 'zod';
import { PG_INTEGER_MAX, PG_INTEGER_MIN } from './pg-limits.ts';

/**
 * Building blocks of every route's input schema. Anything a request carries ends up as a PostgreSQL
 * parameter sooner or later, and PostgreSQL refuses some values outright (a NUL in text, 2147483648
 * for an integer column): those must be a 400 naming the field, never a failed query.
 */

export { PG_INTEGER_MAX, PG_INTEGER_MIN } from './pg-limits.ts';

/**
 * No C0 control character and no DEL: PostgreSQL refuses NUL in text, and no one types the others.
 * A pattern rather than a refinement, so that the OpenAPI document shows the rule.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
/** The same, but with tab, line feed and carriage return, which a text area sends. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const TEXT_WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed.';

/** A single line (a slug, a keyword, a code, a path): no control characters, at most `max` characters. */
export const lineText = (max: number) =>
  z.string().max(max).regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE);

/** Text of a text area: line breaks and tabs allowed, other control characters not. */
export const multilineText = (max: number) =>
  z.string().max(max).regex(TEXT_WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE);

/** A whole number a PostgreSQL integer holds, within [min, max]. JSON bodies: numbers only. */
export const int32 = (min = PG_INTEGER_MIN, max = PG_INTEGER_MAX) =>
  z.number().int().min(Math.max(min, PG_INTEGER_MIN)).max(Math.min(max, PG_INTEGER_MAX));

/** A row id in a JSON body. */
export const idInput = int32(1);

/**
 * A row id in a query or path, where every value is text: "12" is 12; "", "1.5", "NaN" and
 * "2147483648" are refused.
 */
export const idParam = z.coerce.number().int().min(1).max(PG_INTEGER_MAX);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// Years 1 to 9999: PostgreSQL timestamps and JavaScript dates both hold them, and the end of the
// last day is still a valid date.
const EARLIEST_DATE = Date.parse('0001-01-01T00:00:00Z');
const LATEST_DATE = Date.parse('9999-12-31T23:59:59.999Z');
/** An ISO date or date-time; a bare date as the upper bound means the end of that day (UTC). */
export const dateInput = (bound: 'from' | 'to') =>
  lineText(40)
    .refine((value) => {
      const time = Date.parse(value);
      return time >= EARLIEST_DATE && time <= LATEST_DATE;
    }, 'Expected an ISO date or date-time between the years 1 and 9999')
    .transform((value) =>
      bound === 'to' && DATE_ONLY.test(value)
        ? new Date(Date.parse(value) + 86_400_000 - 1)
        : new Date(value),
    );

/** Paged lists: the records of one page and where it stands. */
export const pagedSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    totalRecords: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
