import { describe, expect, it } from 'vitest';
import { fromEuro, netFromGross } from './prices.ts';

describe('fromEuro', () => {
  it('converts at the fixed kuna rate and rounds to the nearest lipa', () => {
    // 14.90 € × 7.5345 = 112.26405 kn
    expect(fromEuro(1490, '7.5345')).toBe(11226);
    // 0.02 € × 7.5345 = 0.15069 kn
    expect(fromEuro(2, '7.5345')).toBe(15);
    // 1 € × 7.5345 = 7.5345 kn
    expect(fromEuro(100, '7.5345')).toBe(753);
  });

  it('rounds an exact half up', () => {
    // 1 cent × 1.5 = 1.5 minor units -> 2
    expect(fromEuro(1, '1.5')).toBe(2);
  });

  it('keeps euro amounts at rate 1', () => {
    expect(fromEuro(4990, '1')).toBe(4990);
    expect(fromEuro(0, '7.5345')).toBe(0);
  });

  it('refuses fractional amounts and bad rates', () => {
    expect(() => fromEuro(1.5, '7.5345')).toThrow();
    expect(() => fromEuro(100, '0')).toThrow();
    expect(() => fromEuro(100, 'abc')).toThrow();
  });
});

describe('netFromGross', () => {
  it('takes 25 % VAT out of a gross price', () => {
    expect(netFromGross(2500, 2500)).toBe(2000);
    // 19.90 / 1.25 = 15.92
    expect(netFromGross(1990, 2500)).toBe(1592);
  });

  it('takes 5 % VAT out of a book price and rounds to the cent', () => {
    // 14.90 / 1.05 = 14.190476...
    expect(netFromGross(1490, 500)).toBe(1419);
    // 22.00 / 1.05 = 20.952380...
    expect(netFromGross(2200, 500)).toBe(2095);
  });

  it('leaves untaxed amounts alone', () => {
    expect(netFromGross(1234, 0)).toBe(1234);
  });
});
