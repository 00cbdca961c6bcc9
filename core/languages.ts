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

/**
 * The UI languages an Accept-Language header asks for, most wanted first (by quality, then by
 * order; `en-GB` counts as `en`); languages the storefront does not have are left out.
 */
export function rankedUiLanguages(header: string | null | undefined): UiLanguage[] {
  if (!header) return [];
  const ranked = header
    .split(',', 50)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const languages: UiLanguage[] = [];
  for (const { language } of ranked)
    if (isUiLanguage(language) && !languages.includes(language)) languages.push(language);
  return languages;
}

/** A language's name written in another language ("njemački" on a Croatian screen), from ICU. */
export const languageName = (code: string, inLanguage: UiLanguage): string =>
  new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'code' }).of(code) ?? code;
