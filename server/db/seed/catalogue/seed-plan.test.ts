import { describe, expect, it } from 'vitest';
import { isValidEan13, withEan13CheckDigit } from '../../../../core/ean13.ts';
import { memberCardSeeds } from './checkout-data.ts';
import { type ConfigurableSeed, type ProductSeed, productSeeds } from './products.ts';
import {
  eProductCodes,
  expandVariants,
  findSeedProblems,
  flattenCategories,
  memberPrice,
} from './seed-plan.ts';

const shirt: ConfigurableSeed = {
  format: 'Configurable',
  sku: 'TEST-SHIRT',
  name: { hr: 'Majica', en: 'Shirt' },
  slug: { hr: 'majica', en: 'shirt' },
  short: { hr: '', en: '' },
  about: { hr: '', en: '' },
  categories: ['majice'],
  price: 1800,
  membership: 1600,
  garment: 'tshirt',
  print: 'Test',
  sizes: ['M', 'XL'],
  colours: ['plava', 'zuta'],
  sizeSurcharge: { XL: 150 },
  outOfStock: ['XL/zuta'],
  variantDiscounts: { 'M/zuta': 1200 },
  shopDefault: { size: 'M', colour: 'plava' },
  weightGrams: 100,
};

const book = (sku: string, extra: Partial<ProductSeed> = {}): ProductSeed =>
  ({
    format: 'Simple',
    sku,
    name: { hr: sku, en: sku },
    slug: { hr: sku.toLowerCase(), en: `${sku.toLowerCase()}-en` },
    short: { hr: '', en: '' },
    about: { hr: '', en: '' },
    categories: ['knjige'],
    price: 1000,
    image: { kind: 'book', colour: '#000000' },
    stock: 1,
    weightGrams: 1,
    ...extra,
  }) as ProductSeed;

describe('expandVariants', () => {
  const variants = expandVariants(shirt);

  it('makes one variant per size and colour, each with its own SKU and slugs', () => {
    expect(variants.map((variant) => variant.sku)).toEqual([
      'TEST-SHIRT-M-PLAVA',
      'TEST-SHIRT-XL-PLAVA',
      'TEST-SHIRT-M-ZUTA',
      'TEST-SHIRT-XL-ZUTA',
    ]);
    expect(new Set(variants.map((variant) => variant.slug.hr)).size).toBe(4);
    expect(variants[2]!.slug).toEqual({ hr: 'majica-m-zuta', en: 'shirt-m-yellow' });
    expect(variants[2]!.name.hr).toBe('Majica – M, žuta');
  });

  it('adds the size surcharge to the regular and membership price', () => {
    const xl = variants.find((variant) => variant.sku === 'TEST-SHIRT-XL-PLAVA')!;
    expect(xl.price).toBe(1950);
    expect(xl.membership).toBe(1750);
    expect(xl.discount).toBeNull();
  });

  it('puts a variant on sale on its own', () => {
    expect(variants.find((variant) => variant.sku === 'TEST-SHIRT-M-ZUTA')!.discount).toBe(1200);
  });

  it('leaves listed variants out of stock and stocks the others', () => {
    for (const variant of variants) {
      if (variant.sku === 'TEST-SHIRT-XL-ZUTA') expect(variant.stock).toBe(0);
      else expect(variant.stock).toBeGreaterThan(0);
    }
  });

  it('marks exactly the shop default', () => {
    expect(variants.filter((variant) => variant.isShopDefault).map((variant) => variant.sku)).toEqual([
      'TEST-SHIRT-M-PLAVA',
    ]);
  });

  it('prices a configurable bundle member at its cheapest variant', () => {
    expect(memberPrice(shirt)).toBe(1800);
  });
});

describe('findSeedProblems', () => {
  it('finds none in the demo catalogue', () => {
    expect(findSeedProblems(productSeeds)).toEqual([]);
  });

  it('refuses a bundle inside a bundle', () => {
    const inner = {
      ...book('B-IN'),
      format: 'Bundle',
      items: [{ sku: 'A' }, { sku: 'C' }],
      bundlePrice: 1500,
    } as ProductSeed;
    const outer = {
      ...book('B-OUT'),
      format: 'Bundle',
      items: [{ sku: 'B-IN' }, { sku: 'A' }],
      bundlePrice: 100,
    } as ProductSeed;
    const problems = findSeedProblems([book('A'), book('C'), inner, outer], { discounts: [] });
    expect(problems).toEqual([expect.stringContaining('cannot be nested')]);
  });

  it('reports unknown references and duplicate SKUs and slugs', () => {
    const problems = findSeedProblems([
      book('A', { categories: ['nema'], crossSells: ['ZZZ'], attributes: { dob: ['99-100'] } }),
      book('A'),
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown category nema'),
        expect.stringContaining('unknown cross-sell ZZZ'),
        expect.stringContaining('unknown value 99-100'),
        'SKU A is used twice',
        expect.stringContaining('slug hr:a is used twice'),
      ]),
    );
  });

  it('refuses a bundle price that is not a saving', () => {
    const bundle = { ...book('B'), format: 'Bundle', items: [{ sku: 'A' }, { sku: 'C' }], bundlePrice: 2000 };
    expect(findSeedProblems([book('A'), book('C'), bundle as ProductSeed], { discounts: [] })).toEqual([
      expect.stringContaining('not below its members'),
    ]);
  });
});

describe('demo data', () => {
  it('covers every product format, with at least 40 products', () => {
    const formats = new Set(productSeeds.map((product) => product.format));
    expect([...formats].sort()).toEqual(['Bundle', 'Configurable', 'EProduct', 'Simple']);
    expect(productSeeds.length).toBeGreaterThanOrEqual(40);
  });

  it('has a bundle with a configurable member', () => {
    const bySku = new Map(productSeeds.map((product) => [product.sku, product]));
    const withConfigurable = productSeeds.filter(
      (product) =>
        product.format === 'Bundle' &&
        product.items.some((item) => bySku.get(item.sku)?.format === 'Configurable'),
    );
    expect(withConfigurable.length).toBeGreaterThan(0);
  });

  it('gives member cards valid EAN-13 barcodes', () => {
    for (const card of memberCardSeeds) expect(isValidEan13(withEan13CheckDigit(card.first12))).toBe(true);
  });
});

describe('flattenCategories', () => {
  it('lists parents on an earlier level than their children', () => {
    const levels = flattenCategories();
    const levelOf = new Map(levels.flatMap((level, depth) => level.map((category) => [category.key, depth])));
    for (const level of levels) {
      for (const category of level) {
        if (category.parentKey)
          expect(levelOf.get(category.parentKey)).toBeLessThan(levelOf.get(category.key)!);
      }
    }
  });
});

describe('eProductCodes', () => {
  it('gives distinct codes, the same ones on every run', () => {
    const codes = eProductCodes('TEC-001', 20);
    expect(new Set(codes).size).toBe(20);
    expect(eProductCodes('TEC-001', 20)).toEqual(codes);
    expect(codes[0]).toMatch(/^TEC001-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(eProductCodes('TEC-002', 1)[0]).not.toBe(codes[0]);
  });
});
