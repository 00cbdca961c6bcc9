import {
  type MediaSizeName,
  type MediaView,
  mediaAtSize,
  mediaSrcSet,
  servedOrBox,
} from '../../../core/media.ts';

/** The named sizes a product image is offered in, smallest first. */
const productImageSizes = ['SmallSize', 'MediumSize', 'LargeSize'] as const satisfies MediaSizeName[];

export type ProductImageSize = (typeof productImageSizes)[number];

/** API media URLs carry the size as one path segment. */
export function imageAt(media: Pick<MediaView, 'url'>, size: ProductImageSize): string {
  return mediaAtSize(media.url, size);
}

/**
 * The real dimensions of an image at a size (the server fits it inside the size's box); the box
 * itself reserves the space when the original's size is unknown.
 */
export function fitted(media: Pick<MediaView, 'width' | 'height'>, size: ProductImageSize) {
  return servedOrBox(media, size);
}

/** `srcset` with the true width of each size. */
export function imageSrcSet(media: Pick<MediaView, 'url' | 'width' | 'height'>): string | undefined {
  return mediaSrcSet(media, productImageSizes, (size) => imageAt(media, size));
}
