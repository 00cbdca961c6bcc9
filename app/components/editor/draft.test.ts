import { describe, expect, it } from 'vitest';
import {
  clearStoredDrafts,
  draftStorageKey,
  draftsOf,
  moved,
  readStoredDraft,
  saveInput,
  storeDraft,
  withPath,
} from './draft.ts';

describe('withPath', () => {
  it('replaces a text at any depth without touching the original', () => {
    const content = { title: 'A', items: [{ question: 'Q', answerHtml: '<p>x</p>' }] };
    const changed = withPath(content, 'items.0.answerHtml', '<p>y</p>');
    expect(changed).toEqual({ title: 'A', items: [{ question: 'Q', answerHtml: '<p>y</p>' }] });
    expect(Array.isArray(changed.items)).toBe(true);
    expect(content.items[0]!.answerHtml).toBe('<p>x</p>');
    expect(withPath({}, 'button.label', 'Go')).toEqual({ button: { label: 'Go' } });
  });
});

describe('moved', () => {
  it('moves one item and clamps the target to the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 1, -3)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 4, 0)).toEqual(['a', 'b']);
  });
});

describe('saveInput', () => {
  it('sends stored sections with their id and new ones without, never the editor keys', () => {
    const [stored] = draftsOf([
      {
        id: 7,
        type: 'hero',
        isMaster: false,
        name: '',
        showDesktop: true,
        showMobile: false,
        settings: {},
        content: {},
      },
    ]);
    const added = {
      key: 'new1',
      type: 'faq' as const,
      isMaster: false,
      name: '',
      showDesktop: true,
      showMobile: true,
      settings: {},
      content: {},
    };
    const input = saveInput([added, stored!]);
    expect(input.map((section) => [section.id, section.type])).toEqual([
      [undefined, 'faq'],
      [7, 'hero'],
    ]);
    expect(input.some((section) => 'key' in section)).toBe(false);
  });
});

/** The browser's Storage over a Map (the part the editor uses). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('stored drafts', () => {
  const section = {
    key: 's4',
    id: 4,
    type: 'rich-text' as const,
    isMaster: false,
    name: '',
    showDesktop: true,
    showMobile: true,
    settings: {},
    content: { html: '<p>Mine</p>' },
  };

  it('keeps one draft per page and language under its base version, and gives it back', () => {
    const storage = memoryStorage();
    storeDraft(storage, 7, 'en', { baseVersion: 3, title: 'Mine', sections: [section] });
    storeDraft(storage, 7, 'en', { baseVersion: 5, title: 'Mine again', sections: [section] });
    storeDraft(storage, 7, 'hr', { baseVersion: 5, title: 'Moje', sections: [section] });
    expect([...storage.map.keys()].sort()).toEqual([
      draftStorageKey(7, 'en', 5),
      draftStorageKey(7, 'hr', 5),
    ]);
    expect(readStoredDraft(storage, 7, 'en')).toEqual({
      baseVersion: 5,
      title: 'Mine again',
      sections: [section],
    });
    expect(readStoredDraft(storage, 8, 'en')).toBeNull();
    clearStoredDrafts(storage, 7, 'en');
    expect(readStoredDraft(storage, 7, 'en')).toBeNull();
    expect(readStoredDraft(storage, 7, 'hr')?.title).toBe('Moje');
  });

  it('drops a draft it cannot read instead of offering it', () => {
    const storage = memoryStorage();
    storage.setItem(draftStorageKey(7, 'en', 2), '{"baseVersion":2,"title":"x","sections":[{"nope":1}]}');
    storage.setItem(draftStorageKey(9, 'en', 1), 'not json');
    expect(readStoredDraft(storage, 7, 'en')).toBeNull();
    expect(storage.getItem(draftStorageKey(7, 'en', 2))).toBeNull();
    expect(readStoredDraft(storage, 9, 'en')).toBeNull();
    expect(readStoredDraft(null, 7, 'en')).toBeNull();
  });
});
