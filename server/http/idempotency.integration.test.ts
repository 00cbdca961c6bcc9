import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { newsletterSubscriptions } from '../modules/marketing/marketing.schema.ts';
import { idempotencyRequests } from '../modules/platform/idempotency.schema.ts';
import { users } from '../modules/users/users.schema.ts';
import { createTestApp, postJson } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let siteId = 0;
const tokens = { ana: '', ivo: '' };
const userIds = { ana: 0, ivo: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  siteId = (await seedDemoSite(database.db)).siteId;
  const created = await database.db
    .insert(users)
    .values([
      { siteId, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić' },
      { siteId, email: 'ivo@example.com', firstName: 'Ivo', lastName: 'Ivić' },
    ])
    .returning();
  userIds.ana = created[0]!.id;
  userIds.ivo = created[1]!.id;
  t = createTestApp(database);
  tokens.ana = (await t.services.sessions.start(created[0]!)).accessToken;
  tokens.ivo = (await t.services.sessions.start(created[1]!)).accessToken;
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
      scope: `site:${siteId}`,
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

describe('Idempotency-Key records belong to their caller', () => {
  /** The same address, as two users' apps would send it with the same key. */
  const address = {
    type: 'main',
    firstName: 'Sam',
    lastName: 'Same',
    contactEmail: 'same@example.com',
    contactPhone: '+385 91 234 5678',
    city: 'Zagreb',
    street: 'Ilica',
    houseNumber: '1a',
    zipCode: '10000',
  };
  const createAddress = (bearer: string, key: string) =>
    t.json(
      '/api/v1/user/web/address/create',
      postJson(address, { authorization: `Bearer ${bearer}`, 'idempotency-key': key }),
    );
  const addressesOf = (userId: number) =>
    database.rows<{ id: number }>(sql`select id from user_addresses where user_id = ${userId} order by id`);

  it("runs a second user's request with the same key and body as their own, and replays each user's retry", async () => {
    const key = 'shared-key-address-0001';
    const ana = await createAddress(tokens.ana, key);
    expect(ana.status, JSON.stringify(ana.body)).toBe(200);
    const ivo = await createAddress(tokens.ivo, key);
    expect(ivo.status, JSON.stringify(ivo.body)).toBe(200);
    // Ivo gets his own new address, not Ana's stored answer.
    expect(ivo.headers.get('idempotent-replayed')).toBeNull();
    expect(ivo.body.data.id).not.toBe(ana.body.data.id);
    expect((await addressesOf(userIds.ivo)).map((row) => row.id)).toEqual([ivo.body.data.id]);

    // Each user's retry gets that user's first answer, without a second address.
    const anaRetry = await createAddress(tokens.ana, key);
    expect(anaRetry.status).toBe(200);
    expect(anaRetry.headers.get('idempotent-replayed')).toBe('true');
    expect(anaRetry.body).toEqual(ana.body);
    const ivoRetry = await createAddress(tokens.ivo, key);
    expect(ivoRetry.headers.get('idempotent-replayed')).toBe('true');
    expect(ivoRetry.body).toEqual(ivo.body);
    expect(await addressesOf(userIds.ana)).toHaveLength(1);
    expect(await addressesOf(userIds.ivo)).toHaveLength(1);
  });

  it('replays a retry in a renewed session of the same user', async () => {
    const key = 'same-user-new-session-01';
    const [ana] = await database.db.select().from(users).where(eq(users.id, userIds.ana));
    const body = { email: 'renewed-session@example.com' };
    const send = (bearer: string) =>
      t.json(
        '/api/v1/marketing/newsletter/subscribe',
        postJson(body, { authorization: `Bearer ${bearer}`, 'idempotency-key': key }),
      );
    const first = await send(tokens.ana);
    expect(first.status).toBe(200);
    const retry = await send((await t.services.sessions.start(ana!)).accessToken);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it("never hands an anonymous answer to a logged-in caller, nor a user's answer to a forged token", async () => {
    const key = 'anonymous-then-user-01';
    const anonymous = await subscribe('anon-then-user@example.com', key);
    expect(anonymous.status).toBe(200);
    const anonymousBody = await anonymous.json();
    expect(anonymousBody.data.alreadySubscribed).toBe(false);
    // The anonymous retry is still replayed…
    const anonymousRetry = await subscribe('anon-then-user@example.com', key);
    expect(anonymousRetry.headers.get('idempotent-replayed')).toBe('true');
    // …but Ana with the same key and body runs her own request.
    const ana = await t.json(
      '/api/v1/marketing/newsletter/subscribe',
      postJson(
        { email: 'anon-then-user@example.com' },
        { authorization: `Bearer ${tokens.ana}`, 'idempotency-key': key },
      ),
    );
    expect(ana.status).toBe(200);
    expect(ana.headers.get('idempotent-replayed')).toBeNull();
    // Her own run: the address is pending and its confirmation was just sent, so none goes out now
    // (the anonymous answer, replayed, would say mailSent: true).
    expect(anonymousBody.data.mailSent).toBe(true);
    expect(ana.body.data).toMatchObject({ alreadySubscribed: false, mailSent: false });

    // A token that does not verify is no one: it gets neither Ana's nor Ivo's stored address answer.
    const forged = await createAddress(`${tokens.ana.slice(0, -4)}AAAA`, 'shared-key-address-0001');
    expect(forged.status).toBe(401);
    expect(forged.headers.get('idempotent-replayed')).toBeNull();
  });
});
