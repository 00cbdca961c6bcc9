import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { users } from '../modules/users/users.schema.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { type OpenApiDocument, operationsOf } from './api-fuzz-requests.ts';

/*
 * Every back-office call refuses a visitor (401) and a customer (403), whatever it is sent. The calls
 * come from the OpenAPI document the app serves (operations marked `x-backoffice`, which
 * `access: 'backoffice'` on a contract sets), so a back-office call added later is covered without
 * a line here; and every call under /v1/admin/ must be marked, so none is left out by mistake.
 */

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let customerToken = '';
let bossToken = '';
type Operation = ReturnType<typeof operationsOf>[number] & { backoffice: boolean };
let operations: Operation[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  const { siteId } = await seedDemoSite(database.db);
  const created = await database.db
    .insert(users)
    .values([
      { siteId, email: 'kupac@example.com', firstName: 'Kupac', lastName: 'Kupić', displayName: 'Kupac' },
      {
        siteId,
        email: 'urednica@example.com',
        firstName: 'Urednica',
        lastName: 'Glavna',
        displayName: 'Urednica',
        isBackofficeUser: true,
        scope: 'admin',
      },
    ])
    .returning();
  t = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_WRITES_PER_MINUTE: '0' });
  customerToken = (await t.services.sessions.start(created[0]!)).accessToken;
  bossToken = (await t.services.sessions.start(created[1]!)).accessToken;
  const document = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument & {
    paths: Record<string, Record<string, { 'x-backoffice'?: boolean }>>;
  };
  operations = operationsOf(document).map((operation) => ({
    ...operation,
    backoffice: document.paths[operation.path]?.[operation.method.toLowerCase()]?.['x-backoffice'] === true,
  }));
}, 120_000);
afterAll(() => database.destroy());

/** A request of the operation with placeholder path parameters and an empty (or no) body. */
function call(operation: Operation, token: string | null, body: unknown = {}) {
  const path = operation.path.replace(/\{(\w+)\}/g, '1');
  return t.app.request(`/api${path}`, {
    method: operation.method,
    headers: {
      language: 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(operation.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(operation.method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
}

describe('back-office calls', () => {
  it('are found in the OpenAPI document, and every /v1/admin/ call is one of them', () => {
    const backoffice = operations.filter((operation) => operation.backoffice);
    // The calls of this branch and the ones before it; more may come, none may go unmarked.
    for (const known of [
      'GET /v1/admin/mail/template/filter',
      'PUT /v1/admin/mail/template/update',
      'POST /v1/admin/mail/template/test-send',
      'POST /v1/admin/cache/clear',
      'GET /v1/admin/comment/filter',
      'GET /v1/user/profile',
    ])
      expect(backoffice.map((operation) => `${operation.method} ${operation.path}`)).toContain(known);
    const unmarked = operations.filter(
      (operation) => operation.path.startsWith('/v1/admin/') && !operation.backoffice,
    );
    expect(unmarked.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  it('answer 401 to a visitor and 403 to a customer, with valid, empty or hostile input', async () => {
    const backoffice = operations.filter((operation) => operation.backoffice);
    expect(backoffice.length).toBeGreaterThanOrEqual(10);
    const answers: string[] = [];
    for (const operation of backoffice) {
      for (const body of [
        {},
        { key: 'user-register', language: 'en', namespace: 'pages' },
        [1, { x: '\u0000' }],
      ]) {
        const visitor = await call(operation, null, body);
        const customer = await call(operation, customerToken, body);
        answers.push(`${operation.method} ${operation.path}: ${visitor.status} ${customer.status}`);
        const error = (await customer.json()) as { error: { code: string } };
        expect(error.error.code).toBe('FORBIDDEN');
      }
    }
    expect(answers.filter((line) => !line.endsWith(': 401 403'))).toEqual([]);
  });

  it('let a back-office user through (what follows is the call itself: never 401 or 403)', async () => {
    for (const operation of operations.filter((candidate) => candidate.backoffice)) {
      const response = await call(operation, bossToken);
      expect([401, 403], `${operation.method} ${operation.path}`).not.toContain(response.status);
    }
  });

  it('refuse a customer on the in-process path (server loaders) before reading the input', async () => {
    const { mailTemplateGet } = await import('../modules/mail/mail-admin.contract.ts');
    const call = t.inProcessCaller(
      new Headers({ host: 'localhost', cookie: `accessToken=${customerToken}` }),
      'access-test',
    );
    const result = await call(
      mailTemplateGet,
      { query: { key: 'NOT A KEY', language: 'x' } },
      { language: 'en' },
    );
    expect(result.errored && result.error.statusCode).toBe(403);
  });
});
