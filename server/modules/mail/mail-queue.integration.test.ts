import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../cache/memory-cache.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLogger } from '../../logger.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { createMailService, type MailService, type TemplateMail } from './mail.service.ts';

/**
 * The durable mail queue (decision 0305) on the engine under test: mails are written with the
 * caller's transaction, workers of several processes never send one mail twice, failures are retried
 * with a growing wait and given up with the error kept, and an unreachable SMTP server leaves mails
 * queued until it is back.
 */

let database: TestDatabase;
let siteId = 0;
const dirs: string[] = [];
const services: MailService[] = [];

function mailService(overrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-queue-'));
  dirs.push(dataDir);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...overrides });
  const service = createMailService({
    config,
    db: database.db,
    logger: createLogger('silent'),
    cache: new MemoryCache({ maxEntries: 100 }),
  });
  services.push(service);
  return { service, outbox: config.outboxDir };
}

const outboxFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];

const registration = (to: string): TemplateMail => ({
  siteId,
  key: 'user-register',
  languages: ['en'],
  to,
  variables: { firstName: 'Ana', siteName: 'Shop', link: 'https://shop.example/confirm', validHours: '48' },
});

type Row = { id: number; status: string; attempts: number; last_error: string | null; wait_ms: number };
const rowsTo = (pattern: string) =>
  database.rows<Row>(
    sql`select id::int as id, status, attempts, last_error,
          (extract(epoch from next_attempt_at - now()) * 1000)::int as wait_ms
        from mail_queue where recipient like ${pattern} order by id`,
  );

/** A local port nothing listens on (an SMTP server that is down). */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  siteId = (await seedDemoSite(database.db)).siteId;
}, 180_000);
afterAll(async () => {
  for (const service of services) await service.close();
  await database.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('mail queue', () => {
  it('writes the mail with the transaction: a rolled-back change sends nothing, a committed one is sent', async () => {
    const { service, outbox } = mailService();
    await expect(
      database.db.transaction(async (tx) => {
        await service.queueTemplate(tx as unknown as Db, registration('rolled-back@example.com'));
        throw new Error('the business change fails');
      }),
    ).rejects.toThrow('the business change fails');
    await database.db.transaction(async (tx) => {
      await service.queueTemplate(tx as unknown as Db, registration('committed@example.com'));
    });
    expect(await rowsTo('rolled-back@%')).toHaveLength(0);
    const run = await service.drain();
    expect(run).toMatchObject({ claimed: 1, sent: 1 });
    const mails = outboxFiles(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: committed@example.com');
    expect(mails[0]).toContain('thank you for registering at Shop');
    expect(await rowsTo('committed@%')).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
    // Sent once: another run finds nothing due.
    expect(await service.drain()).toMatchObject({ claimed: 0 });
  });

  it('never sends one mail twice from several workers at once', async () => {
    const workers = [mailService(), mailService(), mailService()];
    const count = 45;
    await workers[0]!.service.queueTemplates(
      database.db,
      Array.from({ length: count }, (_, index) => registration(`many-${index}@example.com`)),
    );
    const runs = await Promise.all(workers.map(({ service }) => service.drain()));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(count);
    const recipients = workers
      .flatMap(({ outbox }) => outboxFiles(outbox))
      .map((text) => text.match(/^To: (.+)$/m)?.[1]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    const rows = await rowsTo('many-%');
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('keeps mails queued while the SMTP server is down, retries with a doubling wait, gives up with the error', async () => {
    const port = await closedPort();
    const down = mailService({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_TIMEOUT_MS: '500',
      MAIL_RETRY_BASE_MS: '60000',
      MAIL_MAX_ATTEMPTS: '3',
    }).service;
    await down.queueTemplates(database.db, [
      registration('down-1@example.com'),
      registration('down-2@example.com'),
    ]);

    // First attempt: refused; the batch waits a minute, only the mail tried counts an attempt.
    expect(await down.drain()).toMatchObject({ claimed: 2, sent: 0, retried: 1, failed: 0 });
    let [first, second] = await rowsTo('down-%');
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first!.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(first!.wait_ms).toBeGreaterThan(50_000);
    expect(first!.wait_ms).toBeLessThanOrEqual(60_000);
    expect(second).toMatchObject({ status: 'queued', attempts: 0 });
    expect(second!.wait_ms).toBeGreaterThan(50_000);
    // Not due yet: nothing is tried.
    expect(await down.drain()).toMatchObject({ claimed: 0 });

    // Second attempt (made due): the wait doubles.
    await database.db.execute(
      sql`update mail_queue set next_attempt_at = now() where recipient like 'down-%'`,
    );
    expect(await down.drain()).toMatchObject({ retried: 1 });
    [first] = await rowsTo('down-1%');
    expect(first).toMatchObject({ status: 'queued', attempts: 2 });
    expect(first!.wait_ms).toBeGreaterThan(110_000);
    expect(first!.wait_ms).toBeLessThanOrEqual(120_000);

    // Third and last attempt: given up, the error kept.
    await database.db.execute(
      sql`update mail_queue set next_attempt_at = now() where recipient like 'down-1%'`,
    );
    expect(await down.drain()).toMatchObject({ claimed: 1, failed: 1 });
    [first] = await rowsTo('down-1%');
    expect(first).toMatchObject({ status: 'failed', attempts: 3 });
    expect(first!.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);

    // The server is back (this process writes the outbox): the waiting mail goes out, the given-up one does not.
    const up = mailService();
    await database.db.execute(
      sql`update mail_queue set next_attempt_at = now() where recipient like 'down-%'`,
    );
    expect(await up.service.drain()).toMatchObject({ claimed: 1, sent: 1 });
    expect(outboxFiles(up.outbox).map((text) => text.match(/^To: (.+)$/m)?.[1])).toEqual([
      'down-2@example.com',
    ]);
    expect((await rowsTo('down-%')).map((row) => row.status)).toEqual(['failed', 'sent']);
  });

  it('takes a mail back after its lease when a worker stopped while sending it', async () => {
    const { service, outbox } = mailService();
    await service.queueTemplate(database.db, registration('lease@example.com'));
    // A worker claimed it and its process died before the outcome was written.
    await database.db.execute(
      sql`update mail_queue set attempts = 1, next_attempt_at = now() + interval '1 minute' where recipient = 'lease@example.com'`,
    );
    expect(await service.drain()).toMatchObject({ claimed: 0 });
    await database.db.execute(
      sql`update mail_queue set next_attempt_at = now() - interval '1 second' where recipient = 'lease@example.com'`,
    );
    expect(await service.drain()).toMatchObject({ claimed: 1, sent: 1 });
    expect(outboxFiles(outbox)).toHaveLength(1);
    expect(await rowsTo('lease@%')).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });
});
