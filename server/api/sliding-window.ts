/**
 * A sliding-window counter (docs/decisions/0563): each client's events are counted in fixed windows
 * (one cache entry per window, as before), and a limit weighs the window before the current one by the
 * part of it that still lies within the last window's length. A client that spent its budget just
 * before a window boundary does not get a fresh budget just after it (a fixed window lets through
 * twice the limit across the boundary), and a test that counts to a limit does not see the count drop
 * to zero because a boundary passed between two of its requests.
 */

/** Where `now` lies: the entry keys of the current and the previous window, and how far into the current one. */
export function slidingWindowKeys(key: string, windowSeconds: number, now = Date.now()) {
  const windowMs = windowSeconds * 1000;
  const index = Math.floor(now / windowMs);
  return {
    current: `${key}:${index}`,
    previous: `${key}:${index - 1}`,
    /** 0 at the start of the current window, approaching 1 at its end. */
    elapsed: (now - index * windowMs) / windowMs,
  };
}

/** The events of the last window's length: the current window's and the still-covered part of the previous one's. */
export function slidingWindowCount(count: number, previous: number, elapsed: number): number {
  return count + previous * (1 - elapsed);
}

/**
 * Whole seconds (at least 1) until the sliding count falls back to `limit` if nothing more is
 * counted; undefined while it is within the limit.
 */
export function slidingWindowRetryAfter(
  count: number,
  previous: number,
  elapsed: number,
  limit: number,
  windowSeconds: number,
): number | undefined {
  if (slidingWindowCount(count, previous, elapsed) <= limit) return undefined;
  // The current window alone is over: wait for it to end, then for enough of it to slide out.
  const windows =
    count > limit ? 1 - elapsed + (1 - limit / count) : 1 - (limit - count) / previous - elapsed;
  return Math.max(1, Math.ceil(windows * windowSeconds - 1e-9));
}
