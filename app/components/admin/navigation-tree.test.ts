import { describe, expect, it } from 'vitest';
import {
  canIndent,
  canOutdent,
  moveAmongSiblings,
  shift,
  siblingIndexes,
  subtreeEnd,
  withoutSubtree,
} from './navigation-tree.ts';

// A(0) a1(1) a2(1) a2x(2) B(0) C(0) c1(1)
const tree = [
  { name: 'A', depth: 0 },
  { name: 'a1', depth: 1 },
  { name: 'a2', depth: 1 },
  { name: 'a2x', depth: 2 },
  { name: 'B', depth: 0 },
  { name: 'C', depth: 0 },
  { name: 'c1', depth: 1 },
];
const names = (items: { name: string; depth: number }[]) => items.map((item) => `${item.name}${item.depth}`);

describe('navigation tree edits', () => {
  it('finds an item’s sub-items and siblings', () => {
    expect(subtreeEnd(tree, 0)).toBe(4);
    expect(subtreeEnd(tree, 2)).toBe(4);
    expect(siblingIndexes(tree, 4)).toEqual([0, 4, 5]);
    expect(siblingIndexes(tree, 3)).toEqual([3]);
    expect(siblingIndexes(tree, 2)).toEqual([1, 2]);
  });

  it('moves an item with its sub-items among its siblings only', () => {
    expect(names(moveAmongSiblings(tree, 0, 1))).toEqual(['B0', 'A0', 'a11', 'a21', 'a2x2', 'C0', 'c11']);
    expect(names(moveAmongSiblings(tree, 5, 0))).toEqual(['C0', 'c11', 'A0', 'a11', 'a21', 'a2x2', 'B0']);
    expect(names(moveAmongSiblings(tree, 2, 0))).toEqual(['A0', 'a21', 'a2x2', 'a11', 'B0', 'C0', 'c11']);
    // Past either end: unchanged.
    expect(names(moveAmongSiblings(tree, 6, 1))).toEqual(names(tree));
  });

  it('indents under the sibling above within three levels, and outdents', () => {
    expect(canIndent(tree, 0, 3)).toBe(false);
    expect(canIndent(tree, 4, 3)).toBe(true);
    // C has a child: indenting C makes c1 level 3 (depth 2): still allowed.
    expect(canIndent(tree, 5, 3)).toBe(true);
    // a2 has a child at depth 2: indenting would make it depth 3.
    expect(canIndent(tree, 2, 3)).toBe(false);
    expect(names(shift(tree, 5, 1))).toEqual(['A0', 'a11', 'a21', 'a2x2', 'B0', 'C1', 'c12']);
    expect(canOutdent(tree, 0)).toBe(false);
    expect(names(shift(tree, 2, -1))).toEqual(['A0', 'a11', 'a20', 'a2x1', 'B0', 'C0', 'c11']);
  });

  it('deletes an item with its sub-items', () => {
    expect(names(withoutSubtree(tree, 0))).toEqual(['B0', 'C0', 'c11']);
    expect(names(withoutSubtree(tree, 3))).toEqual(['A0', 'a11', 'a21', 'B0', 'C0', 'c11']);
  });
});
