import type { UiLanguage } from '../../core/languages.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { hr } from './hr.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Croatian is the reference catalog: the others must have exactly its keys (the type checker enforces it). */
export type Catalog = Widen<typeof hr>;

export const catalogs: Record<UiLanguage, Catalog> = { hr, en, de };
