import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { newsletterSubscriptions } from '../modules/marketing/marketing.schema.ts';
import { idempotencyRequests } from '../modules/platform/idempotency.schema.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  t = createTestApp(database);
});
afterAll(() => database.destroy());

const subscribe = (email: string, key?: string) =>
  t.app.request('/api/v1/marketing/newsletter/subscribe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({ email }),
  });

const subscriptions = async (email: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
  )[0]!.n;

describe('Idempotency-Key on API writes', () => {
  it('answers a retry with the first answer, without running the write again', async () => {
    const key = 'b1c7a3e0-5b0e-4f3a-9d65-retry-0001';
    const first = await subscribe('retry@example.com', key);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(JSON.parse(firstBody).data.alreadySubscribed).toBe(false);
    const retry = await subscribe('retry@example.com', key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // Without the key, the second call would say "already subscribed"; the replay says what the first did.
    expect(await retry.text()).toBe(firstBody);
    expect(await subscriptions('retry@example.com')).toBe(1);
  });

  it('runs concurrent requests with one key once: the others wait their turn or get the answer', async () => {
    const key = 'concurrent-key-000000001';
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => subscribe('together@example.com', key)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const fresh = responses.filter(
      (response) => response.status === 200 && response.headers.get('idempotent-replayed') === null,
    );
    expect(fresh).toHaveLength(1);
    expect(await subscriptions('together@example.com')).toBe(1);
  });

  it('refuses the same key for another body with 422, and a malformed key with 400', async () => {
    await subscribe('first-body@example.com', 'reused-key-0000001');
    const reused = await subscribe('second-body@example.com', 'reused-key-0000001');
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await subscriptions('second-body@example.com')).toBe(0);
    const malformed = await subscribe('short-key@example.com', 'short');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { payload: { field: string } } }).error.payload.field).toBe(
      'Idempotency-Key',
    );
    expect(await subscriptions('short-key@example.com')).toBe(0);
  });

  it('keeps nothing for a refused request, so that a retry runs again', async () => {
    const key = 'invalid-then-valid-01';
    const send = () =>
      t.app.request('/api/v1/marketing/newsletter/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ email: 'not an address' }),
      });
    expect((await send()).status).toBe(400);
    const again = await send();
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const [stored] = await database.db
      .select({ n: count() })
      .from(idempotencyRequests)
      .where(eq(idempotencyRequests.key, key));
    expect(stored!.n).toBe(0);
  });

  it('lets a retry run again when the first attempt died before answering', async () => {
    const key = 'abandoned-key-0000001';
    await database.db.insert(idempotencyRequests).values({
      key,
      operation: 'POST /api/v1/marketing/newsletter/subscribe',
      fingerprint: createHash('sha256')
        .update(JSON.stringify({ email: 'abandoned@example.com' }))
        .digest('hex'),
      createdAt: new Date(Date.now() - 2 * 60_000),
    });
    const retry = await subscribe('abandoned@example.com', key);
    expect(retry.status).toBe(200);
    expect(await subscriptions('abandoned@example.com')).toBe(1);
  });

  it('leaves reads alone: a key on a read changes nothing', async () => {
    const response = await t.app.request('/api/v1/master/commons?type=languages', {
      headers: { 'idempotency-key': 'read-key-000000001' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });
});
