import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { TrieRouter } from 'hono/router/trie-router';
import { getQueryParams } from 'hono/utils/url';
import { z } from 'zod';
import { isPlainHost } from '../../core/host-header.ts';
import { resolveRequestContext } from '../api/context-middleware.ts';
import { checkContractOutput, type Implementation } from '../api/contract-router.ts';
import { ApiError, errorBody, validationError } from '../api/errors.ts';
import { rateLimited } from '../api/rate-limit.ts';
import type { CacheRead } from '../cache/memory-cache.ts';
import { dataResponseBytes, isSharedCacheValue } from '../cache/shared-json.ts';
import type { Logger } from '../logger.ts';
import type { SiteService } from '../modules/site/site.service.ts';
import type { SessionService } from '../modules/users/session.service.ts';
import { AnswerMemo, type MemoAnswer, recordingCacheReads } from './answer-memo.ts';
import { acceptsGzip } from './compression.ts';
import { type BodyPieces, gzipWithNonce, joinPieces, type PageAnswer, type PageCache } from './page-cache.ts';
import { requestIdFor } from './request-id.ts';

const gzip = promisify(zlib.gzip);

/**
 * What the HTTP validators' `safeParseAsync` answers, without its promise when the schema needs none:
 * zod refuses a synchronous parse of a schema with asynchronous parts (`$ZodAsyncError`), and only
 * then is it parsed asynchronously.
 */
function parse<T extends z.ZodType>(schema: T, value: unknown) {
  try {
    return schema.safeParse(value);
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(value);
    throw error;
  }
}

/**
 * Answers a request completely, or hands it to `fallback` (the Hono app) before anything is sent.
 * `fallback` is called at most once, and never after the lane has counted, logged or written.
 */
export type FastLane = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => void;

const lanes = new WeakMap<object, FastLane>();
/** Attaches a fast lane to an app: `createNodeListener(app)` then puts it in front of the app. */
export const registerFastLane = (app: object, lane: FastLane) => lanes.set(app, lane);
export const fastLaneOf = (app: object) => lanes.get(app);

/** The Latin-1 string of bytes the lane sends again and again (cached answers and their gzip). */
const latin1Texts = new WeakMap<Uint8Array, string>();
function latin1Of(bytes: Uint8Array): string {
  let text = latin1Texts.get(bytes);
  if (text === undefined) {
    text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    latin1Texts.set(bytes, text);
  }
  return text;
}

/** The answer of `GET /healthz` (as the app's route). */
const HEALTH_BODY = Buffer.from('{"status":"ok"}');

/** Hosts already known to make a valid URL (bounded: any Host header may arrive). */
const MAX_KNOWN_HOSTS = 64;

export type FastLaneDeps = {
  logger: Logger;
  /** The headers every response carries (lower-case names): hardening and the default policy. */
  baseHeaders: Record<string, string>;
  /** Bodies from this size go gzipped to clients that take it (as the compression middleware). */
  compressThreshold: number;
  /** The request line written to the log (the app's own logger line, same fields). */
  logRequest: (requestId: string, method: string, url: string, status: number, started: number) => void;
  /** The API's error answer for anything a handler throws (the app's onError). */
  errorAnswer: (error: unknown, requestId: string) => { status: number; body: unknown };
  api: {
    implementations: readonly Implementation[];
    sites: SiteService;
    /** Verifies access tokens and renews a browser's session (the same as the app's context). */
    sessions?: SessionService;
    checkOutput: boolean;
    /**
     * Counts one API request of the client (undefined: within budget; else seconds to wait); without
     * a promise when nothing is counted or the count is local (docs/decisions/0293).
     */
    countRequest: (address: string | undefined) => number | undefined | Promise<number | undefined>;
    /** Whether `countRequest` counts anything (a limit is set): otherwise no address is resolved for it. */
    countsRequests: boolean;
    /** The client address rate limits count by (the socket's peer or what trusted proxies say). */
    clientAddress: (
      socketAddress: string | undefined,
      forwardedFor: string | undefined,
    ) => string | undefined;
  };
  /** The page cache, when the app renders pages. */
  pageCache?: PageCache;
  /** Whether a route other than the page handler answers GET on this path (those go the long way). */
  routedElsewhere: (path: string) => boolean;
};

