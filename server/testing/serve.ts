import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from '../http/client-error.ts';
import { createNodeListener } from '../http.ts';

/**
 * Serves an app over a real node:http socket on a free port, the way the process does, for tests of
 * what only a real connection shows (bodies without Content-Length, client addresses, closing).
 */
export async function serve(app: Parameters<typeof createNodeListener>[0]) {
  const server = http.createServer(createNodeListener(app));
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
