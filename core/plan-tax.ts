// The tax of a recurring plan (a product sold as a subscription), by who buys: the plan is created at
// the provider with its amount and tax before the subscription, so the tax is fixed per buyer.
// Prices are kept with VAT included (retail price); the shop charges its own country's VAT to
// consumers. A company in another EU country pays the net price (reverse charge: it accounts for the
// VAT itself), as does any buyer outside the EU (an export). Amounts in minor units.

export const EU_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

export type PlanTaxInput = {
  /** The plan's price with the shop's VAT included. */
  grossAmount: number;
  /** The shop's VAT rate in percent (25 in Croatia). */
  vatRate: number;
  /** ISO 3166 alpha-2 of the shop's tax registration. */
  shopCountry: string;
  /** ISO 3166 alpha-2 of the buyer's billing address. */
  buyerCountry: string;
  /** The buyer bought as a company (company name and tax number given). */
  isCompany: boolean;
};

export type PlanTax = { amount: number; taxAmount: number; zeroRated: boolean };

export function planTax(input: PlanTaxInput): PlanTax {
  if (!Number.isSafeInteger(input.grossAmount) || input.grossAmount < 0) throw new RangeError('grossAmount');
  const includedTax = Math.round((input.grossAmount * input.vatRate) / (100 + input.vatRate));
  const buyer = input.buyerCountry.toUpperCase();
  const abroad = buyer !== input.shopCountry.toUpperCase();
  const zeroRated = abroad && (!EU_COUNTRIES.has(buyer) || input.isCompany);
  return zeroRated
    ? { amount: input.grossAmount - includedTax, taxAmount: 0, zeroRated }
    : { amount: input.grossAmount, taxAmount: includedTax, zeroRated };
}
