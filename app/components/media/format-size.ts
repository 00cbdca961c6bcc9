import { localeOf, type UiLanguage } from '../../../core/languages.ts';

/** A file size for people: bytes, kB or MB in the page's language (decimal units, as file managers show). */
export function formatFileSize(bytes: number, language: UiLanguage): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1000
        ? [bytes / 1000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(localeOf[language], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0,
  }).format(value);
}
