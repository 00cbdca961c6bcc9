import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { consentAssignments, consents, consentTranslations } from './consent.schema.ts';

type Who = 'ana' | 'boss';
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const tokens: Record<Who, string> = { ana: '', boss: '' };
let site = 0;
let terms = 0;
let news = 0;
let registration = 0;

/** A request from a given client address (the socket's peer, as node-server reports it). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
async function call(pathname: string, init: RequestInit = {}) {
  const response = await t.app.request(pathname, init, from('198.51.100.9'));
  // biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary response JSON
  const body = (await response.json().catch(() => null)) as Record<string, any> | null;
  return { status: response.status, headers: response.headers, body: body ?? {} };
}
const as = (who: Who | null, extra: Record<string, string> = {}) => ({
  language: 'en',
  ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
  ...extra,
});
const post = (who: Who | null, path: string, body: unknown) => call(`/api${path}`, postJson(body, as(who)));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  ({ siteId: site } = await seedDemoSite(database.db));
  const created = await database.db
    .insert(users)
    .values([
      { siteId: site, email: 'ana@example.com', firstName: 'Ana', lastName: 'Anić' },
      {
        siteId: site,
        email: 'boss@example.com',
        firstName: 'Urednica',
        lastName: 'Glavna',
        isBackofficeUser: true,
        scope: 'admin',
      },
    ])
    .returning();
  const [termsRow, newsRow] = await database.db
    .insert(consents)
    .values([
      { siteId: site, uniqueNumber: 'T-TERMS' },
      { siteId: site, uniqueNumber: 'T-NEWS' },
    ])
    .returning({ id: consents.id });
  terms = termsRow!.id;
  news = newsRow!.id;
  await database.db.insert(consentTranslations).values([
    { consentId: terms, languageCode: 'en', displayName: 'Terms v1', text: '<p>Terms one</p>' },
    { consentId: terms, languageCode: 'hr', displayName: 'Uvjeti v1', text: '<p>Uvjeti jedan</p>' },
    { consentId: news, languageCode: 'en', displayName: 'Newsletter', text: '' },
  ]);
  const [assignment] = await database.db
    .insert(consentAssignments)
    .values({
      siteId: site,
      assignedTo: 'registerForm',
      consentIds: [terms, news],
      requiredConsentIds: [terms],
    })
    .returning({ id: consentAssignments.id });
  registration = assignment!.id;
  t = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '0' });
  tokens.ana = (await t.services.sessions.start(created[0]!)).accessToken;
  tokens.boss = (await t.services.sessions.start(created[1]!)).accessToken;
}, 120_000);
afterAll(async () => {
  await database.destroy();
});

describe('back-office consent calls', () => {
  const calls: Array<[string, unknown]> = [
    ['/v1/gdpr/consent/filter', {}],
    ['/v1/gdpr/consent/create', { assigned_to: 'contactForm', consents: [] }],
    ['/v1/gdpr/consent/update/1', { assigned_to: 'registerForm', consents: [] }],
    ['/v1/gdpr/consent/entity/filter', {}],
    [
      '/v1/gdpr/consent/entity/create',
      { uniqueNumber: 'X-1', texts: [{ languageCode: 'en', displayName: 'X' }] },
    ],
    ['/v1/gdpr/consent/entity/version/1', { texts: [{ languageCode: 'en', displayName: 'X' }] }],
  ];

  it('answer 401 to a visitor and 403 to a customer, and change nothing', async () => {
    const before = await database.rows(sql`select * from consent_assignments order by id`);
    for (const [path, body] of calls) {
      expect((await post(null, path, body)).status, path).toBe(401);
      const refused = await post('ana', path, body);
      expect(refused.status, path).toBe(403);
    }
    expect(await database.rows(sql`select * from consent_assignments order by id`)).toEqual(before);
    expect(await database.rows(sql`select id from consents where unique_number = 'X-1'`)).toEqual([]);
  });

  it('lists assignments (perPage at most 50), creates one and changes it', async () => {
    const list = await post('boss', '/v1/gdpr/consent/filter', {});
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, perPage: 50, total: 1 });
    expect(list.body.data.data).toEqual([
      { id: registration, assigned_to: 'registerForm', consents: [terms, news], requiredConsents: [terms] },
    ]);
    expect((await post('boss', '/v1/gdpr/consent/filter', { perPage: 51 })).status).toBe(400);

    const created = await post('boss', '/v1/gdpr/consent/create', {
      assigned_to: 'contactForm',
      consents: [news],
      requiredConsents: [news],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      assigned_to: 'contactForm',
      consents: [news],
      requiredConsents: [news],
    });
    const twice = await post('boss', '/v1/gdpr/consent/create', { assigned_to: 'contactForm', consents: [] });
    expect(twice.status).toBe(409);

    const foreign = await post('boss', '/v1/gdpr/consent/create', {
      assigned_to: 'newsletter',
      consents: [999_999],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.payload.field).toBe('consents');
    const requiredNotListed = await post('boss', `/v1/gdpr/consent/update/${created.body.data.id}`, {
      assigned_to: 'contactForm',
      consents: [news],
      requiredConsents: [terms],
    });
    expect(requiredNotListed.status).toBe(400);
    expect(requiredNotListed.body.error.payload.field).toBe('requiredConsents');

    const changed = await post('boss', `/v1/gdpr/consent/update/${created.body.data.id}`, {
      assigned_to: 'contactForm',
      consents: [terms, news],
      requiredConsents: [terms],
    });
    expect(changed.body.data).toMatchObject({ consents: [terms, news], requiredConsents: [terms] });
    const web = await post(null, '/v1/gdpr/web/consent/filter', { assignedTo: 'contactForm', forWeb: true });
    expect(
      web.body.data.records[0].consents.map((c: { id: number; required: boolean }) => [c.id, c.required]),
    ).toEqual([
      [terms, true],
      [news, false],
    ]);
    expect(
      (await post('boss', '/v1/gdpr/consent/update/999999', { assigned_to: 'checkoutForm', consents: [] }))
        .status,
    ).toBe(404);
  });

  it('creates a consent and versions its text; old versions stay readable and the log names the version', async () => {
    const created = await post('boss', '/v1/gdpr/consent/entity/create', {
      uniqueNumber: 'T-PRIVACY',
      texts: [
        {
          languageCode: 'en',
          displayName: 'Privacy',
          text: '<p onclick="x()">Read it<script>alert(1)</script></p>',
        },
        { languageCode: 'hr', displayName: 'Privatnost', text: '<p>Pročitaj</p>' },
      ],
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data.version).toBe(1);
    const firstEn = created.body.data.versions[0].texts.find(
      (x: { languageCode: string }) => x.languageCode === 'en',
    );
    expect(firstEn.text).toBe('<p>Read it</p>');
    expect(
      (
        await post('boss', '/v1/gdpr/consent/entity/create', {
          uniqueNumber: 'T-PRIVACY',
          texts: [{ languageCode: 'en', displayName: 'Again' }],
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await post('boss', '/v1/gdpr/consent/entity/create', {
          uniqueNumber: 'T-2',
          texts: [{ languageCode: 'en', displayName: '<b>x</b>' }],
        })
      ).body.error.payload.field,
    ).toBe('texts.0.displayName');

    // An acceptance of version 1 ...
    await post('boss', `/v1/gdpr/consent/update/${registration}`, {
      assigned_to: 'registerForm',
      consents: [terms, news, id],
      requiredConsents: [terms],
    });
    const logged = await post(null, '/v1/gdpr/web/consent/log/create', {
      status: 'accepted',
      source: 'registerForm',
      consents: [id],
      user: { userType: 'guest', email: 'visitor@example.com' },
    });
    expect(logged.body.data).toEqual({ logged: 1 });

    const next = await post('boss', `/v1/gdpr/consent/entity/version/${id}`, {
      texts: [{ languageCode: 'en', displayName: 'Privacy (2025)', text: '<p>New text</p>' }],
    });
    expect(next.status).toBe(200);
    expect(next.body.data.version).toBe(2);
    expect(next.body.data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const [v2, v1] = next.body.data.versions;
    expect(v2.texts).toEqual([
      { languageCode: 'en', displayName: 'Privacy (2025)', text: '<p>New text</p>' },
      // Carried over: the language not given keeps its text under the new version.
      { languageCode: 'hr', displayName: 'Privatnost', text: '<p>Pročitaj</p>' },
    ]);
    expect(v1.texts[0]).toEqual({ languageCode: 'en', displayName: 'Privacy', text: '<p>Read it</p>' });

    // ... stays version 1; the current form shows version 2.
    await post(null, '/v1/gdpr/web/consent/log/create', {
      status: 'accepted',
      source: 'registerForm',
      consents: [id],
      user: { userType: 'guest', email: 'visitor@example.com' },
    });
    const versions = await database.rows<{ consent_version: number }>(
      sql`select consent_version from consent_log where consent_id = ${id} order by id`,
    );
    expect(versions.map((row) => row.consent_version)).toEqual([1, 2]);
    const web = await post(null, '/v1/gdpr/web/consent/filter', { assignedTo: 'registerForm' });
    const shown = web.body.data.records[0].consents.find((c: { id: number }) => c.id === id);
    expect(shown).toMatchObject({ version: 2, displayName: 'Privacy (2025)' });

    const list = await post('boss', '/v1/gdpr/consent/entity/filter', { limit: 100 });
    expect(list.body.data.records.map((r: { uniqueNumber: string }) => r.uniqueNumber)).toEqual([
      'T-TERMS',
      'T-NEWS',
      'T-PRIVACY',
    ]);
    // Texts written straight into the current-text table (as the seed does) are in the history too.
    const termsEntity = list.body.data.records[0];
    expect(termsEntity.versions).toEqual([
      {
        version: 1,
        createdAt: expect.any(String),
        texts: [
          { languageCode: 'en', displayName: 'Terms v1', text: '<p>Terms one</p>' },
          { languageCode: 'hr', displayName: 'Uvjeti v1', text: '<p>Uvjeti jedan</p>' },
        ],
      },
    ]);
    expect((await post('boss', '/v1/gdpr/consent/entity/filter', { limit: 101 })).status).toBe(400);
    expect(
      (
        await post('boss', '/v1/gdpr/consent/entity/version/999999', {
          texts: [{ languageCode: 'en', displayName: 'X' }],
        })
      ).status,
    ).toBe(404);
  });
});

describe('web consent log', () => {
  it('refuses a consent not assigned to the form, and a registration without the required consent', async () => {
    const foreign = await post(null, '/v1/gdpr/web/consent/log/create', {
      status: 'accepted',
      source: 'newsletter',
      consents: [terms],
      user: { email: 'x@example.com' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.payload.field).toBe('consents');
    const register = await post(null, '/v1/user/web/register', {
      firstName: 'Iva',
      lastName: 'Ivić',
      email: 'iva@example.com',
      password: 'Correct-Horse-9-Battery',
      confirmedPassword: 'Correct-Horse-9-Battery',
      consents: [news],
    });
    expect(register.status).toBe(400);
    expect(register.body.error.code).toBe('CONSENT_REQUIRED');
    expect(await database.rows(sql`select id from consent_log where email = 'iva@example.com'`)).toEqual([]);
  });

  it('lets a user withdraw a consent as easily as it was given; the log keeps both records', async () => {
    expect((await call('/api/v1/gdpr/web/consent/mine', { headers: as(null) })).status).toBe(401);
    const given = await post('ana', '/v1/gdpr/web/consent/log/create', {
      status: 'accepted',
      source: 'registerForm',
      consents: [terms, news],
    });
    expect(given.body.data).toEqual({ logged: 2 });
    const before = await call('/api/v1/gdpr/web/consent/mine', { headers: as('ana') });
    expect(before.body.data.given.map((r: { consentId: number }) => r.consentId).sort()).toEqual(
      [terms, news].sort(),
    );
    // Giving consent from the profile is not a thing; withdrawing there is.
    expect(
      (
        await post('ana', '/v1/gdpr/web/consent/log/create', {
          status: 'accepted',
          source: 'profile',
          consents: [news],
        })
      ).status,
    ).toBe(400);
    const withdrawn = await post('ana', '/v1/gdpr/web/consent/log/create', {
      status: 'withdrawn',
      source: 'profile',
      consents: [news],
    });
    expect(withdrawn.body.data).toEqual({ logged: 1 });
    const after = await call('/api/v1/gdpr/web/consent/mine', { headers: as('ana') });
    expect(after.body.data.given.map((r: { consentId: number }) => r.consentId)).toEqual([terms]);
    const newsLog = after.body.data.log.filter((r: { consentId: number }) => r.consentId === news);
    expect(newsLog.map((r: { status: string; source: string }) => [r.status, r.source])).toEqual([
      ['withdrawn', 'profile'],
      ['accepted', 'registerForm'],
    ]);
    expect(newsLog[0].displayName).toBe('Newsletter');
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE fail', async () => {
    const [row] = await database.rows<{ count: number }>(sql`select count(*)::int as count from consent_log`);
    expect(row!.count).toBeGreaterThan(0);
    await expect(database.db.execute(sql`update consent_log set status = 'withdrawn'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from consent_log`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate consent_log`)).rejects.toThrow();
    const [still] = await database.rows<{ count: number }>(
      sql`select count(*)::int as count from consent_log`,
    );
    expect(still!.count).toBe(row!.count);
  });
});

describe('cookie banner choice', () => {
  it('is recorded under an anonymous id, kept across changes, append-only', async () => {
    const choose = (body: string, cookie?: string) =>
      t.app.request(
        '/cookie-consent',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(cookie ? { cookie } : {}),
          },
          body,
        },
        from('198.51.100.9'),
      );
    const first = await choose('categories=necessary&categories=analytics&returnTo=%2Fen');
    expect(first.status).toBe(303);
    const anon = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('consent_anon='))!
      .split(';')[0]!;
    const id = anon.split('=')[1]!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await choose('categories=necessary&mode=js', anon);
    expect(second.status).toBe(204);
    const rows = await database.rows<{ anonymous_id: string; categories: string; address: string }>(
      sql`select anonymous_id, categories, address from cookie_consent_log order by id`,
    );
    expect(rows).toEqual([
      { anonymous_id: id, categories: 'necessary,analytics', address: '198.51.100.9' },
      { anonymous_id: id, categories: 'necessary', address: '198.51.100.9' },
    ]);
    await expect(database.db.execute(sql`delete from cookie_consent_log`)).rejects.toThrow();
    await expect(database.db.execute(sql`update cookie_consent_log set categories = ''`)).rejects.toThrow();
  });
});
