import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, serveStatic } from './static-files.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('serveStatic', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  const script = `export const words = ${JSON.stringify('ucionica '.repeat(400))};\n`;
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'assets', 'entry-abc.js'), script);
    fs.writeFileSync(path.join(root, 'robots.txt'), 'tiny');
    fs.writeFileSync(path.join(root, 'logo.png'), Buffer.alloc(2048, 7));
    const serve = serveStatic(root, [['X-Content-Type-Options', 'nosniff']]);
    server = http.createServer((req, res) => {
      if (!serve(req, res)) {
        res.statusCode = 404;
        res.end('next handler');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (pathname: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.get(
        { port, path: pathname, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
    });

  it('answers a hashed script with brotli or gzip by Accept-Encoding, cached for a year', async () => {
    const br = await get('/assets/entry-abc.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gzip = await get('/assets/entry-abc.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get('/assets/entry-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.body.toString()).toBe(script);
  });

  it('sends small files and images as they are', async () => {
    const tiny = await get('/robots.txt', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('tiny');
    expect(tiny.headers['cache-control']).toBe('public, max-age=3600');
    const png = await get('/logo.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(2048);
  });

  it('leaves unknown paths and paths outside the build to the next handler', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/%2e%2e/package.json')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(404);
  });

  it('finds a file by its percent-encoded path and with a query, as before the undecoded fast path', async () => {
    const encoded = await get('/assets/entry%2Dabc.js');
    expect(encoded.status).toBe(200);
    expect(encoded.body.toString()).toBe(script);
    const withQuery = await get('/robots.txt?v=1%');
    expect(withQuery.status).toBe(200);
    expect(withQuery.body.toString()).toBe('tiny');
  });
});
