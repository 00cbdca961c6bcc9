import { describe, expect, it } from 'vitest';
import type { ProductPrices as Prices } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { imageSrcSet } from './product-media.ts';
import { productJsonLd, scriptSafeJson } from './structured-data.ts';

const prices = (finalPrice: number): Prices => ({
  basicPrice: finalPrice,
  retailPrice: finalPrice,
  discountPrice: null,
  membershipPrice: null,
  bundlePrice: null,
  finalPrice,
  currency: { id: 52, code: 'HRK', symbol: 'kn' },
  eurEquivalent: null,
  discountPercent: 0,
});

const base = {
  name: 'Medo',
  sku: 'KNJ-001',
  description: 'Priča',
  media: [{ url: '/media/1/5/MediumSize/medo.jpg/abc' }],
  prices: prices(11226),
  stock: { qty: 3, inStock: true },
  variants: [],
};

describe('productJsonLd', () => {
  it('gives a simple product one offer with a decimal price, its currency and availability', () => {
    const data = productJsonLd(base, 'https://shop.test/product/medo', 'https://shop.test');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Medo',
      sku: 'KNJ-001',
      image: ['https://shop.test/media/1/5/LargeSize/medo.jpg/abc'],
      offers: {
        '@type': 'Offer',
        price: '112.26',
        priceCurrency: 'HRK',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('gives a configurable product an aggregate offer over its variants', () => {
    const data = productJsonLd(
      {
        ...base,
        variants: [
          { prices: prices(13562), stock: { qty: 0, inStock: false } },
          { prices: prices(14692), stock: { qty: 2, inStock: true } },
          { prices: null, stock: { qty: 2, inStock: true } },
        ],
      },
      'https://shop.test/product/majica',
      'https://shop.test',
    );
    expect(data.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '135.62',
      highPrice: '146.92',
      offerCount: 2,
      availability: 'https://schema.org/InStock',
    });
  });

  it('leaves the offer out when there is no price, and says when it is sold out', () => {
    expect(productJsonLd({ ...base, prices: null }, 'u', 'o')).not.toHaveProperty('offers');
    const soldOut = productJsonLd({ ...base, stock: { qty: 0, inStock: false } }, 'u', 'o');
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
