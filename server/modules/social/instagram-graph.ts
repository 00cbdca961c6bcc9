import type { IgMedia } from './instagram.contract.ts';
import { igMediaTypes } from './instagram.contract.ts';

/**
 * The Instagram Graph API adapter: hashtag search (`ig_hashtag_search`), then the hashtag's recent
 * media. Every request is bounded by a timeout; a failure of any kind is thrown as a GraphError for
 * the service to turn into "nothing to show".
 */
export type InstagramGraphOptions = {
  baseUrl: string;
  accessToken: string;
  businessAccountId: string;
  timeoutMs: number;
};

export class GraphError extends Error {
  override name = 'GraphError';
}

const MEDIA_FIELDS =
  'id,media_type,caption,media_url,thumbnail_url,permalink,timestamp,children{media_type,media_url}';

const webUrl = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 4000 || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:' ? value : null;
};

/** The image a post shows: its own, a video's cover, or an album's first image. */
function imageOf(item: Record<string, unknown>): string | null {
  if (item.media_type === 'VIDEO') return webUrl(item.thumbnail_url);
  const own = webUrl(item.media_url);
  if (own) return own;
  const children = (item.children as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
  for (const child of children) {
    const url = child.media_type === 'VIDEO' ? null : webUrl(child.media_url);
    if (url) return url;
  }
  return null;
}

/** Shapes one media object of the Graph API; anything without a usable image and link is left out. */
export function toIgMedia(item: unknown): IgMedia | null {
  if (!item || typeof item !== 'object') return null;
  const record = item as Record<string, unknown>;
  const mediaType = igMediaTypes.find((type) => type === record.media_type);
  const image = imageOf(record);
  const permalink = webUrl(record.permalink);
  if (!mediaType || !image || !permalink || typeof record.id !== 'string') return null;
  return {
    id: record.id.slice(0, 64),
    media_type: mediaType,
    caption: typeof record.caption === 'string' ? record.caption.slice(0, 2200) : '',
    media_url: image,
    permalink,
    timestamp: typeof record.timestamp === 'string' ? record.timestamp.slice(0, 40) : null,
  };
}

export function createInstagramGraph(options: InstagramGraphOptions) {
  async function get(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('access_token', options.accessToken);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GraphError(timedOut ? `timed out after ${options.timeoutMs} ms` : 'unreachable');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GraphError(`answered ${response.status} without JSON`);
    }
    if (!response.ok || !body || typeof body !== 'object') {
      const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
      throw new GraphError(`answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`);
    }
    return body as Record<string, unknown>;
  }

  /** The id Instagram gives a hashtag, or null when it knows none. */
  async function hashtagId(hashtag: string): Promise<string | null> {
    const found = await get('ig_hashtag_search', { user_id: options.businessAccountId, q: hashtag });
    const first = (found.data as { id?: unknown }[] | undefined)?.[0]?.id;
    return typeof first === 'string' && /^\d{1,40}$/.test(first) ? first : null;
  }

  /** The newest posts tagged with the hashtag (without the leading #). */
  async function recentMedia(hashtag: string, limit: number): Promise<IgMedia[]> {
    const id = await hashtagId(hashtag);
    if (!id) return [];
    const media = await get(`${id}/recent_media`, {
      user_id: options.businessAccountId,
      fields: MEDIA_FIELDS,
      limit: String(limit),
    });
    const items = Array.isArray(media.data) ? media.data : [];
    return items.map(toIgMedia).filter((item): item is IgMedia => item !== null);
  }

  return { hashtagId, recentMedia };
}

export type InstagramGraph = ReturnType<typeof createInstagramGraph>;
