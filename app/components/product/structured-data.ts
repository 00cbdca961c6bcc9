import { RATING_STARS } from '../../../core/comments.ts';
import type { MerchantPolicies, ReturnPolicy, ShippingZone } from '../../../core/shop-settings.ts';
import type {
  ProductPrices as Prices,
  ProductRecord,
  Stock,
} from '../../../server/modules/catalogue/catalogue.contract.ts';
import { imageAt } from './product-media.ts';

/**
 * schema.org Product and ProductGroup for Google's product snippets and merchant listings
 * (docs/decisions/0210, 0211): a simple, digital or bundle product is one Product with one Offer; a
 * Configurable product is a ProductGroup whose variants are Products, each with its own sku,
 * attribute values and Offer. Shipping and returns come from the shop's settings.
 */

type Thing = Record<string, unknown>;
type Condition = 'new' | 'used' | 'refurbished' | 'damaged';

/** A variant's value of one attribute the product varies by. */
export type VariantValue = { attributeCode: string; label: string; value: string; valueCode: string };

export type StructuredVariant = {
  name: string;
  sku: string;
  gtin: string | null;
  prices: Prices | null;
  stock: Stock;
  media: { url: string }[];
  values: VariantValue[];
};

export type StructuredProduct = {
  name: string;
  sku: string;
  gtin: string | null;
  /** The maker or publisher; the shop itself when empty. */
  brand: string | null;
  itemCondition: Condition;
  /** Nothing is shipped (an e-product, or a bundle of e-products): no shipping, no returns. */
  digital: boolean;
  description: string;
  media: { url: string }[];
  prices: Prices | null;
  stock: Stock;
  /** Variants of a Configurable product, each with its own price and stock. */
  variants: StructuredVariant[];
  /** The attributes a Configurable product's variants differ in, in the order shown. */
  variesBy: { attributeCode: string; label: string }[];
  /**
   * Product reviews, once the shop has them: `aggregateRating` and `review` are written only with
   * at least one rating (Google ignores, and may penalise, ratings that are not on the page).
   */
  rating?: { average: number; count: number; best: number } | null;
  /** Published reviews shown on the page (with stars): `review`, beside `aggregateRating`. */
  reviews?: StructuredReview[];
};

export type StructuredReview = { author: string; rating: number; body: string; datePublished: string };

export type Merchant = {
  /** The shop as seller and as the brand of its own products. */
  name: string;
  url: string;
  policies: MerchantPolicies | null;
};

const schema = (name: string) => `https://schema.org/${name}`;

const availability = (stock: Stock) => schema(stock.inStock ? 'InStock' : 'OutOfStock');

/** Minor units as the decimal string schema.org expects ("135.62"). */
const decimal = (minor: number) => (minor / 100).toFixed(2);

const conditionUrl: Record<Condition, string> = {
  new: schema('NewCondition'),
  used: schema('UsedCondition'),
  refurbished: schema('RefurbishedCondition'),
  damaged: schema('DamagedCondition'),
};

/** gtin8/12/13/14 by length: Google reads the specific property (a book's ISBN-13 is a gtin13). */
function gtinOf(gtin: string | null): Thing {
  if (!gtin || !/^(\d{8}|\d{12,14})$/.test(gtin)) return {};
  return { [`gtin${gtin.length}`]: gtin };
}

/**
 * Attributes whose values schema.org names (Google's `variesBy` list); an attribute not in it is
 * stated on each variant as an `additionalProperty`.
 */
const schemaProperty: Record<string, 'size' | 'color' | 'material' | 'pattern'> = {
  velicina: 'size',
  size: 'size',
  boja: 'color',
  colour: 'color',
  color: 'color',
  materijal: 'material',
  material: 'material',
  uzorak: 'pattern',
  pattern: 'pattern',
};

/** The price in euro cents (the shop's shipping terms are in euro). */
const euroPrice = (prices: Prices) =>
  prices.currency.code === 'EUR' ? prices.finalPrice : (prices.eurEquivalent?.finalPrice ?? null);

