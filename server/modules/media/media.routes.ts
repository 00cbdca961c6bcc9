import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { PG_INTEGER_MAX } from '../../../core/input-schemas.ts';
import { mediaSizeOverrides, mediaSizes, mediaUrl, parseSize } from '../../../core/media.ts';
import { ApiError, badRequest, notFound } from '../../api/errors.ts';
import type { Deps } from '../../api/request-context.ts';
import { StorageUnavailableError } from '../../storage/file-storage.ts';
import { chooseFormat, formatMime, imageFormatOf } from './image-format.ts';
import { createMediaService, type MediaFile } from './media.service.ts';

/** The site option whose size boxes drive the resizer (specification 001: media size options). */
export const MEDIA_OPTIONS_KEY = 'MediaOptions';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE_HOURLY = 'public, max-age=3600';
const POSITIVE_ID = /^[1-9][0-9]{0,9}$/;
/** An id the media table can hold; any other names no file (and must not reach the query). */
const isMediaId = (value: string) => POSITIVE_ID.test(value) && Number(value) <= PG_INTEGER_MAX;
/** Seconds a client should wait before asking again while the storage is unreachable. */
const STORAGE_RETRY_AFTER = '10';

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
  const body = Readable.toWeb(file.body) as ReadableStream<Uint8Array>;
  return c.body(body, 200);
}

/**
 * Files and resized images at /media/{apiKeyId}/{id}/{size}/{title}.{extension}[/{hash}], the address
 * `mediaUrl` builds. The title is decoration: lookups use the site and id only.
 */
export function mediaRoutes(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  /** The site's `MediaOptions` option (size boxes that replace the defaults); none: the defaults. */
  siteOption: (siteId: number, key: string) => Promise<unknown> = async () => undefined,
) {
  const service = createMediaService(deps);
  const router = new Hono();

  /** A storage that does not answer gives a quick 503 (within the storage's own time limit). */
  const fromStorage = async <T>(c: Context, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      deps.logger.warn({ err: error }, 'file storage unavailable');
      c.header('Retry-After', STORAGE_RETRY_AFTER);
      throw new ApiError(503, 'STORAGE_UNAVAILABLE', 'Files cannot be read right now; try again shortly.');
    }
  };

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
    if (!isMediaId(apiKeyId) || !isMediaId(id)) throw notFound('No such file.');
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
      const file = await fromStorage(c, () => service.original(row));
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
    const box = mediaSizeOverrides(await siteOption(row.siteId, MEDIA_OPTIONS_KEY))[size] ?? mediaSizes[size];
    const custom =
      box.width === mediaSizes[size].width && box.height === mediaSizes[size].height
        ? ''
        : `-${box.width}x${box.height}`;
    const etag = `"${row.hash}-${size}${custom}-${format}"`;
    const common = { ETag: etag, 'Cache-Control': cacheControl, Vary: 'Accept' };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, common);
    const file = await fromStorage(c, () => service.variant(row, size, format, box));
    if (!file) throw notFound('No such file.');
    return send(c, file, { ...common, 'Content-Type': formatMime[format] });
  };

  router.get('/media/:apiKeyId/:id/:size/:file', handler);
  router.get('/media/:apiKeyId/:id/:size/:file/:hash', handler);
  return router;
}
