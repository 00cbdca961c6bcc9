import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { mailTemplates } from './mail.schema.ts';

/*
 * The back office's e-mail templates on the engine under test: listed per language with their
 * variables, validated before saving (nothing saved on an error), previewed with sample data, saved
 * over the shipped default (the next real mail uses the new text), and test-sent through the queue to
 * the outbox.
 */

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let dataDir = '';
let siteId = 0;
let bossToken = '';

const headers = (extra: Record<string, string> = {}) => ({
  language: 'en',
  authorization: `Bearer ${bossToken}`,
  ...extra,
});
const get = (url: string) => t.json(`/api/v1/admin/mail/template/${url}`, { headers: headers() });
const send = (method: 'PUT' | 'POST', url: string, body: unknown, extra: Record<string, string> = {}) =>
  t.json(`/api/v1/admin/mail/template/${url}`, {
    method,
    headers: headers({ 'content-type': 'application/json', ...extra }),
    body: JSON.stringify(body),
  });
const siteRows = () =>
  database.db
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.siteId, siteId), eq(mailTemplates.key, 'user-register')));
const outbox = () =>
  fs.existsSync(t.config.outboxDir)
    ? fs
        .readdirSync(t.config.outboxDir)
        .map((name) => fs.readFileSync(path.join(t.config.outboxDir, name), 'utf8'))
    : [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  ({ siteId } = await seedDemoSite(database.db));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-admin-'));
  const [boss] = await database.db
    .insert(users)
    .values({
      siteId,
      email: 'urednica@example.com',
      firstName: 'Urednica',
      lastName: 'Glavna',
      displayName: 'Urednica',
      isBackofficeUser: true,
      scope: 'admin',
    })
    .returning();
  t = createTestApp(database, { DATA_DIR: dataDir, RATE_LIMIT_WRITES_PER_MINUTE: '0' });
  bossToken = (await t.services.sessions.start(boss!)).accessToken;
}, 120_000);
afterAll(async () => {
  await t.services.mail.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('e-mail templates in the back office', () => {
  it('lists every stored template per language of the site, with its variables', async () => {
    const { status, body } = await get('filter');
    expect(status).toBe(200);
    expect(body.data.languages).toEqual(expect.arrayContaining(['hr', 'en']));
    const keys = body.data.records.map((record: { key: string }) => record.key);
    for (const key of [
      'user-register',
      'reset-password',
      'order-confirmation',
      'order-notice',
      'newsletter-confirm',
      'newsletter-welcome',
    ])
      expect(keys).toContain(key);
    const register = body.data.records.find((record: { key: string }) => record.key === 'user-register');
    expect(register.variables.map((variable: { name: string }) => variable.name)).toEqual([
      'firstName',
      'siteName',
      'link',
      'validHours',
    ]);
    expect(
      register.languages.find((language: { languageCode: string }) => language.languageCode === 'en'),
    ).toMatchObject({
      source: 'default',
    });
  });

  it('reads one template; an unknown key is 404 and a language the site lacks is 400', async () => {
    const { status, body } = await get('get?key=order-confirmation&language=en');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ key: 'order-confirmation', languageCode: 'en', source: 'default' });
    expect(body.data.bodyHtml).toContain('{{ orderNumber }}');
    expect((await get('get?key=no-such-template&language=en')).status).toBe(404);
    const language = await get('get?key=user-register&language=fr');
    expect(language.status).toBe(400);
    expect(language.body.error.payload.field).toBe('language');
  });

  it('previews unsaved text with the sample data, escaping values in the HTML body', async () => {
    const { status, body } = await send('POST', 'preview', {
      key: 'order-confirmation',
      language: 'en',
      subject: 'Order {{ orderNumber }} for {{ firstName }}',
      bodyHtml: '<p>{{ firstName }} {{ items }}</p><p>{{ "<b>" }}</p>',
    });
    expect(status).toBe(200);
    expect(body.data.subject).toBe('Order 2026-000123 for Ana');
    expect(body.data.html).toContain('<p>Ana 1 × Emocionalni memory');
    expect(body.data.html).toContain('&lt;b&gt;');
    // The text body was not given: the stored one is rendered.
    expect(body.data.text).toContain('2026-000123');
    expect(await siteRows()).toEqual([]);
  });

  it('refuses text that does not parse or render, naming the part and saving nothing', async () => {
    const valid = {
      key: 'user-register',
      language: 'en',
      subject: 'Hi',
      bodyHtml: '<p>x</p>',
      bodyText: 'x',
    };
    const cases: [Record<string, string>, string, RegExp][] = [
      [
        { bodyHtml: '<p>{% if firstName %}unclosed</p>' },
        'bodyHtml',
        /not closed|tag .*not closed|unclosed/i,
      ],
      [{ subject: 'Hi {{ firstName | no_such_filter }}' }, 'subject', /undefined filter|no_such_filter/i],
      [{ bodyText: '{% include "/etc/passwd" %}' }, 'bodyText', /not allowed/],
      [{ bodyHtml: '{%- render "x" -%}' }, 'bodyHtml', /not allowed/],
      [{ bodyText: '{{ firstName ' }, 'bodyText', /.+/],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await send('PUT', 'update', { ...valid, ...change });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.payload.field).toBe(field);
      expect(body.error.payload.message).toMatch(message);
      const preview = await send('POST', 'preview', { ...valid, ...change });
      expect(preview.status).toBe(400);
      expect(preview.body.error.payload.field).toBe(field);
    }
    const empty = await send('PUT', 'update', { ...valid, subject: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.payload.field).toBe('subject');
    expect(await siteRows()).toEqual([]);
  });

  it("saves the site's own text over the default; the next mail of the site uses it", async () => {
    // Read once, so the mail service holds the templates in its cache.
    const before = await t.services.mail.render(siteId, 'user-register', ['en'], { firstName: 'Iva' });
    expect(before.subject).not.toContain('Edited');
    const { status, body } = await send('PUT', 'update', {
      key: 'user-register',
      language: 'en',
      subject: 'Edited welcome, {{ firstName }}',
      bodyHtml: '<p>Dear {{ firstName }}, confirm: <a href="{{ link }}">here</a></p>',
      bodyText: 'Dear {{ firstName }}, confirm: {{ link }}',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ source: 'site', subject: 'Edited welcome, {{ firstName }}' });
    expect(await siteRows()).toHaveLength(1);
    const after = await t.services.mail.render(siteId, 'user-register', ['en'], {
      firstName: 'Iva',
      link: 'L',
    });
    expect(after.subject).toBe('Edited welcome, Iva');
    // The other language still has the shipped text; saving again changes the same row.
    expect((await get('get?key=user-register&language=hr')).body.data.source).toBe('default');
    await send('PUT', 'update', {
      key: 'user-register',
      language: 'en',
      subject: 'Edited again, {{ firstName }}',
      bodyHtml: '<p>{{ firstName }}</p>',
      bodyText: '{{ firstName }}',
    });
    expect(await siteRows()).toHaveLength(1);
    const list = await get('filter');
    const register = list.body.data.records.find((record: { key: string }) => record.key === 'user-register');
    expect(
      register.languages.find((language: { languageCode: string }) => language.languageCode === 'en'),
    ).toMatchObject({
      source: 'site',
      subject: 'Edited again, {{ firstName }}',
    });
  });

  it('test-sends the stored template with sample data to the signed-in user, through the queue to the outbox', async () => {
    const { status, body } = await send(
      'POST',
      'test-send',
      { key: 'user-register', language: 'en' },
      {
        'idempotency-key': 'test-send-1',
      },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ queued: true, to: 'urednica@example.com' });
    const [row] = await database.rows<{ template: string; recipient: string; subject: string }>(
      sql`select template, recipient, subject from mail_queue where id = ${body.data.id}`,
    );
    expect(row).toEqual({
      template: 'test:user-register',
      recipient: 'urednica@example.com',
      subject: 'Edited again, Ana',
    });
    await t.services.mail.drain();
    const mails = outbox().filter((mail) => mail.includes('urednica@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Edited again, Ana');
    // The same key again is the same answer, not a second mail.
    const again = await send(
      'POST',
      'test-send',
      { key: 'user-register', language: 'en' },
      {
        'idempotency-key': 'test-send-1',
      },
    );
    expect(again.body.data.id).toBe(body.data.id);
  });

  it('counts test sends in the write budget of the client address', async () => {
    const limited = createTestApp(database, { DATA_DIR: dataDir, RATE_LIMIT_WRITES_PER_MINUTE: '2' });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await limited.app.request(
        '/api/v1/admin/mail/template/test-send',
        {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json' }),
          body: JSON.stringify({ key: 'reset-password', language: 'hr' }),
        },
        { incoming: { socket: { remoteAddress: '192.0.2.44', remoteFamily: 'IPv4' } } },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    await limited.services.mail.close();
  });
});
