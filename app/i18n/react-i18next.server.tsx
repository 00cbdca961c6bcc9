import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, type ReactNode, use } from 'react';

/**
 * What the app uses of react-i18next, for server rendering: the build (vite.config.ts) and the tests
 * (vitest.config.ts) resolve `react-i18next` here. Texts still come from i18next (one instance per
 * language, i18n.ts); what changes is the hook: react-i18next's `useTranslation` builds a new `t`
 * and copies its state on every call, about 12% of a page's rendering CPU
 * (docs/decisions/0176-where-render-cpu-goes.md). Here each language's `{ t, i18n }` is made once.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

type Translation = { t: TFunction; i18n: I18n; ready: true };
const translations = new WeakMap<I18n, Translation>();

export function useTranslation(): Translation {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nextProvider> above it');
  let translation = translations.get(i18n);
  if (!translation) {
    translation = { t: i18n.getFixedT(i18n.language), i18n, ready: true };
    translations.set(i18n, translation);
  }
  return translation;
}

/** i18n.ts registers react-i18next's plugin with each instance; nothing needs it here. */
export const initReactI18next = { type: '3rdParty' as const, init() {} };
