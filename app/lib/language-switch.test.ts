import { describe, expect, it } from 'vitest';
import { languageSwitchTarget } from './language-switch.ts';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('languageSwitchTarget', () => {
  it("follows the page's own alternates when it lists them", () => {
    const alternates = { hr: '/o-nama', en: '/en/about-us' };
    expect(languageSwitchTarget(at('/o-nama'), 'en', alternates)).toBe('/en/about-us');
    expect(languageSwitchTarget(at('/en/about-us'), 'hr', alternates)).toBe('/o-nama');
  });

  it('does nothing when the page has no version in that language', () => {
    expect(languageSwitchTarget(at('/samo-hrvatski'), 'en', { hr: '/samo-hrvatski' })).toBeNull();
  });

  it('maps fixed screens through the route table and keeps the query', () => {
    expect(languageSwitchTarget(at('/pretraga', '?search=skola'), 'en', undefined)).toBe(
      '/en/search?search=skola',
    );
    expect(languageSwitchTarget(at('/en/cart'), 'de', undefined)).toBe('/de/einkaufswagen');
    expect(languageSwitchTarget(at('/en/event/7'), 'hr', undefined)).toBeNull();
  });

  it('sends an unknown path to the home page of the target language', () => {
    expect(languageSwitchTarget(at('/en/a/b/c'), 'hr', undefined)).toBe('/');
  });

  it('refuses to guess a slug page without its alternates', () => {
    expect(languageSwitchTarget(at('/o-nama'), 'en', undefined)).toBeNull();
  });
});
