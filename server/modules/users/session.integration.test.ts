import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCookie } from '../../../core/cookies.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { hashPassword } from './password.ts';
import { createSessionService } from './session.service.ts';
import { users } from './users.schema.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let siteId: number;
const email = 'session@example.com';
const password = 'Sesija123!';

/** The Set-Cookie values of a response as a Cookie header a browser would send next. */
function cookieHeader(headers: Headers, previous = ''): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=', 2) as [string, string];
    if (/max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

const logIn = () => t.json('/api/v1/login', postJson({ username: email, password }));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  ({ siteId } = await seedDemoSite(database.db));
  await database.db.insert(users).values({
    siteId,
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Sanja',
    lastName: 'Sesija',
  });
  // No grace: a replayed refresh token counts as stolen at once.
  t = createTestApp(database, { REFRESH_REUSE_GRACE_SECONDS: '0' });
});
afterAll(() => database.destroy());

describe('sessions', () => {
  it('logs in: tokens in the answer and in httpOnly SameSite=Lax cookies', async () => {
    const { status, body, headers } = await logIn();
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({
      email,
      firstName: 'Sanja',
      lastName: 'Sesija',
      isBackofficeUser: false,
    });
    const { accessToken, refreshToken } = body.data.tokens;
    expect(accessToken.split('.')).toHaveLength(3);
    const cookies = headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly/i);
    for (const cookie of cookies) expect(cookie).toMatch(/SameSite=Lax/i);
    // Not Secure outside production behind https.
    for (const cookie of cookies) expect(cookie).not.toMatch(/Secure/i);
    expect(readCookie(cookieHeader(headers), 'refreshToken')).toBe(refreshToken);
    // Only the hash is stored.
    const stored = await database.rows<{ token_hash: string }>(sql`select token_hash from refresh_tokens`);
    expect(stored.map((row) => row.token_hash)).not.toContain(refreshToken);
    expect(stored).toHaveLength(1);
  });

  it('refuses a wrong password or an unknown address with the same message', async () => {
    for (const body of [
      { username: email, password: 'Wrong123!' },
      { username: 'nobody@example.com', password },
    ]) {
      const answer = await t.json('/api/v1/login', postJson(body));
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({
        code: 'INVALID_LOGIN',
        payload: { message: 'Unknown username or password!' },
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });

  it('knows the user from a cookie and from a Bearer header, and answers 401 without either', async () => {
    const { body, headers } = await logIn();
    const byCookie = await t.json('/api/v1/user/web/profile', { headers: { cookie: cookieHeader(headers) } });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.data).toMatchObject({ email, emailVerified: false });
    const byBearer = await t.json('/api/auth/user', {
      headers: { authorization: `Bearer ${body.data.tokens.accessToken}` },
    });
    expect(byBearer.body.data.email).toBe(email);
    const anonymous = await t.json('/api/v1/user/web/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ code: 'UNAUTHORIZED', statusCode: 401 });
    const forged = await t.json('/api/v1/user/web/profile', {
      headers: { authorization: `Bearer ${body.data.tokens.accessToken.slice(0, -3)}abc` },
    });
    expect(forged.status).toBe(401);
  });

  it('renews an expired access cookie silently from the refresh cookie', async () => {
    const { headers } = await logIn();
    const jar = cookieHeader(headers);
    const refreshOnly = jar.replace(/accessToken=[^;]*;?\s*/, '');
    const answer = await t.json('/api/v1/user/web/profile', { headers: { cookie: refreshOnly } });
    expect(answer.status).toBe(200);
    const renewed = cookieHeader(answer.headers, refreshOnly);
    expect(readCookie(renewed, 'accessToken')).toBeTruthy();
    expect(readCookie(renewed, 'refreshToken')).not.toBe(readCookie(jar, 'refreshToken'));
  });

  it('rotates the refresh token, and a replayed one ends the whole session', async () => {
    const { body } = await logIn();
    const first = body.data.tokens.refreshToken as string;
    const rotated = await t.json('/api/v1/refresh', { headers: { refreshToken: first } });
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.tokens.refreshToken as string;
    expect(second).not.toBe(first);
    const access = rotated.body.data.tokens.accessToken as string;
    const beforeReplay = await t.json('/api/v1/user/web/profile', {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(beforeReplay.status).toBe(200);

    const replay = await t.json('/api/v1/refresh', { headers: { refreshToken: first } });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('REFRESH_TOKEN_REUSED');
    // The family is revoked: the newest refresh token and its access token are dead too.
    const successor = await t.json('/api/v1/refresh', { headers: { refreshToken: second } });
    expect(successor.status).toBe(401);
    const afterReplay = await t.json('/api/v1/user/web/profile', {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(afterReplay.status).toBe(401);
  });

  it('gives requests that refresh at the same moment a sibling token within the grace period', async () => {
    const graceful = createTestApp(database, { REFRESH_REUSE_GRACE_SECONDS: '30' });
    const { body } = await graceful.json('/api/v1/login', postJson({ username: email, password }));
    const token = body.data.tokens.refreshToken as string;
    const answers = await Promise.all(
      [1, 2, 3].map(() => graceful.json('/api/v1/refresh', { headers: { refreshToken: token } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const tokens = new Set(answers.map((answer) => answer.body.data.tokens.refreshToken));
    expect(tokens.size).toBe(3);
  });

  it('logs out: the session ends on the server and the cookies are cleared', async () => {
    const { body, headers } = await logIn();
    const jar = cookieHeader(headers);
    const out = await t.json('/api/auth/logout', { method: 'POST', headers: { cookie: jar } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().every((cookie) => /Max-Age=0/i.test(cookie))).toBe(true);
    // The old cookies, replayed, no longer work: neither the access token nor the refresh token.
    const replayed = await t.json('/api/v1/user/web/profile', { headers: { cookie: jar } });
    expect(replayed.status).toBe(401);
    const refreshed = await t.json('/api/v1/refresh', {
      headers: { refreshToken: body.data.tokens.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });

  it('does not accept a token of another site', async () => {
    const { body } = await logIn();
    const sessions = createSessionService({ config: t.config, db: database.db });
    expect(await sessions.verify(body.data.tokens.accessToken, siteId)).toMatchObject({ email });
    expect(await sessions.verify(body.data.tokens.accessToken, siteId + 1)).toBeNull();
  });

  it('signs with one key that every process shares when AUTH_SECRET is unset', async () => {
    const { body } = await logIn();
    // A second process: a new service over the same database verifies the first one's token.
    const other = createSessionService({ config: t.config, db: database.db });
    expect(await other.verify(body.data.tokens.accessToken, siteId)).not.toBeNull();
    const keys = await database.rows<{ n: number }>(sql`select count(*)::int as n from auth_keys`);
    expect(keys[0]?.n).toBe(1);
    // A process with its own AUTH_SECRET does not accept the generated key's tokens.
    const configured = createSessionService({
      config: { ...t.config, AUTH_SECRET: 'x'.repeat(40) },
      db: database.db,
    });
    expect(await configured.verify(body.data.tokens.accessToken, siteId)).toBeNull();
  });
});
