import { localeOf, type UiLanguage } from './languages.ts';

/** An amount in minor units (cents) of a currency. Never a float. */
export type Money = { amount: number; currency: string };

export const MAIN_CURRENCY = 'EUR';

/**
 * Formatters are built once per locale and options and reused: building one costs far more than
 * formatting with it (5.5% of server rendering time when every price and date built its own). The
 * keys come from a few languages, currencies and option sets, so the caches stay small.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatMoney(money: Money, language: UiLanguage): string {
  const key = `${language} ${money.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language], {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(money.amount / 100);
}

/**
 * The euro equivalent of an amount in a store's display currency at the store's fixed rate
 * (display units per 1 EUR, e.g. "7.5345"). The rate is a decimal string so that no binary
 * fraction creeps in: the division is done on scaled integers and rounded half away from zero.
 */
export function toEuro(amountMinor: number, eurRate: string | number): number {
  const [whole = '0', fraction = ''] = String(eurRate).split('.');
  const scale = 10 ** fraction.length;
  const rateScaled = Number(whole) * scale + Number(fraction || '0');
  if (rateScaled <= 0) throw new Error(`Invalid euro rate ${eurRate}`);
  const numerator = amountMinor * scale;
  const quotient = Math.trunc(numerator / rateScaled);
  const remainder = numerator - quotient * rateScaled;
  return Math.abs(remainder) * 2 >= rateScaled ? quotient + Math.sign(numerator) : quotient;
}

/** Rounds numerator / denominator half away from zero, for non-negative integers. */
export function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** A decimal rate ("7.5345") as an integer over a power of ten, so that no binary fraction creeps in. */
export function scaledRate(rate: string): { scaled: number; scale: number } {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10 ** fraction.length;
  const scaled = Number(whole) * scale + Number(fraction || '0');
  if (!(scaled > 0) || !Number.isSafeInteger(scaled)) throw new Error(`Invalid rate ${rate}`);
  return { scaled, scale };
}

/**
 * Converts euro cents to another currency's minor units at a fixed decimal rate given as a string
 * ("7.5345"), rounded half up: the inverse of `toEuro`.
 */
export function fromEuro(euroMinor: number, rate: string): number {
  if (!Number.isInteger(euroMinor) || euroMinor < 0) throw new Error(`Invalid amount ${euroMinor}`);
  const { scaled, scale } = scaledRate(rate);
  return divideRounded(euroMinor * scaled, scale);
}

/** Discount as a whole percent of the regular price (rounded), or 0 when there is no discount. */
export function discountPercent(regularMinor: number, discountedMinor: number | null | undefined): number {
  if (!discountedMinor || regularMinor <= 0 || discountedMinor >= regularMinor) return 0;
  return Math.round(((regularMinor - discountedMinor) / regularMinor) * 100);
}

export function formatDate(
  value: string | Date,
  language: UiLanguage,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], { timeZone: 'Europe/Zagreb', ...options });
    dateFormats.set(key, format);
  }
  return format.format(new Date(value));
}
