import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.webmanifest', '.ico']);
/** Below this size the headers of a compressed answer cost more than they save. */
const MIN_COMPRESS_BYTES = 512;

type StaticFile = { type: string; body: Buffer; br?: Buffer; gzip?: Buffer };

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Serves the client build (hashed assets under /assets get a year of caching). The build is small and
 * immutable while the process runs, so it is held in memory, with text files compressed once at start
 * (brotli at its highest quality and gzip) and answered by the request's Accept-Encoding. Files are
 * looked up in an index made at start, so a request path can never reach outside the build folder.
 */
export function serveStatic(root: string, extraHeaders: readonly [string, string][] = []) {
  const commonHeaders = Object.fromEntries(extraHeaders.map(([name, value]) => [name.toLowerCase(), value]));
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const extension = path.extname(full);
      const body = fs.readFileSync(full);
      const file: StaticFile = { type: types[extension] ?? 'application/octet-stream', body };
      if (COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESS_BYTES) {
        file.br = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        file.gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
      }
      files.set(`/${path.relative(root, full).split(path.sep).join('/')}`, file);
    }
  };
  walk(root);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // Every request passes here first: the path is decoded only when it has an escape (decoding a
    // path without `%` gives the same string).
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    let pathname = queryStart < 0 ? url : url.slice(0, queryStart);
    if (pathname.includes('%'))
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false;
      }
    const hit = files.get(pathname);
    if (!hit) return false;
    const immutable = pathname.startsWith('/assets/');
    const encoding = hit.br ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    const body = encoding ? (hit[encoding] ?? hit.body) : hit.body;
    res.writeHead(200, {
      ...commonHeaders,
      'content-type': hit.type,
      'content-length': body.length,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      ...(hit.br ? { vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else res.end(body);
    return true;
  };
}
