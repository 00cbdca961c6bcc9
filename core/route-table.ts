import type { UiLanguage } from './languages.ts';

/**
 * Every localized screen, defined once: its path in each language. The router, the language switcher,
 * alternate/canonical links and the sitemap all read this table. `:param` segments are filled by
 * `localizedPath`; a trailing `?` marks an optional segment.
 */
export const routeTable = {
  home: { hr: '/', en: '/en', de: '/de' },
} as const satisfies Record<string, Record<UiLanguage, string>>;

export type RouteKey = keyof typeof routeTable;

/** The path of a screen in a language, with its parameters filled in (encoded). */
export function localizedPath(key: RouteKey, language: UiLanguage, params: Record<string, string | number> = {}): string {
  const pattern: string = routeTable[key][language];
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`Missing route parameter ${name} for ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment) => segment !== null)
    .join('/');
  return filled === '' ? '/' : filled;
}
