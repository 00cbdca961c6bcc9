import { describe, expect, it } from 'vitest';
import { opensModal, TAG_TTL_MS, tagIsStale } from './release-cache.ts';

describe('the releases modal cache rules', () => {
  const now = 1_800_000_000_000;
  it('looks the tag up without a cached one or an hour after the last lookup, not before', () => {
    expect(tagIsStale(null, now)).toBe(true);
    expect(tagIsStale({ value: 'a', at: now - TAG_TTL_MS + 1000 }, now)).toBe(false);
    expect(tagIsStale({ value: 'a', at: now - TAG_TTL_MS }, now)).toBe(true);
  });
  it('opens on a tag other than the cached one (a first visit too), never on the same or an empty one', () => {
    expect(opensModal(null, 'issue-16')).toBe(true);
    expect(opensModal({ value: 'issue-15', at: now }, 'issue-16')).toBe(true);
    expect(opensModal({ value: 'issue-16', at: now }, 'issue-16')).toBe(false);
    expect(opensModal(null, '')).toBe(false);
  });
});
