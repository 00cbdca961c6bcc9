import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-size.ts';

describe('formatFileSize', () => {
  it('counts in 1024s and writes the number in the page language', () => {
    expect(formatFileSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(1536, 'hr')).toBe('1,5 kB');
    expect(formatFileSize(512, 'en')).toBe('512 byte');
  });
});
