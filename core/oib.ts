/**
 * OIB, the Croatian personal identification number: 11 digits, the last a check digit computed with
 * ISO 7064 MOD 11,10 over the first ten. Used by the address form (company mode) and the server.
 */

const ELEVEN_DIGITS = /^\d{11}$/;
const TEN_DIGITS = /^\d{10}$/;

/** The ISO 7064 MOD 11,10 check digit of the first ten digits. */
export function oibCheckDigit(first10: string): number {
  if (!TEN_DIGITS.test(first10)) throw new Error('oibCheckDigit needs exactly 10 digits');
  let remainder = 10;
  for (const digit of first10) {
    remainder = (remainder + Number(digit)) % 10;
    if (remainder === 0) remainder = 10;
    remainder = (remainder * 2) % 11;
  }
  const check = 11 - remainder;
  return check === 10 ? 0 : check;
}

export function isValidOib(value: string): boolean {
  if (typeof value !== 'string' || !ELEVEN_DIGITS.test(value)) return false;
  return oibCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** Appends the check digit: used by tests and seeds to build valid numbers. */
export function withOibCheckDigit(first10: string): string {
  return `${first10}${oibCheckDigit(first10)}`;
}
