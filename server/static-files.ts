import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

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

/**
 * Serves the client build (hashed assets under /assets get a year of caching). The build is small and
 * immutable while the process runs, so it is held in memory; files are looked up in an index made at
 * start, so a request path can never reach outside the build folder.
 */
export function serveStatic(root: string) {
  const files = new Map<string, { file: string; size: number; body: Buffer }>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        files.set(`/${path.relative(root, full).split(path.sep).join('/')}`, {
          file: full,
          size: fs.statSync(full).size,
          body: fs.readFileSync(full),
        });
    }
  };
  walk(root);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    } catch {
      return false;
    }
    const hit = files.get(pathname);
    if (!hit) return false;
    const immutable = pathname.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': types[path.extname(hit.file)] ?? 'application/octet-stream',
      'content-length': hit.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') res.end();
    else res.end(hit.body);
    return true;
  };
}
