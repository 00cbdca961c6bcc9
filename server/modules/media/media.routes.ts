import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { badRequest, notFound } from '../../api/errors.ts';
import type { Deps } from '../../api/request-context.ts';
import { mediaUrl } from '../catalogue/catalogue-reference.ts';
import { createMediaService, type MediaFile } from './media.service.ts';
import { chooseFormat, formatMime, imageFormatOf, mediaSizes, parseSize } from './media-sizes.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE_HOURLY = 'public, max-age=3600';
const POSITIVE_ID = /^[1-9][0-9]{0,9}$/;

/** True when an If-None-Match header lists this entity tag (weak comparison, as for GET). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A header-safe inline disposition that keeps the uploaded name readable. */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name || 'file')}`;
}

function send(c: Context, file: MediaFile, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Content-Length', String(file.size));
  c.header('X-Content-Type-Options', 'nosniff');
  const body = Readable.toWeb(createReadStream(file.filePath)) as ReadableStream<Uint8Array>;
  return c.body(body, 200);
}

/**
 * Files and resized images at /media/{apiKeyId}/{id}/{size}/{title}.{extension}[/{hash}], the address
 * `mediaUrl` builds. The title is decoration: lookups use the site and id only.
 */
export function mediaRoutes(deps: Pick<Deps, 'db' | 'config'>) {
  const service = createMediaService(deps);
  const router = new Hono();

  const handler = async (c: Context) => {
    const size = parseSize(c.req.param('size') ?? '');
    if (!size) {
      throw badRequest(
        `Unknown size; use one of ${[...Object.keys(mediaSizes), 'original'].join(', ')}.`,
        'size',
      );
    }
    const apiKeyId = c.req.param('apiKeyId') ?? '';
    const id = c.req.param('id') ?? '';
    if (!POSITIVE_ID.test(apiKeyId) || !POSITIVE_ID.test(id)) throw notFound('No such file.');
    const row = await service.findPublic(Number(apiKeyId), Number(id));
    if (!row) throw notFound('No such file.');

    const urlHash = c.req.param('hash');
    if (urlHash !== undefined && urlHash.toLowerCase() !== row.hash) {
      c.header('Cache-Control', REVALIDATE_HOURLY);
      return c.redirect(mediaUrl(Number(apiKeyId), row, size), 301);
    }
    const cacheControl = urlHash === undefined ? REVALIDATE_HOURLY : IMMUTABLE;

    const originalFormat = imageFormatOf(row.mime);
    if (!originalFormat || size === 'original') {
      const etag = `"${row.hash}"`;
      const common = { ETag: etag, 'Cache-Control': cacheControl };
      if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, common);
      const file = await service.original(row);
      if (!file) throw notFound('No such file.');
      const headers: Record<string, string> = { ...common, 'Content-Type': row.mime };
      // Uploaded documents may be HTML or SVG; the sandbox keeps their scripts off this origin.
      if (!originalFormat) {
        headers['Content-Disposition'] = inlineDisposition(row.originalName || row.title);
        headers['Content-Security-Policy'] = 'sandbox';
      }
      return send(c, file, headers);
    }

    const format = chooseFormat(c.req.header('accept'), originalFormat);
    const etag = `"${row.hash}-${size}-${format}"`;
    const common = { ETag: etag, 'Cache-Control': cacheControl, Vary: 'Accept' };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, common);
    const file = await service.variant(row, size, format);
    if (!file) throw notFound('No such file.');
    return send(c, file, { ...common, 'Content-Type': formatMime[format] });
  };

  router.get('/media/:apiKeyId/:id/:size/:file', handler);
  router.get('/media/:apiKeyId/:id/:size/:file/:hash', handler);
  return router;
}
