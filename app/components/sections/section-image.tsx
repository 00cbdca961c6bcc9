import { mediaById, mediaSizes, mediaSrcSet, servedSize } from '../../../core/media.ts';
import { imageAt } from '../product/product-media.ts';
import { useSectionMedia } from './section-media.tsx';

/** The sizes an image is offered in up to the one asked for, smallest first. */
const offered = {
  SmallSize: ['SmallSize'],
  MediumSize: ['SmallSize', 'MediumSize'],
  LargeSize: ['SmallSize', 'MediumSize', 'LargeSize'],
} as const;

/**
 * A media library image at a named size, with the smaller sizes offered to narrow screens. The page
 * describes its images (`SectionMediaProvider`), so `srcset` names the widths the server really
 * produces and width and height reserve the image's own shape; `alt` is empty for decorative images.
 */
export function SectionImage({
  apiKeyId,
  mediaId,
  size,
  alt,
  name,
  sizesAttribute,
  eager = false,
  className = '',
}: {
  apiKeyId: number;
  mediaId: number;
  size: keyof typeof offered;
  alt: string;
  name?: string;
  sizesAttribute?: string;
  eager?: boolean;
  className?: string;
}) {
  const media = useSectionMedia(mediaId);
  const file = name || alt || 'image';
  // Without the page's description (an image it does not know), the plain address and the size's box.
  const urlAt = (named: keyof typeof offered) =>
    media ? imageAt(media, named) : mediaById(apiKeyId, mediaId, named, file);
  const { width, height } = (media && servedSize(media, size)) ?? mediaSizes[size];
  const srcSet = media && offered[size].length > 1 ? mediaSrcSet(media, offered[size], urlAt) : undefined;
  const multiple = srcSet?.includes(',') ? srcSet : undefined;
  return (
    <img
      src={urlAt(size)}
      srcSet={multiple}
      sizes={multiple ? (sizesAttribute ?? '100vw') : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
