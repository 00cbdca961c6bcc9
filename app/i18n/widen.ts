import type { UiLanguage } from '../../core/languages.ts';

/** The shape of a catalog with every text widened to `string`: other languages must match it. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * One area of the UI (a screen or a group of screens) with its texts in every language, kept in one
 * file. Croatian is the reference: the type checker makes the others have exactly its keys.
 */
export function defineArea<T>(texts: { hr: T } & Record<Exclude<UiLanguage, 'hr'>, Widen<T>>) {
  return texts;
}
