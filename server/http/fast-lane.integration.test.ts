import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../cache/memory-cache.ts';
import { loadConfig } from '../config.ts';
import { seedDemoSite, seedReferenceData } from '../db/seed/site-seed.ts';
import { createHttpApp, createNodeListener } from '../http.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createConfiguredStorage } from '../storage/configured-storage.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { answerClientErrors } from './client-error.ts';

/**
 * The fast lane (server/http/fast-lane.ts) must answer exactly what the app answers: the same app is
 * served twice, once with the lane in front and once without, and every request below is sent to
 * both. Status, body and headers must match, apart from what differs per response anyway (date,
 * request id, a page's nonce) and how the length is sent (the app streams what the lane measures).
 */

let database: TestDatabase;
type Server = { url: string; close(): Promise<void> };
let withLane: Server;
let withoutLane: Server;

async function listen(listener: http.RequestListener): Promise<Server> {
  const server = http.createServer(listener);
  // As the process serves (server/main.ts).
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let limited: { withLane: Server; withoutLane: Server };
let logged: { withLane: Server; withoutLane: Server; lines: Record<string, unknown>[] };

function createApp(overrides: Record<string, string>, logger: Logger = createLogger('silent')) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...overrides });
  const handler = async (request: Request, context: { nonce: string }) => {
    const { pathname } = new URL(request.url);
    const html = `<!DOCTYPE html><html><head><script nonce="${context.nonce}">1</script></head><body><p>${pathname}</p>${'<p>filler</p>'.repeat(200)}<script nonce="${context.nonce}">2</script></body></html>`;
    return new Response(html, {
      status: pathname === '/missing' ? 404 : 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  };
  const build = {
    entry: {
      module: {
        createLoadContext: (options: { nonce: string }) => options,
        createRequestHandler: () => handler,
      },
    },
  } as unknown as ServerBuild;
  return createHttpApp({
    config,
    logger,
    cache: new MemoryCache({ maxEntries: 1000 }),
    storage: createConfiguredStorage(config),
    db: database.db,
    database,
    getServerBuild: async () => build,
  }).app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  const app = createApp({ RATE_LIMIT_PER_MINUTE: '0' });
  withLane = await listen(createNodeListener(app));
  withoutLane = await listen(createNodeListener(app, { fastLane: false }));
  const limitedApp = createApp({ RATE_LIMIT_PER_MINUTE: '5' });
  limited = {
    withLane: await listen(createNodeListener(limitedApp)),
    withoutLane: await listen(createNodeListener(limitedApp, { fastLane: false })),
  };
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      callback();
    },
  });
  const loggedApp = createApp({ RATE_LIMIT_PER_MINUTE: '0' }, createLogger('info', destination));
  logged = {
    withLane: await listen(createNodeListener(loggedApp)),
    withoutLane: await listen(createNodeListener(loggedApp, { fastLane: false })),
    lines,
  };
});

afterAll(async () => {
  await withLane?.close();
  await withoutLane?.close();
  await limited?.withLane.close();
  await logged?.withLane.close();
  await logged?.withoutLane.close();
  await limited?.withoutLane.close();
  await database?.destroy();
});

/** Headers that differ between any two responses, or only in how the body is framed. */
const perResponse = new Set([
  'date',
  'x-request-id',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/** One request over a plain socket (no decompression), the body decoded here when gzipped. */
function request(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    raw: Buffer;
    rawHeaders: string[];
  }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { host: 'localhost', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw: Buffer.concat(chunks),
            rawHeaders: response.rawHeaders,
          }),
        );
      })
      .on('error', reject);
  });
}

async function answer(base: string, path: string, headers: Record<string, string>) {
  const response = await request(base, path, headers);
  const gzipped = response.headers['content-encoding'] === 'gzip';
  let body = (gzipped ? gunzipSync(response.raw) : response.raw).toString('utf8');
  const policy = String(response.headers['content-security-policy'] ?? '');
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (nonce) body = body.replaceAll(nonce, 'NONCE');
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (!perResponse.has(name)) kept[name] = nonce ? String(value).replaceAll(nonce, 'NONCE') : String(value);
  return {
    status: response.status,
    headers: kept,
    body,
    requestId: response.headers['x-request-id'],
    // The lane writes lower-case names; the app's middleware sets `X-Request-Id`.
    byLane: response.rawHeaders.includes('x-request-id'),
  };
}

