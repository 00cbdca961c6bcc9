import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, withEan13CheckDigit } from './ean13.ts';

describe('EAN-13', () => {
  it('computes the check digit of published barcodes', () => {
    // Barcodes printed on retail goods (GS1 examples).
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('978030640615')).toBe(7);
  });

  it('gives 0 when the weighted sum is already a multiple of ten', () => {
    expect(ean13CheckDigit('000000000000')).toBe(0);
    expect(isValidEan13('0000000000000')).toBe(true);
  });

  it('accepts valid barcodes and rejects a wrong check digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5901234123458')).toBe(false);
  });

  it('rejects a swap of two neighbouring digits', () => {
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5902134123457')).toBe(false);
  });

  it('rejects anything that is not exactly 13 digits', () => {
    for (const code of [
      '',
      '590123412345',
      '59012341234570',
      '590123412345a',
      ' 5901234123457',
      '5901234-23457',
    ]) {
      expect(isValidEan13(code)).toBe(false);
    }
  });

  it('builds valid codes from 12 digits', () => {
    const code = withEan13CheckDigit('385000000001');
    expect(code).toHaveLength(13);
    expect(isValidEan13(code)).toBe(true);
  });

  it('refuses a prefix that is not 12 digits', () => {
    expect(() => ean13CheckDigit('12345')).toThrow();
    expect(() => ean13CheckDigit('12345678901x')).toThrow();
  });
});
