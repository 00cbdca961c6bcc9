import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzip = promisify(zlib.gzip);

/** Text formats worth compressing (images, fonts and archives are compressed already). */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|xml|javascript|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

/** Whether an Accept-Encoding header takes gzip (`gzip` or `*` with a non-zero quality). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(',', 20)) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard;
}

/**
 * Gzip for documents, JSON and XML when the client takes it and the body is at least `threshold`
 * bytes (below about 1 KiB the gzip header and the CPU cost more than they save). Unlike hono/compress
 * it adds `Vary` on the response's own headers (its `c.header()` copies the whole response each time)
 * and learns the size of a body without Content-Length by reading it; streamed documents (rendered
 * pages, always larger) are compressed as they stream. Loaders' in-process API calls send no
 * Accept-Encoding, so they are never compressed.
 */
export function compression(options: { threshold: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A client that takes no gzip gets the body as it is, and nothing is touched: an uncompressed
    // answer suits every client, so a shared cache that keeps it without `Vary` serves no one wrongly.
    if (!acceptsGzip(c.req.header('accept-encoding'))) return;
    const response = c.res;
    if (
      c.req.method === 'HEAD' ||
      response.status === 204 ||
      response.status === 206 ||
      response.status === 304
    )
      return;
    const headers = response.headers;
    const type = headers.get('content-type');
    if (!type || !COMPRESSIBLE.test(type) || headers.has('content-encoding')) return;
    if (/no-transform/i.test(headers.get('cache-control') ?? '')) return;
    const declared = headers.get('content-length');
    if (declared !== null && Number(declared) < options.threshold) return;
    const vary = headers.get('vary');
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))
      headers.set('Vary', `${vary}, Accept-Encoding`);
    if (!response.body) return;
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    if (declared === null && type.startsWith('text/html')) {
      // A rendered page streams: compressed as it comes, never held back to be measured.
      headers.delete('content-length');
      headers.set('Content-Encoding', 'gzip');
      c.res = new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
        status: response.status,
        headers,
      });
      return;
    }
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.length < options.threshold) {
      c.res = new Response(body, { status: response.status, headers });
      return;
    }
    const compressed = await gzip(body);
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(compressed.length));
    c.res = new Response(compressed, { status: response.status, headers });
  };
}
