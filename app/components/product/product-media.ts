import type { MediaView } from '../../../server/modules/catalogue/catalogue-reference.ts';

/** The named sizes a product image is offered in (server/modules/media/media-sizes.ts). */
export const productImageSizes = {
  SmallSize: { width: 320, height: 240 },
  MediumSize: { width: 720, height: 576 },
  LargeSize: { width: 1280, height: 720 },
} as const;

export type ProductImageSize = keyof typeof productImageSizes;

/** API media URLs carry the size as one path segment. */
export function imageAt(media: Pick<MediaView, 'url'>, size: ProductImageSize): string {
  return media.url.replace(/\/(Thumbnail|Small|Medium|Large|Logo)Size\//, `/${size}/`);
}

/**
 * The real dimensions of an image at a size: the server fits it inside the size's box, keeping its
 * aspect ratio and never enlarging it.
 */
export function fitted(media: Pick<MediaView, 'width' | 'height'>, size: ProductImageSize) {
  const box = productImageSizes[size];
  if (!media.width || !media.height) return { ...box };
  const scale = Math.min(box.width / media.width, box.height / media.height, 1);
  return {
    width: Math.max(1, Math.round(media.width * scale)),
    height: Math.max(1, Math.round(media.height * scale)),
  };
}

/** `srcset` with the true width of each size; sizes that come out equally wide are listed once. */
export function imageSrcSet(media: Pick<MediaView, 'url' | 'width' | 'height'>): string {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const size of Object.keys(productImageSizes) as ProductImageSize[]) {
    const { width } = fitted(media, size);
    if (seen.has(width)) continue;
    seen.add(width);
    entries.push(`${imageAt(media, size)} ${width}w`);
  }
  return entries.join(', ');
}
