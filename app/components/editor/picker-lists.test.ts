import { describe, expect, it } from 'vitest';
import {
  flattenTree,
  idsOf,
  inOrder,
  matching,
  settingKind,
  withoutIndex,
  withPicked,
} from './picker-lists.ts';

const item = (id: number, title = `Item ${id}`) => ({ id, title });

describe('settingKind', () => {
  it('edits images, icons and lists through their pickers and everything else by value', () => {
    expect(settingKind('hero', 'mediaId')).toEqual({ kind: 'image' });
    expect(settingKind('card-grid', 'mediaIds')).toEqual({ kind: 'images', slots: 'fixed' });
    expect(settingKind('gallery', 'mediaIds')).toEqual({ kind: 'images', slots: 'growing' });
    expect(settingKind('card-grid', 'icons')).toEqual({ kind: 'icons' });
    expect(settingKind('sponsors', 'logos')).toEqual({ kind: 'logos' });
    expect(settingKind('latest-posts', 'categoryId')).toEqual({
      kind: 'list',
      list: 'postCategories',
      single: true,
    });
    expect(settingKind('any', 'productIds')).toEqual({ kind: 'list', list: 'products', single: false });
    expect(settingKind('latest-posts', 'limit')).toEqual({ kind: 'plain' });
  });
});

describe('idsOf', () => {
  it('keeps positive whole ids from a single value or a list', () => {
    expect(idsOf(7)).toEqual([7]);
    expect(idsOf(null)).toEqual([]);
    expect(idsOf([3, null, 0, -1, 2.5, '4', 9])).toEqual([3, 9]);
  });
});

describe('withPicked', () => {
  it('adds at the end once; a single choice keeps only the newest', () => {
    const list = [item(1), item(2)];
    expect(withPicked(list, item(3)).map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(withPicked(list, item(1)).map((entry) => entry.id)).toEqual([1, 2]);
    expect(withPicked(list, item(5), true).map((entry) => entry.id)).toEqual([5]);
    expect(list).toHaveLength(2);
  });
});

describe('withoutIndex', () => {
  it('removes one position and leaves the list it was given alone', () => {
    const list = [item(1), item(2), item(3)];
    expect(withoutIndex(list, 1).map((entry) => entry.id)).toEqual([1, 3]);
    expect(withoutIndex(list, 9)).toHaveLength(3);
    expect(list).toHaveLength(3);
  });
});

describe('matching', () => {
  const list = [item(1, 'Škola za roditelje'), item(2, 'Igračke'), { ...item(3, 'Knjige'), detail: 'Đaci' }];

  it('finds every word, ignoring case and diacritics, also in the detail', () => {
    expect(matching(list, 'skola').map((entry) => entry.id)).toEqual([1]);
    expect(matching(list, 'RODITELJE škola').map((entry) => entry.id)).toEqual([1]);
    expect(matching(list, 'daci').map((entry) => entry.id)).toEqual([3]);
    expect(matching(list, 'skola igracke')).toEqual([]);
    expect(matching(list, '  ')).toHaveLength(3);
  });
});

describe('flattenTree', () => {
  it('lists a tree in order with the path of parents as the detail', () => {
    const tree = [
      {
        id: 1,
        name: 'Books',
        children: [{ id: 2, name: 'Picture books', children: [{ id: 3, name: 'Animals', children: [] }] }],
      },
      { id: 4, name: 'Toys', children: [] },
    ];
    expect(flattenTree(tree)).toEqual([
      { id: 1, title: 'Books' },
      { id: 2, title: 'Picture books', detail: 'Books' },
      { id: 3, title: 'Animals', detail: 'Books › Picture books' },
      { id: 4, title: 'Toys' },
    ]);
  });
});

describe('inOrder', () => {
  it('orders found entries as the setting lists their ids and drops ids that no longer exist', () => {
    expect(inOrder([3, 9, 1], [item(1), item(3)]).map((entry) => entry.id)).toEqual([3, 1]);
  });
});
