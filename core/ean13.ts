/**
 * EAN-13 barcodes (member cards). The check digit is validated before any list or external
 * validator is asked, so a mistyped card never costs a database or network round trip.
 */

const TWELVE_DIGITS = /^\d{12}$/;
const THIRTEEN_DIGITS = /^\d{13}$/;

/** The check digit for the first 12 digits: weights 1,3,1,3,... from the left, then mod 10. */
export function ean13CheckDigit(first12: string): number {
  if (!TWELVE_DIGITS.test(first12)) throw new Error('ean13CheckDigit needs exactly 12 digits');
  let sum = 0;
  for (let index = 0; index < 12; index++) {
    sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  if (typeof code !== 'string' || !THIRTEEN_DIGITS.test(code)) return false;
  return ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** Appends the check digit: used by the seed and by tests to build valid card numbers. */
export function withEan13CheckDigit(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}
