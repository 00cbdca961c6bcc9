import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { solvedCaptcha } from '../../testing/captcha-solver.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';

let database: TestDatabase;
let dataDir: string;
let t: ReturnType<typeof createTestApp>;
let siteId: number;

const captcha = () => solvedCaptcha((url) => t.json(url));
const subscribe = async (email: string, language = 'en') =>
  t.json(
    '/api/v1/marketing/newsletter/subscribe',
    postJson({ email, captcha: await captcha() }, { language }),
  );
const rowFor = async (email: string) =>
  (
    await database.rows<{ status: string; language_code: string; confirm_token_hash: string | null }>(
      sql`select status, language_code, confirm_token_hash from newsletter_subscriptions where email = ${email}`,
    )
  )[0];
const recipients = async () => (await t.services.newsletter.recipients(siteId)).map((row) => row.email);

/** Every mail in the outbox to an address, oldest first, decoded (quoted-printable soft breaks joined). */
async function mailsTo(email: string): Promise<string[]> {
  // Mails are queued (decision 0305): send what is due before reading the outbox.
  await t.services.mail.drain();
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return mails
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((mail) => mail.includes(`To: ${email}`));
}
const confirmToken = (mail: string | undefined) => mail?.match(/\?subscription=([A-Za-z0-9_-]{20,})/)?.[1];
const confirm = (token: string) =>
  t.json(`/api/v1/marketing/newsletter/confirm/${token}`, { headers: { language: 'en' } });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  dataDir = await mkdtemp(path.join(tmpdir(), 'newsletter-'));
  t = createTestApp(database, {
    DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER: '2000',
    NEWSLETTER_RESEND_SECONDS: '300',
    PUBLIC_URL: 'https://shop.example',
  });
  siteId = (await database.rows<{ id: number }>(sql`select id from sites order by id limit 1`))[0]!.id;
});
afterAll(async () => {
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

describe('newsletter double opt-in', () => {
  it('keeps a sign-up pending until the mailed link confirms it; only then does the address count', async () => {
    const result = await subscribe('  Roditelj@Example.COM ');
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      email: 'roditelj@example.com',
      status: 'pending',
      alreadySubscribed: false,
      mailSent: true,
    });
    expect((await rowFor('roditelj@example.com'))?.status).toBe('pending');
    expect(await recipients()).not.toContain('roditelj@example.com');

    const [mail] = await mailsTo('roditelj@example.com');
    expect(mail).toContain('https://shop.example/en/confirm-email?subscription=');
    const token = confirmToken(mail)!;
    // Stored as its hash only.
    const stored = await rowFor('roditelj@example.com');
    expect(stored?.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.confirm_token_hash).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({
      goalType: 'message',
      goal: 'newsletter.confirmed',
      confirmedEmail: 'roditelj@example.com',
    });
    expect((await rowFor('roditelj@example.com'))?.status).toBe('subscribed');
    expect(await recipients()).toContain('roditelj@example.com');
  });

  it('refuses a used, an expired and a made-up confirmation token, naming the field', async () => {
    await subscribe('used@example.com');
    const token = confirmToken((await mailsTo('used@example.com'))[0])!;
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'INVALID_TOKEN', payload: { field: 'token' } });

    await subscribe('late@example.com');
    const late = confirmToken((await mailsTo('late@example.com'))[0])!;
    await database.db.execute(
      sql`update newsletter_subscriptions set confirm_expires_at = now() - interval '1 minute' where email = 'late@example.com'`,
    );
    expect((await confirm(late)).status).toBe(400);
    expect((await rowFor('late@example.com'))?.status).toBe('pending');

    expect((await confirm('x'.repeat(43))).status).toBe(400);
    expect((await confirm('bad token!')).status).toBe(400);
  });

  it("answers 'already subscribed' for a confirmed address and sends nothing", async () => {
    await subscribe('twice@example.com');
    await confirm(confirmToken((await mailsTo('twice@example.com'))[0])!);
    const before = (await mailsTo('twice@example.com')).length;
    const again = await subscribe('TWICE@example.com');
    expect(again.body.data).toMatchObject({ status: 'subscribed', alreadySubscribed: true, mailSent: false });
    expect((await mailsTo('twice@example.com')).length).toBe(before);
  });

  it('resends the confirmation to a pending address at most once per NEWSLETTER_RESEND_SECONDS', async () => {
    await subscribe('pending@example.com');
    const first = confirmToken((await mailsTo('pending@example.com'))[0])!;
    const soon = await subscribe('pending@example.com');
    expect(soon.body.data).toMatchObject({ status: 'pending', alreadySubscribed: false, mailSent: false });
    expect(await mailsTo('pending@example.com')).toHaveLength(1);

    await database.db.execute(
      sql`update newsletter_subscriptions set confirm_sent_at = now() - interval '301 seconds' where email = 'pending@example.com'`,
    );
    const later = await subscribe('pending@example.com');
    expect(later.body.data.mailSent).toBe(true);
    const mails = await mailsTo('pending@example.com');
    expect(mails).toHaveLength(2);
    // The new link replaces the old one.
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(confirmToken(mails[1])!)).status).toBe(200);
  });

  it('keeps one row and sends one mail when the same address signs up many times at once', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async () => ({ email: 'race@example.com', captcha: await captcha() })),
    );
    const results = await Promise.all(
      bodies.map((body) => t.json('/api/v1/marketing/newsletter/subscribe', postJson(body))),
    );
    expect(results.map((result) => result.status)).toEqual(Array(6).fill(200));
    expect(results.filter((result) => result.body.data.mailSent)).toHaveLength(1);
    const [count] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from newsletter_subscriptions where email = 'race@example.com'`,
    );
    expect(count?.n).toBe(1);
    expect(await mailsTo('race@example.com')).toHaveLength(1);
  });

  it('sends the welcome mail with RFC 8058 headers; one POST with its token unsubscribes, without a login', async () => {
    await subscribe('leaving@example.com', 'hr');
    await confirm(confirmToken((await mailsTo('leaving@example.com'))[0])!);
    const welcome = (await mailsTo('leaving@example.com')).at(-1)!;
    // A long header may be folded onto the next line (RFC 5322).
    const header = welcome.match(/^List-Unsubscribe:\s+<([^>]+)>/m)?.[1];
    expect(header).toMatch(/^https:\/\/shop\.example\/odjava-newslettera\?token=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(welcome).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(welcome).toContain(header); // the link in the body too
    const token = new URL(header!).searchParams.get('token')!;

    // Looking changes nothing.
    const info = await t.json(`/api/v1/marketing/newsletter/unsubscribe/${token}`);
    expect(info.body.data).toEqual({ email: 'leaving@example.com', subscribed: true });
    expect((await rowFor('leaving@example.com'))?.status).toBe('subscribed');

    const done = await t.json('/api/v1/marketing/newsletter/unsubscribe', postJson({ token }));
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ email: 'leaving@example.com', status: 'unsubscribed' });
    expect((await rowFor('leaving@example.com'))?.status).toBe('unsubscribed');
    expect(await recipients()).not.toContain('leaving@example.com');
    // Repeating is harmless.
    expect((await t.json('/api/v1/marketing/newsletter/unsubscribe', postJson({ token }))).status).toBe(200);

    // A token whose signature does not match (another id, or altered) is refused.
    const [id, signature] = token.split('.');
    for (const forged of [`${Number(id) + 1}.${signature}`, `${id}.${signature!.slice(1)}A`]) {
      const refused = await t.json('/api/v1/marketing/newsletter/unsubscribe', postJson({ token: forged }));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'INVALID_TOKEN', payload: { field: 'token' } });
    }

    // Signing up again starts over: pending, a new confirmation.
    const back = await subscribe('leaving@example.com');
    expect(back.body.data).toMatchObject({ status: 'pending', mailSent: true });
  });

  it('refuses what is not an e-mail, naming the field, and stores nothing', async () => {
    const [before] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from newsletter_subscriptions`,
    );
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: 42 },
    ]) {
      const { status, body: response } = await t.json(
        '/api/v1/marketing/newsletter/subscribe',
        postJson({ ...body, captcha: await captcha() }),
      );
      expect(status).toBe(400);
      expect(response.error).toMatchObject({ code: 'VALIDATION_ERROR', payload: { field: 'email' } });
    }
    const [after] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from newsletter_subscriptions`,
    );
    expect(after?.n).toBe(before?.n);
  });
});
