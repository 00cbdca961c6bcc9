import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { CONSENT_COOKIE, parseConsent } from '../../core/cookie-consent.ts';
import { readCookie } from '../../core/cookies.ts';
import { isUiLanguage, rankedUiLanguages } from '../../core/languages.ts';
import { EDIT_MODE_PARAM, hasPersonalCookie, LANGUAGE_COOKIE } from '../../core/visitor-cookies.ts';
import type { Cache } from '../cache/cache.ts';
import type { CacheRead } from '../cache/memory-cache.ts';
import { normalizeHost, type SiteService, siteCacheTag } from '../modules/site/site.service.ts';
import { recordingCacheReads } from './answer-memo.ts';
import { crc32Combine } from './crc32-combine.ts';
import { createNonce, documentCsp, type SecurityHeaderOptions } from './security-headers.ts';

/** The cache namespace of rendered pages (the admin caches page lists and empties it like any other). */
export const PAGE_CACHE_NAMESPACE = 'pages';

/** How a response says where it came from: `HIT`, `MISS` (rendered, now stored), `BYPASS` (personal). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache';

/**
 * How long a CDN may serve a stale copy while it asks again. Kept short: a shared cache outside the
 * shop is not reached by our invalidation, so its copy lives at most s-maxage plus this.
 */
const STALE_WHILE_REVALIDATE_SECONDS = 60;
/** A page larger than this is rendered every time rather than held (a whole catalogue on one page). */
const MAX_PAGE_BYTES = 1024 * 1024;
/** Keys longer than this are hashed: a 2 kB query would make a 2 kB Redis key and tag-set entry. */
const MAX_PLAIN_KEY_LENGTH = 200;
/** Pages found without a lookup (see `memo` in createPageCache), at most this many. */
const MAX_MEMO_ENTRIES = 1000;

/**
 * One cached page: the document split where its nonce was, so that every response gets a fresh
 * nonce (the stored one is never sent), with the headers it had apart from the per-response ones.
 */
type CachedPage = {
  parts: string[];
  headers: [string, string][];
  etag: string;
  /** Headers the variant was chosen by, for `Vary`. */
  vary: string;
};

export type PagePlan =
  /** Not a request for a shared page: rendered and sent as it is. */
  | { kind: 'pass' }
  /** A visitor with their own state (session, cart, edit mode): rendered for them alone, never shared. */
  | { kind: 'personal' }
  /** A shared page that was not in the cache: rendered, then stored when it may be shared. */
  | { kind: 'miss'; key: string; siteId: number; vary: string };

/** What the page cache reads of a request: a `Request`, or the fast lane's view of a node request. */
export type PageRequest = {
  method: string;
  /** The absolute URL (`http://host/path?query`). */
  url: string;
  headers: { get(name: string): string | null };
};

/** A cached page's answer for one visitor, before it becomes a `Response` or a node response. */
export type PageAnswer = {
  status: 200 | 304;
  headers: Record<string, string>;
  body: BodyPieces | string | null;
  /**
   * A 200 from the cache: the stored page (the same object while it is cached) and this response's
   * policy, so that the fast lane can reuse the response head it built for the page (decision 0293).
   */
  hit?: { page: object; policy: string; nonce: string };
};

export type PageCacheOptions = {
  cache: Cache;
  sites: Pick<SiteService, 'siteIdForHost' | 'siteById' | 'origin'>;
  /** Seconds a page stays in the server's cache; 0 turns the page cache off. */
  ttlSeconds: number;
  /** `s-maxage` of a shared page: how long a CDN in front of the shop may keep it. */
  cdnSeconds: number;
  /** Maintenance mode: its 503 page is never stored, and nothing is served from the cache meanwhile. */
  maintenance: boolean;
  security: SecurityHeaderOptions;
};

/** Response headers that belong to one response, never to the stored page. */
const perResponseHeaders = new Set([
  'content-security-policy',
  'content-length',
  'content-encoding',
  'x-request-id',
  'date',
  'set-cookie',
  'etag',
  'cache-control',
  'vary',
  'x-page-cache',
]);