const gzip = { 'accept-encoding': 'gzip' };
const cases: [string, string, Record<string, string>][] = [
  ['health', '/healthz', {}],
  ['health, gzip', '/healthz', gzip],
  ['health with a query (the app)', '/healthz?x=1', {}],
  ['API read', '/api/v1/cms/navigation/tree/main', {}],
  ['API read, gzip', '/api/v1/cms/navigation/tree/main', gzip],
  ['API read, options', '/api/v1/cms/option/filter', gzip],
  ['API read, other language', '/api/v1/cms/navigation/tree/main', { language: 'en' }],
  ['API read, unknown tree', '/api/v1/cms/navigation/tree/nope', {}],
  ['API read, invalid query', '/api/v1/search?page=abc', {}],
  ['API read, query and params', '/api/v1/search?q=medo&page=1', gzip],
  ['API read, repeated query key', '/api/v1/search?q=a&q=b', {}],
  ['API read, unknown API key', '/api/v1/cms/option/filter', { apikey: 'nope' }],
  ['API read, unknown site id', '/api/v1/cms/option/filter', { siteid: '999' }],
  ['API, unknown path (the app)', '/api/v1/nothing/here', {}],
  ['API, a POST-only path read (the app)', '/api/v1/cms/term/filterStandard', {}],
  ['page (a miss, then hits)', '/o-nama', {}],
  ['page, gzip', '/o-nama', gzip],
  ['page with a consent cookie', '/o-nama', { cookie: 'cookie_consent=necessary' }],
  ['page, personal (the app)', '/o-nama', { cookie: 'refreshToken=x' }],
  ['page not found (never stored)', '/missing', {}],
  ['sitemap (another route)', '/robots.txt', {}],
];

