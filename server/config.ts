import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL');

const redisUrl = z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL');

/**
 * Every environment variable the server reads. `.env.example` documents each one;
 * nothing else in the code base reads `process.env`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  REDIS_URL: redisUrl.optional(),
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  MAINTENANCE_MODE: booleanFlag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  mediaDir: string;
  outboxDir: string;
  pgliteDir: string;
  isProduction: boolean;
};

export class ConfigError extends Error {
  readonly issues: { variable: string; message: string }[];
  constructor(issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Parses the environment; an empty string counts as unset so `.env` templates can list blank keys. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    outboxDir: path.join(dataDir, 'outbox'),
    pgliteDir: path.join(dataDir, 'pglite'),
    isProduction: parsed.data.NODE_ENV === 'production',
  };
}
