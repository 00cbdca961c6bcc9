import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELD_MESSAGES } from '../../../core/forms.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { solvedCaptcha } from '../../testing/captcha-solver.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';

let database: TestDatabase;
let dataDir: string;
let t: ReturnType<typeof createTestApp>;
let adminToken: string;
let contactId: number;
let availabilityId: number;
let privacyId: number;
let productId: number;

const captcha = () => solvedCaptcha((url) => t.json(url));
const storeData = (body: Record<string, unknown>, language = 'en') =>
  t.json('/api/v1/form/storeData', postJson(body, { language }));
const count = async (query: ReturnType<typeof sql>) =>
  Number((await database.rows<{ n: number | string }>(query))[0]!.n);
const submissions = () => count(sql`select count(*) as n from form_submissions`);

/** Every mail in the outbox to an address, oldest first, decoded. */
async function mailsTo(email: string): Promise<string[]> {
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

const setStock = (stockQty: number) =>
  t.json(`/api/v1/admin/product/stock/${productId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', accessToken: adminToken },
    body: JSON.stringify({ stockQty, manageStock: true }),
  });

const contactData = (email: string) => ({
  name: 'Marija Horvat',
  email,
  topic: 'workshop',
  message: 'Zanima me sljedeća radionica za roditelje.',
});

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'forms-'));
  const { createLocalStorage } = await import('../../storage/local-storage.ts');
  await seedDemo(database.db, { storage: createLocalStorage(path.join(dataDir, 'media')) });
  t = createTestApp(database, {
    DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER: '2000',
    PUBLIC_URL: 'https://shop.example',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
  });
  const [admin] = await database.db.select().from(users).where(sql`${users.isBackofficeUser}`).limit(1);
  adminToken = (await t.services.sessions.start(admin!)).accessToken;
  const ids = await database.rows<{ key: string; id: number }>(sql`select key, id from forms`);
  contactId = ids.find((row) => row.key === 'contact')!.id;
  availabilityId = ids.find((row) => row.key === 'product-availability')!.id;
  privacyId = (
    await database.rows<{ required_consent_ids: number[] }>(
      sql`select required_consent_ids from consent_assignments where assigned_to = 'contactForm'`,
    )
  )[0]!.required_consent_ids[0]!;
  productId = (
    await database.rows<{ id: number }>(
      sql`select id from products where format = 'Simple' and status = 'active' and parent_id is null order by id limit 1`,
    )
  )[0]!.id;
}, 240_000);
afterAll(async () => {
  // The mail worker may be writing a queued mail into DATA_DIR/outbox: let it finish first.
  await t.services.mail.close();
  await database.destroy();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
});

describe('form definitions', () => {
  it('lists the active forms by type and gives one with its fields and consents in the request language', async () => {
    const all = await t.json('/api/v1/cms/form/filter', postJson({}, { language: 'en' }));
    expect(all.status).toBe(200);
    expect(all.body.data.records.map((form: { key: string }) => form.key)).toEqual([
      'contact',
      'product-availability',
    ]);
    const contactOnly = await t.json('/api/v1/cms/form/filter', postJson({ type: 'contactForm' }));
    expect(contactOnly.body.data.totalRecords).toBe(1);

    const hr = await t.json(`/api/v1/form/get/${contactId}`, { headers: { language: 'hr' } });
    expect(hr.status).toBe(200);
    expect(hr.body.data).toMatchObject({ type: 'contactForm', title: 'Kontakt' });
    const message = hr.body.data.fields.find((field: { name: string }) => field.name === 'message');
    expect(message).toMatchObject({ type: 'textarea', required: true, label: 'Poruka', minLength: 10 });
    expect(hr.body.data.consents).toEqual([expect.objectContaining({ id: privacyId, required: true })]);
    const en = await t.json(`/api/v1/form/get/${contactId}`, { headers: { language: 'en' } });
    expect(en.body.data.fields[0].label).toBe('Full name');

    expect((await t.json('/api/v1/form/get/999999')).status).toBe(404);
  });
});

describe('form/storeData', () => {
  it("refuses bad fields with section 5's messages, one issue per field, and stores nothing", async () => {
    const before = await submissions();
    const result = await storeData({
      id: contactId,
      data: { name: 'X1', email: 'not-an-address', topic: 'nonsense', message: 'short' },
      consents: [privacyId],
    });
    expect(result.status).toBe(400);
    expect(result.body.error.payload.issues).toEqual([
      { field: 'data.name', message: FORM_FIELD_MESSAGES.alphaSpecialChars },
      { field: 'data.email', message: FORM_FIELD_MESSAGES.email },
      { field: 'data.topic', message: FORM_FIELD_MESSAGES.option },
      { field: 'data.message', message: 'Minimum length is 10.' },
    ]);
    const empty = await storeData({ id: contactId, data: {}, consents: [privacyId] });
    expect(empty.body.error.payload.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'data.name',
      'data.email',
      'data.topic',
      'data.message',
    ]);
    expect(empty.body.error.payload.issues[0].message).toBe(FORM_FIELD_MESSAGES.required);
    expect(await submissions()).toBe(before);
  });

  it('refuses a submission without the required consent (consentRequired) and stores nothing', async () => {
    const before = await submissions();
    const result = await storeData({
      id: contactId,
      data: contactData('no-consent@example.com'),
      consents: [],
      captcha: await captcha(),
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatchObject({ code: 'CONSENT_REQUIRED', payload: { field: 'consents' } });
    expect(await submissions()).toBe(before);
    expect(await mailsTo('no-consent@example.com')).toHaveLength(0);
  });

  it('stores the data as jsonb with the address, logs the consent, mails the auto-response and the shop notice', async () => {
    const result = await storeData(
      {
        id: contactId,
        data: { ...contactData('Posjetitelj@Example.com'), ignored: 'not a field' },
        consents: [privacyId],
        captcha: await captcha(),
      },
      'hr',
    );
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ status: 'received', mailSent: true });
    expect(result.body.data.message).toContain('Hvala');
    const [row] = await database.rows<{ data: Record<string, unknown>; email: string; form_type: string }>(
      sql`select data, email, form_type from form_submissions where id = ${result.body.data.id}`,
    );
    expect(row).toMatchObject({ email: 'posjetitelj@example.com', form_type: 'contactForm' });
    expect(row!.data).toEqual({ ...contactData('posjetitelj@example.com') });
    const logged = await database.rows<{ source: string; consent_id: number }>(
      sql`select source, consent_id from consent_log where email = 'posjetitelj@example.com'`,
    );
    expect(logged).toEqual([{ source: 'contactForm', consent_id: privacyId }]);

    const [auto] = await mailsTo('posjetitelj@example.com');
    expect(auto).toContain('Poslali ste:');
    expect(auto).toContain('Tema: Radionice');
    const notices = await mailsTo('info@ucionica.example');
    expect(notices.some((mail) => mail.includes('posjetitelj@example.com'))).toBe(true);
  });

  it('a retried submission with the same Idempotency-Key is answered from its record: one row, one mail', async () => {
    const before = await submissions();
    const body = {
      id: contactId,
      data: contactData('retry@example.com'),
      consents: [privacyId],
      captcha: await captcha(),
    };
    const send = () =>
      t.json(
        '/api/v1/form/storeData',
        postJson(body, { language: 'en', 'Idempotency-Key': 'forms-retry-0001' }),
      );
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await submissions()).toBe(before + 1);
    expect(await mailsTo('retry@example.com')).toHaveLength(1);
  });

  it('refuses a replayed captcha solution', async () => {
    const solution = await captcha();
    const first = await storeData({
      id: contactId,
      data: contactData('first@example.com'),
      consents: [privacyId],
      captcha: solution,
    });
    expect(first.status).toBe(200);
    const before = await submissions();
    const replay = await storeData({
      id: contactId,
      data: contactData('replay@example.com'),
      consents: [privacyId],
      captcha: solution,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: 'CAPTCHA_INVALID', payload: { field: 'captcha' } });
    expect(await submissions()).toBe(before);
  });

  it('double opt-in: pending until the mailed link confirms it; the link works once', async () => {
    await database.db.execute(
      sql`update forms set settings = settings || '{"doubleOptIn": true}'::jsonb where id = ${contactId}`,
    );
    try {
      const result = await storeData({
        id: contactId,
        data: contactData('optin@example.com'),
        consents: [privacyId],
        captcha: await captcha(),
      });
      expect(result.body.data).toMatchObject({ status: 'pending', mailSent: true });
      const [confirmation] = await mailsTo('optin@example.com');
      expect(confirmation).toContain('https://shop.example/en/confirm-email?form=');
      const token = confirmation!.match(/\?form=([A-Za-z0-9_-]{20,})/)![1]!;
      const confirmed = await t.json(`/api/v1/form/confirmEmail/${token}`);
      expect(confirmed.body.data).toEqual({
        goalType: 'message',
        goal: 'forms.confirmed',
        confirmedEmail: 'optin@example.com',
      });
      expect(await mailsTo('optin@example.com')).toHaveLength(2);
      const again = await t.json(`/api/v1/form/confirmEmail/${token}`);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('INVALID_TOKEN');
    } finally {
      await database.db.execute(
        sql`update forms set settings = settings - 'doubleOptIn' where id = ${contactId}`,
      );
    }
  });
});

describe('contact/contactAdmin', () => {
  it('mails the shop and the sender; without the required consent it is refused', async () => {
    const refused = await t.json(
      '/api/v1/contact/contactAdmin',
      postJson({ name: 'Ana', email: 'admin-contact@example.com', message: 'Pitanje', consents: [] }),
    );
    expect(refused.body.error.code).toBe('CONSENT_REQUIRED');
    const missing = await t.json(
      '/api/v1/contact/contactAdmin',
      postJson({ name: '', email: 'x@example.com', message: 'Pitanje', consents: [privacyId] }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.payload.field).toBe('name');
    const sent = await t.json(
      '/api/v1/contact/contactAdmin',
      postJson({
        name: 'Ana',
        email: 'admin-contact@example.com',
        subject: 'Radionica',
        message: 'Ima li mjesta?',
        consents: [privacyId],
        captcha: await captcha(),
      }),
    );
    expect(sent.status).toBe(200);
    expect(sent.body.data.mailSent).toBe(true);
    expect(await mailsTo('admin-contact@example.com')).toHaveLength(1);
    const notices = await mailsTo('info@ucionica.example');
    expect(notices.some((mail) => mail.includes('Ima li mjesta?'))).toBe(true);
  });
});

describe('product availability requests', () => {
  const backInStock = (email: string) =>
    count(
      sql`select count(*) as n from mail_queue where recipient = ${email} and template = 'product-back-in-stock'`,
    );

  it('stock 0 → request → stock 5: exactly one mail per request, also with two workers and a second return', async () => {
    expect((await setStock(3)).status).toBe(200);
    const inStock = await storeData({
      id: availabilityId,
      product_id: productId,
      data: { email: 'waiting@example.com' },
      consents: [privacyId],
    });
    expect(inStock.status).toBe(409);

    expect((await setStock(0)).body.data).toMatchObject({ stockQty: 0, manageStock: true });
    const withoutConsent = await storeData({
      id: availabilityId,
      product_id: productId,
      data: { email: 'waiting@example.com' },
      consents: [],
    });
    expect(withoutConsent.body.error.code).toBe('CONSENT_REQUIRED');
    for (const email of ['waiting@example.com', 'waiting@example.com', 'second@example.com']) {
      const stored = await storeData(
        {
          id: availabilityId,
          product_id: productId,
          data: { email },
          consents: [privacyId],
          captcha: await captcha(),
        },
        'hr',
      );
      expect(stored.status).toBe(200);
    }
    // Asking twice is one request.
    expect(
      await count(
        sql`select count(*) as n from form_submissions where product_id = ${productId} and notify_status = 'waiting'`,
      ),
    ).toBe(2);
    // Nothing is due while the product is out of stock.
    expect((await t.services.forms.notifyAvailable()).claimed).toBe(0);

    // The stock returns by any statement (an import, a cancelled order): the trigger makes the requests due.
    await database.db.execute(sql`update products set stock_qty = 5 where id = ${productId}`);
    // A second app over the same database is another process: both workers run at once.
    const other = createTestApp(database, { DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' });
    const runs = await Promise.all([
      t.services.forms.notifyAvailable(),
      other.services.forms.notifyAvailable(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(2);
    expect(await backInStock('waiting@example.com')).toBe(1);
    expect(await backInStock('second@example.com')).toBe(1);

    // Out of stock and back again (the back office's setter this time): answered requests get no second mail.
    await setStock(0);
    expect((await setStock(4)).status).toBe(200);
    await t.services.forms.notifyAvailable();
    expect(await backInStock('waiting@example.com')).toBe(1);
    const [mail] = await mailsTo('waiting@example.com');
    expect(mail).toContain('ponovno je dostupan');
    expect(mail).toMatch(/https:\/\/shop\.example\/product\/[a-z0-9-]+/);
  });

  it('the stock setter is for back-office users only', async () => {
    const anonymous = await t.json(`/api/v1/admin/product/stock/${productId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stockQty: 1 }),
    });
    expect(anonymous.status).toBe(401);
  });
});
