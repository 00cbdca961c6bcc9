import { describe, expect, it } from 'vitest';
import { contentWithRemappedCaptions, remapCaptions } from './gallery-captions.ts';

describe('remapCaptions', () => {
  it('keeps the captions of the following images when the first is removed', () => {
    expect(remapCaptions([1, 2, 3], [2, 3], ['one', 'two', 'three'])).toEqual(['two', 'three']);
  });

  it('follows a reorder', () => {
    expect(remapCaptions([1, 2, 3], [3, 1, 2], ['one', 'two', 'three'])).toEqual(['three', 'one', 'two']);
  });

  it('gives an added or replaced image an empty caption', () => {
    expect(remapCaptions([1, 2], [1, 2, 9], ['one', 'two'])).toEqual(['one', 'two', '']);
    expect(remapCaptions([1, 2, 3], [1, 7, 3], ['one', 'two', 'three'])).toEqual(['one', '', 'three']);
  });

  it('pairs a repeated image by occurrence', () => {
    expect(remapCaptions([5, 6, 5], [6, 5, 5], ['first', 'six', 'second'])).toEqual([
      'six',
      'first',
      'second',
    ]);
    expect(remapCaptions([5, 6, 5], [6, 5], ['first', 'six', 'second'])).toEqual(['six', 'first']);
  });

  it('treats missing or non-text captions as empty', () => {
    expect(remapCaptions([1, 2, 3], [3, 2], ['one'])).toEqual(['', '']);
    expect(remapCaptions([1, 2], [2, 1], [{ html: 'x' }, 'two'])).toEqual(['two', '']);
  });
});

describe('contentWithRemappedCaptions', () => {
  it('leaves content alone when the ids did not change', () => {
    const content = { title: 'Gallery', captions: ['a', 'b'] };
    expect(contentWithRemappedCaptions(content, [1, 2], [1, 2])).toBe(content);
  });

  it('keeps the other texts and remaps the captions', () => {
    expect(contentWithRemappedCaptions({ title: 'Gallery', captions: ['a', 'b'] }, [1, 2], [2])).toEqual({
      title: 'Gallery',
      captions: ['b'],
    });
  });

  it('starts from no captions when the content has none', () => {
    expect(contentWithRemappedCaptions({ title: 'Gallery' }, null, [4])).toEqual({
      title: 'Gallery',
      captions: [''],
    });
  });
});
