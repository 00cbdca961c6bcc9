import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../core/password-strength.ts';
import { isCommonPassword } from './common-passwords.ts';

describe('breached-password check', () => {
  it('refuses common passwords that pass the character rule', async () => {
    for (const password of ['Password1!', 'Qwerty123!', 'P@ssw0rd', 'Iloveyou1!']) {
      expect(passwordProblems(password)).toEqual([]);
      expect(await isCommonPassword(password)).toBe(true);
    }
  });

  it('accepts a password that is not on the list', async () => {
    expect(await isCommonPassword('Kavez-Ruza-47!')).toBe(false);
    expect(await isCommonPassword('Sesija123!')).toBe(false);
  });
});
