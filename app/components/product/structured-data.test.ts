import { describe, expect, it } from 'vitest';
import type { MerchantPolicies } from '../../../core/shop-settings.ts';
import type { ProductPrices as Prices } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { imageSrcSet } from './product-media.ts';
import {
  type Merchant,
  productJsonLd,
  publishedReviews,
  type StructuredProduct,
  scriptSafeJson,
} from './structured-data.ts';

const prices = (finalPrice: number, currency = { id: 52, code: 'HRK', symbol: 'kn' }): Prices => ({
  basicPrice: finalPrice,
  retailPrice: finalPrice,
  discountPrice: null,
  membershipPrice: null,
  bundlePrice: null,
  finalPrice,
  currency,
  eurEquivalent: currency.code === 'EUR' ? null : { ...amountsInEuro(finalPrice) },
  discountPercent: 0,
  discountEndsAt: null,
});

function amountsInEuro(kuna: number) {
  const euro = Math.round(kuna / 7.5345);
  return {
    retailPrice: euro,
    discountPrice: null,
    membershipPrice: null,
    bundlePrice: null,
    finalPrice: euro,
  };
}

const base: StructuredProduct = {
  name: 'Medo',
  sku: 'KNJ-001',
  gtin: '9789538120012',
  brand: null,
  itemCondition: 'new',
  digital: false,
  description: 'Priča',
  media: [{ url: '/media/1/5/MediumSize/medo.jpg/abc' }],
  prices: prices(11226),
  stock: { qty: 3, inStock: true },
  variants: [],
  variesBy: [],
};

const policies: MerchantPolicies = {
  shipping: [
    { countries: ['HR'], rate: 450, freeOver: 5000, handlingDays: [0, 1], transitDays: [1, 3] },
    { countries: ['SI', 'AT'], rate: 990, handlingDays: [0, 1], transitDays: [2, 5] },
  ],
  returns: {
    countries: ['HR', 'SI'],
    days: 14,
    method: 'ReturnByMail',
    fees: 'ReturnShippingFees',
    shippingFee: 450,
  },
};
const shop: Merchant = { name: 'Učionica', url: 'https://shop.test/', policies };

type Thing = Record<string, unknown>;

