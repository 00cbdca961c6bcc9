/** Price arithmetic of the demo catalogue, on integer minor units only. */
import { divideRounded } from '../../../../core/money.ts';

export { fromEuro } from '../../../../core/money.ts';

/** The amount without VAT for a VAT-inclusive amount; tax rate in basis points (2500 = 25 %). */
export function netFromGross(grossMinor: number, taxRateBp: number): number {
  if (!Number.isInteger(grossMinor) || grossMinor < 0) throw new Error(`Invalid amount ${grossMinor}`);
  if (!Number.isInteger(taxRateBp) || taxRateBp < 0) throw new Error(`Invalid tax rate ${taxRateBp}`);
  return divideRounded(grossMinor * 10_000, 10_000 + taxRateBp);
}
