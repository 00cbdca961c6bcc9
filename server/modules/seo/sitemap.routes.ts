import { type Context, Hono } from 'hono';
import { defaultLanguage } from '../../../core/languages.ts';
import type { Deps } from '../../api/request-context.ts';
import type { SiteService } from '../site/site.service.ts';
import { createSitemapService } from './sitemap.service.ts';

const CACHE_CONTROL = 'public, max-age=3600';

/** /sitemap.xml (default language), /{language}/sitemap.xml and /robots.txt, outside the API. */
export function seoRoutes(deps: Pick<Deps, 'db' | 'config'>, sitesService: SiteService) {
  const service = createSitemapService(deps, sitesService);
  const router = new Hono();

  const sitemap = async (c: Context, language: string): Promise<Response> => {
    const site = await service.siteForHost(c.req.header('host'));
    const xml = site
      ? await service.sitemapXml(site, language, service.origin(site, c.req.header('host')))
      : undefined;
    if (xml === undefined) return c.text('Not found', 404);
    return c.body(xml, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': CACHE_CONTROL,
      // The links follow the host when it is one of the site's domains.
      vary: 'Host',
    });
  };

  router.get('/sitemap.xml', (c) => sitemap(c, defaultLanguage));
  // The default language has no prefix, so /hr/sitemap.xml is not one of its addresses.
  router.get('/:language/sitemap.xml', async (c) => {
    const language = c.req.param('language');
    return language === defaultLanguage ? c.text('Not found', 404) : sitemap(c, language);
  });
  router.get('/robots.txt', async (c) => {
    const site = await service.siteForHost(c.req.header('host'));
    if (!site) return c.text('Not found', 404);
    return c.body(await service.robotsTxt(site, service.origin(site, c.req.header('host'))), 200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': CACHE_CONTROL,
      vary: 'Host',
    });
  });

  return router;
}
