import { describe, expect, it } from 'vitest';
import { planTax } from './plan-tax.ts';

const plan = { grossAmount: 12_500, vatRate: 25, shopCountry: 'HR' };

describe('planTax', () => {
  it('charges the shop VAT, included, to buyers in the shop country, company or not', () => {
    expect(planTax({ ...plan, buyerCountry: 'HR', isCompany: false })).toEqual({
      amount: 12_500,
      taxAmount: 2_500,
      zeroRated: false,
    });
    expect(planTax({ ...plan, buyerCountry: 'hr', isCompany: true }).taxAmount).toBe(2_500);
  });

  it('charges the net price with zero tax to a company in another EU country (reverse charge)', () => {
    expect(planTax({ ...plan, buyerCountry: 'DE', isCompany: true })).toEqual({
      amount: 10_000,
      taxAmount: 0,
      zeroRated: true,
    });
  });

  it('keeps VAT for a consumer in another EU country and drops it outside the EU', () => {
    expect(planTax({ ...plan, buyerCountry: 'DE', isCompany: false }).taxAmount).toBe(2_500);
    expect(planTax({ ...plan, buyerCountry: 'US', isCompany: false })).toEqual({
      amount: 10_000,
      taxAmount: 0,
      zeroRated: true,
    });
  });

  it('rounds the included tax to the cent', () => {
    expect(planTax({ ...plan, grossAmount: 999, buyerCountry: 'HR', isCompany: false }).taxAmount).toBe(200);
    expect(planTax({ ...plan, grossAmount: 999, buyerCountry: 'AT', isCompany: true }).amount).toBe(799);
  });
});
