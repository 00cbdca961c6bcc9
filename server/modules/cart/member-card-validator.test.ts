import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMemberCardValidator } from './member-card-validator.ts';

/** A validator on a local port: the barcode decides how it answers. */
let server: http.Server;
let url = '';
const received: unknown[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { barcode } = JSON.parse(body) as { barcode: string };
      received.push({
        method: request.method,
        type: request.headers['content-type'],
        body: JSON.parse(body),
      });
      if (barcode === 'valid') return response.end(JSON.stringify({ valid: true }));
      if (barcode === 'refused') return response.end(JSON.stringify({ valid: false }));
      if (barcode === 'unknown') return response.writeHead(404).end();
      if (barcode === 'broken') return response.writeHead(500).end('oops');
      if (barcode === 'garbage') return response.end('<html>');
      if (barcode === 'stalls-body') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"valid":');
        return;
      }
      // 'hangs': never answers.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('httpMemberCardValidator', () => {
  it('posts the barcode and the site, and takes the answer it gives', async () => {
    const validate = httpMemberCardValidator(url, 1000);
    expect(await validate(7, 'valid')).toBe('valid');
    expect(received.at(-1)).toEqual({
      method: 'POST',
      type: 'application/json',
      body: { barcode: 'valid', siteId: 7 },
    });
    expect(await validate(7, 'refused')).toBe('invalid');
    expect(await validate(7, 'unknown')).toBe('invalid');
  });

  it('is unavailable when the validator fails, answers nonsense or is not there', async () => {
    const validate = httpMemberCardValidator(url, 1000);
    expect(await validate(1, 'broken')).toBe('unavailable');
    expect(await validate(1, 'garbage')).toBe('unavailable');
    expect(await httpMemberCardValidator('http://127.0.0.1:1/check', 1000)(1, 'valid')).toBe('unavailable');
  });

  it('gives up after its timeout, whether the validator says nothing or stops half way', async () => {
    const validate = httpMemberCardValidator(url, 200);
    for (const barcode of ['hangs', 'stalls-body']) {
      const started = performance.now();
      expect(await validate(1, barcode)).toBe('unavailable');
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(150);
      expect(took).toBeLessThan(1500);
    }
  });
});
