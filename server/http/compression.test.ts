import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './compression.ts';

describe('acceptsGzip', () => {
  it('takes gzip when named or covered by a wildcard with a non-zero quality', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });

  it('refuses gzip when absent, or at quality 0', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});