type Headers = Record<string, string | number | string[]>;

/** A `Vary` value that names Accept-Encoding (the compression middleware's rule). */
function withAcceptEncoding(vary: Headers[string] | undefined): string {
  if (vary === undefined) return 'Accept-Encoding';
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(String(vary))) return String(vary);
  return `${vary}, Accept-Encoding`;
}

/**
 * The short way through the HTTP layer for the requests that make most of the traffic and need none
 * of the rest of it (docs/decisions/0170): `GET /healthz`, API reads (`GET` on a read contract) and
 * anonymous pages the page cache holds. It runs on the node request and response, without
 * node-server's `Request`/`Response` objects and Hono's routing and middleware chain, which were
 * most of a small request's cost, and does exactly what that chain does for these requests: request
 * id, hardening headers and policy, the request log line, the API rate limit, the request context,
 * the contract's input validation (query, then params, as the HTTP validators), the handler, the
 * error format, gzip from 1 KiB. Whatever it is not sure to answer the same way (another method, a
 * CORS request, a percent-encoded path, an unusual Host, repeated headers, a page not in the cache)
 * it hands to the app before it has done anything.
 */
export function createFastLane(deps: FastLaneDeps): FastLane {
  const { logger, baseHeaders } = deps;
  const knownHosts = new Set<string>();
  const hostIsValid = (host: string) => {
    if (knownHosts.has(host)) return true;
    // Only plain hosts (a name or an address, and a port); anything else goes the long way.
    if (!isPlainHost(host) || !URL.canParse(`http://${host}/`)) return false;
    if (knownHosts.size < MAX_KNOWN_HOSTS) knownHosts.add(host);
    return true;
  };

  const reads = new TrieRouter<Implementation>();
  for (const implementation of deps.api.implementations)
    if (implementation.contract.method === 'get')
      reads.add('GET', `/api${implementation.contract.path.replace(/\{(\w+)\}/g, ':$1')}`, implementation);

  /** Writes the answer with the request id and the hardening headers, then logs the request line. */
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    started: number,
    status: number,
    headers: Headers,
    body: string | Uint8Array | BodyPieces | null,
  ) => {
    const all: Headers = { 'x-request-id': requestId, ...baseHeaders, ...headers };
    // A 304 carries no policy: the browser keeps the one of its copy (as the app's outer middleware).
    if (status === 304) delete all['content-security-policy'];
    if (body !== null)
      all['content-length'] =
        typeof body === 'string' ? Buffer.byteLength(body) : 'pieces' in body ? body.length : body.length;
    res.writeHead(status, all);
    if (body === null) res.end();
    else if (typeof body === 'string') res.end(body);
    // Bytes go as their Latin-1 string: node then sends the head and the body in one `write` (a
    // buffer after the head is a `writev` of two pieces, measurably dearer per response).
    else if (!('pieces' in body)) res.end(latin1Of(body), 'latin1');
    else {
      // One system call for all pieces: corked until `end`.
      res.cork();
      for (const piece of body.pieces) res.write(piece, 'latin1');
      res.end();
    }
    if (started >= 0) deps.logRequest(requestId, req.method ?? 'GET', req.url ?? '/', status, started);
  };

  /**
   * The head of an answer the lane sends again and again (a memoised API answer, a cached page), built
   * once: the hardening headers, the answer's own and its length, by the encoding the client takes
   * (`plain`: no gzip; `vary`: takes gzip, body below the threshold; `gzip`). Only the request id
   * (and a page's policy) change per response, set on the same object just before `writeHead`, which
   * reads it at once (decision 0293).
   */
  type Encoding = 'plain' | 'vary' | 'gzip';
  const encodingOf = (req: IncomingMessage, length: number): Encoding =>
    !acceptsGzip(req.headers['accept-encoding'])
      ? 'plain'
      : length < deps.compressThreshold
        ? 'vary'
        : 'gzip';
  const heads = new WeakMap<object, Partial<Record<Encoding, Headers>>>();
  const preparedHead = (
    owner: object,
    encoding: Encoding,
    build: () => { headers: Headers; length: number },
  ): Headers => {
    let byEncoding = heads.get(owner);
    if (!byEncoding) {
      byEncoding = {};
      heads.set(owner, byEncoding);
    }
    let head = byEncoding[encoding];
    if (!head) {
      const { headers, length } = build();
      head = { 'x-request-id': '', ...baseHeaders, ...headers };
      if (encoding !== 'plain') head.vary = withAcceptEncoding(headers.vary);
      if (encoding === 'gzip') head['content-encoding'] = 'gzip';
      head['content-length'] = length;
      byEncoding[encoding] = head;
    }
    return head;
  };
  /** Writes a prepared head and a body of bytes (as their Latin-1 string: one `write`), then logs. */
  const sendPrepared = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    started: number,
    head: Headers,
    body: Uint8Array | BodyPieces,
  ) => {
    head['x-request-id'] = requestId;
    res.writeHead(200, head);
    if (!('pieces' in body)) res.end(latin1Of(body), 'latin1');
    else {
      res.cork();
      for (const piece of body.pieces) res.write(piece, 'latin1');
      res.end();
    }
    if (started >= 0) deps.logRequest(requestId, req.method ?? 'GET', req.url ?? '/', 200, started);
  };

  /** A JSON or HTML answer, gzipped from the threshold for a client that takes gzip (Vary either way). */
  const sendCompressible = async (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    started: number,
    status: number,
    headers: Headers,
    body: string | Uint8Array | BodyPieces,
    precompressed?: { get(): Buffer | undefined; set(value: Buffer): void },
  ) => {
    if (!acceptsGzip(req.headers['accept-encoding'])) {
      send(req, res, requestId, started, status, headers, body);
      return;
    }
    headers.vary = withAcceptEncoding(headers.vary);
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (length < deps.compressThreshold) {
      send(req, res, requestId, started, status, headers, body);
      return;
    }
    let compressed = precompressed?.get();
    if (!compressed) {
      compressed = await gzip(typeof body === 'string' || !('pieces' in body) ? body : joinPieces(body));
      precompressed?.set(compressed);
    }
    headers['content-encoding'] = 'gzip';
    send(req, res, requestId, started, status, headers, compressed);
  };

  /** The headers of a request as the app reads them (a repeated header never reaches the lane). */
  const header = (req: IncomingMessage, name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };

  const gzipByValue = new WeakMap<object, Buffer>();

  const memo = new AnswerMemo();
  /** The longest request URL whose answer is memoised (a key is the URL and a few headers). */
  const MAX_MEMO_URL = 512;

  /**
   * The memo key of an anonymous read: the request line and the headers the context is built from.
   * A request with credentials or cookies of any kind has none (its answer may be the caller's own).
   */
  const memoKey = (req: IncomingMessage, host: string, url: string): string | undefined => {
    const h = req.headers;
    if (
      url.length > MAX_MEMO_URL ||
      h.cookie !== undefined ||
      h.authorization !== undefined ||
      h.accesstoken !== undefined ||
      h.refreshtoken !== undefined ||
      h.apikey !== undefined
    )
      return undefined;
    return `${host}\n${url}\n${h.siteid ?? ''}\n${h.language ?? ''}\n${h.storeid ?? ''}`;
  };

  async function apiRead(
    req: IncomingMessage,
    res: ServerResponse,
    implementation: Implementation,
    params: Record<string, string>,
    url: string,
    requestId: string,
    started: number,
    key: string | undefined,
    counted: number | undefined | Promise<number | undefined>,
  ) {
    const extra: Headers = {};
    // Session cookies the context or the call set (a silent renewal, GET /v1/refresh), kept on errors.
    const responseCookies: string[] = [];
    let status = 200;
    let body: Uint8Array;
    let data: unknown;
    let reads: CacheRead[] | undefined;
    try {
      const retryAfter = await counted;
      if (retryAfter !== undefined) {
        extra['retry-after'] = String(retryAfter);
        throw rateLimited();
      }
      const known = key === undefined ? undefined : memo.get(key);
      if (known) {
        await sendCompressible(
          req,
          res,
          requestId,
          started,
          200,
          { 'content-type': 'application/json' },
          known.bytes,
          {
            get: () => gzipByValue.get(known.shared),
            set: (value) => gzipByValue.set(known.shared, value),
          },
        );
        return;
      }
      const answer = () => answerRead(req, implementation, params, url, requestId, responseCookies);
      if (key === undefined) data = await answer();
      else {
        reads = [];
        data = await recordingCacheReads(reads, answer);
      }
      body = dataResponseBytes(data);
    } catch (error) {
      const failure = deps.errorAnswer(error, requestId);
      status = failure.status;
      body = Buffer.from(JSON.stringify(failure.body));
      data = undefined;
    }
    if (responseCookies.length > 0) extra['set-cookie'] = responseCookies;
    const shared = status === 200 && isSharedCacheValue(data) ? (data as object) : undefined;
    if (shared && key !== undefined && reads && responseCookies.length === 0)
      memo.keep(key, body, shared, reads);
    await sendCompressible(
      req,
      res,
      requestId,
      started,
      status,
      { ...extra, 'content-type': 'application/json' },
      body,
      shared && {
        get: () => gzipByValue.get(shared),
        set: (value) => gzipByValue.set(shared, value),
      },
    );
  }

  /**
   * A memoised answer written without any awaited step (decision 0293): the client is within its
   * budget (counted synchronously) and the memo holds the answer; with gzip only once its compressed
   * bytes exist. Otherwise false, and the request goes the usual way.
   */
  function memoisedRead(
    req: IncomingMessage,
    res: ServerResponse,
    known: MemoAnswer,
    requestId: string,
    started: number,
  ): boolean {
    const encoding = encodingOf(req, known.bytes.length);
    let body: Uint8Array = known.bytes;
    if (encoding === 'gzip') {
      const compressed = gzipByValue.get(known.shared);
      if (!compressed) return false;
      body = compressed;
    }
    const head = preparedHead(known, encoding, () => ({
      headers: { 'content-type': 'application/json' },
      length: body.length,
    }));
    sendPrepared(req, res, requestId, started, head, body);
    return true;
  }

  /** The context, the validated input and the handler's answer (checked against its contract in tests). */
  async function answerRead(
    req: IncomingMessage,
    implementation: Implementation,
    params: Record<string, string>,
    url: string,
    requestId: string,
    responseCookies: string[],
  ) {
    const ctx = await resolveRequestContext(deps.api.sites, { get: (name) => header(req, name) }, requestId, {
      sessions: deps.api.sessions,
      clientAddress: deps.api.clientAddress(req.socket.remoteAddress, header(req, 'x-forwarded-for')),
      responseCookies,
    });
    const { contract } = implementation;
    const input: Record<string, unknown> = {};
    // The order of Hono's validators: query, then path parameters.
    if (contract.query) {
      const queries = getQueryParams(`http://h${url}`) as Record<string, string[]>;
      const value: Record<string, string | string[]> = {};
      for (const [key, values] of Object.entries(queries))
        value[key] = values.length === 1 ? values[0]! : values;
      const result = await parse(contract.query, value);
      if (!result.success) throw validationError(result.error, 'query');
      input.query = result.data;
    }
    if (contract.params) {
      const result = await parse(contract.params, params);
      if (!result.success) throw validationError(result.error, 'param');
      input.params = result.data;
    }
    const data = await implementation.handler(ctx, input);
    if (deps.api.checkOutput) checkContractOutput(contract, data);
    return data;
  }

  async function cachedPage(
    req: IncomingMessage,
    res: ServerResponse,
    pageCache: PageCache,
    host: string,
    url: string,
    fallback: () => void,
  ) {
    let found: Awaited<ReturnType<PageCache['lookupAnswer']>> | undefined;
    try {
      found = await pageCache.lookupAnswer(pageRequest(req, host, url));
    } catch {
      // The app's handler looks again and answers the failure its way.
    }
    if (!found?.answer) {
      fallback();
      return;
    }
    const { requestId, started } = begin(req);
    const answer: PageAnswer = found.answer;
    if (answer.body === null) send(req, res, requestId, started, answer.status, answer.headers, null);
    else await sendCompressible(req, res, requestId, started, answer.status, answer.headers, answer.body);
  }

  const pageRequest = (req: IncomingMessage, host: string, url: string) => ({
    method: 'GET',
    url: `http://${host}${url}`,
    headers: { get: (name: string) => header(req, name) ?? null },
  });

  const begin = (req: IncomingMessage) => {
    const incoming = req.headers['x-request-id'];
    const requestId = requestIdFor(incoming);
    return { requestId, started: logger.isLevelEnabled('info') ? performance.now() : -1 };
  };

  const failed = (res: ServerResponse, error: unknown) => {
    logger.error({ err: error }, 'the HTTP fast lane failed');
    if (res.headersSent) res.destroy();
    else {
      res.writeHead(500, { ...baseHeaders, 'content-type': 'application/json' });
      res.end(
        JSON.stringify(errorBody(new ApiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred.'))),
      );
    }
  };

  return (req, res, fallback) => {
    const url = req.url;
    if (req.method !== 'GET' || !url || url.charCodeAt(0) !== 47) return fallback();
    const queryStart = url.indexOf('?');
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    // Percent-encoded paths and fragments: Hono's own decoding decides those.
    if (path.includes('%') || url.includes('#')) return fallback();
    const host = req.headers.host;
    if (!host || !hostIsValid(host)) return fallback();
    // A repeated header is joined (or dropped, for Host) differently by node and by `Headers`.
    if (req.rawHeaders.length !== 2 * Object.keys(req.headers).length) return fallback();
    // A GET with a framed body (rare) is the app's: the lane answers before the body is read, and a
    // framing error in the body would then come after the answer (decision 0296).
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      return fallback();

    if (path === '/healthz') {
      if (queryStart >= 0) return fallback();
      const { requestId, started } = begin(req);
      // A head built once (decision 0293); `Vary` as the compression middleware gives a small body
      // to a client that takes gzip (the body is far below the threshold: never `gzip`).
      const head = preparedHead(HEALTH_BODY, encodingOf(req, HEALTH_BODY.length), () => ({
        headers: { 'content-type': 'application/json' },
        length: HEALTH_BODY.length,
      }));
      sendPrepared(req, res, requestId, started, head, HEALTH_BODY);
      return;
    }

    if (path.startsWith('/api/')) {
      // CORS answers add headers to every response; those requests take the long way.
      if (req.headers.origin !== undefined) return fallback();
      // A memoised answer was made by a route of this path (the URL is part of its key): it is
      // looked up before the route, and a hit never runs the router.
      const key = memoKey(req, host, url);
      const known = key === undefined ? undefined : memo.get(key);
      let route: [Implementation, Record<string, string>] | undefined;
      if (!known) {
        const [matches] = reads.match('GET', path);
        route = matches[0] as unknown as [Implementation, Record<string, string>] | undefined;
        if (!route) return fallback();
      }
      const { requestId, started } = begin(req);
      let counted: number | undefined | Promise<number | undefined>;
      try {
        // The client's address only when a limit counts it (RATE_LIMIT_PER_MINUTE above 0).
        counted = deps.api.countsRequests
          ? deps.api.countRequest(
              deps.api.clientAddress(req.socket.remoteAddress, header(req, 'x-forwarded-for')),
            )
          : undefined;
        if (counted === undefined && known && memoisedRead(req, res, known, requestId, started)) return;
      } catch (error) {
        counted = Promise.reject(error);
      }
      if (!route) {
        const [matches] = reads.match('GET', path);
        route = matches[0] as unknown as [Implementation, Record<string, string>];
      }
      const [implementation, params] = route;
      apiRead(req, res, implementation, params, url, requestId, started, key, counted).catch(
        (error: unknown) => failed(res, error),
      );
      return;
    }

    const pageCache = deps.pageCache;
    if (!pageCache || deps.routedElsewhere(path)) return fallback();
    const known = pageCache.answerNow(pageRequest(req, host, url));
    if (known?.hit && typeof known.body === 'object' && known.body !== null) {
      const encoding = encodingOf(req, known.body.length);
      // Gzipped from the page's parts deflated once, with this response's nonce (decision 0295).
      const body = encoding === 'gzip' ? gzipWithNonce(known.hit.page, known.hit.nonce) : known.body;
      if (body) {
        const { requestId, started } = begin(req);
        const head = preparedHead(known.hit.page, encoding, () => ({
          headers: known.headers,
          length: body.length,
        }));
        head['content-security-policy'] = known.hit.policy;
        sendPrepared(req, res, requestId, started, head, body);
        return;
      }
    }
    cachedPage(req, res, pageCache, host, url, fallback).catch((error: unknown) => failed(res, error));
  };
}
