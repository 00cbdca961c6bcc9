import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELD_MESSAGES, FORM_MESSAGES } from '../../../core/forms.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { solvedCaptcha } from '../../testing/captcha-solver.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { FORM_ADMIN_MESSAGES } from './forms-admin.service.ts';

let database: TestDatabase;
let dataDir: string;
let t: ReturnType<typeof createTestApp>;
let adminToken: string;
let customerToken: string;
let contactId: number;
let privacyId: number;

type Who = 'admin' | 'customer' | null;
const headers = (who: Who, language = 'en'): Record<string, string> => ({
  language,
  ...(who === 'admin' ? { accessToken: adminToken } : {}),
  ...(who === 'customer' ? { accessToken: customerToken } : {}),
});
const call = (method: string, url: string, who: Who, body?: unknown, language = 'en') =>
  t.json(url, {
    method,
    headers: {
      ...headers(who, language),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const createForm = (body: unknown, who: Who = 'admin') =>
  call('POST', '/api/v1/admin/form/create', who, body);
const updateForm = (id: number, body: unknown, who: Who = 'admin') =>
  call('PUT', `/api/v1/admin/form/update/${id}`, who, body);
const getForm = (id: number, who: Who = 'admin') => call('GET', `/api/v1/admin/form/get/${id}`, who);
const submissionsOf = (id: number, query = '', who: Who = 'admin') =>
  call('GET', `/api/v1/admin/form/submissions/${id}${query}`, who);
const storeData = async (id: number, data: Record<string, unknown>, language = 'en') =>
  t.json(
    '/api/v1/form/storeData',
    postJson(
      { id, data, consents: [privacyId], captcha: await solvedCaptcha((url) => t.json(url)) },
      { language },
    ),
  );
const formRow = async (id: number) =>
  (
    await database.rows<{ title: unknown; fields: unknown; type: string; active: boolean }>(
      sql`select title, fields, type, active from forms where id = ${id}`,
    )
  )[0]!;

const workshopForm = {
  key: 'workshop-signup',
  type: 'contactForm',
  title: { hr: 'Prijava na radionicu', en: 'Workshop sign-up', de: '' },
  fields: [
    {
      name: 'email',
      type: 'email',
      required: true,
      label: { hr: 'E-mail', en: 'E-mail', de: 'E-Mail' },
      placeholder: { en: 'you@example.com' },
    },
    {
      name: 'children',
      type: 'select',
      required: true,
      label: { hr: 'Broj djece', en: 'Children' },
      options: [
        { value: 'one', label: { hr: 'Jedno', en: 'One' } },
        { value: 'more', label: { hr: 'Više', en: 'More' } },
      ],
    },
  ],
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'forms-admin-'));
  const { createLocalStorage } = await import('../../storage/local-storage.ts');
  await seedDemo(database.db, { storage: createLocalStorage(path.join(dataDir, 'media')) });
  t = createTestApp(database, {
    DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER: '2000',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
  });
  const [admin] = await database.db.select().from(users).where(sql`${users.isBackofficeUser}`).limit(1);
  adminToken = (await t.services.sessions.start(admin!)).accessToken;
  const [customer] = await database.db
    .insert(users)
    .values({ siteId: admin!.siteId, email: 'kupac@example.com', firstName: 'Kupac', lastName: 'K' })
    .returning();
  customerToken = (await t.services.sessions.start(customer!)).accessToken;
  contactId = (await database.rows<{ id: number }>(sql`select id from forms where key = 'contact'`))[0]!.id;
  privacyId = (
    await database.rows<{ required_consent_ids: number[] }>(
      sql`select required_consent_ids from consent_assignments where assigned_to = 'contactForm'`,
    )
  )[0]!.required_consent_ids[0]!;
}, 240_000);
afterAll(async () => {
  // The mail worker may be writing a queued mail into DATA_DIR/outbox: let it finish first.
  await t.services.mail.close();
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
});

