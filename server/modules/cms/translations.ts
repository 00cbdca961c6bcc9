import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../../core/languages.ts';
import type { RequestContext } from '../../api/request-context.ts';
import { pickText, type Texts } from '../catalogue/catalogue-reference.ts';

/** The request language and the site default: the only translation rows a read needs. */
export const readLanguages = (ctx: RequestContext): string[] => [
  ...new Set([ctx.language, ctx.site.defaultLanguage]),
];

/** Link building only knows the storefront's languages; anything else is shown in the default one. */
export const uiLanguage = (code: string): UiLanguage => (isUiLanguage(code) ? code : defaultLanguage);

/** Groups translation rows by their entity: id -> { languageCode -> row }. */
export function groupTexts<T extends { languageCode: string }>(
  rows: T[],
  idOf: (row: T) => number,
): Map<number, Texts<T>> {
  const grouped = new Map<number, Texts<T>>();
  for (const row of rows) {
    const id = idOf(row);
    const texts = grouped.get(id) ?? {};
    texts[row.languageCode] = row;
    grouped.set(id, texts);
  }
  return grouped;
}

/** The row in the request language, else the one in the site's default language. */
export function textFor<T>(texts: Texts<T> | undefined, ctx: RequestContext): T | undefined {
  return texts ? pickText(texts, ctx.language, ctx.site.defaultLanguage) : undefined;
}

/** `%` and `_` typed by a visitor are literal characters, not wildcards. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function paging(totalRecords: number, page: number, limit: number) {
  return { totalRecords, totalPages: Math.ceil(totalRecords / limit), page, limit };
}
