/** Price arithmetic of the demo catalogue, on integer minor units only. */

/** Rounds numerator / denominator half away from zero, for non-negative integers. */
function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * Converts euro cents to another currency's minor units at a fixed decimal rate given as a
 * string ("7.5345"), so that no binary fraction creeps into the product.
 */
export function fromEuro(euroMinor: number, rate: string): number {
  if (!Number.isInteger(euroMinor) || euroMinor < 0) throw new Error(`Invalid amount ${euroMinor}`);
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10 ** fraction.length;
  const rateScaled = Number(whole) * scale + Number(fraction || '0');
  if (!(rateScaled > 0)) throw new Error(`Invalid rate ${rate}`);
  return divideRounded(euroMinor * rateScaled, scale);
}

/** The amount without VAT for a VAT-inclusive amount; tax rate in basis points (2500 = 25 %). */
export function netFromGross(grossMinor: number, taxRateBp: number): number {
  if (!Number.isInteger(grossMinor) || grossMinor < 0) throw new Error(`Invalid amount ${grossMinor}`);
  if (!Number.isInteger(taxRateBp) || taxRateBp < 0) throw new Error(`Invalid tax rate ${taxRateBp}`);
  return divideRounded(grossMinor * 10_000, 10_000 + taxRateBp);
}
