import { localeOf, type UiLanguage } from '../../core/languages.ts';

export type TranslateOptions = Record<string, unknown> & { count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;
type Texts = { readonly [key: string]: string | Texts };

/**
 * The part of i18next the catalogs use, for the browser: nested keys, `{{name}}` interpolation and
 * plural forms by `count` (`key_one`, `key_few`, `key_other`, and `key_zero` for 0 when it exists).
 * Islands hydrate with it instead of shipping i18next (about 16 kB gzip); the server renders with
 * i18next, and `translate.test.ts` checks that both give the same text for every key of every
 * language (docs/decisions/0180-islands.md).
 */
export function createTranslator(language: UiLanguage, catalog: Texts): Translate {
  const plurals = new Intl.PluralRules(localeOf[language]);
  const lookup = (key: string): string | undefined => {
    let node: string | Texts | undefined = catalog;
    for (const part of key.split('.')) {
      if (typeof node !== 'object') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  return (key, options) => {
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === 'number') {
      text = (count === 0 ? lookup(`${key}_zero`) : undefined) ?? lookup(`${key}_${plurals.select(count)}`);
    }
    text ??= lookup(key);
    if (text === undefined) return key;
    if (!options) return text;
    return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) =>
      name in options && options[name] !== undefined ? String(options[name]) : whole,
    );
  };
}
