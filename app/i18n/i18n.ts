import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, type UiLanguage } from '../../core/languages.ts';
import { catalogs } from './catalog.ts';

/** One i18next instance per render on the server (requests differ in language), one in the browser. */
export function createI18n(language: UiLanguage): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    resources: Object.fromEntries(
      Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
