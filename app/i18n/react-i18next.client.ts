import type { UiLanguage } from '../../core/languages.ts';
import { createTranslator, type Translate } from './translate.ts';

/**
 * What islands use of react-i18next, in the browser: the client build resolves `react-i18next` here
 * (vite.config.ts), so an island's `useTranslation()` reads the page language's texts, which the
 * island entry loads before hydrating (`loadTexts`). A component that needs more of react-i18next
 * than this fails the client build instead of shipping i18next.
 */
let current: { t: Translate; i18n: { language: UiLanguage } } | undefined;

const catalogLoaders: Record<UiLanguage, () => Promise<Parameters<typeof createTranslator>[1]>> = {
  hr: () => import('./catalog-hr.ts').then((module) => module.catalogHr),
  en: () => import('./catalog-en.ts').then((module) => module.catalogEn),
  de: () => import('./catalog-de.ts').then((module) => module.catalogDe),
};

export async function loadTexts(language: UiLanguage): Promise<void> {
  const catalog = await catalogLoaders[language]();
  current = { t: createTranslator(language, catalog), i18n: { language } };
}

export function useTranslation() {
  if (!current) throw new Error('UI texts are not loaded: call loadTexts before hydrating');
  return current;
}

/*
 * React Router still builds every route module for the browser, though no page loads them (the root
 * and i18n.ts use these two); they do nothing here.
 */
export const initReactI18next = { type: '3rdParty' as const, init() {} };
export function I18nextProvider({ children }: { children: React.ReactNode }) {
  return children;
}
