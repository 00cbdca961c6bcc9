import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { facetTuning, SiteFacetIndex } from './facet-index.ts';
import type { ResolvedCriteria } from './product-filter.ts';

/**
 * The filter panel's single pass (decision 0364) against the definition, on random indexes built from
 * rows and then patched: each value's count is the number of live products that pass every condition
 * but their own attribute's filter and have the value; the price range is over those that pass every
 * attribute filter, the price filter aside. No database: the SQL reference is the property test's job.
 */

const CURRENCY = 1;
const ATTRIBUTES = [1, 2, 3];
const VALUES: Record<number, number[]> = { 1: [10, 11, 12], 2: [20, 21], 3: [30] };

const productArb = fc.record({
  values: fc.subarray(
    ATTRIBUTES.flatMap((attribute) => VALUES[attribute]!.map((value) => [attribute, value])),
  ),
  price: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
  category: fc.constantFrom(100, 101),
});
type Product = { values: number[][]; price: number | null; category: number };

function build(
  products: Product[],
  patched: Product[],
  warm?: (index: SiteFacetIndex) => void,
): SiteFacetIndex {
  const built = products.map((product, i) => ({ ...product, id: i + 1 }));
  const byValue = new Map<string, number[]>();
  for (const product of built)
    for (const [attribute, value] of product.values) {
      const key = `${attribute}:${value}`;
      byValue.set(key, [...(byValue.get(key) ?? []), product.id]);
    }
  const priced = built.filter((product) => product.price !== null);
  const index = SiteFacetIndex.fromRows(1, 0, {
    ids: built.map((product) => product.id).join(',') || null,
    created: built.map(() => 0).join(',') || null,
    links: built.map((product) => `${product.id},${product.category},0`).join(',') || null,
    values: [...byValue].map(([key, ids]) => {
      const [attribute, value] = key.split(':').map(Number);
      return { attribute_id: attribute!, value_id: value!, ids: ids.join(',') };
    }),
    tags: [],
    prices: [
      {
        currency_id: CURRENCY,
        ids: priced.map((product) => product.id).join(',') || null,
        bundle: priced.map(() => '').join(','),
        discount: priced.map(() => '').join(','),
        ends_at: priced.map(() => '').join(','),
        retail: priced.map((product) => product.price).join(','),
      },
    ],
  });
  // Whatever the index keeps between calls (unions, shopper prices) is made before the patches.
  warm?.(index);
  // Patches: the first products are re-read with other rows (or hidden), new products get new slots.
  for (const [i, product] of patched.entries()) {
    const id = i % 2 === 0 && i < built.length ? i + 1 : built.length + i + 1;
    index.applyProduct(
      id,
      product.price === 7
        ? null
        : {
            id,
            createdAt: 0,
            categories: [{ category: product.category, priority: 0 }],
            values: product.values.map(([attribute, value]) => ({ attribute: attribute!, value: value! })),
            tags: [],
            prices:
              product.price === null
                ? []
                : [
                    {
                      currency: CURRENCY,
                      bundle: -2147483648,
                      discount: -2147483648,
                      endsAt: 0,
                      retail: product.price,
                    },
                  ],
            sku: '',
            names: [],
          },
    );
  }
  return index;
}

/** The products the index should hold, after the patches, by id. */
function model(products: Product[], patched: Product[]): Map<number, Product> {
  const result = new Map(products.map((product, i) => [i + 1, product]));
  for (const [i, product] of patched.entries()) {
    const id = i % 2 === 0 && i < products.length ? i + 1 : products.length + i + 1;
    if (product.price === 7) result.delete(id);
    else result.set(id, product);
  }
  return result;
}

