import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import type { RequestContext } from '../api/request-context.ts';

/**
 * Translatable rows keep their texts per language, and a read falls back to the site's default
 * language: every module reads its texts through these few helpers, so the fallback is the same
 * everywhere.
 */

/** An entity's texts by language code. */
export type Texts<T> = Record<string, T>;

/** The row for the language, else the one for the site's default language, else any. */
export function pickText<T>(texts: Texts<T>, language: string, defaultLanguage: string): T | undefined {
  return texts[language] ?? texts[defaultLanguage] ?? Object.values(texts)[0];
}

/** The row in the request language, else the one in the site's default language. */
export function textFor<T>(texts: Texts<T> | undefined, ctx: RequestContext): T | undefined {
  return texts ? pickText(texts, ctx.language, ctx.site.defaultLanguage) : undefined;
}

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

/** The slug in every language an entity has a text in: what responses carry as `alternates`. */
export function slugPerLanguage(texts: Texts<{ slug: string }>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([code, text]) => [code, text.slug]));
}

/** The request language and the site default: the only translation rows a read needs. */
export const readLanguages = (ctx: RequestContext): string[] => [
  ...new Set([ctx.language, ctx.site.defaultLanguage]),
];

/** Link building only knows the storefront's languages; anything else is shown in the default one. */
export const uiLanguage = (code: string): UiLanguage => (isUiLanguage(code) ? code : defaultLanguage);