describe('forms in the back office', () => {
  it('refuses visitors 401 and customers 403 on every call, changing nothing', async () => {
    const before = await formRow(contactId);
    for (const [who, status] of [
      [null, 401],
      ['customer', 403],
    ] as const) {
      expect((await call('GET', '/api/v1/admin/form/filter', who)).status).toBe(status);
      expect((await getForm(contactId, who)).status).toBe(status);
      expect((await submissionsOf(contactId, '', who)).status).toBe(status);
      expect((await createForm({ ...workshopForm, key: 'sneaky' }, who)).status).toBe(status);
      expect((await updateForm(contactId, { ...workshopForm, key: undefined }, who)).status).toBe(status);
      expect((await call('DELETE', `/api/v1/admin/form/delete/${contactId}`, who)).status).toBe(status);
    }
    expect(await formRow(contactId)).toEqual(before);
    expect(await database.rows(sql`select id from forms where key = 'sneaky'`)).toHaveLength(0);
  });

  it('creates a form that renders through form/get and accepts storeData with its fields', async () => {
    const created = await createForm(workshopForm);
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      key: 'workshop-signup',
      type: 'contactForm',
      active: true,
      submissionCount: 0,
      // The empty German title is not stored: German falls back to Croatian.
      title: { hr: 'Prijava na radionicu', en: 'Workshop sign-up' },
    });

    const shown = await t.json(`/api/v1/form/get/${id}`, { headers: { language: 'de' } });
    expect(shown.status).toBe(200);
    expect(shown.body.data.title).toBe('Prijava na radionicu');
    expect(shown.body.data.fields.map((field: { name: string }) => field.name)).toEqual([
      'email',
      'children',
    ]);
    expect(shown.body.data.fields[1]).toMatchObject({
      type: 'select',
      required: true,
      label: 'Broj djece',
      options: [
        { value: 'one', label: 'Jedno' },
        { value: 'more', label: 'Više' },
      ],
    });

    const refused = await storeData(id, { email: 'a@example.com', children: 'seven' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.payload.issues).toEqual([
      { field: 'data.children', message: FORM_FIELD_MESSAGES.option },
    ]);
    const stored = await storeData(id, { email: 'Roditelj@Example.com', children: 'more' });
    expect(stored.status).toBe(200);

    const list = await submissionsOf(id);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ totalRecords: 1, page: 1 });
    expect(list.body.data.records[0]).toMatchObject({
      id: stored.body.data.id,
      status: 'received',
      data: { email: 'roditelj@example.com', children: 'more' },
      email: 'roditelj@example.com',
    });
    const all = await call('GET', '/api/v1/admin/form/filter', 'admin');
    expect(all.body.data.records).toContainEqual(
      expect.objectContaining({ id, type: 'contactForm', submissionCount: 1 }),
    );

    const again = await createForm({ ...workshopForm, title: { en: 'Another' } });
    expect(again.status).toBe(409);
    expect(again.body.error.payload).toMatchObject({ field: 'key', message: FORM_ADMIN_MESSAGES.keyTaken });
  });

  it('adds a field to the seeded contact form; submissions list newest first, paged', async () => {
    const current = (await getForm(contactId)).body.data;
    const fields = [
      ...current.fields,
      { name: 'city', type: 'text', required: true, label: { hr: 'Grad', en: 'City', de: 'Stadt' } },
    ];
    const updated = await updateForm(contactId, { type: current.type, title: current.title, fields });
    expect(updated.status).toBe(200);
    const shown = await t.json(`/api/v1/form/get/${contactId}`, { headers: { language: 'hr' } });
    expect(shown.body.data.fields.at(-1)).toMatchObject({ name: 'city', label: 'Grad', required: true });
    // The settings the update did not send are kept.
    expect(shown.body.data.submitLabel).toBe('Pošalji poruku');

    const message = {
      name: 'Ana Anić',
      email: 'ana@example.com',
      topic: 'other',
      message: 'Poruka od deset znakova',
    };
    const missing = await storeData(contactId, message);
    expect(missing.body.error.payload.issues).toEqual([
      { field: 'data.city', message: FORM_FIELD_MESSAGES.required },
    ]);
    const first = await storeData(contactId, { ...message, city: 'Split' });
    const second = await storeData(contactId, { ...message, city: 'Osijek' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const page = await submissionsOf(contactId, '?limit=1');
    expect(page.body.data).toMatchObject({ totalRecords: 2, totalPages: 2, limit: 1 });
    expect(page.body.data.records.map((row: { data: { city: string } }) => row.data.city)).toEqual([
      'Osijek',
    ]);
    const next = await submissionsOf(contactId, '?limit=1&page=2');
    expect(next.body.data.records[0].data.city).toBe('Split');
  });

  it('refuses an invalid definition whole, naming the field, and changes nothing', async () => {
    const before = await formRow(contactId);
    const current = (await getForm(contactId)).body.data;
    const cases: [unknown[], string][] = [
      [[...current.fields, { ...current.fields[0] }], `fields.${current.fields.length}.name`],
      [[{ name: '1st', type: 'text', required: true, label: { en: 'X' } }], 'fields.0.name'],
      [[{ name: 'a', type: 'select', required: true, label: { en: 'A' } }], 'fields.0.options'],
      [[{ name: 'a', type: 'text', required: true, label: { en: '' } }], 'fields.0.label'],
      [[{ name: 'a', type: 'colour', required: true, label: { en: 'A' } }], 'fields.0.type'],
      [
        [{ name: 'a', type: 'text', label: { en: 'A' }, validation: { minLength: 9, maxLength: 3 } }],
        'fields.0.validation.minLength',
      ],
      [[{ name: 'a', type: 'text', label: { en: 'A' }, onclick: 'x' }], 'fields.0'],
      [[], 'fields'],
    ];
    for (const [fields, field] of cases) {
      const result = await updateForm(contactId, { type: current.type, title: current.title, fields });
      expect(result.status, field).toBe(400);
      expect(result.body.error.payload.field, JSON.stringify(fields)).toBe(field);
    }
    // Every problem at once: a duplicate name is reported beside a field that failed on its own.
    const both = await updateForm(contactId, {
      type: current.type,
      title: current.title,
      fields: [current.fields[0], current.fields[0], { name: 'x', type: 'colour', label: { en: 'X' } }],
    });
    expect(both.body.error.payload.issues.map((issue: { field: string }) => issue.field).sort()).toEqual([
      'fields.1.name',
      'fields.2.type',
    ]);
    const badTitle = await updateForm(contactId, { type: current.type, title: {}, fields: current.fields });
    expect(badTitle.body.error.payload.field).toBe('title');
    expect(await formRow(contactId)).toEqual(before);

    const badCreate = await createForm({
      ...workshopForm,
      key: 'broken',
      fields: [workshopForm.fields[0], workshopForm.fields[0]],
    });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.error.payload.field).toBe('fields.1.name');
    expect(await database.rows(sql`select id from forms where key = 'broken'`)).toHaveLength(0);
  });

  it('deactivates a form (visitors get 404, submissions kept) and update reactivates it', async () => {
    const created = await createForm({ ...workshopForm, key: 'short-lived' });
    const id = created.body.data.id as number;
    const removed = await call('DELETE', `/api/v1/admin/form/delete/${id}`, 'admin');
    expect(removed.body.data).toEqual({ id, active: false });
    const gone = await t.json(`/api/v1/form/get/${id}`, { headers: { language: 'en' } });
    expect(gone.status).toBe(404);
    expect(gone.body.error.payload.message).toBe(FORM_MESSAGES.notFound);
    expect((await getForm(id)).body.data.active).toBe(false);
    const { key: _key, ...definition } = workshopForm;
    const back = await updateForm(id, { ...definition, active: true });
    expect(back.body.data.active).toBe(true);
    expect((await t.json(`/api/v1/form/get/${id}`, { headers: { language: 'en' } })).status).toBe(200);
    expect((await getForm(999_999)).status).toBe(404);
  });
});
