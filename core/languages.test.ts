import { describe, expect, it } from 'vitest';
import { isUiLanguage, languageOfPath, rankedUiLanguages } from './languages.ts';

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

describe('rankedUiLanguages', () => {
  it('orders the storefront languages an Accept-Language header asks for by quality, then order', () => {
    expect(rankedUiLanguages('en-GB,en;q=0.9,hr;q=0.8')).toEqual(['en', 'hr']);
    expect(rankedUiLanguages('fr, de;q=0.5, hr;q=0.7')).toEqual(['hr', 'de']);
    expect(rankedUiLanguages('hr;q=0, en')).toEqual(['en']);
  });

  it('gives nothing for a missing or useless header', () => {
    expect(rankedUiLanguages(null)).toEqual([]);
    expect(rankedUiLanguages('fr-FR, *;q=0.5')).toEqual([]);
    expect(rankedUiLanguages(';;;,q=abc')).toEqual([]);
  });
});