describe('the fast lane answers what the app answers', () => {
  it.each(cases)('%s', async (name, path, headers) => {
    // A first request fills the caches (a page is rendered: MISS); then twice each way.
    await request(withoutLane.url, path, headers);
    for (let round = 0; round < 2; round++) {
      const app = await answer(withoutLane.url, path, headers);
      const lane = await answer(withLane.url, path, headers);
      expect(lane.status).toBe(app.status);
      expect(lane.body).toBe(app.body);
      expect(lane.headers).toEqual(app.headers);
      expect(lane.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(app.byLane).toBe(false);
      expect(lane.byLane).toBe(!/\(the app\)|\(another route\)|personal|never stored/.test(name));
    }
  });

  it('keeps a valid request id and the 304 of a cached page without a policy', async () => {
    const first = await request(withLane.url, '/o-nama', { 'x-request-id': 'trace-12345678' });
    expect(first.headers['x-request-id']).toBe('trace-12345678');
    expect(first.headers['x-page-cache']).toBe('HIT');
    const etag = String(first.headers.etag);
    const revalidated = await request(withLane.url, '/o-nama', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers['x-content-type-options']).toBe('nosniff');
    expect(revalidated.headers['x-page-cache']).toBe('HIT');
    // The app's own 304 for the same request: the same headers.
    const fromApp = await answer(withoutLane.url, '/o-nama', { 'if-none-match': etag });
    const fromLane = await answer(withLane.url, '/o-nama', { 'if-none-match': etag });
    expect(fromLane).toEqual({ ...fromApp, requestId: fromLane.requestId, byLane: true });
  });

  it("reuses a response head it built once with this response's request id and policy (decision 0293)", async () => {
    for (const path of ['/o-nama', '/api/v1/cms/option/filter']) {
      await request(withLane.url, path, {});
      const seen = new Set<string>();
      for (let round = 0; round < 3; round++) {
        const response = await request(withLane.url, path, {});
        expect(response.status).toBe(200);
        const requestId = String(response.headers['x-request-id']);
        const policy = String(response.headers['content-security-policy']);
        const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
        if (path === '/o-nama') {
          expect(response.headers['x-page-cache']).toBe('HIT');
          expect(nonce).toBeDefined();
          // Every nonce in the body is the one of this response's policy.
          const inBody = new Set(
            [...response.raw.toString('utf8').matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]),
          );
          expect([...inBody]).toEqual([nonce]);
          seen.add(nonce!);
        }
        expect(seen.has(requestId)).toBe(false);
        seen.add(requestId);
        expect(Number(response.headers['content-length'])).toBe(response.raw.length);
      }
      expect(seen.size).toBe(path === '/o-nama' ? 6 : 3);
    }
  });

  it("gzips a cached page from its parts deflated once, with each response's nonce (decision 0295)", async () => {
    await request(withLane.url, '/o-nama', gzip);
    const policies = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const response = await request(withLane.url, '/o-nama', gzip);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['x-page-cache']).toBe('HIT');
      expect(Number(response.headers['content-length'])).toBe(response.raw.length);
      // gunzip checks the CRC and the length of the trailer.
      const body = gunzipSync(response.raw).toString('utf8');
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      const inBody = new Set([...body.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inBody]).toEqual([nonce]);
      expect(body).toContain('<p>/o-nama</p>');
      // The nonce travels as a stored (uncompressed) block: the page itself was not compressed again.
      expect(response.raw.includes(Buffer.from(` nonce="`))).toBe(false);
      expect(response.raw.includes(Buffer.from(nonce!))).toBe(true);
      policies.add(nonce!);
      const plain = await answer(withoutLane.url, '/o-nama', {});
      expect(body.replaceAll(nonce!, 'NONCE')).toBe(plain.body);
    }
    expect(policies.size).toBe(3);
  });

  it('writes the same request line as the app, secrets in the query redacted', async () => {
    const paths = ['/healthz', '/api/v1/search?q=medo&token=secret-value', '/api/v1/search?page=abc'];
    for (const path of paths) {
      const entries: Record<string, unknown>[] = [];
      for (const server of [logged.withoutLane, logged.withLane]) {
        logged.lines.length = 0;
        const response = await request(server.url, path, {});
        const line = logged.lines.find((entry) => entry.msg === 'request');
        expect(line?.reqId).toBe(response.headers['x-request-id']);
        expect(line?.status).toBe(response.status);
        expect(typeof line?.ms).toBe('number');
        entries.push({ method: line?.method, path: line?.path, status: line?.status, level: line?.level });
      }
      expect(entries[1]).toEqual(entries[0]);
      expect(JSON.stringify(entries[1])).not.toContain('secret-value');
    }
  });

  it('counts API reads against the rate limit like the app does', async () => {
    // 5 per minute per client, one budget for both listeners (one app, one cache).
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await request(limited.withLane.url, '/api/v1/cms/option/filter', {})).status);
    for (let i = 0; i < 2; i++)
      statuses.push((await request(limited.withoutLane.url, '/api/v1/cms/option/filter', {})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const lane = await answer(limited.withLane.url, '/api/v1/cms/option/filter', {});
    const app = await answer(limited.withoutLane.url, '/api/v1/cms/option/filter', {});
    expect(lane.status).toBe(429);
    expect(JSON.parse(lane.body).error.code).toBe('RATE_LIMITED');
    expect(Number(lane.headers['retry-after'])).toBeGreaterThan(0);
    expect({ ...lane.headers, 'retry-after': '' }).toEqual({ ...app.headers, 'retry-after': '' });
    expect(lane.body).toBe(app.body);
  });

  it('answers a GET followed by body bytes once, and hands a GET with a framed body to the app (decision 0296)', async () => {
    /** Raw bytes in one write, everything read until the server closes. */
    const exchange = (base: string, bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(bytes));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
        socket.on('error', reject);
      });
    for (const path of ['/healthz', '/api/v1/cms/option/filter', '/o-nama']) {
      await request(withLane.url, path, {});
      // Node's client sends a GET with a body so: neither Content-Length nor Transfer-Encoding.
      const head = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;
      for (const trailing of ['{"a":1}', `{"filler":"${'x'.repeat(100_000)}"}`]) {
        const text = await exchange(withLane.url, head + trailing);
        const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
        expect(statuses).toEqual(['200']);
        // Answered by the lane (lower-case name), completely.
        expect(text).toContain('\r\nx-request-id: ');
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1]);
        expect(text.length - text.indexOf('\r\n\r\n') - 4).toBe(length);
      }
      // With a Content-Length or chunked body: the app's answer, from the app.
      for (const framing of [
        'Content-Length: 7\r\n\r\n{"a":1}',
        'Transfer-Encoding: chunked\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n',
      ]) {
        const bytes = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${framing}`;
        const text = await exchange(withLane.url, bytes);
        const fromApp = await exchange(withoutLane.url, bytes);
        expect(text).toContain('\r\nX-Request-Id: ');
        expect(text.split('\r\n')[0]).toBe(fromApp.split('\r\n')[0]);
      }
    }
  });
});