/**
 * The state of the consent cookie reduced to what a page shows for it: no choice yet (the banner) or
 * the chosen categories in a fixed order (which tracking scripts load). At most five variants.
 */
function consentVariant(cookieHeader: string | null): string {
  const consent = parseConsent(readCookie(cookieHeader, CONSENT_COOKIE));
  return consent === null ? 'none' : consent.join('+');
}

/** Whether one ETag of an If-None-Match header names the page (weak comparison, as for GET). */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** The document as bytes with the place of each nonce; built once per page object the cache hands out. */
type Template = { bytes: Buffer; offsets: number[]; nonceLength: number };
const templates = new WeakMap<CachedPage, Template>();

/**
 * The page's body with this response's nonce, as pieces to write one after the other: views into the
 * page's bytes (no copy) and the nonce between them. The memory cache hands out the same page object
 * on every hit, so its bytes are encoded once; copying the whole document for every response (to write
 * the nonce into the copy) made a cached page cost its size in allocation and garbage collection.
 */
function bodyWithNonce(page: CachedPage, nonce: string): BodyPieces | string {
  let template = templates.get(page);
  if (!template) {
    const nonceLength = Buffer.byteLength(nonce);
    const attribute = (value: string) => Buffer.from(`nonce="${value}"`);
    const chunks: Buffer[] = [];
    const offsets: number[] = [];
    let length = 0;
    page.parts.forEach((part, index) => {
      if (index > 0) {
        offsets.push(length + 'nonce="'.length);
        const placeholder = attribute('\u0000'.repeat(nonceLength));
        chunks.push(placeholder);
        length += placeholder.length;
      }
      const bytes = Buffer.from(part);
      chunks.push(bytes);
      length += bytes.length;
    });
    template = { bytes: Buffer.concat(chunks, length), offsets, nonceLength };
    templates.set(page, template);
  }
  // Nonces all have one length (createNonce); another length falls back to joining the text.
  if (Buffer.byteLength(nonce) !== template.nonceLength) return page.parts.join(`nonce="${nonce}"`);
  const pieces: (Uint8Array | string)[] = [];
  let from = 0;
  for (const offset of template.offsets) {
    pieces.push(template.bytes.subarray(from, offset), nonce);
    from = offset + template.nonceLength;
  }
  pieces.push(template.bytes.subarray(from));
  return { pieces, length: template.bytes.length };
}

/**
 * The page's fixed parts compressed once (raw deflate, each ended by a full flush: byte-aligned), with
 * each part's CRC-32 and length for the trailer.
 */
const deflatedParts = new WeakMap<CachedPage, { deflated: Buffer; crc: number; length: number }[]>();
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends the deflate stream. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * The page's body with this response's nonce, gzipped without compressing the page again (decision
 * 0295): the parts between nonces are deflated once (a full flush after each, so that each ends on
 * a byte boundary and refers to nothing before it), and each response puts its nonce between them as
 * a stored block, then the final block and the gzip trailer (CRC-32 of the whole body and its
 * length). Undefined when the page is not a page object the cache handed out, or the nonce's length
 * differs from the template's (then the caller compresses the body as usual).
 */
