import { describe, expect, it } from 'vitest';
import { readMerchantPolicies, readShopContact } from '../../../core/shop-settings.ts';
import { defaultSiteOptions, demoSiteOptions } from './site-seed.ts';

describe('shop settings in the site options', () => {
  it('the demo states its contact, shipping zones and return policy in the shape the storefront reads', () => {
    const options = demoSiteOptions();
    expect(readShopContact(options.ShopContact)).toEqual({
      email: 'info@ucionica.example',
      telephone: '+385 1 555 0142',
    });
    const policies = readMerchantPolicies(options.MerchantPolicies);
    expect(policies?.shipping.map((zone) => zone.countries[0])).toEqual(['HR', 'SI']);
    expect(policies?.returns).toMatchObject({ days: 14, fees: 'ReturnShippingFees', shippingFee: 450 });
  });

  it('a new site states no contact and no shipping, only the legal 14-day return at the buyer’s cost', () => {
    const options = defaultSiteOptions('Nova trgovina');
    expect(readShopContact(options.ShopContact)).toEqual({});
    expect(readMerchantPolicies(options.MerchantPolicies)).toEqual({
      shipping: [],
      returns: {
        countries: ['HR'],
        days: 14,
        method: 'ReturnByMail',
        fees: 'ReturnFeesCustomerResponsibility',
      },
    });
  });

  it('a malformed setting states nothing rather than something wrong', () => {
    expect(readMerchantPolicies({ shipping: [{ countries: ['hr'], rate: -1 }], returns: null })).toBeNull();
    expect(readShopContact({ telephone: '01 555' })).toBeNull();
    expect(readMerchantPolicies(undefined)).toBeNull();
  });
});
