import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type EmbeddedEngine, embeddedEngine, openPglite } from './client.ts';
import { engineStatements, execWithToken, keptWhileUnwritten, writeToken } from './embedded-writes.ts';

// The write token of the embedded engine (decision 0372), with PGlite in the test's thread and in a
// worker thread (decision 0568). PGlite only, so the file opens engines of its own whichever engine the
// integration run uses.

describe.each(['main', 'worker'] as const)('PGlite in the %s thread', (thread) => {
  let database: DatabaseHandle;
  let engine: EmbeddedEngine;

  beforeAll(async () => {
    database = await openPglite({ thread });
    engine = embeddedEngine(database.db)!;
    await engine.exec(`create table token_probe (id int primary key, note text);
    insert into token_probe values (1, 'one');`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const statements = () => engineStatements(engine)!;

  describe('writeToken', () => {
    it('asks the engine only when a statement ran since it last did, and stays while nothing is written', async () => {
      const first = await writeToken(engine);
      expect(first).toMatch(/^\d+$/);
      const before = statements();
      expect(await writeToken(engine)).toBe(first);
      expect(await writeToken(engine)).toBe(first);
      expect(statements(), 'no statement while nothing ran').toBe(before);
      // Reads run statements: the token is read again, and it is the same.
      await engine.query('select * from token_probe');
      await database.db.execute(sql`select count(*) from token_probe`);
      expect(statements()).toBeGreaterThan(before);
      expect(await writeToken(engine)).toBe(first);
      const after = statements();
      expect(await writeToken(engine)).toBe(first);
      expect(statements()).toBe(after);
    });

    it('changes after every kind of write, committed or not', async () => {
      const writes: [string, () => Promise<unknown>][] = [
        ['insert', () => engine.query(`insert into token_probe values (2, 'two')`)],
        [
          'update through drizzle',
          () => database.db.execute(sql`update token_probe set note = 'zwei' where id = 2`),
        ],
        ['delete in exec', () => engine.exec('delete from token_probe where id = 2')],
        [
          'a drizzle transaction',
          () =>
            database.db.transaction(async (tx) => {
              await tx.execute(sql`insert into token_probe values (3, 'three')`);
              await tx.execute(sql`select 1`);
            }),
        ],
        [
          'a transaction rolled back',
          () =>
            engine
              .transaction(async (tx) => {
                await tx.query(`update token_probe set note = 'x' where id = 3`);
                throw new Error('roll back');
              })
              .catch(() => {}),
        ],
        ['DDL', () => engine.exec('create index token_probe_note on token_probe (note)')],
      ];
      for (const [name, write] of writes) {
        const before = await writeToken(engine);
        await write();
        expect(await writeToken(engine), name).not.toBe(before);
      }
    });

    it('never takes a write that runs after its statement for one before it', async () => {
      const before = await writeToken(engine);
      // A read ran, so the token is asked again: its statement is sent first, a write right after it.
      await engine.query('select 1');
      const token = writeToken(engine);
      const write = engine.query(`update token_probe set note = 'race' where id = 1`);
      expect(await token).toBe(before);
      await write;
      expect(await writeToken(engine), 'the write ran after the token was stamped').not.toBe(before);
      // The write sent first, the token's statement after it: the token sees the write.
      const older = await writeToken(engine);
      await engine.query('select 1');
      const write2 = engine.query(`update token_probe set note = 'race 2' where id = 1`);
      const token2 = writeToken(engine);
      await write2;
      const newer = await token2;
      expect(newer).not.toBe(older);
      expect(await writeToken(engine)).toBe(newer);
      // A write sent but not yet run when the token is asked. In this thread nothing has run since the
      // last stamp: the old token is the right answer then (the write has not committed). In a worker the
      // write was counted when it was sent, so the token is read again, behind the write. Either way the
      // token moves once the write has run.
      const last = await writeToken(engine);
      const write3 = engine.query(`update token_probe set note = 'race 3' where id = 1`);
      const early = writeToken(engine);
      const earlyToken = await early;
      await write3;
      const after = await writeToken(engine);
      expect(after).not.toBe(last);
      expect(earlyToken).toBe(thread === 'main' ? last : after);
    });

    it('is null while a transaction block is open on the session, and readers keep nothing then', async () => {
      const read = keptWhileUnwritten<number>();
      let reads = 0;
      const count = () =>
        read(engine, async () => {
          reads++;
          return Number(
            (await engine.query<{ n: number }>('select count(*)::int as n from token_probe')).rows[0]!.n,
          );
        });
      await engine.exec('begin');
      try {
        await engine.exec(`insert into token_probe values (4, 'four')`);
        expect(await writeToken(engine)).toBeNull();
        const inside = await count();
        await count();
        expect(reads, 'read every time inside the block').toBe(2);
        await engine.exec('rollback');
        const outside = await count();
        expect(outside).toBe(inside - 1);
      } finally {
        if (engine.isInTransaction()) await engine.exec('rollback');
      }
      expect(await writeToken(engine)).not.toBeNull();
    });
  });

  describe('keptWhileUnwritten and execWithToken', () => {
    it('keeps a value until something is written, and reads it again then', async () => {
      const kept = keptWhileUnwritten<string>();
      let reads = 0;
      const note = () =>
        kept(engine, async () => {
          reads++;
          return (await engine.query<{ note: string }>('select note from token_probe where id = 1')).rows[0]!
            .note;
        });
      await engine.query(`update token_probe set note = 'kept' where id = 1`);
      expect(await note()).toBe('kept');
      expect(await note()).toBe('kept');
      await engine.query('select 1');
      expect(await note()).toBe('kept');
      expect(reads).toBe(1);
      await engine.query(`update token_probe set note = 'changed' where id = 1`);
      expect(await note()).toBe('changed');
      expect(reads).toBe(2);
      // On PostgreSQL (no engine) it reads every time.
      let plain = 0;
      await kept(null, async () => `${++plain}`);
      await kept(null, async () => `${++plain}`);
      expect(plain).toBe(2);
    });

    it('gives the results of the statements and the token they were read at', async () => {
      const { results, token } = await execWithToken(engine, 'select note from token_probe where id = 1');
      expect(results).toHaveLength(1);
      expect(results[0]!.rows).toEqual([{ note: 'changed' }]);
      const before = statements();
      expect(await writeToken(engine)).toBe(token);
      expect(statements(), 'the token came with the statement').toBe(before);
    });
  });

  describe('a token asked while a transaction holds the engine', () => {
    it('is never kept past the statements the transaction runs after it was asked', async () => {
      const before = await writeToken(engine);
      let asked: Promise<string | null> | undefined;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update token_probe set note = 'in a transaction' where id = 1`);
        // Asked of the engine, outside the transaction: it runs once the transaction has ended.
        asked = writeToken(engine);
        await tx.execute(sql`update token_probe set note = 'later in it' where id = 1`);
      });
      const token = await asked;
      expect(token).not.toBe(before);
      const actual = (
        await engine.query<{ xmax: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax')
      ).rows[0]!.xmax;
      expect(await writeToken(engine), "the token is the engine's own after the transaction").toBe(actual);
    });
  });
});
