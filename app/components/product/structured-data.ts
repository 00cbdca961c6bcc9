import type { ProductPrices as Prices, Stock } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { imageAt } from './product-media.ts';

type Offerable = { prices: Prices | null; stock: Stock };

export type StructuredProduct = Offerable & {
  name: string;
  sku: string;
  description: string;
  media: { url: string }[];
  /** Variants of a Configurable product, each with its own price and stock. */
  variants: Offerable[];
};

const availability = (stock: Stock) =>
  stock.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/** Minor units as the decimal string schema.org expects ("135.62"). */
const decimal = (minor: number) => (minor / 100).toFixed(2);

/**
 * schema.org Product with its offer: one Offer, or an AggregateOffer over the priced variants of a
 * Configurable product. Prices are what the shopper pays without a member card.
 */
export function productJsonLd(product: StructuredProduct, url: string, origin: string) {
  const priced = product.variants.filter(
    (variant): variant is Offerable & { prices: Prices } => variant.prices !== null,
  );
  let offers: Record<string, unknown> | undefined;
  if (priced.length > 0) {
    const amounts = priced.map((variant) => variant.prices.finalPrice);
    offers = {
      '@type': 'AggregateOffer',
      priceCurrency: priced[0]!.prices.currency.code,
      lowPrice: decimal(Math.min(...amounts)),
      highPrice: decimal(Math.max(...amounts)),
      offerCount: priced.length,
      availability: availability({ qty: null, inStock: priced.some((variant) => variant.stock.inStock) }),
      url,
    };
  } else if (product.prices) {
    offers = {
      '@type': 'Offer',
      priceCurrency: product.prices.currency.code,
      price: decimal(product.prices.finalPrice),
      availability: availability(product.stock),
      url,
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.description ? { description: product.description } : {}),
    ...(product.media.length > 0
      ? { image: product.media.map((media) => `${origin}${imageAt(media, 'LargeSize')}`) }
      : {}),
    url,
    ...(offers ? { offers } : {}),
  };
}

export { scriptSafeJson } from '../../lib/structured-data.ts';
