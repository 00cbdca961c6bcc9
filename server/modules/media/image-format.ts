/**
 * The choice of output format for a media request. Pure: the media service and its tests share these
 * rules. Size names and media URLs are in core/media.ts, shared with the storefront.
 */

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

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
