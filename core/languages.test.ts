import { describe, expect, it } from 'vitest';
import { isUiLanguage, languageOfPath } from './languages.ts';

describe('languageOfPath', () => {
  it('reads the prefix of English and German paths', () => {
    expect(languageOfPath('/en')).toBe('en');
    expect(languageOfPath('/en/blog/x')).toBe('en');
    expect(languageOfPath('/de/kasse')).toBe('de');
  });
  it('treats unprefixed paths (and a /hr prefix, which does not exist) as Croatian', () => {
    expect(languageOfPath('/')).toBe('hr');
    expect(languageOfPath('/objave')).toBe('hr');
    expect(languageOfPath('/english-lessons')).toBe('hr');
    expect(languageOfPath('/hr/x')).toBe('hr');
  });
  it('recognises only the UI languages', () => {
    expect(isUiLanguage('en')).toBe(true);
    expect(isUiLanguage('fr')).toBe(false);
    expect(isUiLanguage(undefined)).toBe(false);
  });
});
