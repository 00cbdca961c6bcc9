import type { UiLanguage } from '../../core/languages.ts';
import { blogTexts } from './areas/blog.ts';
import { contentTexts } from './areas/content.ts';
import { productTexts } from './areas/product.ts';
import { searchTexts } from './areas/search.ts';
import { shopTexts } from './areas/shop.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { hr } from './hr.ts';
import type { Widen } from './widen.ts';

/** Areas whose texts live in their own file (`areas/`), under their own key. */
const areas = {
  content: contentTexts,
  blog: blogTexts,
  search: searchTexts,
  shop: shopTexts,
  product: productTexts,
};

function withAreas<T>(shell: T, language: UiLanguage) {
  const areaTexts = Object.fromEntries(Object.entries(areas).map(([key, area]) => [key, area[language]]));
  return { ...shell, ...areaTexts } as T & { [K in keyof typeof areas]: (typeof areas)[K]['hr'] };
}

/** Croatian is the reference catalog: the others must have exactly its keys (the type checker enforces it). */
export type Catalog = Widen<ReturnType<typeof withAreas<typeof hr>>>;
export type ShellCatalog = Widen<typeof hr>;

export const catalogs: Record<UiLanguage, Catalog> = {
  hr: withAreas(hr, 'hr'),
  en: withAreas(en, 'en'),
  de: withAreas(de, 'de'),
};