const days = ([minValue, maxValue]: [number, number]) => ({
  '@type': 'QuantitativeValue',
  minValue,
  maxValue,
  unitCode: 'DAY',
});

function shippingDetails(zone: ShippingZone, prices: Prices): Thing {
  const euro = euroPrice(prices);
  const free = zone.freeOver !== undefined && euro !== null && euro >= zone.freeOver;
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: free ? 0 : zone.rate / 100, currency: 'EUR' },
    shippingDestination: zone.countries.map((country) => ({
      '@type': 'DefinedRegion',
      addressCountry: country,
    })),
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(zone.handlingDays),
      transitTime: days(zone.transitDays),
    },
  };
}

function returnPolicy(policy: ReturnPolicy, digital: boolean): Thing {
  const base = { '@type': 'MerchantReturnPolicy', applicableCountry: policy.countries };
  // Digital content cannot be returned once delivered; a window of 0 days means no returns.
  if (digital || policy.days === 0)
    return { ...base, returnPolicyCategory: schema('MerchantReturnNotPermitted') };
  return {
    ...base,
    returnPolicyCategory: schema('MerchantReturnFiniteReturnWindow'),
    merchantReturnDays: policy.days,
    returnMethod: schema(policy.method),
    returnFees: schema(policy.fees),
    ...(policy.fees === 'ReturnShippingFees' && policy.shippingFee !== undefined
      ? {
          returnShippingFeesAmount: {
            '@type': 'MonetaryAmount',
            value: policy.shippingFee / 100,
            currency: 'EUR',
          },
        }
      : {}),
  };
}

function offerOf(
  item: { prices: Prices; stock: Stock },
  product: StructuredProduct,
  merchant: Merchant,
  url: string,
): Thing {
  const { prices } = item;
  const policies = merchant.policies;
  return {
    '@type': 'Offer',
    url,
    priceCurrency: prices.currency.code,
    price: decimal(prices.finalPrice),
    // A sale with an announced end: the price holds until that day.
    ...(prices.discountEndsAt ? { priceValidUntil: prices.discountEndsAt.slice(0, 10) } : {}),
    availability: availability(item.stock),
    itemCondition: conditionUrl[product.itemCondition],
    ...(policies && !product.digital && policies.shipping.length > 0
      ? { shippingDetails: policies.shipping.map((zone) => shippingDetails(zone, prices)) }
      : {}),
    ...(policies?.returns
      ? { hasMerchantReturnPolicy: returnPolicy(policies.returns, product.digital) }
      : {}),
    seller: { '@type': 'Organization', name: merchant.name, url: merchant.url },
  };
}

function ratingOf(rating: StructuredProduct['rating'], reviews: StructuredReview[] = []): Thing {
  if (!rating || rating.count < 1) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      bestRating: rating.best,
      worstRating: 1,
      ratingCount: rating.count,
    },
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            datePublished: review.datePublished.slice(0, 10),
            reviewRating: {
              '@type': 'Rating',
              ratingValue: review.rating,
              bestRating: rating.best,
              worstRating: 1,
            },
            ...(review.body ? { reviewBody: review.body } : {}),
          })),
        }
      : {}),
  };
}

/** The published reviews with stars of a thread page, as the structured data states them. */
export function publishedReviews(
  thread: {
    records: {
      status: string;
      rating: number | null;
      comment: string;
      author: { displayName: string };
      published_at: string | null;
      created_at: string;
    }[];
  } | null,
): StructuredReview[] {
  return (thread?.records ?? []).flatMap((record) =>
    record.status === 'published' && record.rating !== null && record.author.displayName
      ? [
          {
            author: record.author.displayName,
            rating: record.rating,
            body: record.comment,
            datePublished: record.published_at ?? record.created_at,
          },
        ]
      : [],
  );
}

/** A variant's address: the product page with the variant's values chosen (read by the page). */
function variantUrl(url: string, values: VariantValue[], codes: string[]) {
  const params = new URLSearchParams();
  for (const value of values) {
    if (codes.includes(value.attributeCode)) params.set(value.attributeCode, value.valueCode);
  }
  const query = params.toString();
  return query ? `${url}?${query}` : url;
}

