import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { SiteService } from '../site/site.service.ts';
import { IG_MAX_POSTS, type IgMedia } from './instagram.contract.ts';
import { createInstagramGraph, GraphError } from './instagram-graph.ts';

/** Hashtags read from the option: at most this many are asked for (Instagram allows 30 a week). */
const MAX_HASHTAGS = 5;
/** A Graph API that failed is not asked again for this long: pages do not each wait for its timeout. */
const FAILURE_TTL_SECONDS = 60;

/** `InstagramHashtags` as stored: a list (or a comma-separated text) of hashtags, with or without '#'. */
export function hashtagsOf(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const tags = raw
    .filter((tag): tag is string => typeof tag === 'string')
    .map((tag) => tag.trim().replace(/^#/, '').toLowerCase())
    .filter((tag) => /^[\p{L}\p{N}_]{1,100}$/u.test(tag));
  return [...new Set(tags)].slice(0, MAX_HASHTAGS);
}

type HashtagPosts = { ok: boolean; posts: IgMedia[] };

export function createInstagramService(
  { config, cache, logger }: Pick<Deps, 'config' | 'cache' | 'logger'>,
  sites: Pick<SiteService, 'option'>,
) {
  const graph =
    config.INSTAGRAM_ACCESS_TOKEN && config.INSTAGRAM_BUSINESS_ACCOUNT_ID
      ? createInstagramGraph({
          baseUrl: config.INSTAGRAM_GRAPH_URL,
          accessToken: config.INSTAGRAM_ACCESS_TOKEN,
          businessAccountId: config.INSTAGRAM_BUSINESS_ACCOUNT_ID,
          timeoutMs: config.INSTAGRAM_TIMEOUT_MS,
        })
      : null;

  /** One hashtag's newest posts, from the shared cache; a failure is kept briefly as "nothing". */
  async function postsFor(hashtag: string): Promise<IgMedia[]> {
    if (!graph) return [];
    const key = `${config.INSTAGRAM_BUSINESS_ACCOUNT_ID}:${hashtag}`;
    const hit = await cache.get<HashtagPosts>('instagram', key).catch(() => undefined);
    if (hit) return hit.posts;
    let entry: HashtagPosts;
    try {
      entry = { ok: true, posts: await graph.recentMedia(hashtag, IG_MAX_POSTS) };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      logger.warn(
        { hashtag, reason: error.message },
        'Instagram Graph API failed; the section shows nothing',
      );
      entry = { ok: false, posts: [] };
    }
    const ttlSeconds = entry.ok ? config.INSTAGRAM_CACHE_SECONDS : FAILURE_TTL_SECONDS;
    await cache.set('instagram', key, entry, { ttlSeconds }).catch(() => {});
    return entry.posts;
  }

  /** The newest posts of the site's hashtags, newest first, each post once; [] when not configured. */
  async function byHashtags(ctx: RequestContext, limit: number): Promise<IgMedia[]> {
    if (!graph) return [];
    const hashtags = hashtagsOf(await sites.option(ctx.site.id, 'InstagramHashtags'));
    if (hashtags.length === 0) return [];
    const lists = await Promise.all(hashtags.map(postsFor));
    const seen = new Set<string>();
    const merged: IgMedia[] = [];
    for (const post of lists.flat()) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      merged.push(post);
    }
    merged.sort((a, b) => (b.timestamp ?? '').localeCompare(a.timestamp ?? ''));
    return merged.slice(0, limit);
  }

  return { configured: graph !== null, byHashtags };
}

export type InstagramService = ReturnType<typeof createInstagramService>;
