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
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' } }, destination);
}
