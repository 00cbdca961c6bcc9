import type { Implement } from '../../api/contract-router.ts';
import {
  checkoutSettings,
  commons,
  currencyConfig,
  domainDetect,
  domainFilter,
  optionFilter,
} from './site.contract.ts';
import type { SiteService } from './site.service.ts';

export function siteRoutes(implement: Implement, sites: SiteService) {
  implement(commons, (ctx, { query }) => sites.commons(ctx, query.type));
  implement(domainDetect, async (ctx) => ({
    ...(await sites.domainConfig(ctx.site)),
    origin: sites.origin(ctx.site, ctx.host),
  }));
  implement(domainFilter, async (ctx, { body }) => {
    const rows =
      body.allSites && sites.devToolsOn
        ? await sites.allDomains()
        : (await sites.domains(ctx.site.id)).map((row) => ({ ...row, siteName: ctx.site.name }));
    const records = rows.map((row) => ({
      id: row.id,
      name: row.name,
      url: `https://${row.host}`,
      isPrimary: row.isPrimary,
      siteName: row.siteName,
    }));
    return { records, totalRecords: records.length, totalPages: 1 };
  });
  implement(optionFilter, (ctx, { query }) => sites.options(ctx.site.id, query.keys));
  implement(checkoutSettings, async (ctx) => {
    const [settings] = await sites.checkoutSettingsFor([ctx.store.id]);
    if (!settings) throw new Error(`Store ${ctx.store.id} has no checkout settings`);
    return settings;
  });
  implement(currencyConfig, (ctx) => sites.currencyConfig(ctx.store));
}
