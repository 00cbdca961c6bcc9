import { mediaSrc } from '../../lib/shell-data.ts';

const sizes = {
  SmallSize: { width: 320, height: 240 },
  MediumSize: { width: 720, height: 576 },
  LargeSize: { width: 1280, height: 720 },
} as const;

/**
 * A media library image at a named size, with a smaller size offered to narrow screens. Width and
 * height reserve the space before the image arrives; `alt` is empty for decorative images.
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
  size: keyof typeof sizes;
  alt: string;
  name?: string;
  sizesAttribute?: string;
  eager?: boolean;
  className?: string;
}) {
  const file = name || alt || 'image';
  const { width, height } = sizes[size];
  const srcSet =
    size === 'SmallSize'
      ? undefined
      : [
          `${mediaSrc(apiKeyId, mediaId, 'SmallSize', file)} 320w`,
          `${mediaSrc(apiKeyId, mediaId, 'MediumSize', file)} 720w`,
          ...(size === 'LargeSize' ? [`${mediaSrc(apiKeyId, mediaId, 'LargeSize', file)} 1280w`] : []),
        ].join(', ');
  return (
    <img
      src={mediaSrc(apiKeyId, mediaId, size, file)}
      srcSet={srcSet}
      sizes={srcSet ? (sizesAttribute ?? '100vw') : undefined}
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