describe('facet index filter panel', () => {
  it('counts every value and the price range by the disjunctive definition', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 70 }),
        fc.array(productArb, { maxLength: 10 }),
        fc.array(
          fc.tuple(
            fc.constantFrom(...ATTRIBUTES),
            // Mostly values that exist, so that filters keep most products as often as few.
            fc.array(fc.oneof(fc.constantFrom(10, 11, 12, 20, 21, 30), fc.integer({ min: 10, max: 31 })), {
              maxLength: 2,
            }),
          ),
          {
            maxLength: 3,
          },
        ),
        fc.option(
          fc.record({
            min: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
            max: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
          }),
          { nil: null },
        ),
        fc.option(fc.constantFrom<number[]>([100], [101], [100, 101]), { nil: null }),
        fc.constantFrom('auto' as const, 'pass' as const, 'bitsets' as const, 'kept' as const),
        fc.boolean(),
        fc.boolean(),
        (products, patched, filters, price, categories, strategy, warm, inSlotOrder) => {
          // The kept way reads a price order's products in slot order from this many on.
          facetTuning.walkInPriceOrder = inSlotOrder ? 0 : 256;
          const attributes = new Map(filters.filter(([, values]) => values.length > 0));
          const criteria: ResolvedCriteria = {
            words: [],
            mainCategoryIds: categories,
            select: null,
            attributes,
            categories: null,
            tags: null,
            price,
          };
          const query = { criteria, keywordIds: null, currencyId: CURRENCY };
          const index = build(
            products,
            patched,
            warm ? (built) => built.facetCounts(query, [1, 2], 0, strategy) : undefined,
          );
          const got = index.facetCounts(query, [1, 2], 0, strategy);
          const live = [...model(products, patched).values()].filter(
            (product) => !categories || categories.includes(product.category),
          );
          const has = (product: Product, attribute: number, values: number[]) =>
            product.values.some(([a, v]) => a === attribute && values.includes(v!));
          const passes = (product: Product, except?: number) =>
            [...attributes].every(
              ([attribute, values]) => attribute === except || has(product, attribute, values),
            );
          const inPrice = (product: Product) =>
            !price ||
            (price.min === null && price.max === null) ||
            (product.price !== null &&
              (price.min === null || product.price >= price.min) &&
              (price.max === null || product.price <= price.max));
          const want = new Map<number, number>();
          for (const attribute of [1, 2])
            for (const value of VALUES[attribute]!) {
              const n = live.filter(
                (product) =>
                  inPrice(product) && passes(product, attribute) && has(product, attribute, [value]),
              ).length;
              if (n > 0) want.set(value, n);
            }
          const ranged = live
            .filter((product) => passes(product) && product.price !== null)
            .map((p) => p.price!);
          expect(new Map([...got.counts].sort((a, b) => a[0] - b[0]))).toEqual(
            new Map([...want].sort((a, b) => a[0] - b[0])),
          );
          expect(got.price).toEqual({
            low: ranged.length ? Math.min(...ranged) : null,
            high: ranged.length ? Math.max(...ranged) : null,
          });
        },
      ),
      { numRuns: 1000 },
    );
    facetTuning.walkInPriceOrder = 256;
  });

  it('takes a sale price while it lasts and the retail price from its end on', () => {
    const index = SiteFacetIndex.fromRows(1, 0, {
      ids: '1,2',
      created: '0,0',
      links: '1,100,0,2,100,0',
      values: [{ attribute_id: 1, value_id: 10, ids: '1,2' }],
      tags: [],
      prices: [
        { currency_id: CURRENCY, ids: '1,2', bundle: ',', discount: '3,', ends_at: '1000,', retail: '8,5' },
      ],
    });
    const criteria: ResolvedCriteria = {
      words: [],
      mainCategoryIds: [100],
      select: null,
      attributes: new Map(),
      categories: null,
      tags: null,
      price: { min: 4, max: null },
    };
    const query = { criteria, keywordIds: null, currencyId: CURRENCY };
    for (const strategy of ['pass', 'bitsets', 'kept'] as const) {
      // Before the end the sale price 3 is out of the filter; at its end the retail price 8 is in.
      expect(index.facetCounts(query, [1], 999, strategy)).toEqual({
        counts: new Map([[10, 1]]),
        price: { low: 3, high: 5 },
      });
      expect(index.facetCounts(query, [1], 1000, strategy)).toEqual({
        counts: new Map([[10, 2]]),
        price: { low: 5, high: 8 },
      });
      // A clock that went back: the sale applies again.
      expect(index.facetCounts(query, [1], 500, strategy).price).toEqual({ low: 3, high: 5 });
      expect(index.page(query, { sort: 'price_asc', limit: 5, offset: 0, nameRanks: null }, 999).ids).toEqual(
        [2],
      );
      expect(
        index.page(query, { sort: 'price_asc', limit: 5, offset: 0, nameRanks: null }, 1000).ids,
      ).toEqual([2, 1]);
    }
  });

  it('counts a kept set by its tally less the products outside a wide filter, each once', () => {
    // Twelve products: all but #1 have colour 10 and all but #2 a price of at least 1, so with colour
    // 10 and a price from 1 the scope of the sizes is most of the set: it is counted as the tally less
    // #1 and #2, and #1, out of both the filter and the price, must be taken off once.
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const index = SiteFacetIndex.fromRows(1, 0, {
      ids: ids.join(','),
      created: ids.map(() => 0).join(','),
      links: ids.map((id) => `${id},100,0`).join(','),
      values: [
        { attribute_id: 1, value_id: 10, ids: ids.filter((id) => id !== 1).join(',') },
        { attribute_id: 1, value_id: 11, ids: '1' },
        { attribute_id: 2, value_id: 20, ids: ids.join(',') },
      ],
      tags: [],
      prices: [
        {
          currency_id: CURRENCY,
          ids: ids.join(','),
          bundle: ids.map(() => '').join(','),
          discount: ids.map(() => '').join(','),
          ends_at: ids.map(() => '').join(','),
          retail: ids.map((id) => (id <= 2 ? 0 : id)).join(','),
        },
      ],
    });
    const criteria: ResolvedCriteria = {
      words: [],
      mainCategoryIds: [100],
      select: null,
      attributes: new Map([[1, [10]]]),
      categories: null,
      tags: null,
      price: { min: 1, max: null },
    };
    const query = { criteria, keywordIds: null, currencyId: CURRENCY };
    for (const strategy of ['pass', 'kept'] as const)
      expect(index.facetCounts(query, [1, 2], 0, strategy)).toEqual({
        counts: new Map([
          [10, 10],
          [20, 10],
        ]),
        price: { low: 0, high: 12 },
      });
  });

  it('follows a patched priority, category and creation time in the priority sort it keeps', () => {
    const index = SiteFacetIndex.fromRows(1, 0, {
      ids: '1,2,3,4',
      created: '10,20,20,30',
      links: '1,100,5,2,100,1,3,101,1,4,100,1,4,101,9',
      values: [],
      tags: [],
      prices: [],
    });
    const criteria = (mainCategoryIds: number[]): ResolvedCriteria => ({
      words: [],
      mainCategoryIds,
      select: null,
      attributes: new Map(),
      categories: null,
      tags: null,
      price: null,
    });
    const page = (categories: number[], offset = 0) =>
      index.page(
        { criteria: criteria(categories), keywordIds: null, currencyId: CURRENCY },
        { sort: 'priority', limit: 2, offset, nameRanks: null },
      );
    // Priority over the main categories' links only (4 has 9 in 101), then newest, then id.
    expect(page([100])).toEqual({ ids: [1, 4], total: 3 });
    expect(page([100], 2)).toEqual({ ids: [2], total: 3 });
    expect(page([100, 101])).toEqual({ ids: [4, 1], total: 4 });
    expect(page([100, 101], 2)).toEqual({ ids: [2, 3], total: 4 });
    const state = (id: number, createdAt: number, categories: { category: number; priority: number }[]) => ({
      id,
      createdAt,
      categories,
      values: [],
      tags: [],
      prices: [],
      sku: '',
      names: [],
    });
    index.applyProduct(2, state(2, 20, [{ category: 100, priority: 7 }]));
    index.applyProduct(5, state(5, 40, [{ category: 100, priority: 1 }]));
    index.applyProduct(1, null);
    expect(page([100])).toEqual({ ids: [2, 5], total: 3 });
    expect(page([100], 2)).toEqual({ ids: [4], total: 3 });
    expect(page([100, 101])).toEqual({ ids: [4, 2], total: 4 });
  });
});
