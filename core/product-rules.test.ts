import { describe, expect, it } from 'vitest';
import { canAddDirectly, isBundleComplete, normalizeFormat, parseQuantity } from './product-rules.ts';

describe('normalizeFormat', () => {
  it('accepts every spelling the client uses', () => {
    expect(normalizeFormat('simple')).toBe('Simple');
    expect(normalizeFormat('Simple')).toBe('Simple');
    expect(normalizeFormat('configurable')).toBe('Configurable');
    expect(normalizeFormat('bundle')).toBe('Bundle');
    expect(normalizeFormat('eProduct')).toBe('EProduct');
    expect(normalizeFormat('EProduct')).toBe('EProduct');
    expect(normalizeFormat(' e-product ')).toBe('EProduct');
  });

  it('gives null for anything else', () => {
    expect(normalizeFormat('service')).toBeNull();
    expect(normalizeFormat('')).toBeNull();
    expect(normalizeFormat(undefined)).toBeNull();
  });
});

describe('canAddDirectly', () => {
  it('adds Simple and EProduct products as they are', () => {
    expect(canAddDirectly({ format: 'Simple' })).toEqual({ ok: true });
    expect(canAddDirectly({ format: 'eProduct' })).toEqual({ ok: true });
  });

  it('needs a chosen variant for a Configurable', () => {
    expect(canAddDirectly({ format: 'configurable' })).toEqual({
      ok: false,
      reason: 'configuration not set',
    });
    expect(canAddDirectly({ format: 'Configurable' }, null)).toMatchObject({ ok: false });
    expect(canAddDirectly({ format: 'Configurable' }, 42)).toEqual({ ok: true });
  });

  it('adds a Bundle directly only when no member is Configurable', () => {
    const plain = {
      format: 'Bundle',
      bundles: [{ product: { format: 'Simple' } }, { product: { format: 'EProduct' } }],
    };
    expect(canAddDirectly(plain)).toEqual({ ok: true });
    const withChoice = {
      format: 'bundle',
      bundles: [{ product: { format: 'Simple' } }, { product: { format: 'configurable' } }],
    };
    expect(canAddDirectly(withChoice)).toEqual({ ok: false, reason: 'bundle customisation needed' });
  });

  it('refuses an unknown format', () => {
    expect(canAddDirectly({ format: 'gift' })).toEqual({ ok: false, reason: 'unknown format' });
  });
});

describe('isBundleComplete', () => {
  const bundle = {
    format: 'Bundle',
    bundles: [{ product: { id: 1, format: 'Simple' } }, { product: { id: 2, format: 'Configurable' } }],
  };

  it('is complete when the Configurable member has a Simple or EProduct variant chosen', () => {
    expect(
      isBundleComplete(bundle, [
        { mainProduct: { id: 2, format: 'Configurable' }, activeProduct: { id: 21, format: 'simple' } },
      ]),
    ).toEqual({ ok: true });
    expect(
      isBundleComplete(bundle, [
        { mainProduct: { id: 2, format: 'Configurable' }, activeProduct: { id: 22, format: 'eProduct' } },
      ]),
    ).toEqual({ ok: true });
  });

  it('needs a choice for every Configurable member', () => {
    expect(isBundleComplete(bundle, [])).toEqual({
      ok: false,
      reason: 'configuration not set',
      productId: 2,
    });
    expect(
      isBundleComplete(bundle, [{ mainProduct: { id: 2, format: 'Configurable' }, activeProduct: null }]),
    ).toMatchObject({
      ok: false,
      reason: 'configuration not set',
    });
  });

  it('refuses the main product itself or a variant that is not Simple or EProduct', () => {
    expect(
      isBundleComplete(bundle, [
        { mainProduct: { id: 2, format: 'Configurable' }, activeProduct: { id: 2, format: 'Simple' } },
      ]),
    ).toEqual({ ok: false, reason: 'invalid variant', productId: 2 });
    expect(
      isBundleComplete(bundle, [
        { mainProduct: { id: 2, format: 'Configurable' }, activeProduct: { id: 23, format: 'Configurable' } },
      ]),
    ).toEqual({ ok: false, reason: 'invalid variant', productId: 2 });
  });

  it('never allows a nested Bundle member', () => {
    const nested = {
      format: 'Bundle',
      bundles: [{ product: { id: 1, format: 'Simple' } }, { product: { id: 5, format: 'bundle' } }],
    };
    expect(isBundleComplete(nested, [])).toEqual({ ok: false, reason: 'nested bundle', productId: 5 });
  });

  it('is complete with no choices when no member is Configurable', () => {
    const plain = {
      format: 'Bundle',
      bundles: [{ product: { id: 1, format: 'Simple' } }, { product: { id: 3, format: 'EProduct' } }],
    };
    expect(isBundleComplete(plain, [])).toEqual({ ok: true });
  });

  it('refuses a product that is not a bundle', () => {
    expect(isBundleComplete({ format: 'Simple', bundles: [] }, [])).toEqual({
      ok: false,
      reason: 'not a bundle',
    });
  });
});

describe('parseQuantity', () => {
  it('parses numbers and numeric text as whole units', () => {
    expect(parseQuantity(3)).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity('7')).toEqual({ ok: true, quantity: 7 });
    expect(parseQuantity(' 2 ')).toEqual({ ok: true, quantity: 2 });
    expect(parseQuantity('2.9')).toEqual({ ok: true, quantity: 2 });
  });

  it('refuses what is not a number, or is 0 or less', () => {
    for (const input of [
      'abc',
      '',
      '3 apples',
      0,
      '0',
      -1,
      '-4',
      0.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      {},
    ]) {
      expect(parseQuantity(input)).toEqual({ ok: false, error: 'invalid quantity' });
    }
  });
});
