import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import type { Catalog } from './catalog-hr.ts';

/**
 * Each language's catalog is its own chunk: the browser loads the page's language only (before
 * hydration in entry.client, and before a navigation into another language in the root's client
 * middleware). The server registers every language once at start (i18n.server.ts).
 */
const catalogLoaders: Record<UiLanguage, () => Promise<Catalog>> = {
  hr: () => import('./catalog-hr.ts').then((module) => module.catalogHr),
  en: () => import('./catalog-en.ts').then((module) => module.catalogEn),
  de: () => import('./catalog-de.ts').then((module) => module.catalogDe),
};

type Loaded = { i18n: i18n; catalog: Catalog };
const loaded = new Map<UiLanguage, Loaded>();
const pending = new Map<UiLanguage, Promise<Loaded>>();

/**
 * One i18next instance per language, created once and shared by every render in that language:
 * building an instance per request cost about a tenth of the server's rendering time.
 */
export function registerCatalog(language: UiLanguage, catalog: Catalog): i18n {
  const existing = loaded.get(language);
  if (existing) return existing.i18n;
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    // Every catalog has the reference catalog's keys (type-checked), so no fallback language is loaded.
    fallbackLng: false,
    resources: { [language]: { translation: catalog } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  loaded.set(language, { i18n: instance, catalog });
  return instance;
}

/** Resolves once the language's texts are ready for `i18nFor` and `catalogFor`. */
export function loadLanguage(language: UiLanguage): Promise<Loaded> {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let loading = pending.get(language);
  if (!loading) {
    loading = catalogLoaders[language]().then((catalog) => {
      registerCatalog(language, catalog);
      return loaded.get(language) as Loaded;
    });
    // A failed chunk load (an older build, a network error) must be retried by the next navigation.
    loading.catch(() => pending.delete(language));
    pending.set(language, loading);
  }
  return loading;
}

function entryFor(language: UiLanguage): Loaded {
  const entry = loaded.get(language) ?? loaded.values().next().value;
  if (!entry) throw new Error(`UI texts for ${language} are not loaded`);
  return entry;
}

/**
 * The language's i18next instance. Its texts are loaded before anything renders in that language;
 * should that ever fail, the page shows a loaded language rather than crashing.
 */
export function i18nFor(language: UiLanguage): i18n {
  return entryFor(language).i18n;
}

/** The language's texts, for code outside components (route `meta`). */
export function catalogFor(language: UiLanguage): Catalog {
  return entryFor(language).catalog;
}
