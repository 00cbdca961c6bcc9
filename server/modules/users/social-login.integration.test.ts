import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../testing/oidc-test-provider.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { hashPassword } from './password.ts';
import { SOCIAL_STATE_COOKIE } from './social-login.service.ts';
import { users } from './users.schema.ts';

const PUBLIC_URL = 'http://shop.test';
let database: TestDatabase;
let provider: TestProvider;
let t: ReturnType<typeof createTestApp>;

// biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary response JSON
type Answer = { status: number; headers: Headers; body: any };
async function call(pathname: string, init: RequestInit = {}): Promise<Answer> {
  const response = await t.app.request(pathname, init, {
    incoming: { socket: { remoteAddress: '198.51.100.9' } },
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The value a Set-Cookie of the answer gives the cookie (undefined: not set). */
const setCookie = (answer: Answer, name: string) =>
  answer.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

/** Starts a login: the provider's URL and the state cookie the browser now holds. */
async function start(query = 'provider=google', language = 'hr') {
  const answer = await call(`/api/v1/user/social/redirect-login?${query}`, { headers: { language } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const cookie = setCookie(answer, SOCIAL_STATE_COOKIE);
  expect(cookie).toBeTruthy();
  return { url: answer.body.data.url as string, cookie: `${SOCIAL_STATE_COOKIE}=${cookie}` };
}

/** The provider's answer for a login name, as the parameters it sends the browser back with. */
async function providerAnswer(url: string, login: string) {
  const back = await signInAtProvider(url, login);
  const params = Object.fromEntries(back.searchParams) as Record<string, string>;
  return { back, params };
}

const finish = (params: Record<string, string>, cookie?: string) =>
  call('/api/v1/user/social/oauth', {
    ...postJson(
      { code: params.code, state: params.state, ...(params.iss ? { iss: params.iss } : {}) },
      cookie ? { cookie } : {},
    ),
  });

const identities = () =>
  database.rows<{ email: string; provider: string; subject: string }>(
    sql`select u.email, i.provider, i.subject from user_social_identities i join users u on u.id = i.user_id order by i.id`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  const { siteId } = await seedDemoSite(database.db);
  await database.db.insert(users).values({
    siteId,
    email: 'ana@example.com',
    passwordHash: await hashPassword('Lozinka-Ane-9!'),
    firstName: 'Ana',
    lastName: 'Anić',
  });
  provider = await startTestProvider([`${PUBLIC_URL}/social-login`, `${PUBLIC_URL}/en/social-login`]);
  t = createTestApp(database, {
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER_URL: provider.issuer,
  });
}, 60_000);

afterAll(async () => {
  await provider?.close();
  await database?.close();
});

describe('social login', () => {
  it('lists only the configured providers, and refuses the others', async () => {
    const listed = await call('/api/v1/user/social/providers');
    expect(listed.body.data.providers).toEqual(['google']);
    const facebook = await call('/api/v1/user/social/redirect-login?provider=facebook');
    expect(facebook.status).toBe(404);
    expect(facebook.body.error.payload.field).toBe('provider');
    const unknown = await call('/api/v1/user/social/redirect-login?provider=myspace');
    expect(unknown.status).toBe(400);
    // Without configuration no provider is offered at all.
    const bare = createTestApp(database);
    const none = await bare.json('/api/v1/user/social/providers');
    expect(none.body.data.providers).toEqual([]);
  });

  it("sends the browser to the provider with PKCE, state and nonce, back to the language's screen", async () => {
    const { url } = await start('provider=google&redirectTo=%2Fen%2Fshop', 'en');
    const authorization = new URL(url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('client_id')).toBe(provider.clientId);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/en/social-login`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorization.searchParams.get('scope')).toBe('openid email profile');
  });

  it('creates an account for a new identity and logs it in', async () => {
    provider.accounts.set('nova@example.com', { givenName: 'Nova', familyName: 'Kupka' });
    const { url, cookie } = await start('provider=google&redirectTo=%2Fshop');
    const { params } = await providerAnswer(url, 'nova@example.com');
    const answer = await finish(params, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      provider: 'google',
      account: 'created',
      redirectTo: '/shop',
      language: 'hr',
      user: { email: 'nova@example.com', firstName: 'Nova', lastName: 'Kupka', emailVerified: true },
    });
    // The session, as a login starts it: cookies, and a token the profile call accepts.
    expect(setCookie(answer, 'accessToken')).toBeTruthy();
    expect(setCookie(answer, SOCIAL_STATE_COOKIE)).toBe('');
    const profile = await call('/api/v1/user/web/profile', {
      headers: { authorization: `Bearer ${answer.body.data.tokens.accessToken}` },
    });
    expect(profile.body.data.email).toBe('nova@example.com');
    expect(await identities()).toContainEqual({
      email: 'nova@example.com',
      provider: 'google',
      subject: 'nova@example.com',
    });

    // The next login of the same identity finds the account by its link.
    const again = await start();
    const next = await finish((await providerAnswer(again.url, 'nova@example.com')).params, again.cookie);
    expect(next.body.data.account).toBe('linked');
    expect(next.body.data.user.id).toBe(answer.body.data.user.id);
  });

  it('links an identity with a verified address to the existing account of that address', async () => {
    provider.accounts.set('google-ana', { email: 'Ana@Example.com', givenName: 'Ana' });
    const { url, cookie } = await start();
    const answer = await finish((await providerAnswer(url, 'google-ana')).params, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.account).toBe('linkedByEmail');
    expect(answer.body.data.user.email).toBe('ana@example.com');
    expect(answer.body.data.user.emailVerified).toBe(true);
    expect(await identities()).toContainEqual({
      email: 'ana@example.com',
      provider: 'google',
      subject: 'google-ana',
    });
    const [{ count }] = (await database.rows<{ count: number }>(
      sql`select count(*)::int as count from users where email = 'ana@example.com'`,
    )) as [{ count: number }];
    expect(count).toBe(1);
    // Her password still works.
    const login = await call(
      '/api/v1/login',
      postJson({ username: 'ana@example.com', password: 'Lozinka-Ane-9!' }),
    );
    expect(login.status).toBe(200);
  });

  it('does not link an address the provider has not verified to an existing account', async () => {
    await database.db
      .insert(users)
      .values({ siteId: 1, email: 'ivo@example.com', passwordHash: null, firstName: 'Ivo' })
      .onConflictDoNothing();
    provider.accounts.set('google-ivo', { email: 'ivo@example.com', emailVerified: false });
    const { url, cookie } = await start();
    const answer = await finish((await providerAnswer(url, 'google-ivo')).params, cookie);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('SOCIAL_EMAIL_UNVERIFIED');
    expect(setCookie(answer, 'accessToken')).toBeUndefined();
    expect((await identities()).some((row) => row.subject === 'google-ivo')).toBe(false);
  });

  it('refuses a state that is not the one this browser started, and starts no session', async () => {
    const before = await identities();
    const mine = await start();
    const theirs = await start();
    const { params } = await providerAnswer(theirs.url, 'intruder@example.com');
    // The attacker's code and state in another browser (with its own login started, or none).
    for (const cookie of [mine.cookie, undefined, `${SOCIAL_STATE_COOKIE}=garbage`]) {
      const answer = await finish(params, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'INVALID_STATE', payload: { field: 'state' } });
      expect(setCookie(answer, 'accessToken')).toBeUndefined();
    }
    expect(await identities()).toEqual(before);
    // A state someone changed in the URL is refused the same way.
    const tampered = await finish({ ...params, state: `${params.state}x` }, theirs.cookie);
    expect(tampered.body.error.code).toBe('INVALID_STATE');
  });

  it('refuses a code the provider does not accept, a state used before, and malformed input', async () => {
    const { url, cookie } = await start();
    const { params } = await providerAnswer(url, 'twice@example.com');
    const wrongCode = await finish({ ...params, code: 'not-the-code' }, cookie);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.error).toMatchObject({ code: 'SOCIAL_LOGIN_REFUSED', payload: { field: 'code' } });
    // The state was spent on that attempt: the right code with it is refused too.
    const replay = await finish(params, cookie);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('INVALID_STATE');
    const fresh = await start();
    const ok = await finish((await providerAnswer(fresh.url, 'twice@example.com')).params, fresh.cookie);
    expect(ok.status).toBe(200);
    expect((await finish(params, fresh.cookie)).body.error.code).toBe('INVALID_STATE');
    const empty = await call('/api/v1/user/social/oauth', postJson({ code: '', state: '' }));
    expect(empty.status).toBe(400);
    const control = await call('/api/v1/user/social/oauth', postJson({ code: 'a\u0000b', state: 's' }));
    expect(control.status).toBe(400);
    expect(control.body.error.payload.issues.map((issue: { field: string }) => issue.field)).toContain(
      'code',
    );
  });
});
