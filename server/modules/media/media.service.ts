import { Readable } from 'node:stream';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  type Dimensions,
  isCoverSize,
  type MediaSizeName,
  type MediaView,
  mediaSizes,
  mediaUrl,
} from '../../../core/media.ts';
import type { Deps } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { idsOfSite } from '../../db/site-ids.ts';
import { isValidStorageKey } from '../../storage/file-storage.ts';
import { siteIdForApiKeyId } from '../site/site.service.ts';
import { formatMime, type ImageFormat } from './image-format.ts';
import { media } from './media.schema.ts';

export type PublicMedia = {
  id: number;
  siteId: number;
  path: string;
  title: string;
  originalName: string;
  mime: string;
  extension: string;
  hash: string;
};

/** Of `ids`, those that are files of this site (what a write naming media ids checks first). */
export const existingMediaIds = (db: Pick<Db, 'select'>, siteId: number, ids: number[]) =>
  idsOfSite(db, media, siteId, ids);

/** The columns a response's media item is made of (`mediaView`). */
type MediaRow = {
  id: number;
  title: string;
  description: string;
  originalName: string;
  extension: string;
  hash: string;
  width: number | null;
  height: number | null;
  mime: string;
};

/** A media row as responses describe it, with its address at `size`. */
function mediaView(apiKeyId: number, row: MediaRow, size: MediaSizeName): MediaView {
  return {
    id: row.id,
    url: mediaUrl(apiKeyId, row, size),
    width: row.width,
    height: row.height,
    title: row.title,
    alt: row.description || row.title,
    mime: row.mime,
  };
}

/**
 * Media items by id as responses describe them, with their address at `size`: what other modules
 * use to show an image (a product's pictures, a post's cover, a category's image).
 */
export async function loadMedia(
  db: Db,
  apiKeyId: number,
  ids: number[],
  size: MediaSizeName = 'MediumSize',
): Promise<Map<number, MediaView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: media.id,
      title: media.title,
      description: media.description,
      originalName: media.originalName,
      extension: media.extension,
      hash: media.hash,
      width: media.width,
      height: media.height,
      mime: media.mime,
    })
    .from(media)
    .where(inArray(media.id, unique));
  return new Map(rows.map((row) => [row.id, mediaView(apiKeyId, row, size)]));
}

/**
 * For another module's JSON-building statement: the media item whose id is `mediaId` (an SQL
 * expression) as a JSON array, SQL null when there is none. `mediaOfJson` reads it back as `loadMedia`
 * describes it, so a statement that gathers everything a card shows needs no second query for images.
 */
export const mediaJsonById = (mediaId: SQL) =>
  sql`(select json_build_array(m.id, m.title, m.description, m.original_name, m.extension, m.hash,
        m.width, m.height, m.mime) from media m where m.id = ${mediaId})`;

export type MediaJson = [
  number,
  string,
  string,
  string,
  string,
  string,
  number | null,
  number | null,
  string,
];

/** A `mediaJsonById` value as `loadMedia` gives it. */
export function mediaOfJson(
  apiKeyId: number,
  json: MediaJson,
  size: MediaSizeName = 'MediumSize',
): MediaView {
  const [id, title, description, originalName, extension, hash, width, height, mime] = json;
  return mediaView(
    apiKeyId,
    { id, title, description, originalName, extension, hash, width, height, mime },
    size,
  );
}

/** Bytes to send; the caller consumes or destroys the stream. */
export type MediaFile = { body: Readable; size: number };

const HASH = /^[0-9a-f]{64}$/;

// libvips keeps the results of recent operations (up to 50 MB) to reuse them; every variant here is
// rendered once and then read from the storage, so nothing would be reused (docs/decisions/0152).
sharp.cache(false);

/** Where resized variants live in the storage, beside the originals. */
const VARIANT_PREFIX = '.cache';

const encoderOptions: Record<ImageFormat, Record<string, number | boolean>> = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 80 },
  jpeg: { quality: 82, mozjpeg: true },
  png: { compressionLevel: 9 },
};

/**
 * The storage key of a resized variant: one per original (by hash), size and format, and per box when
 * the site's media options change the size's default box (so a changed option renders anew).
 */
export function variantKey(hash: string, size: MediaSizeName, format: ImageFormat, box?: Dimensions): string {
  const custom = box && !sameBox(box, mediaSizes[size]) ? `-${box.width}x${box.height}` : '';
  return `${VARIANT_PREFIX}/${hash}-${size}${custom}.${format}`;
}

const sameBox = (a: Dimensions, b: Dimensions) => a.width === b.width && a.height === b.height;

/**
 * Media rows and their bytes. Originals and resized variants are read from the configured storage,
 * which every process shares; a variant missing there is rendered from the original and stored,
 * so whichever process renders it first renders it for all of them.
 */
export function createMediaService({ db, storage, logger }: Pick<Deps, 'db' | 'storage' | 'logger'>) {
  /** Variants being rendered by this process, so that simultaneous first requests render once. */
  const rendering = new Map<string, Promise<Buffer | undefined>>();

  /** A public media row of the site with this api key id. */
  async function findPublic(apiKeyId: number, id: number): Promise<PublicMedia | undefined> {
    const siteId = await siteIdForApiKeyId(db, apiKeyId);
    if (siteId === null) return undefined;
    const [row] = await db
      .select({
        id: media.id,
        siteId: media.siteId,
        path: media.path,
        title: media.title,
        originalName: media.originalName,
        mime: media.mime,
        extension: media.extension,
        hash: media.hash,
      })
      .from(media)
      .where(and(eq(media.siteId, siteId), eq(media.id, id), eq(media.access, 'public')));
    return row;
  }

  /** The stored original, or undefined when it is missing or its path is not a valid storage key. */
  async function original(row: PublicMedia): Promise<MediaFile | undefined> {
    if (!isValidStorageKey(row.path)) return undefined;
    const file = await storage.get(row.path);
    return file && { body: file.body, size: file.size };
  }

  /** The resized variant: from the storage, else rendered now (once per process at a time) and stored. */
  async function variant(
    row: PublicMedia,
    size: MediaSizeName,
    format: ImageFormat,
    box: Dimensions = mediaSizes[size],
  ): Promise<MediaFile | undefined> {
    if (!HASH.test(row.hash)) return undefined;
    const key = variantKey(row.hash, size, format, box);
    const stored = await storage.get(key);
    if (stored) return { body: stored.body, size: stored.size };
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(row, key, size, format, box).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    const data = await pending;
    return data && { body: Readable.from(data), size: data.length };
  }

  async function render(
    row: PublicMedia,
    key: string,
    size: MediaSizeName,
    format: ImageFormat,
    box: Dimensions,
  ): Promise<Buffer | undefined> {
    const source = await original(row);
    if (!source) return undefined;
    const input = Buffer.concat(await source.body.toArray());
    const data = await sharp(input)
      .rotate()
      .resize(
        isCoverSize(size)
          ? { width: box.width, height: box.height, fit: 'cover' }
          : {
              width: box.width,
              height: box.height,
              fit: 'inside',
              withoutEnlargement: true,
            },
      )
      .toFormat(format, encoderOptions[format])
      .toBuffer();
    // Serving does not depend on the write: a variant that could not be stored is rendered again
    // on a later request.
    await storage.put(key, data, { contentType: formatMime[format] }).catch((error: unknown) => {
      logger.warn({ err: error, key }, 'resized image not stored');
    });
    return data;
  }

  return { findPublic, original, variant };
}

export type MediaService = ReturnType<typeof createMediaService>;
