import { createRoute, z } from '@hono/zod-openapi';
import { createApiRouter, jsonBody, jsonResponses } from '../../api/api-router.ts';
import { lineText } from '../../api/input-schemas.ts';
import type { SiteService } from './site.service.ts';

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
  language: z.string().openapi({ example: 'hr' }),
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

const optionSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.unknown(),
  media: z.number().nullable(),
});

const domainDetectResponse = z
  .object({
    apiKeyToken: z.string(),
    apiKeyId: z.number().int(),
    siteID: z.number().int(),
    site: z.object({ name: z.string(), url: z.string() }),
    origin: z.string().openapi({
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
  .openapi('DomainConfig');

export function siteRoutes(sites: SiteService) {
  const router = createApiRouter();

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/master/commons',
      tags: ['master'],
      summary: 'Reference lists: languages, countries (names in the request language) or currencies',
      request: {
        query: z.object({ type: z.enum(['languages', 'countries', 'currencies']).default('languages') }),
      },
      responses: jsonResponses(z.array(z.record(z.string(), z.unknown()))),
    }),
    async (c) => c.json({ data: await sites.commons(c.get('ctx'), c.req.valid('query').type) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v2/master/domainDetect',
      tags: ['master'],
      summary: 'Configuration of the site that serves the request host',
      responses: jsonResponses(domainDetectResponse),
    }),
    async (c) => {
      const site = c.get('ctx').site;
      return c.json(
        { data: { ...(await sites.domainConfig(site)), origin: sites.origin(site, c.req.header('host')) } },
        200,
      );
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/domain/filter',
      tags: ['settings'],
      summary: 'Domains of the current site',
      request: jsonBody(z.object({}).passthrough().optional().default({})),
      responses: jsonResponses(
        z.object({
          records: z.array(
            z.object({ id: z.number().int(), name: z.string(), url: z.string(), isPrimary: z.boolean() }),
          ),
          totalRecords: z.number().int(),
          totalPages: z.number().int(),
        }),
      ),
    }),
    async (c) => {
      const rows = await sites.domains(c.get('ctx').site.id);
      const records = rows.map((row) => ({
        id: row.id,
        name: row.name,
        url: `https://${row.host}`,
        isPrimary: row.isPrimary,
      }));
      return c.json({ data: { records, totalRecords: records.length, totalPages: 1 } }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cms/option/filter',
      tags: ['cms'],
      summary: 'CMS options of the site, optionally only the given keys (comma-separated)',
      request: {
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
      },
      responses: jsonResponses(z.array(optionSchema)),
    }),
    async (c) => c.json({ data: await sites.options(c.get('ctx').site.id, c.req.valid('query').keys) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v2/ecommerce/settings/getCheckoutSettings',
      tags: ['ecommerce'],
      summary: 'Checkout settings of the request store',
      responses: jsonResponses(checkoutSettingsSchema),
    }),
    async (c) => {
      const { store } = c.get('ctx');
      const [settings] = await sites.checkoutSettingsFor([store.id]);
      if (!settings) throw new Error(`Store ${store.id} has no checkout settings`);
      return c.json({ data: settings }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v2/ecommerce/settings/getCurrencyConfig',
      tags: ['ecommerce'],
      summary: 'Display currency and euro rate of the request store',
      responses: jsonResponses(currencyConfigSchema),
    }),
    async (c) => c.json({ data: sites.currencyConfig(c.get('ctx').store) }, 200),
  );

  return router;
}
