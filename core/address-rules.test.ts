import { describe, expect, it } from 'vitest';
import { isLettersOnlyName, isPhoneNumber } from './address-rules.ts';

describe('address rules', () => {
  it('accepts names of letters, spaces, apostrophes and hyphens in any script', () => {
    for (const name of ['Ana', 'Đurđa Šimić', "O'Brien", 'Anne-Marie', 'Zoë', 'Ćiril'])
      expect(isLettersOnlyName(name)).toBe(true);
  });

  it('refuses digits, markup and other symbols in names', () => {
    for (const name of ['Ana1', '<b>Ana</b>', 'Ana;', '', ' Ana', "-'"])
      expect(isLettersOnlyName(name)).toBe(false);
  });

  it('accepts phone numbers and refuses text', () => {
    expect(isPhoneNumber('+385 91 234 5678')).toBe(true);
    expect(isPhoneNumber('(01) 234-567')).toBe(true);
    expect(isPhoneNumber('call me')).toBe(false);
    expect(isPhoneNumber('+-- ()')).toBe(false);
  });
});
