/**
 * The size names in media URLs and the choice of output format. Pure: the media service and its
 * tests share these rules. The size table itself is in core/, shared with the storefront's srcset.
 */
import { type MediaSizeName, mediaSizes } from '../../../core/media-sizes.ts';

/** 'original' serves the stored bytes unchanged. */
export type MediaSize = MediaSizeName | 'original';
export const DEFAULT_MEDIA_SIZE: MediaSizeName = 'MediumSize';

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

const sizeByLowerName = new Map<string, MediaSize>([
  ...(Object.keys(mediaSizes) as MediaSizeName[]).map((name) => [name.toLowerCase(), name] as const),
  ['original', 'original'],
]);

/** The canonical size name for a URL segment, case-insensitively; undefined when unknown. */
export function parseSize(segment: string): MediaSize | undefined {
  return sizeByLowerName.get(segment.toLowerCase());
}

/** Media types with a quality above zero in an Accept header, lower-cased. */
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!type) continue;
    const quality = params.find((param) => param.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    types.add(type);
  }
  return types;
}

/**
 * avif when the client names it, else webp, else the original's own format. Wildcards do not count:
 * `*\/*` from a client that cannot decode avif would otherwise get a broken image. An original that
 * is itself avif or webp falls back to png, which every client decodes and which keeps transparency.
 */
export function chooseFormat(accept: string | undefined, originalFormat: ImageFormat): ImageFormat {
  const types = acceptedTypes(accept);
  if (types.has('image/avif')) return 'avif';
  if (types.has('image/webp')) return 'webp';
  return originalFormat === 'jpeg' || originalFormat === 'png' ? originalFormat : 'png';
}

/** The format sharp can re-encode for a stored mime type; undefined for files served as they are. */
export function imageFormatOf(mime: string): ImageFormat | undefined {
  switch (mime.toLowerCase()) {
    case 'image/jpeg':
    case 'image/jpg':
    case 'image/pjpeg':
      return 'jpeg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    case 'image/avif':
      return 'avif';
    default:
      return undefined;
  }
}

export const formatMime: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};
