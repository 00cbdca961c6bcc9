import { describe, expect, it } from 'vitest';
import { addState } from './add-state.ts';

const sellable = { hasPrice: true, inStock: true };
const simple = { id: 1, format: 'Simple', bundles: [] };
const configurable = { id: 2, format: 'Configurable', bundles: [] };
const shirt = { id: 3, format: 'Configurable' };
const book = { id: 4, format: 'Simple' };
const bundle = { id: 5, format: 'Bundle', bundles: [{ product: shirt }, { product: book }] };

describe('addState', () => {
  it('lets a simple product in stock with a price go to the cart', () => {
    expect(addState({ product: simple, variant: null, bundleSelections: [], item: sellable })).toEqual({
      ok: true,
    });
  });

  it('refuses a configurable product until a variant is chosen, and a variant that is not concrete', () => {
    const base = { product: configurable, bundleSelections: [], item: sellable };
    expect(addState({ ...base, variant: null })).toEqual({ ok: false, reason: 'configurationNotSet' });
    expect(addState({ ...base, variant: { id: 9, format: 'Simple' } })).toEqual({ ok: true });
    expect(addState({ ...base, variant: { id: 9, format: 'Bundle' } })).toEqual({
      ok: false,
      reason: 'invalidVariant',
    });
  });

  it('needs every configurable bundle member set to a concrete variant of its own', () => {
    const base = { product: bundle, variant: null, item: sellable };
    expect(addState({ ...base, bundleSelections: [] })).toEqual({
      ok: false,
      reason: 'bundleCustomisationNeeded',
    });
    expect(
      addState({
        ...base,
        bundleSelections: [{ mainProduct: shirt, activeProduct: { id: 30, format: 'Simple' } }],
      }),
    ).toEqual({ ok: true });
    expect(addState({ ...base, bundleSelections: [{ mainProduct: shirt, activeProduct: shirt }] })).toEqual({
      ok: false,
      reason: 'invalidVariant',
    });
  });

  it('never lets a bundle containing a bundle go to the cart', () => {
    const nested = { ...bundle, bundles: [{ product: { id: 6, format: 'Bundle' } }, { product: book }] };
    expect(addState({ product: nested, variant: null, bundleSelections: [], item: sellable })).toEqual({
      ok: false,
      reason: 'nestedBundle',
    });
  });

  it('refuses what has no price or is out of stock, once the choice is complete', () => {
    const base = { product: simple, variant: null, bundleSelections: [] };
    expect(addState({ ...base, item: { hasPrice: false, inStock: true } })).toEqual({
      ok: false,
      reason: 'noPrice',
    });
    expect(addState({ ...base, item: { hasPrice: true, inStock: false } })).toEqual({
      ok: false,
      reason: 'outOfStock',
    });
    expect(
      addState({
        product: { ...simple, format: 'Service' },
        variant: null,
        bundleSelections: [],
        item: sellable,
      }),
    ).toEqual({ ok: false, reason: 'unknownFormat' });
  });
});
