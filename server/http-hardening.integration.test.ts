import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from './db/seed/site-seed.ts';
import { serve } from './testing/serve.ts';
import { createTestApp } from './testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
/** The same app behind a real socket: bodies, methods and headers arrive as a client sends them. */
let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemoSite(database.db);
  t = createTestApp(database, {
    BODY_LIMIT_BYTES: '2048',
    FORM_BODY_LIMIT_BYTES: '1024',
    CORS_ORIGINS: 'https://app.example.com',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '0',
  });
  server = await serve(t.app);
});
afterAll(async () => {
  await server?.close();
  await database.destroy();
});

/** A body sent the way `Transfer-Encoding: chunked` arrives: a stream with no declared length. */
function streamed(text: string, chunkSize = 100): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** A request over the socket; a stream body goes out chunked, without Content-Length. */
const send = (path: string, init: RequestInit & { duplex?: 'half' } = {}) =>
  fetch(`${server.url}${path}`, {
    redirect: 'manual',
    ...init,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  send(path, { method: 'POST', headers, body });

const socket = (remoteAddress: string) => ({
  incoming: { socket: { remoteAddress, remoteFamily: 'IPv4', remotePort: 1 } },
});

describe('request bodies', () => {
  it('reads a chunked API body within the limit and refuses one over it with 413', async () => {
    const ok = await post(
      '/api/v1/marketing/newsletter/subscribe',
      streamed('{"email":"chunked@example.com"}', 7),
      {
        'content-type': 'application/json',
      },
    );
    expect(ok.status).toBe(200);
    const tooLarge = await post(
      '/api/v1/marketing/newsletter/subscribe',
      streamed(`{"email":"${'a'.repeat(5000)}"}`),
      {
        'content-type': 'application/json',
      },
    );
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a POST without a body with 400 naming the body, not 500', async () => {
    const response = await post('/api/v1/marketing/newsletter/subscribe', null, {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { statusCode: number; payload: { message: string } } };
    expect(body.error.statusCode).toBe(400);
  });

  it('bounds form posts: a declared length over the form limit gets 413 before the body is read', async () => {
    const response = await post('/cookie-consent', `categories=analytics&x=${'y'.repeat(2000)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('set-cookie')).toBeNull();
    const chunked = await post('/cookie-consent', streamed(`categories=analytics&x=${'y'.repeat(2000)}`), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(chunked.status).toBe(413);
  });
});

describe('methods and CORS', () => {
  it('answers a method the path does not take with 405 and Allow', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const response = await send('/api/v1/master/commons?type=languages', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      const body = (await response.json()) as { error: { code: string; statusCode: number } };
      expect(body.error).toMatchObject({ code: 'METHOD_NOT_ALLOWED', statusCode: 405 });
    }
    const unknown = await send('/api/v1/no/such/call', { method: 'DELETE' });
    expect(unknown.status).toBe(404);
  });

  it('answers OPTIONS with what the path allows, and CORS headers only for configured origins', async () => {
    const plain = await send('/api/v2/master/domainDetect', { method: 'OPTIONS' });
    expect(plain.status).toBe(204);
    expect(plain.headers.get('allow')).toBe('POST, OPTIONS');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = (origin: string) =>
      send('/api/v1/marketing/newsletter/subscribe', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const read = await send('/api/v1/master/commons?type=languages', {
      headers: { origin: 'https://app.example.com' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(read.headers.get('vary')).toMatch(/origin/i);
  });
});

describe('cross-site request forgery', () => {
  const consentPost = (headers: Record<string, string | undefined>) =>
    t.app.request('/cookie-consent', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'localhost',
        ...(headers as Record<string, string>),
      },
      body: 'categories=analytics&categories=marketing&returnTo=/',
    });

  it('refuses a consent form posted from another site and sets no cookie', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.localhost' },
    ]) {
      const response = await consentPost(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('accepts the form from the shop itself and from clients that are not browsers', async () => {
    for (const headers of [
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost' },
      {},
    ]) {
      const response = await consentPost(headers);
      expect(response.status, JSON.stringify(headers)).toBe(303);
      expect(response.headers.get('set-cookie')).toMatch(/^cookie_consent=necessary%2Cmarketing%2Canalytics/);
    }
  });

  it('refuses API writes from other sites but not from configured CORS origins', async () => {
    const subscribe = (origin: string) =>
      t.app.request('/api/v1/marketing/newsletter/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'localhost', origin },
        body: JSON.stringify({ email: `csrf-${origin.length}@example.com` }),
      });
    const forged = await subscribe('https://evil.example');
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect((await subscribe('https://app.example.com')).status).toBe(200);
  });
});

describe('write rate limit', () => {
  it('counts form posts and API writes of one client against one budget, not reads', async () => {
    const limited = createTestApp(database, {
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    const from = socket('203.0.113.77');
    const statuses: number[] = [];
    for (let index = 0; index < 2; index++) {
      const response = await limited.app.request(
        '/cookie-consent',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'categories=analytics',
        },
        from,
      );
      statuses.push(response.status);
    }
    for (let index = 0; index < 2; index++) {
      const response = await limited.app.request(
        '/api/v1/marketing/newsletter/subscribe',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `rl${index}@example.com` }),
        },
        from,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([303, 303, 200, 429]);
    // A read that is a POST (a filter) is not a write; another client has its own budget.
    const filter = await limited.app.request(
      '/api/v1/cms/term/filterStandard',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      from,
    );
    expect(filter.status).not.toBe(429);
    const other = await limited.app.request(
      '/api/v1/marketing/newsletter/subscribe',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'other@example.com' }),
      },
      socket('203.0.113.78'),
    );
    expect(other.status).toBe(200);
  });

  it('takes the client from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    const limited = createTestApp(database, { RATE_LIMIT_WRITES_PER_MINUTE: '1', TRUST_PROXY: 'loopback' });
    const subscribe = (peer: string, forwardedFor: string, email: string) =>
      limited.app.request(
        '/api/v1/marketing/newsletter/subscribe',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ email }),
        },
        socket(peer),
      );
    // Behind the trusted proxy, two visitors are two clients.
    expect((await subscribe('127.0.0.1', '198.51.100.1', 'p1@example.com')).status).toBe(200);
    expect((await subscribe('127.0.0.1', '198.51.100.2', 'p2@example.com')).status).toBe(200);
    expect((await subscribe('127.0.0.1', '198.51.100.1', 'p3@example.com')).status).toBe(429);
    // A client that is not a proxy cannot escape its budget by inventing addresses.
    expect((await subscribe('203.0.113.5', '10.9.9.1', 'd1@example.com')).status).toBe(200);
    expect((await subscribe('203.0.113.5', '10.9.9.2', 'd2@example.com')).status).toBe(429);
  });
});

describe('security headers', () => {
  it('sends the hardening headers on API responses, a closed policy, and no HSTS over http', async () => {
    const response = await t.app.request('/api/v1/master/commons?type=languages');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the public URL is https', async () => {
    const secure = createTestApp(database, { PUBLIC_URL: 'https://shop.example.com' });
    const response = await secure.app.request('/healthz');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('absolute URLs', () => {
  const origin = async (host: string) => {
    const response = await t.app.request('/api/v2/master/domainDetect', {
      method: 'POST',
      headers: { host },
    });
    return ((await response.json()) as { data: { origin: string } }).data.origin;
  };

  it('follow the Host header only when it is one of the site domains', async () => {
    expect(await origin('127.0.0.1:3190')).toBe('http://127.0.0.1:3190');
    expect(await origin('localhost')).toBe('http://localhost');
    expect(await origin('evil.example')).toBe('http://localhost:3000');
    // Not a host: refused (see "the Host header" below) rather than read as user info.
    const userInfo = await t.app.request('/api/v2/master/domainDetect', {
      method: 'POST',
      headers: { host: 'localhost:3000@evil.example' },
    });
    expect(userInfo.status).toBe(400);
    const robots = await t.app.request('/robots.txt', { headers: { host: 'evil.example' } });
    const text = await robots.text();
    expect(text).not.toContain('evil.example');
    expect(text).toContain('http://localhost:3000/sitemap.xml');
    expect(robots.headers.get('vary')).toContain('Host');
  });

  it('always use PUBLIC_URL when it is configured', async () => {
    const configured = createTestApp(database, { PUBLIC_URL: 'https://ucionica.example' });
    const response = await configured.app.request('/sitemap.xml', { headers: { host: '127.0.0.1' } });
    const xml = await response.text();
    expect(xml).toContain('<loc>https://ucionica.example/');
    expect(xml).not.toContain('127.0.0.1');
  });
});

describe('the Host header', () => {
  /** A request over the socket with this exact Host header (fetch sets its own). */
  const withHost = (host: string, path: string, method: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(server.url);
      const request = http.request(
        {
          host: hostname,
          port,
          path,
          method,
          headers: { host, 'content-type': 'application/json' },
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(method === 'GET' ? undefined : '{}');
    });

  it('refuses one that is not a host and port with 400 in the API error format, on every path', async () => {
    // `41\%UG?M ` made the URL http://41/%UG?M%20/api/…: an API call got a page's plain-text 404.
    const hosts = [
      '41\\%UG?M ',
      'localhost:3000@evil.example',
      'a/b',
      'a#b',
      'shop example',
      '900453299293966300000',
    ];
    const calls = [
      ['PUT', '/api/v1/admin/mail/template/update'],
      ['POST', '/api/v2/master/domainDetect'],
      ['GET', '/api/v1/products'],
      ['GET', '/'],
    ] as const;
    for (const host of hosts) {
      for (const [method, path] of calls) {
        const answer = await withHost(host, path, method);
        expect(answer.status, `${host} ${method} ${path}`).toBe(400);
        expect(answer.type, `${host} ${method} ${path}`).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body).error.code, `${host} ${method} ${path}`).toBe('BAD_REQUEST');
      }
    }
  });

  it('accepts names, addresses and ports', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3190', '[::1]:3000', 'shop.example.com']) {
      const answer = await withHost(host, '/healthz', 'GET');
      expect(answer.status, host).toBe(200);
    }
  });
});
