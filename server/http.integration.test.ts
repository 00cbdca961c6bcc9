import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from './db/seed/site-seed.ts';
import { createTestApp, postJson } from './testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  t = createTestApp(database, { BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => database.destroy());

describe('health', () => {
  it('answers liveness and readiness with the state of database and cache', async () => {
    expect((await t.json('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.json('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', cache: 'ok' });
  });
});

describe('API conventions', () => {
  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const response = await t.app.request('/healthz', { headers: { 'x-request-id': 'abc12345-test' } });
    expect(response.headers.get('x-request-id')).toBe('abc12345-test');
    const generated = await t.app.request('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with the error format and 404', async () => {
    const { status, body } = await t.json('/api/v1/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { code: 'NOT_FOUND', statusCode: 404, payload: { message: 'No such API route.' } },
    });
  });

  it('refuses a body over the limit with 413', async () => {
    const { status, body } = await t.json(
      '/api/v1/settings/domain/filter',
      postJson({ filler: 'x'.repeat(5000) }),
    );
    expect(status).toBe(413);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses malformed JSON with 400', async () => {
    const { status, body } = await t.json('/api/v1/settings/domain/filter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"oops":',
    });
    expect(status).toBe(400);
    expect(body.error.statusCode).toBe(400);
  });

  it('limits requests per client address with 429 and Retry-After', async () => {
    const limited = createTestApp(database, { RATE_LIMIT_PER_MINUTE: '3' });
    // app.request has no socket, so the address comes from the node-server bindings we pass.
    const env = {
      incoming: { socket: { remoteAddress: '203.0.113.9', remoteFamily: 'IPv4', remotePort: 1 } },
    };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await limited.app.request('/api/v1/master/commons', {}, env)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const blocked = await limited.app.request('/api/v1/master/commons', {}, env);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });

  it('publishes an OpenAPI document of the routes and a readable page', async () => {
    const { body } = await t.json('/api/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/v2/master/domainDetect', '/v1/master/commons']),
    );
    const page = await t.app.request('/api/docs');
    expect(await page.text()).toContain('/api/v2/master/domainDetect');
  });

  it('gzips a response when the client takes it, and only then', async () => {
    const gzipped = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    const compressed = Buffer.from(await gzipped.arrayBuffer());
    const plain = await t.app.request('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(gunzipSync(compressed).toString()).toBe(text);
    expect(compressed.length).toBeLessThan(text.length / 3);
    const identity = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    const refused = await t.app.request('/api/openapi.json', {
      headers: { 'accept-encoding': 'gzip;q=0, br' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('sends bodies under 1 KiB as they are, with their length', async () => {
    const small = await t.app.request('/healthz', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'ok' });
    const error = await t.app.request('/api/v1/nothing/here', { headers: { 'accept-encoding': 'gzip' } });
    expect(error.headers.get('content-encoding')).toBeNull();
    expect(error.status).toBe(404);
  });
});
