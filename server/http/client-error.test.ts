import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrors } from './client-error.ts';

/**
 * What reaches a client over a raw socket when Node's parser refuses bytes of a connection: the API's
 * error answer for a malformed request, and nothing after the answer of a request that asked to
 * close the connection (decision 0296).
 */

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server answering `{"ok":true}` in the request callback (`now`) or after an await (`later`). */
async function start(when: 'now' | 'later') {
  server = http.createServer((_req, res) => {
    const write = () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
      res.end('{"ok":true}');
    };
    if (when === 'now') write();
    else setTimeout(write, 20);
  });
  answerClientErrors(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes and reads everything until the server closes the connection. */
function exchange(port: number, bytes: string | Buffer) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

const statusLines = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);

describe('answerClientErrors', () => {
  it('answers a malformed request with the API error format', async () => {
    const port = await start('now');
    const text = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(statusLines(text)).toEqual(['400']);
    expect(text).toContain('"code":"BAD_REQUEST"');
  });

  it.each(['now', 'later'] as const)(
    'writes nothing after the answer of a GET with Connection: close followed by body bytes (answered %s)',
    async (when) => {
      const port = await start(when);
      // What node's client sends for a GET with a body: no Content-Length, no Transfer-Encoding.
      const head =
        'GET /api/read HTTP/1.1\r\nHost: x\r\nConnection: close\r\ncontent-type: application/json\r\n\r\n';
      for (const trailing of ['{"a":1}', `{"filler":"${'x'.repeat(50_000)}"}`]) {
        const text = await exchange(port, head + trailing);
        expect(statusLines(text)).toEqual(['200']);
        expect(text.endsWith('\r\n\r\n{"ok":true}')).toBe(true);
      }
    },
  );

  it('answers a malformed request after a complete keep-alive answer, in order', async () => {
    const port = await start('now');
    const text = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n{"a":1}');
    // The second "request" is the stray bytes: its 400 comes after the 200, as pipelining orders it.
    expect(statusLines(text)).toEqual(['200', '400']);
  });
});
