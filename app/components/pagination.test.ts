import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.tsx';

describe('pageWindow', () => {
  it('lists every page when they fit the window', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows nothing for no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps first and last page and marks the gaps around the current page', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('never shows more entries than the window', () => {
    for (let page = 1; page <= 30; page++) {
      const entries = pageWindow(page, 30);
      expect(entries.length).toBeLessThanOrEqual(9);
      expect(entries).toContain(page);
      expect(entries[0]).toBe(1);
      expect(entries.at(-1)).toBe(30);
    }
  });

  it('does not hide a single page behind a gap near the ends', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 7, 8, 9, 10, 11, 12]);
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(99, 12).at(-1)).toBe(12);
    expect(pageWindow(99, 12)).not.toContain(99);
  });
});
