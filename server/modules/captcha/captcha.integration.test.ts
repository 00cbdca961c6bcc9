import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { solvedCaptcha } from '../../testing/captcha-solver.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';

let database: TestDatabase;
/** The outbox of every app here (sign-ups send confirmation mails). */
const dataDir = mkdtempSync(path.join(tmpdir(), 'captcha-'));
const app = (overrides: Record<string, string>) =>
  createTestApp(database, { DATA_DIR: dataDir, ...overrides });
let t: ReturnType<typeof createTestApp>;
let counter = 0;
const freshEmail = () => `captcha-${++counter}@example.com`;
const subscribe = (app: ReturnType<typeof createTestApp>, extra: Record<string, unknown>) =>
  app.json('/api/v1/marketing/newsletter/subscribe', postJson({ email: freshEmail(), ...extra }));
const register = (extra: Record<string, unknown>) =>
  t.json(
    '/api/v1/user/web/register',
    postJson({
      firstName: 'Ana',
      lastName: 'Kovač',
      email: freshEmail(),
      password: 'Kavez-Ruza-47!',
      confirmedPassword: 'Kavez-Ruza-47!',
      consents: [],
      ...extra,
    }),
  );
const expectCaptchaRefusal = (
  result: { status: number; body: Record<string, unknown> },
  code: 'CAPTCHA_REQUIRED' | 'CAPTCHA_INVALID',
) => {
  expect(result.status).toBe(400);
  expect(result.body.error).toMatchObject({ code, payload: { field: 'captcha' } });
};
const encode = (payload: Record<string, unknown>) => Buffer.from(JSON.stringify(payload)).toString('base64');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  t = app({ CAPTCHA_MAX_NUMBER: '2000', CAPTCHA_NOSCRIPT_PER_HOUR: '0' });
});
afterAll(async () => {
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ALTCHA proof of work', () => {
  it('hands out a signed challenge with an expiry, different every time', async () => {
    const first = await t.json('/api/v1/captcha/challenge');
    const second = await t.json('/api/v1/captcha/challenge');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      provider: 'altcha',
      challenge: { algorithm: 'SHA-256', maxnumber: 2000 },
    });
    expect(first.body.data.challenge.salt).toMatch(/\?expires=\d+&$/);
    expect(first.body.data.challenge.signature).not.toBe(second.body.data.challenge.signature);
  });

  it('refuses a write without a captcha, naming the field, and does nothing', async () => {
    expectCaptchaRefusal(await subscribe(t, {}), 'CAPTCHA_REQUIRED');
    const email = `nocaptcha-${Date.now()}@example.com`;
    const refused = await t.json(
      '/api/v1/user/web/register',
      postJson({
        firstName: 'Ana',
        lastName: 'Kovač',
        email,
        password: 'Kavez-Ruza-47!',
        confirmedPassword: 'Kavez-Ruza-47!',
      }),
    );
    expectCaptchaRefusal(refused, 'CAPTCHA_REQUIRED');
    const rows = await database.rows(sql`select id from users where email = ${email}`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a wrong answer, a forged signature and what is not a payload', async () => {
    const payload = JSON.parse(Buffer.from(await solvedCaptcha((url) => t.json(url)), 'base64').toString());
    for (const captcha of [
      encode({ ...payload, number: payload.number + 1 }),
      encode({ ...payload, signature: 'f'.repeat(64) }),
      encode({ ...payload, salt: payload.salt.replace(/expires=\d+/, 'expires=9999999999') }),
      'not base64 json',
      encode({ algorithm: 'SHA-1' }),
    ])
      expectCaptchaRefusal(await subscribe(t, { captcha }), 'CAPTCHA_INVALID');
    // The genuine solution still works: the refusals spent nothing.
    expect((await subscribe(t, { captcha: encode(payload) })).status).toBe(200);
  });

  it('accepts a solution once: a replay is refused, in another process too', async () => {
    const captcha = await solvedCaptcha((url) => t.json(url));
    expect((await subscribe(t, { captcha })).status).toBe(200);
    expectCaptchaRefusal(await subscribe(t, { captcha }), 'CAPTCHA_INVALID');
    // A second app over the same database stands for another process (its own memory cache).
    const other = app({ CAPTCHA_MAX_NUMBER: '2000', CAPTCHA_NOSCRIPT_PER_HOUR: '0' });
    expectCaptchaRefusal(await subscribe(other, { captcha }), 'CAPTCHA_INVALID');
    // Its challenges verify here: both processes sign with the key kept in the database.
    expect((await subscribe(t, { captcha: await solvedCaptcha((url) => other.json(url)) })).status).toBe(200);
  });

  it('refuses a solution of an expired challenge', async () => {
    const [key] = await database.rows<{ secret: string }>(
      sql`select secret from captcha_keys where name = 'altcha'`,
    );
    const challenge = await createChallenge({
      hmacKey: key!.secret,
      maxnumber: 100,
      expires: new Date(Date.now() - 1000),
    });
    const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', 100).promise;
    const captcha = encode({ ...challenge, maxnumber: undefined, number: solution!.number });
    expectCaptchaRefusal(await subscribe(t, { captcha }), 'CAPTCHA_INVALID');
  });

  it('lets a registration with a solved captcha through', async () => {
    const result = await register({ captcha: await solvedCaptcha((url) => t.json(url)) });
    expect(result.status).toBe(200);
  });
});

