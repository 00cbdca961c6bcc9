import { describe, expect, it } from 'vitest';
import { discountPercent, formatDate, formatMoney, toEuro } from './money.ts';

describe('formatMoney', () => {
  it('shows two decimals in the conventions of each language', () => {
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'hr')).toMatch(/^1\.234,56\s€$/);
    expect(formatMoney({ amount: 123456, currency: 'EUR' }, 'en')).toBe('€1,234.56');
    expect(formatMoney({ amount: 500, currency: 'HRK' }, 'hr')).toMatch(/^5,00\skn$/);
  });
  it('keeps the currency and language apart when formatters are reused', () => {
    const amounts = ['EUR', 'USD', 'EUR'].map((currency) => formatMoney({ amount: 100, currency }, 'en'));
    expect(amounts).toEqual(['€1.00', 'US$1.00', '€1.00']);
    expect(formatMoney({ amount: 100, currency: 'USD' }, 'hr')).toMatch(/^1,00\sUSD$/);
  });
});

describe('toEuro', () => {
  it('converts at the fixed kuna rate and rounds to the cent', () => {
    expect(toEuro(75345, '7.5345')).toBe(10000);
    expect(toEuro(100, '7.5345')).toBe(13);
    expect(toEuro(15069, '7.534500')).toBe(2000);
    expect(toEuro(1999, '1')).toBe(1999);
  });
  it('rounds halves away from zero', () => {
    expect(toEuro(5, '2')).toBe(3);
    expect(toEuro(-5, '2')).toBe(-3);
  });
  it('refuses a non-positive rate', () => {
    expect(() => toEuro(100, '0')).toThrow();
  });
});

describe('discountPercent', () => {
  it('rounds to a whole percent', () => {
    expect(discountPercent(1999, 1499)).toBe(25);
    expect(discountPercent(3000, 2000)).toBe(33);
    expect(discountPercent(1000, null)).toBe(0);
    expect(discountPercent(1000, 1200)).toBe(0);
  });
});

describe('formatDate', () => {
  it('formats per language in the shop time zone', () => {
    expect(formatDate('2026-03-01T23:30:00Z', 'en')).toBe('2 March 2026');
    expect(formatDate('2026-03-01T10:00:00Z', 'hr')).toBe('1. ožujka 2026.');
  });
  it('keeps options apart when formatters are reused', () => {
    const date = '2026-03-01T10:00:00Z';
    expect(formatDate(date, 'en', { month: 'short' })).toBe('Mar');
    expect(formatDate(date, 'en', { day: 'numeric' })).toBe('1');
    expect(formatDate(date, 'en', { month: 'short' })).toBe('Mar');
    expect(formatDate(date, 'de', { month: 'short' })).toBe('Mär');
  });
});