export function gzipWithNonce(page: object, nonce: string): BodyPieces | undefined {
  const cached = page as CachedPage;
  const template = templates.get(cached);
  if (!template || Buffer.byteLength(nonce) !== template.nonceLength || template.nonceLength > 0xffff)
    return undefined;
  let parts = deflatedParts.get(cached);
  if (!parts) {
    const raw: Buffer[] = [];
    let from = 0;
    for (const offset of template.offsets) {
      raw.push(template.bytes.subarray(from, offset));
      from = offset + template.nonceLength;
    }
    raw.push(template.bytes.subarray(from));
    parts = raw.map((part) => ({
      deflated: zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_FULL_FLUSH }),
      crc: zlib.crc32(part),
      length: part.length,
    }));
    deflatedParts.set(cached, parts);
  }
  const nonceBytes = Buffer.from(nonce, 'latin1');
  const stored = Buffer.alloc(5 + nonceBytes.length);
  stored.writeUInt16LE(nonceBytes.length, 1);
  stored.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(stored, 5);
  const nonceCrc = zlib.crc32(nonceBytes);
  const pieces: Buffer[] = [GZIP_HEADER];
  // The body's CRC from the parts' own, combined with the nonce's (decision 0565): the page is not read again.
  let crc = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(stored);
      crc = crc32Combine(crc, nonceCrc, nonceBytes.length);
    }
    pieces.push(part.deflated);
    crc = crc32Combine(crc, part.crc, part.length);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(template.bytes.length >>> 0, 4);
  pieces.push(LAST_BLOCK, trailer);
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return { pieces, length };
}

/** A body in pieces (views into a cached page and its nonces) and its length in bytes. */
export type BodyPieces = { pieces: readonly (Uint8Array | string)[]; length: number };

/** The pieces as one buffer (for a `Response`, or to compress). */
export function joinPieces(body: BodyPieces): Buffer {
  return Buffer.concat(
    body.pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece)),
    body.length,
  );
}

/**
 * The server-side cache of rendered pages for visitors without state of their own (docs/decisions/
 * 0130). Keyed by site, the origin links are written with, path and query, the consent state and (on
 * `/` only, which may redirect by language) the visitor's language preference. Stored in the shared
 * cache with the site's tag, so the one invalidation every content write makes (invalidateSiteContent)
 * drops the site's pages on every process.
 */
