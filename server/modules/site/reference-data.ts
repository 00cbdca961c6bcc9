/**
 * Fixed reference lists. Ids are positions in these lists, so never reorder or remove entries:
 * append new ones at the end. Display names come from ICU (Intl.DisplayNames) in each language.
 */

/** [ISO 639-2 code, ISO 639-1 code or ''] — 79 languages. */
export const languageCodes: [string, string][] = [
  ['hrv', 'hr'],
  ['eng', 'en'],
  ['deu', 'de'],
  ['srp', 'sr'],
  ['bos', 'bs'],
  ['slv', 'sl'],
  ['ita', 'it'],
  ['fra', 'fr'],
  ['spa', 'es'],
  ['por', 'pt'],
  ['nld', 'nl'],
  ['pol', 'pl'],
  ['ces', 'cs'],
  ['slk', 'sk'],
  ['hun', 'hu'],
  ['ron', 'ro'],
  ['bul', 'bg'],
  ['mkd', 'mk'],
  ['sqi', 'sq'],
  ['ell', 'el'],
  ['tur', 'tr'],
  ['rus', 'ru'],
  ['ukr', 'uk'],
  ['bel', 'be'],
  ['lit', 'lt'],
  ['lav', 'lv'],
  ['est', 'et'],
  ['fin', 'fi'],
  ['swe', 'sv'],
  ['nor', 'no'],
  ['dan', 'da'],
  ['isl', 'is'],
  ['gle', 'ga'],
  ['cym', 'cy'],
  ['eus', 'eu'],
  ['cat', 'ca'],
  ['glg', 'gl'],
  ['mlt', 'mt'],
  ['ltz', 'lb'],
  ['cnr', ''],
  ['ara', 'ar'],
  ['heb', 'he'],
  ['fas', 'fa'],
  ['hin', 'hi'],
  ['ben', 'bn'],
  ['urd', 'ur'],
  ['pan', 'pa'],
  ['tam', 'ta'],
  ['tel', 'te'],
  ['mar', 'mr'],
  ['guj', 'gu'],
  ['kan', 'kn'],
  ['mal', 'ml'],
  ['tha', 'th'],
  ['vie', 'vi'],
  ['ind', 'id'],
  ['msa', 'ms'],
  ['tgl', 'tl'],
  ['zho', 'zh'],
  ['jpn', 'ja'],
  ['kor', 'ko'],
  ['mon', 'mn'],
  ['kaz', 'kk'],
  ['uzb', 'uz'],
  ['aze', 'az'],
  ['kat', 'ka'],
  ['hye', 'hy'],
  ['swa', 'sw'],
  ['amh', 'am'],
  ['yor', 'yo'],
  ['zul', 'zu'],
  ['afr', 'af'],
  ['som', 'so'],
  ['hau', 'ha'],
  ['epo', 'eo'],
  ['lat', 'la'],
  ['rom', ''],
  ['yid', 'yi'],
  ['nep', 'ne'],
];

/** ISO 3166-1 alpha-2 codes of the countries offered in address forms. */
export const countryCodes = (
  'HR SI BA RS ME MK AL XK AT DE CH IT FR ES PT NL BE LU IE GB DK SE NO FI IS EE LV LT PL CZ SK HU RO BG GR ' +
  'CY MT TR UA MD BY RU LI MC SM VA AD US CA MX BR AR CL CO PE VE UY PY BO EC AU NZ JP CN KR IN ID MY SG TH ' +
  'VN PH IL AE SA QA KW EG MA TN DZ ZA NG KE ET GH SN CI CM TZ UG RW AM GE AZ KZ UZ PK BD LK NP IR IQ JO LB'
).split(' ');

/** Currencies the stores may display. EUR keeps id 44 everywhere (the main currency). */
export const currencyRows = [
  { id: 44, code: 'EUR', label: 'Euro', symbol: '€', decimals: 2 },
  { id: 52, code: 'HRK', label: 'Kuna', symbol: 'kn', decimals: 2 },
  { id: 134, code: 'USD', label: 'US Dollar', symbol: '$', decimals: 2 },
  { id: 37, code: 'GBP', label: 'Pound Sterling', symbol: '£', decimals: 2 },
  { id: 23, code: 'CHF', label: 'Swiss Franc', symbol: 'CHF', decimals: 2 },
  { id: 104, code: 'RSD', label: 'Serbian Dinar', symbol: 'RSD', decimals: 2 },
  { id: 11, code: 'BAM', label: 'Convertible Mark', symbol: 'KM', decimals: 2 },
];

export const MAIN_CURRENCY_ID = 44;

function displayName(kind: 'language' | 'region', locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: kind, fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function languageRows() {
  return languageCodes.map(([code, code2], index) => {
    const tag = code2 || code;
    return {
      id: index + 1,
      code,
      code2,
      name: displayName('language', tag, tag),
      nameHrv: displayName('language', 'hr', tag),
      nameEng: displayName('language', 'en', tag),
      nameGer: displayName('language', 'de', tag),
      nameSrp: displayName('language', 'sr-Latn', tag),
    };
  });
}

export function countryRows() {
  return countryCodes.map((iso, index) => ({
    id: index + 1,
    iso,
    iso3: '',
    names: {
      hr: displayName('region', 'hr', iso),
      en: displayName('region', 'en', iso),
      de: displayName('region', 'de', iso),
    },
  }));
}
