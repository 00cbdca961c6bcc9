import { describe, expect, it } from 'vitest';
import { uiLanguages } from '../../core/languages.ts';
import { catalogs } from './catalog.ts';
import './i18n.server.ts';
import { i18nFor } from './i18n.ts';
import { createTranslator } from './translate.ts';

type Texts = { readonly [key: string]: string | Texts };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

// Every placeholder any text uses, with a value, and every count that selects a different plural form.
const values = { title: 'Naslov', search: 'vrtić', name: 'Ana', sku: 'SKU-1', page: 3, total: 40 };
const counts = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1.5];

describe('the browser translator', () => {
  for (const language of uiLanguages) {
    it(`gives i18next's text for every key in ${language}`, () => {
      const i18n = i18nFor(language);
      const translate = createTranslator(language, catalogs[language]);
      const keys = [...new Set(keysOf(catalogs[language]).map((key) => key.replace(PLURAL_SUFFIX, '')))];
      expect(keys.length).toBeGreaterThan(100);
      for (const key of keys) {
        expect(translate(key), key).toBe(i18n.t(key));
        expect(translate(key, values), key).toBe(i18n.t(key, values));
        for (const count of counts)
          expect(translate(key, { ...values, count }), key).toBe(i18n.t(key, { ...values, count }));
      }
    });
  }

  it('leaves a placeholder without a value as it is, and answers an unknown key with the key', () => {
    const i18n = i18nFor('en');
    const translate = createTranslator('en', catalogs.en);
    const withPlaceholder = keysOf(catalogs.en).find((key) =>
      /\{\{email\}\}/.test(i18n.t(key, { email: '{{email}}' })),
    );
    expect(withPlaceholder).toBeDefined();
    expect(translate(withPlaceholder as string, {})).toBe(i18n.t(withPlaceholder as string, {}));
    expect(translate('no.such.key')).toBe(i18n.t('no.such.key'));
  });
});
