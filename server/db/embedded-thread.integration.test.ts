import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, embeddedEngine, openPglite } from './client.ts';
import { ThreadedEngine } from './embedded-thread.ts';

// PGlite in a worker thread (decision 0568) answers as PGlite in this thread does. Both are opened here,
// whichever engine the integration run uses.

let inThread: DatabaseHandle;
let inWorker: DatabaseHandle;

const setup = `create table thread_probe (
    id int primary key,
    name text not null unique,
    at timestamptz not null,
    day date,
    price numeric(10, 2),
    tags text[],
    data jsonb,
    raw bytea,
    big bigint
  );`;

beforeAll(async () => {
  [inThread, inWorker] = await Promise.all([openPglite(), openPglite({ thread: 'worker' })]);
  for (const database of [inThread, inWorker]) await database.db.execute(sql.raw(setup));
}, 120_000);

afterAll(async () => {
  await Promise.all([inThread?.close(), inWorker?.close()]);
});

describe('PGlite in a worker thread', () => {
  it('is the engine behind the database, and not a PGlite of this thread', () => {
    expect(embeddedEngine(inWorker.db)).toBeInstanceOf(ThreadedEngine);
    expect(inWorker.pglite).toBeUndefined();
    expect(inWorker.engine).toBe('pglite');
  });

  it('gives the same rows as PGlite in this thread, through drizzle and raw, with every type the shop uses', async () => {
    const answers = [];
    for (const database of [inThread, inWorker]) {
      const db = database.db;
      await db.execute(sql`insert into thread_probe values
        (1, 'one', '2026-11-25T10:00:00.123Z', '2026-11-25', 12.5, ${'{a,b}'}::text[], ${JSON.stringify({ k: [1, 'x'] })}::jsonb,
         '\\x00ff10'::bytea, 9007199254740993)`);
      await db.execute(sql`insert into thread_probe (id, name, at) values (2, ${"Ime 'č' \\ x"}, now())`);
      const drizzleRows = await db.execute(
        sql`select id, name, at, day, price, tags, data, raw, big, at::text as at_text from thread_probe where id = 1`,
      );
      const raw = await embeddedEngine(db)!.query<{ id: number; name: string }>(
        'select id, name from thread_probe where id = any($1) order by id',
        [[1, 2]],
        { rowMode: 'object' },
      );
      const asArrays = await embeddedEngine(db)!.query('select id, at from thread_probe where id = $1', [1], {
        rowMode: 'array',
        parsers: { 1184: (value: string) => `parsed ${value}` },
      });
      const many = await embeddedEngine(db)!.exec('select 1 as a; select 2 as b, 3 as c');
      answers.push({
        drizzleRows: (drizzleRows as unknown as { rows: unknown[] }).rows,
        raw: raw.rows,
        asArrays: asArrays.rows,
        many: many.map((result) => result.rows),
        affected: raw.affectedRows,
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]!.asArrays).toEqual([[1, 'parsed 2026-11-25 10:00:00.123+00']]);
    expect(answers[1]!.raw).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: "Ime 'č' \\ x" },
    ]);
  });

  it("throws the engine's error as PGlite does (code, constraint, detail), and goes on working", async () => {
    const engine = embeddedEngine(inWorker.db)!;
    const error = await engine
      .query(`insert into thread_probe (id, name, at) values (3, 'one', now())`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'thread_probe_name_key',
      table: 'thread_probe',
      detail: 'Key (name)=(one) already exists.',
    });
    expect((error as Error).message).toMatch(/duplicate key value violates unique constraint/);
    const syntax = await engine.query('selec 1').catch((caught: unknown) => caught);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await engine.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('commits a transaction, and rolls one back when its callback throws (savepoints included)', async () => {
    const db = inWorker.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update thread_probe set price = 20 where id = 1`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`update thread_probe set price = 30 where id = 1`);
          throw new Error('undo the savepoint');
        })
        .catch(() => {});
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`update thread_probe set price = 40 where id = 1`);
        throw new Error('undo the transaction');
      })
      .catch((caught: Error) => caught.message);
    expect(failed).toBe('undo the transaction');
    // drizzle's own rollback, on both engines alike.
    const rollbacks = [];
    for (const database of [inThread, inWorker]) {
      rollbacks.push(
        await database.db
          .transaction(async (tx) => {
            await tx.execute(sql`update thread_probe set price = 50 where id = 1`);
            tx.rollback();
          })
          .catch((caught: Error) => `${caught.name}: ${caught.message}`),
      );
    }
    expect(rollbacks[1]).toBe(rollbacks[0]);
    const rows = await inWorker.rows<{ price: string }>(sql`select price from thread_probe where id = 1`);
    expect(rows).toEqual([{ price: '20.00' }]);
    expect(embeddedEngine(db)!.isInTransaction()).toBe(false);
  });

  it('runs a transaction alone: a statement sent meanwhile waits for it and sees what it committed', async () => {
    const db = inWorker.db;
    let outside: Promise<{ price: string }[]> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update thread_probe set price = 60 where id = 1`);
      outside = inWorker.rows<{ price: string }>(sql`select price from thread_probe where id = 1`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`update thread_probe set price = 61 where id = 1`);
    });
    expect(await outside).toEqual([{ price: '61.00' }]);
  });

  it("keeps this thread's event loop free while a long statement runs (PGlite in this thread holds it)", async () => {
    const long = 'select count(*)::int as n from generate_series(1, 1500000) a, generate_series(1, 2) b';
    const ticksDuring = async (database: DatabaseHandle) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      // The statement is sent, then the timer has the time the statement takes to tick.
      await embeddedEngine(database.db)!.query(long);
      clearInterval(timer);
      return ticks;
    };
    expect(
      await ticksDuring(inWorker),
      'the timer ticked while the worker ran the statement',
    ).toBeGreaterThan(3);
    expect(await ticksDuring(inThread), 'no tick while this thread ran the statement').toBeLessThanOrEqual(1);
  });

  it('fails to open, with the reason, when the engine cannot be opened in its thread', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-thread-')), 'not-a-directory');
    fs.writeFileSync(file, '');
    await expect(openPglite({ thread: 'worker', dataDir: path.join(file, 'sub', 'pglite') })).rejects.toThrow(
      /ENOTDIR/,
    );
  }, 60_000);

  it('refuses statements once closed, with a clear error', async () => {
    const database = await openPglite({ thread: 'worker' });
    await database.ping();
    await database.close();
    await expect(database.ping()).rejects.toThrow('the embedded database is closed');
  }, 60_000);

  it('lets a process that never closes it end once its last statement has answered', () => {
    const script = `
      import { embeddedEngine, openPglite } from ${JSON.stringify(new URL('./client.ts', import.meta.url).pathname)};
      const database = await openPglite({ thread: 'worker' });
      const { rows } = await embeddedEngine(database.db).query('select 41 + 1 as n');
      console.log(JSON.stringify(rows));
    `;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-thread-')), 'never-closes.mjs');
    fs.writeFileSync(file, script);
    const child = spawnSync(process.execPath, [file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('[{"n":42}]');
    expect(child.status).toBe(0);
  }, 70_000);
});
