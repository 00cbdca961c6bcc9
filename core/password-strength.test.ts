import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-strength.ts';

describe('passwordProblems', () => {
  it('accepts a password with every kind of character', () => {
    expect(passwordProblems('Kupac123!')).toEqual([]);
    expect(passwordProblems('Šuma-2026č')).toEqual([]);
  });
  it('names everything a weak password lacks', () => {
    expect(passwordProblems('abc')).toEqual(['minLength', 'uppercase', 'digit', 'special']);
    expect(passwordProblems('ABCDEFGH1!')).toEqual(['lowercase']);
    expect(passwordProblems('Abcdefgh!')).toEqual(['digit']);
    expect(passwordProblems('Abcdefgh1')).toEqual(['special']);
  });
});