export function createPageCache(options: PageCacheOptions) {
  const { cache, sites } = options;
  const enabled = options.ttlSeconds > 0 && !options.security.dev;
  const cacheControl =
    options.cdnSeconds > 0
      ? `public, max-age=0, s-maxage=${options.cdnSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
      : 'public, max-age=0, must-revalidate';

  // The policy around its nonce, built once: only the nonce changes from one response to the next.
  const [policyHead = '', policyTail = ''] = documentCsp('\u0000', options.security).split('\u0000');
  /** Stored headers as a plain object (memoised per page object): node-server writes those directly. */
  const headerObjects = new WeakMap<CachedPage, Record<string, string>>();

  /** The answer for one visitor: a fresh nonce in the body and in the policy, or 304 when unchanged. */
  function answer(page: CachedPage, request: PageRequest, state: 'HIT' | 'MISS'): PageAnswer {
    let stored = headerObjects.get(page);
    if (!stored) {
      stored = Object.fromEntries(page.headers);
      headerObjects.set(page, stored);
    }
    const headers: Record<string, string> = {
      ...stored,
      etag: page.etag,
      'cache-control': cacheControl,
      // Accept-Encoding too: the 304 must name what the 200 (compressed by the middleware) varied by.
      vary: `${page.vary}, Accept-Encoding`,
      'x-page-cache': state,
    };
    const ifNoneMatch = request.headers.get('if-none-match');
    if (ifNoneMatch && matchesEtag(ifNoneMatch, page.etag)) {
      // No policy on a 304: the browser keeps the one that came with its copy, whose nonce matches
      // that copy's scripts (a 304's headers replace the stored ones).
      for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name];
      return { status: 304, headers, body: null };
    }
    const nonce = createNonce();
    const policy = policyHead + nonce + policyTail;
    headers['content-security-policy'] = policy;
    if (request.method === 'HEAD') return { status: 200, headers, body: null };
    return {
      status: 200,
      headers,
      body: bodyWithNonce(page, nonce),
      ...(state === 'HIT' ? { hit: { page, policy, nonce } } : {}),
    };
  }

  const toResponse = ({ status, headers, body }: PageAnswer) =>
    new Response((body === null || typeof body === 'string' ? body : joinPieces(body)) as BodyInit | null, {
      status,
      headers,
    });

  /** Origins per site object and Host (bounded: any Host header may arrive). */
  const origins = new WeakMap<object, Map<string, string>>();
  const originOf = (site: NonNullable<Awaited<ReturnType<typeof sites.siteById>>>, host: string | null) => {
    let byHost = origins.get(site);
    if (!byHost) {
      byHost = new Map();
      origins.set(site, byHost);
    }
    const key = host ?? '';
    let origin = byHost.get(key);
    if (origin === undefined) {
      origin = sites.origin(site, host ?? undefined);
      if (byHost.size < 64) byHost.set(key, origin);
    }
    return origin;
  };

  /**
   * Pages by what a request's key is made of (Host, path and query, the consent and language variant),
   * with the memory-cache reads the lookup made (the site of the Host, the site, the page): while each
   * of those entries still holds the value it held, the same request finds the same page, so it is
   * answered without the lookup's awaited steps (decision 0293, as the API answers of 0292). A page
   * the cache dropped (a content change drops the site's tag), a site or domain entry replaced or
   * expired, or a flush makes the next lookup run again. With Redis nothing is recorded: no memo.
   */
  const memo = new Map<string, { page: CachedPage; reads: readonly CacheRead[] }>();

  /** The variant of a shared page's key, or undefined for a request the cache never shares. */
  function variantOf(request: PageRequest, cookieHeader: string | null, pathAndQuery: string) {
    if (hasPersonalCookie(cookieHeader) || pathAndQuery.includes(`${EDIT_MODE_PARAM}=`)) return undefined;
    let variant = `c=${consentVariant(cookieHeader)}`;
    let vary = 'Cookie';
    // The root may redirect by the language cookie or Accept-Language (site option DetectLanguage).
    const queryStart = pathAndQuery.indexOf('?');
    if ((queryStart < 0 ? pathAndQuery : pathAndQuery.slice(0, queryStart)) === '/') {
      const chosen = readCookie(cookieHeader, LANGUAGE_COOKIE);
      const preferred = rankedUiLanguages(request.headers.get('accept-language')).join('+');
      variant += `|l=${isUiLanguage(chosen) ? chosen : '-'}:${preferred}`;
      vary = 'Cookie, Accept-Language';
    }
    return { variant, vary };
  }

  const pathAndQueryOf = (url: string) => {
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    return pathStart < 0 ? '/' : url.slice(pathStart);
  };

  /** The cached page's answer without any awaited step, when the memo knows the request's page. */
  function answerNow(request: PageRequest): PageAnswer | undefined {
    if (!enabled || options.maintenance || (request.method !== 'GET' && request.method !== 'HEAD'))
      return undefined;
    const pathAndQuery = pathAndQueryOf(request.url);
    const chosen = variantOf(request, request.headers.get('cookie'), pathAndQuery);
    if (!chosen) return undefined;
    const memoKey = `${request.headers.get('host') ?? ''}\n${pathAndQuery}\n${chosen.variant}`;
    const known = memo.get(memoKey);
    if (!known) return undefined;
    for (const read of known.reads)
      if (!read.cache.holds(read.key, read.value)) {
        memo.delete(memoKey);
        return undefined;
      }
    return answer(known.page, request, 'HIT');
  }

  /** Before rendering: the cached page's answer, or how to treat the page about to be rendered. */
  async function lookupAnswer(
    request: PageRequest,
  ): Promise<{ answer: PageAnswer } | { answer?: undefined; plan: PagePlan }> {
    if (!enabled || options.maintenance || (request.method !== 'GET' && request.method !== 'HEAD'))
      return { plan: { kind: 'pass' } };
    const known = answerNow(request);
    if (known) return { answer: known };
    const cookieHeader = request.headers.get('cookie');
    const pathAndQuery = pathAndQueryOf(request.url);
    const chosen = variantOf(request, cookieHeader, pathAndQuery);
    if (!chosen) return { plan: { kind: 'personal' } };
    const { variant, vary } = chosen;
    const host = request.headers.get('host');
    const reads: CacheRead[] = [];
    const found = await recordingCacheReads(reads, async () => {
      const siteId = await sites.siteIdForHost(normalizeHost(host));
      const site = siteId === null ? undefined : await sites.siteById(siteId);
      if (siteId === null || !site) return undefined;
      let key = `${siteId}|${originOf(site, host)}|${pathAndQuery}|${variant}`;
      if (key.length > MAX_PLAIN_KEY_LENGTH)
        key = `${siteId}|#${createHash('sha256').update(key).digest('base64url')}`;
      const page = await cache.get<CachedPage>(PAGE_CACHE_NAMESPACE, key).catch(() => undefined);
      return { siteId, key, page };
    });
    if (!found) return { plan: { kind: 'pass' } };
    const { siteId, key, page } = found;
    if (page) {
      // Kept only when every read hit and the page is one of them (a memory cache's own object).
      if (
        reads.length > 0 &&
        reads.every((read) => read.value !== undefined) &&
        reads.some((read) => read.value === page)
      ) {
        const memoKey = `${host ?? ''}\n${pathAndQuery}\n${variant}`;
        memo.delete(memoKey);
        memo.set(memoKey, { page, reads });
        if (memo.size > MAX_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
      }
      return { answer: answer(page, request, 'HIT') };
    }
    return { plan: { kind: 'miss', key, siteId, vary } };
  }

  /** Before rendering: the cached page, or how to treat the page about to be rendered. */
  async function lookup(
    request: PageRequest,
  ): Promise<{ response: Response } | { response?: undefined; plan: PagePlan }> {
    const found = await lookupAnswer(request);
    return found.answer ? { response: toResponse(found.answer) } : { plan: found.plan };
  }

  /**
   * After rendering: a page that may be shared (200, HTML, no cookie set, no `no-store`/`private`)
   * is stored and sent like a cached one; a personal page is marked so that no shared cache keeps it.
   */
  async function finish(
    plan: PagePlan,
    response: Response,
    nonce: string,
    request: PageRequest,
  ): Promise<Response> {
    if (plan.kind === 'pass') return response;
    if (plan.kind === 'personal') {
      if (!response.headers.has('cache-control')) response.headers.set('Cache-Control', 'private, no-cache');
      response.headers.set(PAGE_CACHE_HEADER, 'BYPASS');
      return response;
    }
    const cacheControl = response.headers.get('cache-control') ?? '';
    const shareable =
      response.status === 200 &&
      nonce !== '' &&
      response.body !== null &&
      (response.headers.get('content-type') ?? '').startsWith('text/html') &&
      !response.headers.has('set-cookie') &&
      !/no-store|private|no-cache/i.test(cacheControl);
    if (!shareable) return response;
    const html = await response.text();
    const rebuilt = () => new Response(html, { status: response.status, headers: response.headers });
    if (html.length > MAX_PAGE_BYTES) return rebuilt();
    const parts = html.split(`nonce="${nonce}"`);
    // The nonce anywhere else than in a nonce attribute (it never is today) could not be replaced.
    if (parts.some((part) => part.includes(nonce))) return rebuilt();
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers)
      if (!perResponseHeaders.has(name)) headers.push([name, value]);
    const digest = createHash('sha256');
    for (const part of parts) digest.update(part).update('\u0000');
    for (const [name, value] of headers) digest.update(`${name}:${value}\n`);
    const page: CachedPage = {
      parts,
      headers,
      etag: `W/"${digest.digest('base64url').slice(0, 27)}"`,
      vary: plan.vary,
    };
    await cache
      .set(PAGE_CACHE_NAMESPACE, plan.key, page, {
        ttlSeconds: options.ttlSeconds,
        tags: [siteCacheTag(plan.siteId)],
      })
      .catch(() => {});
    return toResponse(answer(page, request, 'MISS'));
  }

  return { lookup, lookupAnswer, answerNow, finish };
}

export type PageCache = ReturnType<typeof createPageCache>;