/**
 * schema.org Product (one Offer) or, for a Configurable product with variants, ProductGroup with
 * one Product per variant. Prices are what the shopper pays without a member card.
 */
export function productJsonLd(
  product: StructuredProduct,
  url: string,
  origin: string,
  merchant: Merchant,
): Thing {
  const images = (media: { url: string }[]) => media.map((item) => `${origin}${imageAt(item, 'LargeSize')}`);
  const brand = { '@type': 'Brand', name: product.brand || merchant.name };
  const common = {
    '@context': 'https://schema.org',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.media.length > 0 ? { image: images(product.media) } : {}),
    url,
    brand,
    ...ratingOf(product.rating, product.reviews),
  };
  const priced = product.variants.filter(
    (variant): variant is StructuredVariant & { prices: Prices } => variant.prices !== null,
  );
  if (priced.length > 0) {
    const codes = product.variesBy.map((attribute) => attribute.attributeCode);
    const named = product.variesBy.filter((attribute) => schemaProperty[attribute.attributeCode]);
    return {
      ...common,
      '@type': 'ProductGroup',
      productGroupID: product.sku,
      ...(named.length > 0
        ? { variesBy: named.map((attribute) => schema(schemaProperty[attribute.attributeCode]!)) }
        : {}),
      hasVariant: priced.map((variant) => {
        const properties: Thing = {};
        const additional: Thing[] = [];
        for (const value of variant.values) {
          const property = schemaProperty[value.attributeCode];
          if (property) properties[property] = value.value;
          else additional.push({ '@type': 'PropertyValue', name: value.label, value: value.value });
        }
        const address = variantUrl(url, variant.values, codes);
        return {
          '@type': 'Product',
          name: variant.name,
          sku: variant.sku,
          ...gtinOf(variant.gtin),
          ...(variant.media.length > 0 ? { image: images(variant.media.slice(0, 1)) } : {}),
          ...properties,
          ...(additional.length > 0 ? { additionalProperty: additional } : {}),
          inProductGroupWithID: product.sku,
          offers: offerOf(variant, product, merchant, address),
        };
      }),
    };
  }
  return {
    ...common,
    '@type': 'Product',
    sku: product.sku,
    ...gtinOf(product.gtin),
    ...(product.prices
      ? { offers: offerOf({ prices: product.prices, stock: product.stock }, product, merchant, url) }
      : {}),
  };
}

/** What the structured data says about a product, from the product's API record. */
export function structuredProduct(product: ProductRecord): StructuredProduct {
  const labelOf = new Map(product.attributes.map((attribute) => [attribute.id, attribute]));
  return {
    name: product.name,
    sku: product.sku,
    gtin: product.gtin,
    brand: product.brand,
    itemCondition: product.itemCondition,
    digital:
      product.format === 'EProduct' ||
      (product.format === 'Bundle' &&
        product.bundles.length > 0 &&
        product.bundles.every((member) => member.format === 'EProduct')),
    // One description: the short one written for search engines, never the whole text again.
    description: product.seo.description || product.shortDescription,
    rating: product.rating ? { ...product.rating, best: RATING_STARS } : null,
    media: product.media,
    prices: product.prices,
    stock: product.stock,
    variants: product.associatedProducts.map((variant) => ({
      name: variant.name,
      sku: variant.sku,
      gtin: variant.gtin,
      prices: variant.prices,
      stock: variant.stock,
      media: variant.media,
      values: variant.attributes.flatMap((chosen) => {
        const attribute = labelOf.get(chosen.attributeId);
        const value = attribute?.values.find((candidate) => candidate.id === chosen.valueId);
        return attribute && value
          ? [
              {
                attributeCode: attribute.attributeCode,
                label: attribute.label,
                value: value.value,
                valueCode: value.valueCode,
              },
            ]
          : [];
      }),
    })),
    variesBy: product.attributes.map((attribute) => ({
      attributeCode: attribute.attributeCode,
      label: attribute.label,
    })),
  };
}

export { scriptSafeJson } from '../../lib/structured-data.ts';
