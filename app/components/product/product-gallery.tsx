import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../core/media.ts';
import { fitted, imageAt, imageSrcSet } from './product-media.ts';

/**
 * The main image and its thumbnails. A thumbnail is a link to the large image, so without JavaScript
 * it still shows it; with JavaScript it swaps the main image instead. Remount it (key) to start over
 * at the first image, e.g. when another variant is chosen.
 */
export function ProductGallery({ images, name }: { images: MediaView[]; name: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const main = images[active] ?? images[0];

  if (!main) {
    return (
      <div
        className="flex aspect-square w-full items-center justify-center rounded-lg bg-slate-100 text-slate-600"
        data-testid="product-image-placeholder"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-16 w-16" fill="none" stroke="currentColor">
          <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="1.5" />
          <circle cx="9" cy="10" r="2" strokeWidth="1.5" />
          <path d="M3 17l5-5 4 4 3-3 6 6" strokeWidth="1.5" />
        </svg>
        <span className="sr-only">{t('product.gallery.noImage')}</span>
      </div>
    );
  }
  const size = fitted(main, 'MediumSize');
  return (
    <section aria-label={t('product.gallery.label')} className="flex flex-col gap-3">
      <div className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-slate-50">
        <img
          key={main.id}
          src={imageAt(main, 'MediumSize')}
          srcSet={imageSrcSet(main)}
          sizes="(min-width: 1024px) 576px, calc(100vw - 3rem)"
          width={size.width}
          height={size.height}
          alt={main.alt || t('product.gallery.image', { name, number: active + 1 })}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className="h-full w-full object-contain"
          data-testid="product-main-image"
          data-media-id={main.id}
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => {
            const thumb = fitted(image, 'SmallSize');
            return (
              <li key={image.id}>
                <a
                  href={imageAt(image, 'LargeSize')}
                  onClick={(event) => {
                    event.preventDefault();
                    setActive(index);
                  }}
                  aria-label={t('product.gallery.show', { number: index + 1, total: images.length })}
                  aria-current={index === active ? 'true' : undefined}
                  className={`block h-20 w-20 overflow-hidden rounded-md border-2 bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 ${
                    index === active ? 'border-teal-700' : 'border-slate-200 hover:border-slate-400'
                  }`}
                >
                  <img
                    src={imageAt(image, 'SmallSize')}
                    alt=""
                    width={thumb.width}
                    height={thumb.height}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-contain"
                  />
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
