import { describe, expect, it } from 'vitest';
import {
  billingAddressOf,
  type CheckoutForm,
  countryAllowed,
  readCheckoutForm,
  validateCheckoutForm,
} from './checkout-address.ts';
import { withOibCheckDigit } from './oib.ts';

const address = {
  firstName: 'Ana',
  lastName: 'Horvat',
  contactEmail: 'ana@example.com',
  contactPhone: '+385 91 234 5678',
  country: 'HR',
  city: 'Zagreb',
  street: 'Ilica',
  houseNumber: '1',
  zipCode: '10000',
};
const empty = Object.fromEntries(Object.keys(address).map((key) => [key, ''])) as typeof address;
const base: CheckoutForm = {
  delivery: address,
  separateBilling: false,
  billing: empty,
  isCompany: false,
  companyName: '',
  companyOib: '',
  acceptedConsents: [],
};
const rules = { allowedCountries: 'ALL' as const, requiredConsents: [] as number[] };

describe('checkout address form', () => {
  it('accepts a complete delivery address and copies it to billing when billing is not separate', () => {
    expect(validateCheckoutForm(base, rules)).toEqual({});
    expect(billingAddressOf(base)).toEqual(address);
  });

  it('names every missing or wrong field at once', () => {
    const errors = validateCheckoutForm(
      {
        ...base,
        delivery: {
          ...address,
          firstName: 'Ana1',
          contactEmail: 'ana@',
          zipCode: '',
          houseNumber: 'x'.repeat(16),
        },
      },
      rules,
    );
    expect(errors).toEqual({
      'delivery.firstName': 'lettersOnly',
      'delivery.contactEmail': 'email',
      'delivery.zipCode': 'required',
      'delivery.houseNumber': 'tooLong',
    });
  });

  it('checks the billing address only when it is separate', () => {
    expect(validateCheckoutForm({ ...base, separateBilling: true }, rules)['billing.city']).toBe('required');
    const billing = { ...address, city: 'Split' };
    const separate = { ...base, separateBilling: true, billing };
    expect(validateCheckoutForm(separate, rules)).toEqual({});
    expect(billingAddressOf(separate).city).toBe('Split');
  });

  it('needs a company name and a valid OIB in company mode', () => {
    const company = { ...base, isCompany: true };
    expect(validateCheckoutForm(company, rules)).toEqual({ companyName: 'required', companyOib: 'required' });
    const valid = withOibCheckDigit('1234567890');
    const wrongDigit = `${valid.slice(0, 10)}${(Number(valid[10]) + 1) % 10}`;
    expect(validateCheckoutForm({ ...company, companyName: 'Firma', companyOib: wrongDigit }, rules)).toEqual(
      {
        companyOib: 'oib',
      },
    );
    expect(
      validateCheckoutForm(
        { ...company, companyName: 'Firma', companyOib: withOibCheckDigit('6982937103') },
        rules,
      ),
    ).toEqual({});
  });

  it('refuses a country outside the allowed list; ALL allows every country', () => {
    expect(countryAllowed('DE', 'ALL')).toBe(true);
    expect(countryAllowed('de', ['HR', 'DE'])).toBe(true);
    expect(countryAllowed('US', ['HR', 'DE'])).toBe(false);
    const errors = validateCheckoutForm(
      { ...base, delivery: { ...address, country: 'US' } },
      { allowedCountries: ['HR', 'SI'], requiredConsents: [] },
    );
    expect(errors).toEqual({ 'delivery.country': 'countryNotAllowed' });
  });

  it('enforces the required consents only', () => {
    const withConsents = { allowedCountries: 'ALL' as const, requiredConsents: [3, 5] };
    expect(validateCheckoutForm({ ...base, acceptedConsents: [3] }, withConsents)).toEqual({
      'consent.5': 'consentRequired',
    });
    expect(validateCheckoutForm({ ...base, acceptedConsents: [3, 5, 9] }, withConsents)).toEqual({});
  });

  it('reads the posted form', () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(address)) form.set(`delivery.${key}`, value);
    form.set('delivery.country', 'hr');
    form.set('isCompany', 'on');
    form.set('companyName', 'Firma');
    form.set('companyOib', ' 123 456 ');
    form.append('consent', '4');
    form.append('consent', 'x');
    const read = readCheckoutForm(form);
    expect(read.delivery.country).toBe('HR');
    expect(read.separateBilling).toBe(false);
    expect(read.isCompany).toBe(true);
    expect(read.companyOib).toBe('123456');
    expect(read.acceptedConsents).toEqual([4]);
  });
});
