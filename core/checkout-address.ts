import { ADDRESS_MAXIMA, isLettersOnlyName, isPhoneNumber } from './address-rules.ts';
import { isValidOib } from './oib.ts';

/**
 * Step 1's form rules (specification 001, section 5), shared by the checkout route's action and the
 * page: the delivery address, the billing address when it is separate (otherwise copied from the
 * delivery one and not checked), company mode, allowed countries and required consents. The server's
 * contracts check the same again; these give every field's message at once, before any call.
 */

export const CHECKOUT_ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'contactEmail',
  'contactPhone',
  'country',
  'city',
  'street',
  'houseNumber',
  'zipCode',
] as const;
export type CheckoutAddressField = (typeof CHECKOUT_ADDRESS_FIELDS)[number];
export type CheckoutAddress = Record<CheckoutAddressField, string>;

export type CheckoutAddressError =
  | 'required'
  | 'lettersOnly'
  | 'email'
  | 'phone'
  | 'country'
  | 'countryNotAllowed'
  | 'tooLong'
  | 'oib'
  | 'consentRequired';

export type CheckoutForm = {
  delivery: CheckoutAddress;
  /** Separate billing address; when false the delivery address is copied. */
  separateBilling: boolean;
  billing: CheckoutAddress;
  isCompany: boolean;
  companyName: string;
  companyOib: string;
  /** Ids of the consents the shopper ticked. */
  acceptedConsents: number[];
};

/** A field's error, keyed `delivery.city`, `billing.zipCode`, `companyOib`, `consent.7`. */
export type CheckoutFormErrors = Record<string, CheckoutAddressError>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO = /^[A-Z]{2}$/;

/** ALL (or an empty list) allows every country; otherwise only the listed ISO codes. */
export function countryAllowed(iso: string, allowed: readonly string[] | 'ALL'): boolean {
  if (allowed === 'ALL' || allowed.length === 0) return true;
  return allowed.includes(iso.toUpperCase());
}

function checkAddress(
  address: CheckoutAddress,
  prefix: string,
  allowedCountries: readonly string[] | 'ALL',
  errors: CheckoutFormErrors,
): void {
  for (const field of CHECKOUT_ADDRESS_FIELDS) {
    const value = address[field].trim();
    const key = `${prefix}.${field}`;
    if (value === '') {
      errors[key] = 'required';
      continue;
    }
    if (value.length > ADDRESS_MAXIMA[field]) errors[key] = 'tooLong';
    else if ((field === 'firstName' || field === 'lastName') && !isLettersOnlyName(value))
      errors[key] = 'lettersOnly';
    else if (field === 'contactEmail' && !EMAIL.test(value)) errors[key] = 'email';
    else if (field === 'contactPhone' && !isPhoneNumber(value)) errors[key] = 'phone';
    else if (field === 'country' && !ISO.test(value.toUpperCase())) errors[key] = 'country';
    else if (field === 'country' && !countryAllowed(value, allowedCountries))
      errors[key] = 'countryNotAllowed';
  }
}

/** Every field's error at once; an empty object when the form may be saved. */
export function validateCheckoutForm(
  form: CheckoutForm,
  rules: { allowedCountries: readonly string[] | 'ALL'; requiredConsents: readonly number[] },
): CheckoutFormErrors {
  const errors: CheckoutFormErrors = {};
  checkAddress(form.delivery, 'delivery', rules.allowedCountries, errors);
  if (form.separateBilling) checkAddress(form.billing, 'billing', rules.allowedCountries, errors);
  if (form.isCompany) {
    const name = form.companyName.trim();
    const oib = form.companyOib.trim();
    if (name === '') errors.companyName = 'required';
    else if (name.length > ADDRESS_MAXIMA.companyName) errors.companyName = 'tooLong';
    if (oib === '') errors.companyOib = 'required';
    else if (!isValidOib(oib)) errors.companyOib = 'oib';
  }
  for (const id of rules.requiredConsents)
    if (!form.acceptedConsents.includes(id)) errors[`consent.${id}`] = 'consentRequired';
  return errors;
}

/** The billing address the order uses: the separate one, or a copy of the delivery address. */
export const billingAddressOf = (form: CheckoutForm): CheckoutAddress =>
  form.separateBilling ? form.billing : { ...form.delivery };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Reads step 1's posted form (`delivery.*`, `billing.*`, `separateBilling`, company fields, `consent`). */
export function readCheckoutForm(form: FormData): CheckoutForm {
  const address = (prefix: string) =>
    Object.fromEntries(
      CHECKOUT_ADDRESS_FIELDS.map((field) => [
        field,
        field === 'country'
          ? text(form, `${prefix}.${field}`).toUpperCase()
          : text(form, `${prefix}.${field}`),
      ]),
    ) as CheckoutAddress;
  return {
    delivery: address('delivery'),
    separateBilling: text(form, 'separateBilling') === 'on',
    billing: address('billing'),
    isCompany: text(form, 'isCompany') === 'on',
    companyName: text(form, 'companyName'),
    companyOib: text(form, 'companyOib').replace(/\s/g, ''),
    acceptedConsents: form
      .getAll('consent')
      .map((value) => Number(value))
      .filter((id) => Number.isInteger(id) && id > 0),
  };
}
