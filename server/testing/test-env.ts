import { z } from 'zod';

/**
 * Test-only settings (the server's own configuration lives in server/config.ts). CI sets these to the
 * machine's PostgreSQL and Redis; without them tests run on PGlite and the in-memory cache.
 */
export const testEnv = z
  .object({
    TEST_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TEST_REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Random requests per API operation in the fuzz suite (server/api/api-fuzz.integration.test.ts). */
    FUZZ_RUNS: z.coerce.number().int().min(1).max(100_000).default(25),
    /** Replays a fuzz run: the suite prints its seed in its name and on every failure. */
    FUZZ_SEED: z.coerce.number().int().optional(),
  })
  .parse(process.env);
