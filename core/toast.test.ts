import { describe, expect, it } from 'vitest';
import { shouldReloadAfterChunkError, toastDuration } from './toast.ts';

describe('toastDuration', () => {
  it('is 3 s by default and 50 ms per character for request errors', () => {
    expect(toastDuration('Saved')).toBe(3000);
    expect(toastDuration('Coupon not found!', { requestError: true })).toBe(17 * 50);
    expect(toastDuration('x', { durationMs: 12000 })).toBe(12000);
  });
});

describe('shouldReloadAfterChunkError', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadAfterChunkError(null, 1000)).toBe(true);
    expect(shouldReloadAfterChunkError(1000, 30_000)).toBe(false);
    expect(shouldReloadAfterChunkError(1000, 61_000)).toBe(true);
  });
});
