import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputDataException } from './api/database-errors.ts';
import { createLogger } from './logger.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

async function failure(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe('error logs', () => {
  it('keep the SQL and the error code of a failed query but none of its values', async () => {
    const email = 'ana.kupac@example.com';
    const error = await failure(database.db.execute(sql`select ${email}::int as n`));
    const { logger, lines } = capture();
    logger.error({ err: error }, 'unhandled error');
    const line = lines.join('');
    expect(line).not.toContain(email);
    expect(line).not.toContain('ana.kupac');
    const logged = JSON.parse(line) as {
      err: { message: string; query?: string; cause?: { code?: string } };
    };
    expect(logged.err.query).toMatch(/select \$1::int as n/);
    expect(logged.err.cause?.code).toBe('22P02');
    // The error handler answers such a value with 400 (a gap in validation), not 500.
    expect(inputDataException(error)).toBe('22P02');
  });

  it('drop the detail of a unique violation, which repeats the duplicate value', async () => {
    await database.db.execute(sql`create temporary table logged_people (email text unique)`);
    await database.db.execute(sql`insert into logged_people values ('maja@example.com')`);
    const error = await failure(
      database.db.execute(sql`insert into logged_people values (${'maja@example.com'})`),
    );
    const { logger, lines } = capture();
    logger.error({ err: error }, 'unhandled error');
    expect(lines.join('')).not.toContain('maja@example.com');
    expect(JSON.parse(lines.join('')).err.cause.code).toBe('23505');
    expect(inputDataException(error)).toBeUndefined();
  });

  it('blank e-mail fields and e-mail addresses in messages of other errors', () => {
    const { logger, lines } = capture();
    logger.warn(
      { email: 'iva@example.com', err: new Error('no mailbox for iva@example.com') },
      'mail failed',
    );
    expect(lines.join('')).not.toContain('iva@example.com');
  });
});
