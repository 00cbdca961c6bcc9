import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../cache/memory-cache.ts';
import { createRateCounter } from './rate-limit.ts';
import { slidingWindowCount, slidingWindowKeys, slidingWindowRetryAfter } from './sliding-window.ts';

describe('sliding window', () => {
  it('names the current and the previous window and how far into the current one a moment is', () => {
    expect(slidingWindowKeys('a', 60, 120_000 + 15_000)).toEqual({
      current: 'a:2',
      previous: 'a:1',
      elapsed: 0.25,
    });
  });

  it('weighs the previous window by the part of it still within the last window length', () => {
    expect(slidingWindowCount(3, 8, 0)).toBe(11);
    expect(slidingWindowCount(3, 8, 0.25)).toBe(9);
    expect(slidingWindowCount(3, 8, 1)).toBe(3);
  });

  it('says how long until the count is back within the limit, if nothing more is counted', () => {
    expect(slidingWindowRetryAfter(5, 0, 0.5, 5, 60)).toBeUndefined();
    // Six in this window, a limit of 5: the rest of this window (30 s), then 1/6 of the next (10 s).
    expect(slidingWindowRetryAfter(6, 0, 0.5, 5, 60)).toBe(40);
    // Two here and 8 before, at 25 %: 2 + 6 = 8 > 5; within at 1 - 3/8 = 62.5 %, 22.5 s on.
    expect(slidingWindowRetryAfter(2, 8, 0.25, 5, 60)).toBe(23);
    // Never less than a second.
    expect(slidingWindowRetryAfter(6, 0, 0.99999, 6 - 1e-6, 60)).toBe(1);
    for (const [count, previous, elapsed] of [
      [6, 0, 0.5],
      [2, 8, 0.25],
      [9, 40, 0.9],
    ] as const) {
      const wait = slidingWindowRetryAfter(count, previous, elapsed, 5, 60) ?? 0;
      // After the wait the count is within the limit, a second earlier it was not.
      const at = (seconds: number) => {
        const moment = elapsed + seconds / 60;
        return moment < 1 ? slidingWindowCount(count, previous, moment) : count * (2 - moment);
      };
      expect(at(wait)).toBeLessThanOrEqual(5 + 1e-9);
      expect(at(wait - 1)).toBeGreaterThan(5);
    }
  });
});

describe('rate counter across a minute boundary', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not hand a client a fresh budget because a minute boundary passed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:59.500Z'));
    const count = createRateCounter(new MemoryCache({ maxEntries: 100 }), 5);
    const verdicts = Array.from({ length: 5 }, () => count('198.51.100.1'));
    expect(verdicts).toEqual([undefined, undefined, undefined, undefined, undefined]);
    vi.setSystemTime(new Date('2026-11-25T10:01:00.500Z'));
    // A fixed window would start counting again here; the last minute still holds five requests.
    expect(count('198.51.100.1')).toBeGreaterThan(0);
    expect(count('198.51.100.2')).toBeUndefined();
    // Once most of the busy minute has slid out, the client may send again.
    vi.setSystemTime(new Date('2026-11-25T10:01:50.000Z'));
    expect(count('198.51.100.1')).toBeUndefined();
  });
});
