/** Languages the storefront has routes and UI catalogs for. The first is the default (no URL prefix). */
export const uiLanguages = ['hr', 'en', 'de'] as const;
export type UiLanguage = (typeof uiLanguages)[number];
export const defaultLanguage: UiLanguage = 'hr';

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (uiLanguages as readonly string[]).includes(value);

/** The language a path is written in: its first segment when that is a language prefix, else Croatian. */
export function languageOfPath(pathname: string): UiLanguage {
  const first = pathname.split('/')[1] ?? '';
  return isUiLanguage(first) && first !== defaultLanguage ? first : defaultLanguage;
}

/** BCP 47 locale used for Intl formatting and og:locale. */
export const localeOf: Record<UiLanguage, string> = { hr: 'hr-HR', en: 'en-GB', de: 'de-DE' };
