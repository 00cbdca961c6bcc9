import { describe, expect, it } from 'vitest';
import { fold, parseCategories, plainText, queryWords, snippet, tsQueryText } from './search-text.ts';

describe('parseCategories', () => {
  it('reads a comma list in the fixed order, ignoring blanks', () => {
    expect(parseCategories('posts, pages,,products')).toEqual(['pages', 'posts', 'products']);
    expect(parseCategories('')).toEqual([]);
    expect(parseCategories(undefined)).toEqual([]);
  });
  it('refuses an unknown name', () => {
    expect(parseCategories('posts,events')).toBeUndefined();
  });
});

describe('queryWords and tsQueryText', () => {
  it('keeps only letters and digits, so tsquery operators typed by a visitor are plain separators', () => {
    expect(queryWords("'; DROP table posts; --")).toEqual(['drop', 'table', 'posts']);
    expect(queryWords('a:* | !b & (c) <-> d')).toEqual(['a', 'b', 'c', 'd']);
    expect(queryWords('Škola škola')).toEqual(['škola']);
  });
  it('adds a prefix without the last vowel for Croatian words, not for stemmed languages', () => {
    expect(tsQueryText(['škola', 'dan'], 'hr')).toBe('(škola:* | škol:*) & dan:*');
    expect(tsQueryText(['school', 'workshops'], 'en')).toBe('school:* & workshops:*');
  });
});

describe('snippet', () => {
  it('cuts plain text around the first word that matches with diacritics folded', () => {
    const body = `<p>${'Uvod bez traženog pojma. '.repeat(12)}Djeca u <strong>školi</strong> uče čitati.</p>`;
    const text = snippet(['Kratki sažetak.', body], ['skol']);
    expect(text).toContain('školi');
    expect(text).not.toContain('<');
    expect(text.startsWith('… ')).toBe(true);
  });
  it('finds an inflected form of a Croatian word', () => {
    expect(snippet(['Kako se pomiriti.', 'Situacije iz škole i doma.'], ['skola'])).toBe(
      'Situacije iz škole i doma.',
    );
  });
  it('falls back to the start of the first text', () => {
    expect(snippet(['', 'Prvi tekst.'], ['nema'])).toBe('Prvi tekst.');
  });
  it('decodes entities and folds without moving offsets', () => {
    expect(plainText('<p>A &amp; B&nbsp;C &#269;</p>')).toBe('A & B C č');
    expect(fold('Đak Škola')).toBe('dak skola');
  });
});
