import type { UiLanguage } from '../../core/languages.ts';
import { catalogDe } from './catalog-de.ts';
import { catalogEn } from './catalog-en.ts';
import { type Catalog, catalogHr } from './catalog-hr.ts';
import type { hr } from './hr.ts';
import type { Widen } from './widen.ts';

export type { Catalog };
export type ShellCatalog = Widen<typeof hr>;

/**
 * Every language's catalog, for the server and for tests. Browser code must not import this module
 * (it would ship every language to every page): it reads the page language's catalog through
 * `i18n.ts`.
 */
export const catalogs: Record<UiLanguage, Catalog> = { hr: catalogHr, en: catalogEn, de: catalogDe };
