import { describe, expect, it } from 'vitest';
import { uiLanguages } from './languages.ts';
import { localizedPath, matchRoute, type RouteKey, routeTable } from './route-table.ts';

describe('route table', () => {
  it('prefixes every non-default language and never the default one', () => {
    for (const key of Object.keys(routeTable) as RouteKey[]) {
      expect(routeTable[key].hr.startsWith('/en') || routeTable[key].hr.startsWith('/de')).toBe(false);
      expect(routeTable[key].en === '/en' || routeTable[key].en.startsWith('/en/')).toBe(true);
      expect(routeTable[key].de === '/de' || routeTable[key].de.startsWith('/de/')).toBe(true);
    }
  });

  it('has the paths of the specification', () => {
    expect(localizedPath('cart', 'hr')).toBe('/kosarica');
    expect(localizedPath('cart', 'de')).toBe('/de/einkaufswagen');
    expect(localizedPath('blog', 'en', { slug: 'screen-time' })).toBe('/en/blog/screen-time');
    expect(localizedPath('blog', 'hr')).toBe('/objave');
    expect(localizedPath('event', 'de', { id: 4 })).toBe('/de/Veranstaltung/4');
    expect(localizedPath('checkoutSuccess', 'hr')).toBe('/naplata/uspjesna');
    expect(localizedPath('home', 'hr')).toBe('/');
  });

  it('encodes parameters and refuses a missing required one', () => {
    expect(localizedPath('page', 'hr', { slug: 'a b/c' })).toBe('/a%20b%2Fc');
    expect(() => localizedPath('event', 'hr')).toThrow(/id/);
  });

  it('matches every table path back to its screen and language', () => {
    for (const key of Object.keys(routeTable) as RouteKey[]) {
      for (const language of uiLanguages) {
        const path = localizedPath(key, language, {
          slug: 'neki-clanak',
          id: 7,
          key: 'user-register',
          language: 'hr',
        });
        const match = matchRoute(path);
        expect(match, path).toMatchObject({ key, language });
      }
    }
  });

  it('prefers fixed paths over the catch-all page and reads parameters', () => {
    expect(matchRoute('/pretraga')).toMatchObject({ key: 'search', language: 'hr' });
    expect(matchRoute('/o-nama')).toEqual({ key: 'page', language: 'hr', params: { slug: 'o-nama' } });
    expect(matchRoute('/en/about-us/')).toEqual({
      key: 'page',
      language: 'en',
      params: { slug: 'about-us' },
    });
    expect(matchRoute('/dogadjaj/12')).toEqual({ key: 'event', language: 'hr', params: { id: '12' } });
    expect(matchRoute('/a/b/c')).toBeUndefined();
  });
});
