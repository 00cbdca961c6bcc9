import { describe, expect, it } from 'vitest';
import { draftsOf, moved, saveInput, withPath } from './draft.ts';

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
