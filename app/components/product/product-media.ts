import { type MediaSizeName, mediaSizes, mediaSrcSet, servedSize } from '../../../core/media-sizes.ts';
import type { MediaView } from '../../../server/modules/catalogue/catalogue.contract.ts';

/** The named sizes a product image is offered in, smallest first. */
const productImageSizes = ['SmallSize', 'MediumSize', 'LargeSize'] as const satisfies MediaSizeName[];

export type ProductImageSize = (typeof productImageSizes)[number];

/** API media URLs carry the size as one path segment. */
export function imageAt(media: Pick<MediaView, 'url'>, size: ProductImageSize): string {
  return media.url.replace(/\/(Thumbnail|Small|Medium|Large|Logo)Size\//, `/${size}/`);
}

/**
 * The real dimensions of an image at a size (the server fits it inside the size's box); the box
 * itself reserves the space when the original's size is unknown.
 */
export function fitted(media: Pick<MediaView, 'width' | 'height'>, size: ProductImageSize) {
  return servedSize(media, size) ?? { ...mediaSizes[size] };
}

/** `srcset` with the true width of each size. */
export function imageSrcSet(media: Pick<MediaView, 'url' | 'width' | 'height'>): string | undefined {
  return mediaSrcSet(media, productImageSizes, (size) => imageAt(media, size));
}
