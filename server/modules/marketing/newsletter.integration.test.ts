import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const subscribe = (body: unknown, language = 'hr') =>
  t.json('/api/v1/marketing/newsletter/subscribe', postJson(body, { language }));
const rowsFor = (email: string) =>
  database.rows<{ email: string; status: string; language_code: string }>(
    sql`select email, status, language_code from newsletter_subscriptions where email = ${email}`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  t = createTestApp(database);
});
afterAll(() => database.destroy());

describe('newsletter subscribe', () => {
  it('stores a new address, lower-cased, in the request language', async () => {
    const ok = await subscribe({ email: '  Roditelj@Example.COM ' }, 'en');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      email: 'roditelj@example.com',
      status: 'subscribed',
      alreadySubscribed: false,
    });
    expect(await rowsFor('roditelj@example.com')).toEqual([
      { email: 'roditelj@example.com', status: 'subscribed', language_code: 'en' },
    ]);
  });

  it('reports an address that is already subscribed and keeps one row', async () => {
    await subscribe({ email: 'twice@example.com' });
    const again = await subscribe({ email: 'TWICE@example.com' });
    expect(again.body.data.alreadySubscribed).toBe(true);
    expect(await rowsFor('twice@example.com')).toHaveLength(1);
  });

  it('keeps one row when the same address arrives many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => subscribe({ email: 'race@example.com' })),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => !result.body.data.alreadySubscribed)).toHaveLength(1);
    expect(await rowsFor('race@example.com')).toHaveLength(1);
  });

  it('subscribes again an address that had unsubscribed', async () => {
    await subscribe({ email: 'back@example.com' });
    await database.db.execute(
      sql`update newsletter_subscriptions set status = 'unsubscribed' where email = 'back@example.com'`,
    );
    const result = await subscribe({ email: 'back@example.com' });
    expect(result.body.data.alreadySubscribed).toBe(false);
    expect((await rowsFor('back@example.com'))[0]?.status).toBe('subscribed');
  });

  it('refuses what is not an e-mail, naming the field, and stores nothing', async () => {
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: 42 },
    ]) {
      const { status, body: response } = await subscribe(body);
      expect(status).toBe(400);
      expect(response.error).toMatchObject({ code: 'VALIDATION_ERROR', payload: { field: 'email' } });
    }
    const [row] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from newsletter_subscriptions`,
    );
    expect(row?.n).toBe(4);
  });
});
