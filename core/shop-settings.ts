import { z } from 'zod';

/**
 * The shop's contact and its shipping and return terms, kept as site options (`ShopContact`,
 * `MerchantPolicies`) and read by the storefront shell. Structured data states them to search
 * engines (Organization contactPoint, Offer shippingDetails and hasMerchantReturnPolicy), so they
 * must say what the shop really does: a site without them states nothing.
 */

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code, upper case');
const days = z.number().int().min(0).max(365);
/** Euro cents: the shop's terms are written in euro, whatever currency a page shows. */
const euroCents = z.number().int().min(0).max(10_000_000);

export const shopContactSchema = z.object({
  email: z.email().max(200).optional(),
  /** International format, as people dial it: "+385 1 555 0142". */
  telephone: z
    .string()
    .regex(/^\+[0-9][0-9 ()-]{5,30}$/, 'international format, starting with +')
    .optional(),
});
export type ShopContact = z.output<typeof shopContactSchema>;

export const shippingZoneSchema = z.object({
  /** Where this rate delivers. */
  countries: z.array(countryCode).min(1).max(60),
  rate: euroCents,
  /** Delivery is free from this order amount on (as the delivery method's `free_over`). */
  freeOver: euroCents.optional(),
  /** Working days from the order to the hand-over to the carrier, and in transit: [min, max]. */
  handlingDays: z.tuple([days, days]),
  transitDays: z.tuple([days, days]),
});

export const returnPolicySchema = z.object({
  countries: z.array(countryCode).min(1).max(60),
  /** Days to return a physical product; 0: returns are not accepted. */
  days,
  method: z.enum(['ReturnByMail', 'ReturnInStore', 'ReturnAtKiosk']),
  fees: z.enum(['FreeReturn', 'ReturnFeesCustomerResponsibility', 'ReturnShippingFees']),
  /** What the shopper pays for the return label when `fees` is ReturnShippingFees. */
  shippingFee: euroCents.optional(),
});

export const merchantPoliciesSchema = z.object({
  shipping: z.array(shippingZoneSchema).max(20),
  /** Physical products; digital products cannot be returned once delivered. */
  returns: returnPolicySchema.nullable(),
});
export type MerchantPolicies = z.output<typeof merchantPoliciesSchema>;
export type ShippingZone = z.output<typeof shippingZoneSchema>;
export type ReturnPolicy = z.output<typeof returnPolicySchema>;

/** An option value as the shop's settings, or null when it is missing or malformed. */
export const readShopContact = (value: unknown): ShopContact | null =>
  shopContactSchema.safeParse(value).data ?? null;
export const readMerchantPolicies = (value: unknown): MerchantPolicies | null =>
  merchantPoliciesSchema.safeParse(value).data ?? null;

/** Member states of the European Union (for shipping zones and return policies). */
export const euCountries = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
