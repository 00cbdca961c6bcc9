/**
 * The address rules of specification 001, section 5, shared by the profile form and the server.
 * Plain values and functions (no zod), so that any page or island may use them.
 */

export const addressTypes = ['main', 'shipping', 'billing', 'other'] as const;

/** Field maxima of section 5 (country 75, street 75, city 75, houseNumber 15, zipCode 25). */
export const ADDRESS_MAXIMA = {
  firstName: 100,
  lastName: 100,
  contactEmail: 254,
  contactPhone: 30,
  country: 75,
  city: 75,
  street: 75,
  houseNumber: 15,
  zipCode: 25,
  companyName: 150,
} as const;

/** The country a new address starts with: Croatia. */
export const DEFAULT_COUNTRY_ISO = 'HR';

/** Letters (any script, with their accents), spaces, apostrophes and hyphens. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’-]*$/u;
export const isLettersOnlyName = (value: string) => PERSON_NAME.test(value);

/** Digits, spaces and the usual phone punctuation, with an optional leading +, 6 to 30 characters. */
const PHONE = /^\+?[0-9 ()/.-]{6,30}$/;
export const isPhoneNumber = (value: string) => PHONE.test(value) && /\d{3}/.test(value.replace(/\D/g, ''));
