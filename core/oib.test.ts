import { describe, expect, it } from 'vitest';
import { isValidOib, oibCheckDigit, withOibCheckDigit } from './oib.ts';

describe('OIB (ISO 7064 MOD 11,10)', () => {
  it('accepts published valid numbers', () => {
    // The example of python-stdnum's stdnum.hr.oib documentation.
    expect(isValidOib('33392005961')).toBe(true);
    expect(oibCheckDigit('3339200596')).toBe(1);
  });

  it('refuses a wrong check digit', () => {
    // The invalid example of the same documentation (last digit changed).
    expect(isValidOib('33392005962')).toBe(false);
    for (let digit = 0; digit <= 9; digit++) {
      if (digit === 1) continue;
      expect(isValidOib(`3339200596${digit}`)).toBe(false);
    }
  });

  it('refuses a swap of two neighbouring digits', () => {
    expect(isValidOib('33932005961')).toBe(false);
  });

  it('maps a computed 10 to the check digit 0', () => {
    // For 0000000001 the running remainder ends at 1, so 11 - 1 = 10, written as 0.
    expect(oibCheckDigit('0000000001')).toBe(0);
    expect(isValidOib('00000000010')).toBe(true);
    expect(isValidOib(withOibCheckDigit('1234567890'))).toBe(true);
  });

  it('refuses anything that is not exactly 11 digits', () => {
    for (const value of ['', '3339200596', '333920059611', '3339200596a', ' 33392005961', 'HR33392005961'])
      expect(isValidOib(value)).toBe(false);
    expect(isValidOib(12345 as unknown as string)).toBe(false);
  });
});
