import pino from 'pino';

export type Logger = pino.Logger;

/** Header and field names whose values never reach a log line. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.accesstoken',
  'req.headers.apikey',
  'req.headers.refreshtoken',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  'email',
  '*.email',
];

// Bounded repeats (an address's own limits) keep the scan linear on long text without any "@".
const EMAIL = /[^\s"'<>(),;:@]{1,64}@[^\s"'<>(),;:@]{1,253}\.[a-z]{2,24}/gi;
/** Database messages quote the offending value (`invalid input syntax for type integer: "x@y"`). */
const QUOTED = /"[^"]*"/g;

/** E-mail addresses out of any text that goes to a log. */
export const redactText = (text: string) => text.replace(EMAIL, '[email]');

/** Properties of database errors that name things (never values); everything else is dropped. */
const namingProperties = [
  'code',
  'severity',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'schema',
  'schema_name',
  'routine',
] as const;

type SerializedError = Record<string, unknown> & { type: string; message: string };

/**
 * Errors as log lines without the values they were about: a failed query keeps its SQL text and the
 * database's error code and constraint, but not its parameters (Drizzle puts them in the message),
 * not the database's `detail` (`Key (email)=(…) already exists`) and not quoted values.
 */
export function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (!(error instanceof Error) || depth > 3) return error;
  const record = error as Error & Record<string, unknown>;
  const isQueryError = typeof record.query === 'string' && 'params' in record;
  const isDatabaseError = typeof record.code === 'string' && ('severity' in record || 'routine' in record);
  let message = isQueryError ? `Failed query: ${record.query}` : error.message;
  if (isDatabaseError) message = message.replace(QUOTED, '"…"');
  message = redactText(message);
  const serialized: SerializedError = { type: error.name, message };
  if (isQueryError) serialized.query = record.query;
  for (const key of namingProperties) if (typeof record[key] === 'string') serialized[key] = record[key];
  if (error.stack) {
    // The stack starts with the message; it is replaced by the cleaned one.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    serialized.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  }
  if (error.cause !== undefined) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