describe('productJsonLd', () => {
  it('gives a simple product one offer with price, currency, availability, condition, brand and GTIN', () => {
    const data = productJsonLd(base, 'https://shop.test/product/medo', 'https://shop.test', shop);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Medo',
      sku: 'KNJ-001',
      gtin13: '9789538120012',
      brand: { '@type': 'Brand', name: 'Učionica' },
      image: ['https://shop.test/media/1/5/LargeSize/medo.jpg/abc'],
      offers: {
        '@type': 'Offer',
        price: '112.26',
        priceCurrency: 'HRK',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: 'https://shop.test/product/medo',
      },
    });
    expect(data.offers).not.toHaveProperty('priceValidUntil');
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('names the maker as brand and the condition the product has', () => {
    const data = productJsonLd(
      { ...base, brand: 'Drvenko', itemCondition: 'refurbished', gtin: '38598760010' + '13' },
      'u',
      'o',
      shop,
    );
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'Drvenko' });
    expect((data.offers as Thing).itemCondition).toBe('https://schema.org/RefurbishedCondition');
    expect(productJsonLd({ ...base, gtin: '12345' }, 'u', 'o', shop)).not.toHaveProperty('gtin5');
  });

  it('states until when a sale price holds', () => {
    const sale = { ...prices(7459), discountPrice: 7459, discountEndsAt: '2030-12-31T22:59:59.000Z' };
    const data = productJsonLd({ ...base, prices: sale }, 'u', 'o', shop);
    expect((data.offers as Thing).priceValidUntil).toBe('2030-12-31');
  });

  it('states shipping per zone (free from the threshold) and the return policy from the settings', () => {
    const cheap = productJsonLd(base, 'u', 'o', shop).offers as Thing;
    const zones = cheap.shippingDetails as Thing[];
    expect(zones).toHaveLength(2);
    expect(zones[0]).toMatchObject({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: 4.5, currency: 'EUR' },
      shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'HR' }],
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
        transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
      },
    });
    expect(cheap.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: ['HR', 'SI'],
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/ReturnShippingFees',
      returnShippingFeesAmount: { '@type': 'MonetaryAmount', value: 4.5, currency: 'EUR' },
    });
    // 60 € in euro: over the 50 € threshold of the first zone, not of the second.
    const dear = productJsonLd(
      { ...base, prices: prices(6000, { id: 1, code: 'EUR', symbol: '€' }) },
      'u',
      'o',
      shop,
    ).offers as Thing;
    const rates = (dear.shippingDetails as Thing[]).map((zone) => (zone.shippingRate as Thing).value);
    expect(rates).toEqual([0, 9.9]);
  });

  it('ships nothing for a digital product, which cannot be returned; no settings, no claims', () => {
    const digital = productJsonLd({ ...base, digital: true }, 'u', 'o', shop).offers as Thing;
    expect(digital).not.toHaveProperty('shippingDetails');
    expect(digital.hasMerchantReturnPolicy).toMatchObject({
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    });
    const bare = productJsonLd(base, 'u', 'o', { ...shop, policies: null }).offers as Thing;
    expect(bare).not.toHaveProperty('shippingDetails');
    expect(bare).not.toHaveProperty('hasMerchantReturnPolicy');
  });

  it('writes ratings only when there are some (the hook for reviews)', () => {
    expect(
      productJsonLd({ ...base, rating: { average: 4.5, count: 0, best: 5 } }, 'u', 'o', shop),
    ).not.toHaveProperty('aggregateRating');
    expect(
      productJsonLd({ ...base, rating: { average: 4.5, count: 8, best: 5 } }, 'u', 'o', shop),
    ).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 8, bestRating: 5 },
    });
  });

  it('states the published reviews with stars as `review`, and none without an aggregate', () => {
    const thread = {
      records: [
        {
          status: 'published',
          rating: 4,
          comment: 'Good </script> game',
          author: { displayName: 'Ana' },
          published_at: '2026-11-20T10:00:00.000Z',
          created_at: '2026-11-19T10:00:00.000Z',
        },
        {
          status: 'published',
          rating: null,
          comment: 'No stars',
          author: { displayName: 'Ivo' },
          published_at: '2026-11-20T10:00:00.000Z',
          created_at: '2026-11-19T10:00:00.000Z',
        },
        {
          status: 'pending',
          rating: 5,
          comment: 'Mine, waiting',
          author: { displayName: 'Eva' },
          published_at: null,
          created_at: '2026-11-19T10:00:00.000Z',
        },
      ],
    };
    const reviews = publishedReviews(thread);
    expect(reviews).toEqual([
      { author: 'Ana', rating: 4, body: 'Good </script> game', datePublished: '2026-11-20T10:00:00.000Z' },
    ]);
    const withReviews = productJsonLd(
      { ...base, rating: { average: 4, count: 1, best: 5 }, reviews },
      'u',
      'o',
      shop,
    );
    expect(withReviews.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Ana' },
        datePublished: '2026-11-20',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        reviewBody: 'Good </script> game',
      },
    ]);
    expect(scriptSafeJson(withReviews)).not.toContain('</script>');
    expect(productJsonLd({ ...base, rating: null, reviews }, 'u', 'o', shop)).not.toHaveProperty('review');
  });

  it('makes a configurable product a ProductGroup with one Product and Offer per priced variant', () => {
    const value = (attributeCode: string, label: string, text: string, valueCode: string) => ({
      attributeCode,
      label,
      value: text,
      valueCode,
    });
    const variant = (sku: string, finalPrice: number, inStock: boolean, size: string, colour: string) => ({
      name: `Majica ${size} ${colour}`,
      sku,
      gtin: null,
      prices: prices(finalPrice),
      stock: { qty: inStock ? 2 : 0, inStock },
      media: [{ url: `/media/1/${sku}/MediumSize/m.jpg/h` }],
      values: [
        value('velicina', 'Veličina', size.toUpperCase(), size),
        value('boja', 'Boja', colour, colour.toLowerCase()),
        value('kroj', 'Kroj', 'Ravni', 'ravni'),
      ],
    });
    const data = productJsonLd(
      {
        ...base,
        sku: 'MAJ-001',
        gtin: null,
        variesBy: [
          { attributeCode: 'velicina', label: 'Veličina' },
          { attributeCode: 'boja', label: 'Boja' },
          { attributeCode: 'kroj', label: 'Kroj' },
        ],
        variants: [
          variant('MAJ-001-S-P', 13562, false, 's', 'Plava'),
          variant('MAJ-001-M-P', 14692, true, 'm', 'Plava'),
          { ...variant('MAJ-001-L-P', 1, true, 'l', 'Plava'), prices: null },
        ],
      },
      'https://shop.test/product/majica',
      'https://shop.test',
      shop,
    );
    expect(data).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'MAJ-001',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      brand: { name: 'Učionica' },
    });
    expect(data).not.toHaveProperty('offers');
    const variants = data.hasVariant as Thing[];
    expect(variants).toHaveLength(2);
    expect(variants[1]).toMatchObject({
      '@type': 'Product',
      sku: 'MAJ-001-M-P',
      size: 'M',
      color: 'Plava',
      inProductGroupWithID: 'MAJ-001',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Kroj', value: 'Ravni' }],
      image: ['https://shop.test/media/1/MAJ-001-M-P/LargeSize/m.jpg/h'],
      offers: {
        '@type': 'Offer',
        price: '146.92',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.test/product/majica?velicina=m&boja=plava&kroj=ravni',
      },
    });
    expect((variants[0]!.offers as Thing).availability).toBe('https://schema.org/OutOfStock');
    // The description is the group's, not repeated on each variant.
    expect(variants[0]).not.toHaveProperty('description');
  });

  it('leaves the offer out when there is no price, and says when it is sold out', () => {
    expect(productJsonLd({ ...base, prices: null }, 'u', 'o', shop)).not.toHaveProperty('offers');
    const soldOut = productJsonLd({ ...base, stock: { qty: 0, inStock: false } }, 'u', 'o', shop);
    expect(soldOut.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });
});

describe('scriptSafeJson', () => {
  it('cannot close the script element and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', note: 'a & b <!-- c --> \u2028' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('imageSrcSet', () => {
  it('lists each size with the width the server really produces for the aspect ratio', () => {
    const square = { url: '/media/1/7/MediumSize/a.jpg/h', width: 1200, height: 1200 };
    expect(imageSrcSet(square)).toBe(
      '/media/1/7/SmallSize/a.jpg/h 240w, /media/1/7/MediumSize/a.jpg/h 576w, /media/1/7/LargeSize/a.jpg/h 720w',
    );
    const small = { url: '/media/1/8/MediumSize/b.png/h', width: 200, height: 100 };
    expect(imageSrcSet(small)).toBe('/media/1/8/SmallSize/b.png/h 200w');
  });
});
