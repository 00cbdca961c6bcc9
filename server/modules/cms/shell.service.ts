import { ApiError } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cached } from '../../cache/cache.ts';
import type { SiteService } from '../site/site.service.ts';
import { siteCacheTag } from '../site/site.service.ts';
import { type StorefrontShell, shellMenus, shellOptionKeys } from './cms.contract.ts';
import type { CmsContentService } from './cms-content.service.ts';

const TTL_SECONDS = 60;

/**
 * The storefront's frame (site, options, header, footer, menus) as one cached answer per site and
 * language: one cache read per page instead of eight calls. It is tagged with the site, as each of
 * its parts is, so whatever invalidates a part invalidates it.
 */
export function createShellService(deps: Pick<Deps, 'cache'>, cms: CmsContentService, sites: SiteService) {
  async function shell(ctx: RequestContext): Promise<StorefrontShell> {
    const frame = await cached(
      deps.cache,
      'cms',
      `shell:${ctx.site.id}:${ctx.language}`,
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(ctx.site.id)] },
      async () => {
        const [elements, options, ...menus] = await Promise.all([
          cms.elementsByHandlers(ctx, ['header-section', 'footer-section']),
          sites.options(ctx.site.id, [...shellOptionKeys]),
          // A site without a menu yet (a new production site has none) shows no menu there.
          ...shellMenus.map((handle) =>
            cms.navigationTree(ctx, handle).catch((error: unknown) => {
              if (error instanceof ApiError && error.status === 404) return [];
              throw error;
            }),
          ),
        ]);
        const byHandler = new Map(elements.map((element) => [element.handler, element]));
        return {
          site: {
            name: ctx.site.name,
            apiKeyId: ctx.site.apiKeyId,
            languages: ctx.site.languages.map((language) => language.code2),
          },
          options: Object.fromEntries(options.map((option) => [option.key, option.value])),
          elements: {
            header: byHandler.get('header-section') ?? null,
            footer: byHandler.get('footer-section') ?? null,
          },
          navigation: Object.fromEntries(shellMenus.map((handle, index) => [handle, menus[index] ?? []])),
        };
      },
    );
    // The address for absolute links depends on the request's host, so it stays outside the cache.
    return {
      ...frame,
      site: { ...frame.site, origin: sites.origin(ctx.site, ctx.host) },
    } as StorefrontShell;
  }
  return { shell };
}

export type ShellService = ReturnType<typeof createShellService>;
