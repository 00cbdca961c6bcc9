import { z } from 'zod';
import {
  ADDRESS_MAXIMA,
  addressTypes,
  DEFAULT_COUNTRY_ISO,
  isLettersOnlyName,
  isPhoneNumber,
} from '../../../core/address-rules.ts';
import { defineContract } from '../../../core/contract.ts';
import { isValidEan13 } from '../../../core/ean13.ts';
import { idParam, lineText } from '../../../core/input-schemas.ts';
import { isValidOib } from '../../../core/oib.ts';
import { emailInput, userProfileSchema } from './users.contract.ts';

/** Field messages: the profile form translates them (`profile.errors.*`) by these exact texts. */
export const PROFILE_MESSAGES = {
  required: 'Required.',
  lettersOnly: 'Only letters, spaces, apostrophes and hyphens.',
  phone: 'Enter a valid phone number.',
  country: 'Choose a country.',
  oib: 'Enter a valid OIB (11 digits with a valid check digit).',
  barcode: 'Enter a valid EAN-13 barcode (13 digits with a valid check digit).',
  tooLong: 'Too long.',
} as const;

const required = (max: number) =>
  lineText(max).trim().min(1, PROFILE_MESSAGES.required).max(max, { error: PROFILE_MESSAGES.tooLong });

const personName = (max: number) =>
  required(max).refine(isLettersOnlyName, { error: PROFILE_MESSAGES.lettersOnly });

/** An address as the profile (and later checkout) form sends it: section 5 of specification 001. */
export const addressInput = z
  .object({
    type: z.enum(addressTypes),
    firstName: personName(ADDRESS_MAXIMA.firstName),
    lastName: personName(ADDRESS_MAXIMA.lastName),
    contactEmail: emailInput,
    contactPhone: required(ADDRESS_MAXIMA.contactPhone).refine(isPhoneNumber, {
      error: PROFILE_MESSAGES.phone,
    }),
    /** ISO 3166 alpha-2 code; the server stores the country's id. Croatia when not sent. */
    country: required(ADDRESS_MAXIMA.country)
      .regex(/^[A-Za-z]{2}$/, PROFILE_MESSAGES.country)
      .transform((value) => value.toUpperCase())
      .default(DEFAULT_COUNTRY_ISO),
    city: required(ADDRESS_MAXIMA.city),
    street: required(ADDRESS_MAXIMA.street),
    houseNumber: required(ADDRESS_MAXIMA.houseNumber),
    zipCode: required(ADDRESS_MAXIMA.zipCode),
    /** Company mode: companyName and companyOib become required. */
    isCompany: z.boolean().default(false),
    companyName: lineText(ADDRESS_MAXIMA.companyName).trim().default(''),
    companyOib: lineText(20).trim().default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.isCompany) return;
    if (value.companyName === '')
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: PROFILE_MESSAGES.required });
    if (value.companyOib === '')
      ctx.addIssue({ code: 'custom', path: ['companyOib'], message: PROFILE_MESSAGES.required });
    else if (!isValidOib(value.companyOib))
      ctx.addIssue({ code: 'custom', path: ['companyOib'], message: PROFILE_MESSAGES.oib });
  })
  // Outside company mode the company fields are not kept.
  .transform((value) => (value.isCompany ? value : { ...value, companyName: '', companyOib: '' }));
export type AddressInput = z.input<typeof addressInput>;

export const addressSchema = z.object({
  id: z.number().int(),
  type: z.enum(addressTypes),
  firstName: z.string(),
  lastName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  countryId: z.number().int(),
  /** ISO 3166 alpha-2 code of the country. */
  country: z.string(),
  city: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  zipCode: z.string(),
  isCompany: z.boolean(),
  companyName: z.string(),
  companyOib: z.string(),
});
export type Address = z.output<typeof addressSchema>;

/** The profile with the addresses saved to the account. */
export const accountSchema = userProfileSchema.extend({ addresses: z.array(addressSchema) });
export type Account = z.output<typeof accountSchema>;

export const updateUserBody = z
  .object({
    firstName: personName(100),
    lastName: personName(100),
    displayName: lineText(100).trim(),
    /** The member card barcode (EAN-13); an empty string or null removes it. */
    memberCardBarcode: z
      .union([
        lineText(13)
          .trim()
          .refine((value) => value === '' || isValidEan13(value), { error: PROFILE_MESSAGES.barcode }),
        z.null(),
      ])
      .transform((value) => (value ? value : null)),
  })
  .partial();

export const updateUser = defineContract({
  method: 'patch',
  path: '/v1/user/web/update',
  tags: ['user'],
  summary: 'Change the logged-in user: names, display name, member card barcode (EAN-13 check digit)',
  body: updateUserBody,
  output: accountSchema,
});

export const profile = defineContract({
  method: 'get',
  path: '/v1/user/web/profile',
  tags: ['user'],
  summary: 'The logged-in user with the addresses saved to the account (401 without a session)',
  output: accountSchema,
});

export const createAddress = defineContract({
  method: 'post',
  path: '/v1/user/web/address/create',
  tags: ['user'],
  writes: true,
  summary: 'Save an address to the logged-in user (one main address per user: 409 for a second one)',
  body: addressInput,
  output: addressSchema,
});

export const updateAddress = defineContract({
  method: 'patch',
  path: '/v1/user/web/address/update/{id}',
  tags: ['user'],
  summary: "Change one of the logged-in user's addresses (another user's address: 404)",
  params: z.object({ id: idParam }),
  body: addressInput,
  output: addressSchema,
});

export const backofficeProfile = defineContract({
  method: 'get',
  path: '/v1/user/profile',
  tags: ['user'],
  access: 'backoffice',
  summary: 'The logged-in back-office user (401 without a session, 403 for other users)',
  output: accountSchema,
});

export const ADMIN_LANGUAGE_MISSING =
  "The admin language (group 'global', key 'language') is not set for this user.";

export const userSetting = defineContract({
  method: 'get',
  path: '/v1/settings/general/user',
  tags: ['settings'],
  access: 'backoffice',
  summary:
    "A setting of the logged-in back-office user; by default the admin language (group 'global', key 'language')",
  description:
    "A setting that is not stored answers 404 SETTING_MISSING (for the admin language: '" +
    ADMIN_LANGUAGE_MISSING +
    "').",
  query: z.object({
    group: lineText(50).trim().min(1).default('global'),
    key: lineText(50).trim().min(1).default('language'),
  }),
  output: z.object({ group: z.string(), key: z.string(), value: z.string() }),
});

/** One order in the profile's order history (specification 001, section 3 "Order in history"). */
export const orderHistoryEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** 'pending' (in process) or 'active' (completed). */
  state: z.enum(['pending', 'active']),
  grandTotal: z.number(),
  currency: z.string(),
  /** At most three images are shown; itemCount gives the "+N". */
  itemImages: z.array(z.string()),
  itemCount: z.number().int(),
});
export type OrderHistoryEntry = z.output<typeof orderHistoryEntrySchema>;

export const orderHistory = defineContract({
  method: 'get',
  path: '/v1/user/web/orders',
  tags: ['user'],
  summary: "The logged-in user's orders, newest first (empty until checkout stores orders)",
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  output: z.object({ orders: z.array(orderHistoryEntrySchema), total: z.number().int() }),
});