describe('without JavaScript: the no-script budget (decision 0411)', () => {
  it('passes sign-ups without a solution per address and per site within the hour, then refuses them', async () => {
    const perAddress = app({
      CAPTCHA_NOSCRIPT_PER_HOUR: '100',
      CAPTCHA_NOSCRIPT_PER_ADDRESS_PER_HOUR: '2',
    });
    expect((await subscribe(perAddress, {})).status).toBe(200);
    expect((await subscribe(perAddress, { captcha: '' })).status).toBe(200);
    expectCaptchaRefusal(await subscribe(perAddress, {}), 'CAPTCHA_REQUIRED');

    const perSite = app({
      CAPTCHA_NOSCRIPT_PER_HOUR: '1',
      CAPTCHA_NOSCRIPT_PER_ADDRESS_PER_HOUR: '100',
    });
    expect((await subscribe(perSite, {})).status).toBe(200);
    expectCaptchaRefusal(await subscribe(perSite, {}), 'CAPTCHA_REQUIRED');
  });
});

describe('reCAPTCHA v2 invisible, against a local server that answers like Google', () => {
  let google: Server;
  let verifyUrl: string;
  const received: URLSearchParams[] = [];
  let recaptcha: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    google = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const good = form.get('secret') === 'test-secret' && form.get('response')?.startsWith('good');
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify(
            good
              ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    recaptcha = app({
      RECAPTCHA_SITE_KEY: 'test-site-key',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_VERIFY_URL: verifyUrl,
      CAPTCHA_NOSCRIPT_PER_HOUR: '0',
    });
  });
  afterAll(() => new Promise<void>((resolve) => google.close(() => resolve())));

  it('gives the browser the site key instead of a challenge', async () => {
    const { body } = await recaptcha.json('/api/v1/captcha/challenge');
    expect(body.data).toEqual({ provider: 'recaptcha', siteKey: 'test-site-key', invisible: true });
  });

  it('verifies the token with the secret, once; a refused token is refused with the field', async () => {
    const accepted = await subscribe(recaptcha, { captcha: 'good-token-1' });
    expect(accepted.status).toBe(200);
    expect(received.at(-1)?.get('secret')).toBe('test-secret');
    expect(received.at(-1)?.get('response')).toBe('good-token-1');
    // Section 7's field name works as well.
    expect((await subscribe(recaptcha, { 'g-recaptcha-response': 'good-token-2' })).status).toBe(200);
    expectCaptchaRefusal(await subscribe(recaptcha, { captcha: 'good-token-1' }), 'CAPTCHA_INVALID');
    expectCaptchaRefusal(await subscribe(recaptcha, { captcha: 'bad-token' }), 'CAPTCHA_INVALID');
    expectCaptchaRefusal(await subscribe(recaptcha, {}), 'CAPTCHA_REQUIRED');
  });

  it('answers 503 when the verification cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = app({
      RECAPTCHA_SITE_KEY: 'test-site-key',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    const result = await subscribe(unreachable, { captcha: 'good-token-3' });
    expect(result.status).toBe(503);
    expect(result.body.error).toMatchObject({ code: 'CAPTCHA_UNAVAILABLE', payload: { field: 'captcha' } });
  });
});
