import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEan13CheckDigit } from '../../../core/ean13.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { hashPassword } from './password.ts';
import { userSettings } from './profile.schema.ts';
import { users } from './users.schema.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
const password = 'Profil123!';
const tokens: Record<'ana' | 'ivo' | 'editor', string> = { ana: '', ivo: '', editor: '' };
let editorId = 0;

const as = (who: keyof typeof tokens, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${tokens[who]}` },
});
const send = (method: 'POST' | 'PATCH', body: unknown): RequestInit => ({ ...postJson(body), method });

const address = (overrides: Record<string, unknown> = {}) => ({
  type: 'main',
  firstName: 'Ana',
  lastName: 'Anić',
  contactEmail: 'ana@example.com',
  contactPhone: '+385 91 234 5678',
  city: 'Zagreb',
  street: 'Ilica',
  houseNumber: '1a',
  zipCode: '10000',
  ...overrides,
});

const addressRows = () =>
  database.rows<{ id: number; user_id: number; city: string; type: string }>(
    sql`select id, user_id, city, type from user_addresses order by id`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  const { siteId } = await seedDemoSite(database.db);
  const passwordHash = await hashPassword(password);
  const [, , editor] = await database.db
    .insert(users)
    .values([
      { siteId, email: 'ana@example.com', passwordHash, firstName: 'Ana', lastName: 'Anić' },
      { siteId, email: 'ivo@example.com', passwordHash, firstName: 'Ivo', lastName: 'Ivić' },
      {
        siteId,
        email: 'editor@example.com',
        passwordHash,
        firstName: 'Eda',
        lastName: 'Editor',
        isBackofficeUser: true,
      },
    ])
    .returning();
  editorId = editor!.id;
  t = createTestApp(database);
  for (const who of ['ana', 'ivo', 'editor'] as const) {
    const login = await t.json('/api/v1/login', postJson({ username: `${who}@example.com`, password }));
    expect(login.status).toBe(200);
    tokens[who] = login.body.data.tokens.accessToken;
  }
});
afterAll(() => database.destroy());

describe('addresses', () => {
  it('saves a main address with Croatia as the default country and lists it on the account', async () => {
    const created = await t.json('/api/v1/user/web/address/create', as('ana', postJson(address())));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      type: 'main',
      country: 'HR',
      city: 'Zagreb',
      isCompany: false,
    });
    const account = await t.json('/api/v1/user/web/profile', as('ana'));
    expect(account.body.data.email).toBe('ana@example.com');
    expect(account.body.data.addresses).toEqual([created.body.data]);
  });

  it('allows one main address per user (409) but a shipping address besides it', async () => {
    const second = await t.json(
      '/api/v1/user/web/address/create',
      as('ana', postJson(address({ city: 'Split' }))),
    );
    expect(second.status).toBe(409);
    expect(second.body.error.payload).toMatchObject({
      message: 'A user may only have one main address.',
      field: 'type',
    });
    const shipping = await t.json(
      '/api/v1/user/web/address/create',
      as('ana', postJson(address({ type: 'shipping', city: 'Rijeka', country: 'si' }))),
    );
    expect(shipping.status).toBe(200);
    expect(shipping.body.data).toMatchObject({ type: 'shipping', country: 'SI' });
    const rows = await addressRows();
    expect(rows.map((row) => row.city)).toEqual(['Zagreb', 'Rijeka']);
    // Turning the shipping address into a second main one is refused too.
    const promote = await t.json(
      `/api/v1/user/web/address/update/${shipping.body.data.id}`,
      as('ana', send('PATCH', address({ city: 'Rijeka' }))),
    );
    expect(promote.status).toBe(409);
  });

  it('names the failing field and stores nothing for bad input', async () => {
    const before = await addressRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ city: '' }, 'city'],
      [{ city: '   ' }, 'city'],
      [{ lastName: 'Anić2' }, 'lastName'],
      [{ firstName: '<b>Ana</b>' }, 'firstName'],
      [{ houseNumber: '1234567890123456' }, 'houseNumber'],
      [{ street: 'x'.repeat(76) }, 'street'],
      [{ zipCode: '1'.repeat(26) }, 'zipCode'],
      [{ contactEmail: 'nope' }, 'contactEmail'],
      [{ contactPhone: 'call me' }, 'contactPhone'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'Croatia' }, 'country'],
      [{ isCompany: true, companyName: 'Tvrtka d.o.o.' }, 'companyOib'],
      [{ isCompany: true, companyName: 'Tvrtka d.o.o.', companyOib: '33392005962' }, 'companyOib'],
      [{ isCompany: true, companyOib: '33392005961' }, 'companyName'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await t.json(
        '/api/v1/user/web/address/create',
        as('ivo', postJson(address({ type: 'shipping', ...overrides }))),
      );
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.error.payload.field, JSON.stringify(overrides)).toBe(field);
    }
    expect(await addressRows()).toEqual(before);
  });

  it('keeps company data in company mode with a valid OIB, and drops it outside', async () => {
    const company = await t.json(
      '/api/v1/user/web/address/create',
      as(
        'ivo',
        postJson(
          address({ type: 'main', isCompany: true, companyName: 'Tvrtka d.o.o.', companyOib: '33392005961' }),
        ),
      ),
    );
    expect(company.status).toBe(200);
    expect(company.body.data).toMatchObject({
      isCompany: true,
      companyName: 'Tvrtka d.o.o.',
      companyOib: '33392005961',
    });
    const person = await t.json(
      `/api/v1/user/web/address/update/${company.body.data.id}`,
      as('ivo', send('PATCH', address({ companyName: 'Ostaje?', companyOib: '123' }))),
    );
    expect(person.status).toBe(200);
    expect(person.body.data).toMatchObject({ isCompany: false, companyName: '', companyOib: '' });
  });

  it("never lets one user read or change another user's address", async () => {
    const [anasMain] = await addressRows();
    const anaAccount = await t.json('/api/v1/user/web/profile', as('ana'));
    const anaId = anaAccount.body.data.id as number;
    expect(anasMain!.user_id).toBe(anaId);
    const attempt = await t.json(
      `/api/v1/user/web/address/update/${anasMain!.id}`,
      as('ivo', send('PATCH', address({ city: 'Osijek' }))),
    );
    expect(attempt.status).toBe(404);
    const [after] = await addressRows();
    expect(after).toEqual(anasMain);
    const ivosAccount = await t.json('/api/v1/user/web/profile', as('ivo'));
    expect(ivosAccount.body.data.addresses.map((row: { id: number }) => row.id)).not.toContain(anasMain!.id);
    // The owner may.
    const own = await t.json(
      `/api/v1/user/web/address/update/${anasMain!.id}`,
      as('ana', send('PATCH', address({ city: 'Osijek' }))),
    );
    expect(own.status).toBe(200);
    expect((await addressRows())[0]!.city).toBe('Osijek');
  });

  it('needs a session for every profile call', async () => {
    for (const [path, init] of [
      ['/api/v1/user/web/profile', {}],
      ['/api/v1/user/web/orders', {}],
      ['/api/v1/user/web/address/create', postJson(address())],
      ['/api/v1/user/web/address/update/1', send('PATCH', address())],
      ['/api/v1/user/web/update', send('PATCH', { firstName: 'Niko' })],
    ] as const) {
      const answer = await t.json(path, init);
      expect(answer.status, path).toBe(401);
    }
  });
});

describe('user update', () => {
  it('changes names, display name and a member card barcode with a valid EAN-13 check digit', async () => {
    const barcode = withEan13CheckDigit('385000000001');
    const answer = await t.json(
      '/api/v1/user/web/update',
      as('ivo', send('PATCH', { firstName: 'Ivan', displayName: 'Ivek', memberCardBarcode: barcode })),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      firstName: 'Ivan',
      lastName: 'Ivić',
      displayName: 'Ivek',
      memberCardBarcode: barcode,
    });
    const cleared = await t.json(
      '/api/v1/user/web/update',
      as('ivo', send('PATCH', { memberCardBarcode: '' })),
    );
    expect(cleared.body.data.memberCardBarcode).toBeNull();
  });

  it('refuses a barcode with a wrong check digit and a name with digits, changing nothing', async () => {
    const valid = withEan13CheckDigit('385000000002');
    const wrong = `${valid.slice(0, 12)}${(Number(valid[12]) + 1) % 10}`;
    const barcode = await t.json(
      '/api/v1/user/web/update',
      as('ivo', send('PATCH', { memberCardBarcode: wrong })),
    );
    expect(barcode.status).toBe(400);
    expect(barcode.body.error.payload.field).toBe('memberCardBarcode');
    const name = await t.json('/api/v1/user/web/update', as('ivo', send('PATCH', { lastName: 'Ivić 3' })));
    expect(name.status).toBe(400);
    expect(name.body.error.payload.field).toBe('lastName');
    const [row] = await database.rows<{ last_name: string; member_card_barcode: string | null }>(
      sql`select last_name, member_card_barcode from users where email = 'ivo@example.com'`,
    );
    expect(row).toEqual({ last_name: 'Ivić', member_card_barcode: null });
  });
});

describe('back office', () => {
  it('answers GET user/profile for back-office users only', async () => {
    expect((await t.json('/api/v1/user/profile')).status).toBe(401);
    const customer = await t.json('/api/v1/user/profile', as('ana'));
    expect(customer.status).toBe(403);
    const editor = await t.json('/api/v1/user/profile', as('editor'));
    expect(editor.status).toBe(200);
    expect(editor.body.data).toMatchObject({
      email: 'editor@example.com',
      isBackofficeUser: true,
      addresses: [],
    });
  });

  it('reads the admin language, with a clear error when it is missing', async () => {
    const missing = await t.json('/api/v1/settings/general/user?group=global&key=language', as('editor'));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 'SETTING_MISSING',
      payload: { message: "The admin language (group 'global', key 'language') is not set for this user." },
    });
    await database.db
      .insert(userSettings)
      .values({ userId: editorId, group: 'global', key: 'language', value: 'en' });
    const found = await t.json('/api/v1/settings/general/user', as('editor'));
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ group: 'global', key: 'language', value: 'en' });
    expect((await t.json('/api/v1/settings/general/user', as('ana'))).status).toBe(403);
  });
});

describe('order history', () => {
  it('is empty until checkout stores orders', async () => {
    const answer = await t.json('/api/v1/user/web/orders', as('ana'));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ orders: [], total: 0 });
  });
});
