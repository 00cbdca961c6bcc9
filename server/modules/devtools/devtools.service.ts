import fs from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cached } from '../../cache/cache.ts';
import { normalizeHost, type SiteService } from '../site/site.service.ts';
import { parseChangelog } from './changelog.ts';
import type { Release } from './devtools.contract.ts';

/** The specification's "about five minutes" for the releases. */
export const RELEASES_TTL_SECONDS = 300;
const DEFAULT_CHANGELOG = path.resolve(import.meta.dirname, '../../../CHANGELOG.md');

/**
 * The developer tools behind the `_cli` calls: the project's releases from its own CHANGELOG.md, and
 * which site a development instance serves.
 */
export function createDevtoolsService(
  { cache }: Pick<Deps, 'cache'>,
  sites: Pick<SiteService, 'devDomain' | 'setDevDomain' | 'allDomains' | 'siteIdForHost' | 'siteById'>,
  options: { changelogPath?: string; forcedDomain?: string } = {},
) {
  const changelogPath = options.changelogPath ?? DEFAULT_CHANGELOG;

  function releases(): Promise<Release[]> {
    return cached(
      cache,
      'devtools',
      `releases:${changelogPath}`,
      { ttlSeconds: RELEASES_TTL_SECONDS },
      async () => {
        const markdown = await fs.readFile(changelogPath, 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return '';
          throw error;
        });
        return parseChangelog(markdown);
      },
    );
  }

  const latestTag = async () => (await releases())[0]?.tag_name ?? '';

  const urlOf = (host: string | null | undefined) => (host ? `https://${host}` : null);

  async function domain(ctx: RequestContext) {
    const host = await sites.devDomain();
    return {
      url: urlOf(host),
      forcedUrl: urlOf(options.forcedDomain?.replace(/:\d+$/, '')),
      siteName: host ? ctx.site.name : null,
    };
  }

  /** `https://shop.hr`, `shop.hr` or `shop.hr:443`: one of the sites' domains, else 400 naming `domain`. */
  async function setDomain(value: string) {
    const raw = value.includes('://') ? (URL.canParse(value) ? new URL(value).host : '') : value;
    const host = normalizeHost(raw);
    const known = await sites.allDomains();
    const match = known.find((row) => row.host === host);
    if (!match) throw badRequest('The domain is not one of the sites’ domains.', 'domain');
    await sites.setDevDomain(match.host);
    return {
      url: urlOf(match.host),
      forcedUrl: urlOf(options.forcedDomain?.replace(/:\d+$/, '')),
      siteName: match.siteName,
    };
  }

  return { releases, latestTag, domain, setDomain };
}

export type DevtoolsService = ReturnType<typeof createDevtoolsService>;
