import { useTranslation } from 'react-i18next';
import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../../core/languages.ts';
import { productLink } from '../../../core/links.ts';
import {
  mediaAtSize as addressAtSize,
  type MediaSizeName,
  mediaById,
  mediaSizes,
  mediaSrcSet,
  servedOrBox,
} from '../../../core/media.ts';
import { formatMoney } from '../../../core/money.ts';
import type { ProductCard as ProductCardRecord } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { RatingStars } from '../comments/rating-stars.tsx';
import { WishlistToggle } from '../wishlist/wishlist-toggle.tsx';

export type { ProductCardRecord };

/** The named media sizes a card chooses from, smallest first. */
const cardSizes = ['SmallSize', 'MediumSize'] as const satisfies MediaSizeName[];

type CardSize = (typeof cardSizes)[number];
type CardMedia = ProductCardRecord['media'][number];

/** The address of a media item at another size: API URLs carry the size as one path segment. */
export function mediaAtSize(media: CardMedia, size: CardSize, apiKeyId?: number): string {
  if (media.url) return addressAtSize(media.url, size);
  return mediaById(apiKeyId ?? 0, media.id, size, media.title);
}

/** The size an image is served at (the box when the original's size is unknown). */
export function fittedSize(media: Pick<CardMedia, 'width' | 'height'>, size: CardSize) {
  return servedOrBox(media, size);
}

/** `srcset` with the widths the server really produces for this image. */
export function cardSrcSet(media: CardMedia, apiKeyId?: number): string | undefined {
  return mediaSrcSet(media, cardSizes, (size) => mediaAtSize(media, size, apiKeyId));
}

/** Tags with a meaning of their own on a card (specification: NOVO = new, NAJPRODAVANIJE = top seller). */
const badgeStyles: Record<string, string> = {
  NOVO: 'bg-teal-700 text-white',
  NAJPRODAVANIJE: 'bg-amber-300 text-slate-900',
};

/** The UI language; the card works under any router, not only inside the app's data router. */
function useCardLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return isUiLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export function ProductCard({ product, apiKeyId }: { product: ProductCardRecord; apiKeyId?: number }) {
  const { t } = useTranslation();
  const language = useCardLanguage();
  const image = product.media[0];
  const prices = product.prices;
  const discounted = prices !== null && prices.finalPrice < prices.retailPrice;
  const money = (amount: number, currency: string) => formatMoney({ amount, currency }, language);
  const href = productLink(product.slug, language);
  const badges = product.tags.filter((tag) => tag.code.toUpperCase() in badgeStyles);
  const medium = image ? fittedSize(image, 'MediumSize') : mediaSizes.MediumSize;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[5/4] bg-slate-100">
        {image ? (
          <img
            src={mediaAtSize(image, 'MediumSize', apiKeyId)}
            srcSet={cardSrcSet(image, apiKeyId)}
            sizes="(min-width: 1024px) 320px, 50vw"
            width={medium.width}
            height={medium.height}
            loading="lazy"
            decoding="async"
            alt={image.alt || product.name}
            className="h-full w-full object-contain"
          />
        ) : (
          <div
            className="flex h-full w-full items-center justify-center text-slate-500"
            data-testid="product-image-placeholder"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-12 w-12"
              fill="none"
              stroke="currentColor"
            >
              <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="1.5" />
              <circle cx="9" cy="10" r="2" strokeWidth="1.5" />
              <path d="M3 17l5-5 4 4 3-3 6 6" strokeWidth="1.5" />
            </svg>
            <span className="sr-only">{t('shop.card.noImage')}</span>
          </div>
        )}
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {badges.map((tag) => (
            <span
              key={tag.code}
              className={`rounded px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${badgeStyles[tag.code.toUpperCase()]}`}
            >
              {tag.code.toUpperCase() === 'NOVO' ? t('shop.card.new') : t('shop.card.topSeller')}
            </span>
          ))}
        </div>
        {prices && prices.discountPercent > 0 ? (
          <span className="absolute right-2 top-2 rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
            {t('shop.card.discount', { percent: Math.round(prices.discountPercent) })}
          </span>
        ) : null}
        {/* Above the stretched link (z-10): logged-in shoppers only. */}
        <WishlistToggle productId={product.id} productName={product.name} variant="card" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="text-sm font-semibold text-slate-900 sm:text-base">
          {/* The card's only link: its ::after covers the whole card, so the card is clickable as a
              whole with one Tab stop (the "stretched link"); the focus ring is drawn around the card. */}
          <a
            href={href}
            className="after:absolute after:inset-0 after:rounded-lg after:content-[''] group-hover:text-teal-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-teal-700"
          >
            {product.name}
          </a>
        </h3>
        {product.rating && product.rating.count > 0 ? (
          <p className="flex items-center gap-1 text-sm text-slate-700" data-testid="card-rating">
            <RatingStars rating={product.rating.average} label="average" />
            <span>({t('comments.reviewCount', { count: product.rating.count })})</span>
          </p>
        ) : null}
        {prices ? (
          <div className="mt-auto" data-testid="product-price">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span
                className={`text-base font-bold sm:text-lg ${discounted ? 'text-red-700' : 'text-slate-900'}`}
              >
                <span className="sr-only">{t('shop.card.price')} </span>
                {money(prices.finalPrice, prices.currency.code)}
              </span>
              {discounted ? (
                <s className="text-sm text-slate-600">
                  <span className="sr-only">{t('shop.card.regularPrice')} </span>
                  {money(prices.retailPrice, prices.currency.code)}
                </s>
              ) : null}
            </p>
            {prices.eurEquivalent ? (
              <p className="text-sm text-slate-600" data-testid="product-price-eur">
                {money(prices.eurEquivalent.finalPrice, 'EUR')}
                {discounted ? (
                  <>
                    {' '}
                    <s>{money(prices.eurEquivalent.retailPrice, 'EUR')}</s>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="mt-auto text-sm text-slate-600">{t('shop.card.noPrice')}</p>
        )}
        {product.inStock ? null : (
          <p className="text-sm font-medium text-slate-700">{t('shop.card.outOfStock')}</p>
        )}
        {/* Looks like a button; the click lands on the title's stretched link above it. */}
        <span
          aria-hidden="true"
          className="mt-2 inline-flex items-center justify-center rounded-md border border-teal-700 px-2 py-2 text-sm font-semibold text-teal-800 group-hover:bg-teal-700 group-hover:text-white"
        >
          {t('shop.card.seeMore')}
        </span>
      </div>
    </article>
  );
}

/** A grey stand-in of a card, for dummy mode and while a listing is loading. */
export function ProductCardPlaceholder() {
  return (
    <div
      aria-hidden="true"
      data-testid="product-card-placeholder"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="aspect-[5/4] bg-slate-200" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="mt-2 h-9 rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** Dummy mode shows this many placeholder products (specification, section 2). */
export const DUMMY_PRODUCT_COUNT = 6;

export function ProductCardPlaceholders({ count = DUMMY_PRODUCT_COUNT }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardPlaceholder key={index} />
      ))}
    </>
  );
}
