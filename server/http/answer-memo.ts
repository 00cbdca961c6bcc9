import { type CacheRead, cacheReads } from '../cache/memory-cache.ts';

/** An API answer kept as bytes, with the cache reads it was made from. */
export type MemoAnswer = { bytes: Uint8Array; shared: object; reads: readonly CacheRead[] };

export type AnswerMemoLimits = { maxEntries: number; maxBytes: number };

/**
 * Anonymous API answers by request, reused while the memory-cache entries they were made from still
 * hold the very values they held then (docs/decisions/0292). An answer qualifies only when every read
 * behind it hit and the handler answered with one of those shared, frozen values: then the answer is
 * a function of the request and of those entries, and a change to any of them (a write that drops a
 * tag, an expiry, a flush, a newer value) makes the next lookup miss and forget it. Bounded in entries
 * and in bytes; the oldest entry goes first.
 */
export class AnswerMemo {
  private readonly entries = new Map<string, MemoAnswer>();
  private bytes = 0;

  private readonly limits: AnswerMemoLimits;

  constructor(limits: AnswerMemoLimits = { maxEntries: 1000, maxBytes: 16 * 1024 * 1024 }) {
    this.limits = limits;
  }

  get size() {
    return this.entries.size;
  }

  /** The answer kept for the key while every read behind it still holds; otherwise forgets it. */
  get(key: string): MemoAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    for (const read of entry.reads)
      if (!read.cache.holds(read.key, read.value)) {
        this.forget(key, entry);
        return undefined;
      }
    return entry;
  }

  /**
   * Keeps an answer when it can be reused: made only of hits, and answering with one of their values.
   */
  keep(key: string, bytes: Uint8Array, shared: object, reads: readonly CacheRead[]) {
    if (reads.length === 0 || bytes.length > this.limits.maxBytes / 16) return;
    const unique = new Map<string, CacheRead>();
    let answersWithARead = false;
    for (const read of reads) {
      if (read.value === undefined) return;
      if (read.value === shared) answersWithARead = true;
      unique.set(read.key, read);
    }
    if (!answersWithARead) return;
    const previous = this.entries.get(key);
    if (previous) this.forget(key, previous);
    this.entries.set(key, { bytes, shared, reads: [...unique.values()] });
    this.bytes += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.forget(oldest, entry);
    }
  }

  private forget(key: string, entry: MemoAnswer) {
    if (this.entries.delete(key)) this.bytes -= entry.bytes.length;
  }
}

/** Runs `work` with its memory-cache reads recorded in `reads`. */
export const recordingCacheReads = <T>(reads: CacheRead[], work: () => T): T => cacheReads.run(reads, work);
