import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Deps } from '../../api/request-context.ts';
import { sites } from '../site/site.schema.ts';
import { media } from './media.schema.ts';
import { type ImageFormat, type MediaSizeName, mediaSizes } from './media-sizes.ts';

export type PublicMedia = {
  id: number;
  path: string;
  title: string;
  originalName: string;
  mime: string;
  extension: string;
  hash: string;
};

export type MediaFile = { filePath: string; size: number };

const HASH = /^[0-9a-f]{64}$/;

const encoderOptions: Record<ImageFormat, Record<string, number | boolean>> = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 80 },
  jpeg: { quality: 82, mozjpeg: true },
  png: { compressionLevel: 9 },
};

export function createMediaService({ db, config }: Pick<Deps, 'db' | 'config'>) {
  const mediaDir = path.resolve(config.mediaDir);
  const cacheDir = path.join(mediaDir, '.cache');
  /** Variants being rendered by this process, so that simultaneous first requests render once. */
  const rendering = new Map<string, Promise<void>>();

  /** A public media row of the site with this api key id. */
  async function findPublic(apiKeyId: number, id: number): Promise<PublicMedia | undefined> {
    const [row] = await db
      .select({
        id: media.id,
        path: media.path,
        title: media.title,
        originalName: media.originalName,
        mime: media.mime,
        extension: media.extension,
        hash: media.hash,
      })
      .from(media)
      .innerJoin(sites, eq(sites.id, media.siteId))
      .where(and(eq(sites.apiKeyId, apiKeyId), eq(media.id, id), eq(media.access, 'public')));
    return row;
  }

  /** The stored file, or undefined when it is missing or its path would leave the media directory. */
  async function original(row: PublicMedia): Promise<MediaFile | undefined> {
    const filePath = path.resolve(mediaDir, row.path);
    if (!filePath.startsWith(mediaDir + path.sep)) return undefined;
    const stat = await fs.stat(filePath).catch(() => undefined);
    return stat?.isFile() ? { filePath, size: stat.size } : undefined;
  }

  /**
   * The resized variant, rendered on first use into `.cache/<hash>-<size>.<format>`. It is written to
   * a temporary name and renamed, so another request or process never reads a half-written file.
   */
  async function variant(
    row: PublicMedia,
    size: MediaSizeName,
    format: ImageFormat,
  ): Promise<MediaFile | undefined> {
    if (!HASH.test(row.hash)) return undefined;
    const filePath = path.join(cacheDir, `${row.hash}-${size}.${format}`);
    const existing = await fs.stat(filePath).catch(() => undefined);
    if (existing) return { filePath, size: existing.size };
    const source = await original(row);
    if (!source) return undefined;
    let pending = rendering.get(filePath);
    if (!pending) {
      pending = render(source.filePath, filePath, size, format).finally(() => rendering.delete(filePath));
      rendering.set(filePath, pending);
    }
    await pending;
    const stat = await fs.stat(filePath);
    return { filePath, size: stat.size };
  }

  async function render(source: string, target: string, size: MediaSizeName, format: ImageFormat) {
    await fs.mkdir(cacheDir, { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await sharp(source)
        .rotate()
        .resize({ ...mediaSizes[size], fit: 'inside', withoutEnlargement: true })
        .toFormat(format, encoderOptions[format])
        .toFile(temporary);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  return { findPublic, original, variant };
}

export type MediaService = ReturnType<typeof createMediaService>;
