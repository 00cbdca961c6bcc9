/**
 * A menu as the editor holds it: a flat list in tree order where each item's depth says where it
 * hangs (under the nearest item above it with one level less). Every change moves an item together
 * with its sub-items.
 */
export type FlatItem = { depth: number };

/** The index just after the item's last sub-item. */
export function subtreeEnd(items: readonly FlatItem[], index: number): number {
  let end = index + 1;
  while (end < items.length && items[end]!.depth > items[index]!.depth) end++;
  return end;
}

/** The indexes of the item's siblings (itself included), in order. */
export function siblingIndexes(items: readonly FlatItem[], index: number): number[] {
  const depth = items[index]!.depth;
  let start = index;
  while (start > 0 && items[start - 1]!.depth >= depth) start--;
  const found: number[] = [];
  for (let at = start; at < items.length && items[at]!.depth >= depth; at = subtreeEnd(items, at))
    if (items[at]!.depth === depth) found.push(at);
  return found;
}

/** The list with the sibling at position `from` (among its siblings) moved to position `to`. */
export function moveAmongSiblings<T extends FlatItem>(items: readonly T[], index: number, to: number): T[] {
  const siblings = siblingIndexes(items, index);
  const from = siblings.indexOf(index);
  if (from < 0 || to < 0 || to >= siblings.length || to === from) return [...items];
  const blocks = siblings.map((start) => items.slice(start, subtreeEnd(items, start)));
  const [moved] = blocks.splice(from, 1);
  blocks.splice(to, 0, moved!);
  const first = siblings[0]!;
  const last = subtreeEnd(items, siblings.at(-1)!);
  return [...items.slice(0, first), ...blocks.flat(), ...items.slice(last)];
}

/** How deep the item's deepest sub-item is, relative to the item (0 without sub-items). */
function subtreeHeight(items: readonly FlatItem[], index: number): number {
  let height = 0;
  for (let at = index + 1; at < subtreeEnd(items, index); at++)
    height = Math.max(height, items[at]!.depth - items[index]!.depth);
  return height;
}

/** Indenting makes the item a sub-item of the sibling above it, within `maxDepth` levels. */
export function canIndent(items: readonly FlatItem[], index: number, maxDepth: number): boolean {
  const siblings = siblingIndexes(items, index);
  return siblings.indexOf(index) > 0 && items[index]!.depth + subtreeHeight(items, index) + 1 < maxDepth;
}

export const canOutdent = (items: readonly FlatItem[], index: number) => items[index]!.depth > 0;

/** The item and its sub-items one level deeper or shallower. */
export function shift<T extends FlatItem>(items: readonly T[], index: number, by: 1 | -1): T[] {
  const end = subtreeEnd(items, index);
  return items.map((item, at) => (at >= index && at < end ? { ...item, depth: item.depth + by } : item));
}

/** The list without the item and its sub-items. */
export function withoutSubtree<T extends FlatItem>(items: readonly T[], index: number): T[] {
  const end = subtreeEnd(items, index);
  return items.filter((_, at) => at < index || at >= end);
}
