/**
 * Media addresses and sizes, shared by the media server, the API responses and the storefront.
 *
 * The named image sizes of the specification: boxes an original is fitted into, keeping its aspect
 * ratio and never enlarging it. The media server resizes to these boxes and the storefront declares
 * the resulting widths in `srcset`, so both must read the same table.
 *
 * ShareSize is not a box but an exact size: link previews (Open Graph, Twitter cards) lay out a
 * 1200×630 image, so the original is scaled to cover it and cropped at the centre, enlarged when it
 * is smaller (docs/decisions/0212).
 */

type SizeSpec = { width: number; height: number; cover?: true };

export const mediaSizes = {
  ThumbnailSize: { width: 50, height: 50 },
  SmallSize: { width: 320, height: 240 },
  MediumSize: { width: 720, height: 576 },
  LargeSize: { width: 1280, height: 720 },
  LogoSize: { width: 120, height: 60 },
  ShareSize: { width: 1200, height: 630, cover: true },
} as const satisfies Record<string, SizeSpec>;

export type MediaSizeName = keyof typeof mediaSizes;
export type Dimensions = { width: number; height: number };

/** Sizes cropped to exactly their dimensions rather than fitted inside them. */
export const isCoverSize = (size: MediaSizeName) => 'cover' in mediaSizes[size];

/**
 * The dimensions of an image scaled to fit inside a box, keeping its aspect ratio and never
 * enlarging it (sharp's `fit: 'inside', withoutEnlargement: true`).
 */
export function fitInside(original: Dimensions, box: Dimensions): Dimensions {
  if (original.width <= box.width && original.height <= box.height) return { ...original };
  const scale = Math.min(box.width / original.width, box.height / original.height);
  return {
    width: Math.max(1, Math.round(original.width * scale)),
    height: Math.max(1, Math.round(original.height * scale)),
  };
}

type MaybeDimensions = { width: number | null | undefined; height: number | null | undefined };

const known = (media: MaybeDimensions): media is Dimensions =>
  typeof media.width === 'number' && media.width > 0 && typeof media.height === 'number' && media.height > 0;

/** The pixel size of a media item served at a named size; null when the original's size is unknown. */
export function servedSize(media: MaybeDimensions, size: MediaSizeName): Dimensions | null {
  const { width, height } = mediaSizes[size];
  if (isCoverSize(size)) return { width, height };
  return known(media) ? fitInside(media, { width, height }) : null;
}

/**
 * A `srcset` whose width descriptors are the widths the server really produces. Sizes that come out
 * equally wide (a small original is never enlarged) are listed once. Without the original's size the
 * widths are unknown, and a guessed descriptor makes browsers pick a wrong file, so there is none.
 */
export function mediaSrcSet<Size extends MediaSizeName>(
  media: MaybeDimensions,
  sizes: readonly Size[],
  urlAt: (size: Size) => string,
): string | undefined {
  if (!known(media)) return undefined;
  const widths = new Set<number>();
  const entries: string[] = [];
  for (const size of sizes) {
    const { width } = fitInside(media, mediaSizes[size]);
    if (widths.has(width)) continue;
    widths.add(width);
    entries.push(`${urlAt(size)} ${width}w`);
  }
  return entries.join(', ');
}

/** 'original' serves the stored bytes unchanged. */
export type MediaSize = MediaSizeName | 'original';

const sizeByLowerName = new Map<string, MediaSize>([
  ...(Object.keys(mediaSizes) as MediaSizeName[]).map((name) => [name.toLowerCase(), name] as const),
  ['original', 'original'],
]);

/** The canonical size name for a URL segment, case-insensitively; undefined when unknown. */
export function parseSize(segment: string): MediaSize | undefined {
  return sizeByLowerName.get(segment.toLowerCase());
}

/** A media item as API responses describe it: its address at the default size and its original's size. */
export type MediaView = {
  id: number;
  url: string;
  width: number | null;
  height: number | null;
  title: string;
  alt: string;
  mime: string;
};

/** Letters, digits and dashes: the readable part of a media URL. */
function urlName(text: string): string {
  const name = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replaceAll('đ', 'd')
    .replaceAll('Đ', 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return name || 'image';
}

/**
 * The specification's media address: /media/{apiKeyId}/{id}/{size}/{title}.{extension}/{hash}. The
 * hash changes with the file, so the address can be cached for ever.
 */
export function mediaUrl(
  apiKeyId: number,
  row: { id: number; title: string; originalName: string; extension: string; hash: string },
  size: MediaSize = 'MediumSize',
): string {
  const base = row.originalName.replace(/\.[^.]*$/, '') || row.title;
  return `/media/${apiKeyId}/${row.id}/${size}/${urlName(base)}.${row.extension}/${row.hash}`;
}

/** The same media address at another size: the size is one path segment. */
export function mediaAtSize(url: string, size: MediaSizeName): string {
  return url.replace(/\/(Thumbnail|Small|Medium|Large|Logo|Share)Size\//, `/${size}/`);
}

/**
 * A media item by id alone, when only the id is known (site logos, section images): the title part
 * of the address is free and there is no hash, since the server looks media up by id.
 */
export const mediaById = (apiKeyId: number, mediaId: number, size: MediaSizeName, name = 'image') =>
  `/media/${apiKeyId}/${mediaId}/${size}/${encodeURIComponent(name)}.png`;

/** The size an image is served at; the size's box when the original's size is unknown. */
export function servedOrBox(media: MaybeDimensions, size: MediaSizeName): Dimensions {
  const { width, height } = mediaSizes[size];
  return servedSize(media, size) ?? { width, height };
}

/**
 * The site's media size options (the `MediaOptions` option: `[{key: 'SmallSize', value: '400x300'}]`,
 * as specification 001 describes media size options) as boxes per size name. Unknown names, malformed
 * values and sizes outside 1..4000 pixels are ignored: the named size keeps its default box.
 */
export function mediaSizeOverrides(value: unknown): Partial<Record<MediaSizeName, Dimensions>> {
  const overrides: Partial<Record<MediaSizeName, Dimensions>> = {};
  if (!Array.isArray(value)) return overrides;
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    const { key, value: box } = entry as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || !Object.hasOwn(mediaSizes, key) || typeof box !== 'string') continue;
    const match = /^\s*(\d{1,4})\s*x\s*(\d{1,4})\s*$/i.exec(box);
    if (!match) continue;
    const width = Number(match[1]);
    const height = Number(match[2]);
    if (width < 1 || height < 1 || width > 4000 || height > 4000) continue;
    overrides[key as MediaSizeName] = { width, height };
  }
  return overrides;
}
