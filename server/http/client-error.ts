import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, errorBody } from '../api/errors.ts';

/**
 * Requests Node's HTTP parser refuses before any handler runs (a body where the message cannot have
 * one, a malformed header, a head over 16 KiB) get an answer in the API's error format instead of
 * Node's bare `400 Bad Request`.
 *
 * Bytes after a request that asked to close the connection (`HPE_CLOSED_CONNECTION`: a GET with
 * `Connection: close` followed by body bytes without Content-Length or Transfer-Encoding, which
 * Node's own client sends for a GET with a body) are not a request: that request has been handed
 * to the app, its answer is the connection's last, and Node closes the connection after it. Nothing
 * is written for them: a 400 written here came after that answer whenever the answer was written
 * first (the fast lane answers in the parser's callback), and the client's parser refused the
 * connection ("Data after `Connection: close`"); nor is the socket destroyed, which would cut an
 * answer still being written (decision 0296).
 */
export function answerClientErrors(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'HPE_CLOSED_CONNECTION') return;
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const failure = tooLarge
      ? new ApiError(431, 'HEADERS_TOO_LARGE', 'The request headers are too large.')
      : new ApiError(400, 'BAD_REQUEST', 'The request is malformed.');
    const body = JSON.stringify(errorBody(failure));
    socket.end(
      `HTTP/1.1 ${failure.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/json\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}
