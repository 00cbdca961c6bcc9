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
  })
  .parse(process.env);
