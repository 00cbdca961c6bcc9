import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml.ts';

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('leaves other text, including non-ASCII, as it is', () => {
    expect(escapeXml('Učionica / škola')).toBe('Učionica / škola');
  });
});
