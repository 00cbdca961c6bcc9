import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';

const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  symbol: z.string(),
  label: z.string(),
  decimals: z.number().int(),
});

const storeSchema = z.object({
  storeID: z.number().int(),
  name: z.string(),
  language: z.string().meta({ example: 'hr' }),
  currency: currencySchema,
  loyalty: z.unknown(),
});

const checkoutSettingsSchema = z.object({
  storeId: z.number().int(),
  checkoutEnabled: z.boolean(),
  socialLogins: z.boolean(),
  cartType: z.number().int(),
  checkoutType: z.number().int(),
  guestCheckout: z.number().int(),
  giftWrap: z.number().int(),
  message: z.number().int(),
  mergeItems: z.number().int(),
  eProductDelivery: z.string(),
  allowedCountries: z.union([z.literal('ALL'), z.array(z.string())]),
  skipShippingStep: z.boolean(),
  captchaVersion: z.number().int(),
});

const currencyConfigSchema = z.object({
  storeId: z.number().int(),
  mainCurrencyId: z.number().int(),
  currency: currencySchema,
  eurRate: z.number(),
  showEuroEquivalent: z.boolean(),
});

export const optionSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.unknown(),
  media: z.number().nullable(),
});

export const domainDetectResponse = z
  .object({
    apiKeyToken: z.string(),
    apiKeyId: z.number().int(),
    siteID: z.number().int(),
    site: z.object({ name: z.string(), url: z.string() }),
    origin: z.string().meta({
      description:
        'Scheme and host for absolute links: the public URL, or the request host when it is a domain of the site',
      example: 'https://ucionica.hr',
    }),
    subdomain: z.string(),
    externalURLs: z.record(z.string(), z.string()),
    stores: z.array(storeSchema),
    cmsLanguages: z.array(
      z.object({ code: z.string(), code2: z.string(), name: z.string(), isDefault: z.boolean() }),
    ),
    extra: z.object({
      checkoutSettings: z.record(z.string(), checkoutSettingsSchema),
      currencyConfig: z.record(z.string(), currencyConfigSchema),
      cmsOptionFilter: z.array(optionSchema),
    }),
  })
  .meta({ id: 'DomainConfig' });

export type DomainConfig = z.output<typeof domainDetectResponse>;
export type SiteOption = z.output<typeof optionSchema>;

export const commons = defineContract({
  method: 'get',
  path: '/v1/master/commons',
  tags: ['master'],
  summary: 'Reference lists: languages, countries (names in the request language) or currencies',
  query: z.object({ type: z.enum(['languages', 'countries', 'currencies']).default('languages') }),
  output: z.array(z.record(z.string(), z.unknown())),
});

export const domainDetect = defineContract({
  method: 'post',
  path: '/v2/master/domainDetect',
  tags: ['master'],
  summary: 'Configuration of the site that serves the request host',
  output: domainDetectResponse,
});

export const domainFilter = defineContract({
  method: 'post',
  path: '/v1/settings/domain/filter',
  tags: ['settings'],
  summary:
    'Domains of the current site (with allSites outside production: of every site, for the domain picker)',
  body: z
    .object({
      allSites: z
        .boolean()
        .optional()
        .meta({ description: "Every site's domains; honoured only when the developer tools are on" }),
    })
    .passthrough()
    .optional()
    .default({}),
  output: z.object({
    records: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        url: z.string(),
        isPrimary: z.boolean(),
        siteName: z.string(),
      }),
    ),
    totalRecords: z.number().int(),
    totalPages: z.number().int(),
  }),
});

export const optionFilter = defineContract({
  method: 'get',
  path: '/v1/cms/option/filter',
  tags: ['cms'],
  summary: 'CMS options of the site, optionally only the given keys (comma-separated)',
  query: z.object({
    keys: lineText(2000)
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((key) => key.trim())
              .filter(Boolean)
          : undefined,
      ),
  }),
  output: z.array(optionSchema),
});

export const checkoutSettings = defineContract({
  method: 'get',
  path: '/v2/ecommerce/settings/getCheckoutSettings',
  tags: ['ecommerce'],
  summary: 'Checkout settings of the request store',
  output: checkoutSettingsSchema,
});

export const currencyConfig = defineContract({
  method: 'get',
  path: '/v2/ecommerce/settings/getCurrencyConfig',
  tags: ['ecommerce'],
  summary: 'Display currency and euro rate of the request store',
  output: currencyConfigSchema,
});
