import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { answerClientErrors } from '../http/client-error.ts';
import { createNodeListener } from '../http.ts';
import type { FuzzRequest } from './api-fuzz-requests.ts';

export type FuzzResponse = { status: number; headers: Record<string, string>; text: string; via: string };

/** What Node's own HTTP parser refuses before the app sees it: control characters, non-bytes. */
const WIRE_UNSAFE_HEADER = /[^\t\u0020-\u007e\u0080-\u00ff]/;
/** Node answers 431 itself beyond its 16 KiB header limit, so longer requests go in-process. */
const WIRE_HEADER_BUDGET = 12_000;

/**
 * Sends fuzz requests the way production receives them: over HTTP to the app behind
 * @hono/node-server's listener (so Content-Length, chunked bodies and methods are real). A request
 * that HTTP/1.1 cannot carry (control characters in a header, a 100 kB URL) goes to the app
 * in-process instead, which is how page loaders call the API with forwarded headers.
 */
export async function startFuzzTransport(app: Hono<never>) {
  const listener = createNodeListener(app);
  const server = http.createServer(listener);
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function overHttp(request: FuzzRequest, timeoutMs: number): Promise<FuzzResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { connection: 'close', ...request.headers };
      const body = request.body ? Buffer.from(request.body.text) : undefined;
      if (body && !request.body?.chunked) headers['content-length'] = String(body.length);
      const req = http.request(
        { host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: Object.fromEntries(
                Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
              ),
              text: Buffer.concat(chunks).toString('utf8'),
              via: 'http',
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      if (!body) {
        // Without these Node adds "Content-Length: 0"; a client may send neither (curl -X POST does).
        req.removeHeader('content-length');
        req.removeHeader('transfer-encoding');
        req.end();
      } else if (request.body?.chunked) {
        // Two writes and no length: Transfer-Encoding: chunked.
        const middle = Math.floor(body.length / 2);
        req.write(body.subarray(0, middle));
        req.end(body.subarray(middle));
      } else req.end(body);
    });
  }

  async function inProcess(request: FuzzRequest, timeoutMs: number): Promise<FuzzResponse> {
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
    if (request.body && !['GET', 'HEAD'].includes(request.method)) {
      const bytes = new TextEncoder().encode(request.body.text);
      init.body = request.body.chunked
        ? new ReadableStream({
            start(controller) {
              controller.enqueue(bytes);
              controller.close();
            },
          })
        : bytes;
      init.duplex = 'half';
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const response = await Promise.race([
        Promise.resolve(app.request(`http://127.0.0.1:${port}${request.url}`, init)),
        timeout,
      ]);
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        text: await response.text(),
        via: 'in-process',
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** A request still unanswered after `timeoutMs` has hung (generous: test machines are shared). */
    send(request: FuzzRequest, timeoutMs = 20_000): Promise<FuzzResponse> {
      const headerBytes =
        request.url.length +
        Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      const wireSafe =
        headerBytes < WIRE_HEADER_BUDGET &&
        Object.values(request.headers).every((value) => !WIRE_UNSAFE_HEADER.test(value));
      return wireSafe ? overHttp(request, timeoutMs) : inProcess(request, timeoutMs);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
