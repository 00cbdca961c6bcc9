import type { ApiClient } from '../../lib/api-client.ts';
import { categoryFilter, productWebFilter, termFilter } from './editor-calls.ts';
import { flattenTree, inOrder, type ListKind, matching, type PickedItem } from './picker-lists.ts';

/** Where a list picker finds its entries: a search, and the entries a setting already names. */
export type ListSource = {
  search: (query: string) => Promise<PickedItem[]>;
  byIds: (ids: number[]) => Promise<PickedItem[]>;
};

const SEARCH_LIMIT = 20;

function unwrap<T>(result: { errored: true; error: { message: string } } | { errored: false; data: T }): T {
  if (result.errored) throw new Error(result.error.message);
  return result.data;
}

/** A whole (short) list read once, then searched in the browser: the categories. */
function wholeList(read: () => Promise<PickedItem[]>): ListSource {
  let all: Promise<PickedItem[]> | null = null;
  const entries = () => {
    all ??= read().catch((error: unknown) => {
      all = null;
      throw error;
    });
    return all;
  };
  return {
    search: async (query) => matching(await entries(), query),
    byIds: async (ids) => inOrder(ids, await entries()),
  };
}

/**
 * The public read calls each list uses, in the page's language: products through the shop's
 * product filter (keywords, or the chosen ids), shop categories through the category tree, blog
 * categories through the term list.
 */
export function listSource(kind: ListKind, api: ApiClient): ListSource {
  if (kind === 'products') {
    const toItem = (card: {
      id: number;
      name: string;
      sku: string;
      media: ({ url: string } | null)[];
    }): PickedItem => ({
      id: card.id,
      title: card.name,
      detail: card.sku,
      thumbnailUrl: card.media[0]?.url ?? null,
    });
    return {
      search: async (query) => {
        const page = unwrap(
          await api.call(productWebFilter, {
            body: { ...(query.trim() ? { keywords: query.trim() } : {}), page: 1, limit: SEARCH_LIMIT },
          }),
        );
        return page.records.map(toItem);
      },
      byIds: async (ids) => {
        if (ids.length === 0) return [];
        const page = unwrap(
          await api.call(productWebFilter, { body: { select: ids, page: 1, limit: ids.length } }),
        );
        return inOrder(ids, page.records.map(toItem));
      },
    };
  }
  if (kind === 'productCategories')
    return wholeList(async () => flattenTree(unwrap(await api.call(categoryFilter, { body: {} })).records));
  return wholeList(async () =>
    unwrap(await api.call(termFilter, { query: { type: 'category' } })).map((term) => ({
      id: term.id,
      title: term.title,
    })),
  );
}
