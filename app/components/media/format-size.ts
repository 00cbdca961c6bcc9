import { localeOf, type UiLanguage } from '../../../core/languages.ts';

/**
 * A file size for people in the page's language: bytes, kB or MB counted in 1024s, so that the
 * 20 MiB limit reads "20 MB" as editors expect.
 */
export function formatFileSize(bytes: number, language: UiLanguage): string {
  const MB = 1024 * 1024;
  const [value, unit] =
    bytes >= MB ? [bytes / MB, 'megabyte'] : bytes >= 1024 ? [bytes / 1024, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(localeOf[language], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0,
  }).format(value);
}
