import { describe, expect, it } from 'vitest';
import { isLogoUrl, logoProblem, logosOf } from './sponsor-logos.ts';

describe('logoProblem', () => {
  const logo = { mediaId: 4, name: 'Fond Vedrina', url: 'https://vedrina.example' };

  it('accepts whole logos, an empty link and no logos', () => {
    expect(logoProblem([logo, { ...logo, url: '' }])).toBeNull();
    expect(logoProblem([])).toBeNull();
    expect(logoProblem(undefined)).toBeNull();
  });

  it('names the first logo and field that is wrong', () => {
    expect(logoProblem([logo, { ...logo, mediaId: 0 }])).toEqual({ index: 1, field: 'mediaId' });
    expect(logoProblem([{ ...logo, name: '  ' }])).toEqual({ index: 0, field: 'name' });
    expect(logoProblem([logo, logo, { ...logo, url: 'javascript:alert(1)' }])).toEqual({
      index: 2,
      field: 'url',
    });
    expect(logoProblem([{ mediaId: 4, name: 'x' }])).toEqual({ index: 0, field: 'url' });
    expect(logoProblem('logos')).toEqual({ index: -1, field: 'list' });
  });
});

describe('isLogoUrl', () => {
  it('takes http(s) addresses only', () => {
    expect(isLogoUrl('http://example.com/a')).toBe(true);
    expect(isLogoUrl('https://example.com')).toBe(true);
    expect(isLogoUrl('example.com')).toBe(false);
    expect(isLogoUrl('https://')).toBe(false);
    expect(isLogoUrl('mailto:a@b.hr')).toBe(false);
  });
});

describe('logosOf', () => {
  it('fills missing texts and leaves out logos without an image', () => {
    expect(logosOf([{ mediaId: 3 }, { name: 'No image' }, 'x'])).toEqual([{ mediaId: 3, name: '', url: '' }]);
    expect(logosOf(null)).toEqual([]);
  });
});
