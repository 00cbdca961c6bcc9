/** What the list pickers show of a post, product or category: its id and its title in the page's language. */
export type PickedItem = { id: number; title: string; detail?: string; thumbnailUrl?: string | null };

/** The kinds of things a section's list setting names, by the setting's key. */
export type ListKind = 'products' | 'productCategories' | 'postCategories';

/**
 * How the settings form edits a setting, by its key (the section shapes of cms.contract.ts): images
 * through the media picker, icons through the icon list, lists of products and categories through
 * their pickers; anything else by its value's type (number, text, yes/no, JSON).
 */
export type SettingKind =
  | { kind: 'image' }
  | { kind: 'images'; slots: 'fixed' | 'growing' }
  | { kind: 'icon' }
  | { kind: 'icons' }
  | { kind: 'logos' }
  | { kind: 'list'; list: ListKind; single: boolean }
  | { kind: 'plain' };

const listKeys: Record<string, { list: ListKind; single: boolean }> = {
  productIds: { list: 'products', single: false },
  productCategoryIds: { list: 'productCategories', single: false },
  categoryIds: { list: 'postCategories', single: false },
  // The latest-posts section's one blog category.
  categoryId: { list: 'postCategories', single: true },
};

export function settingKind(sectionType: string, key: string): SettingKind {
  if (key === 'mediaId') return { kind: 'image' };
  // Card images pair with the cards by index: one slot per card. A gallery grows and shrinks.
  if (key === 'mediaIds') return { kind: 'images', slots: sectionType === 'card-grid' ? 'fixed' : 'growing' };
  if (key === 'icon') return { kind: 'icon' };
  if (key === 'icons') return { kind: 'icons' };
  // The sponsors' logos: each an image with the sponsor's name and link.
  if (key === 'logos') return { kind: 'logos' };
  const list = listKeys[key];
  return list ? { kind: 'list', ...list } : { kind: 'plain' };
}

/** The ids a list setting holds (a single id, a list of ids, or nothing), without anything else. */
export function idsOf(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0);
}

/** The list with `item` added at the end (once); a single-choice list holds only the newest. */
export function withPicked<T extends { id: number }>(list: readonly T[], item: T, single = false): T[] {
  if (single) return [item];
  return list.some((entry) => entry.id === item.id) ? [...list] : [...list, item];
}

/** The list without the entry at `index`. */
export const withoutIndex = <T>(list: readonly T[], index: number): T[] =>
  list.filter((_, position) => position !== index);

/** Lower case without diacritics, so that "skola" finds "Škola". */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase()
    .trim();

/** The entries whose title holds every word of the query (all entries for an empty query). */
export function matching<T extends { title: string; detail?: string }>(
  list: readonly T[],
  query: string,
): T[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((entry) => {
    const text = folded(`${entry.title} ${entry.detail ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}

type TreeNode = { id: number; name: string; children: TreeNode[] };

/** A category tree as a flat list in tree order; each entry's detail is the path of its parents. */
export function flattenTree(nodes: readonly TreeNode[], parents: string[] = []): PickedItem[] {
  return nodes.flatMap((node) => [
    { id: node.id, title: node.name, ...(parents.length ? { detail: parents.join(' › ') } : {}) },
    ...flattenTree(node.children, [...parents, node.name]),
  ]);
}

/** The entries for `ids` in that order; an id with no entry (deleted since) is left out. */
export function inOrder<T extends { id: number }>(ids: readonly number[], found: readonly T[]): T[] {
  const byId = new Map(found.map((entry) => [entry.id, entry]));
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [entry] : [];
  });
}
