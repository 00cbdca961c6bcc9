import { describe, expect, it } from 'vitest';
import { differsFromForced } from './domain-pick.ts';

describe('differsFromForced', () => {
  const pick = (url: string | null, forcedUrl: string | null) => ({ url, forcedUrl, siteName: null });

  it('warns only when a pick and a forced domain both exist and differ', () => {
    expect(differsFromForced(pick('https://b.test', 'https://a.test'))).toBe(true);
    expect(differsFromForced(pick('https://a.test', 'https://a.test'))).toBe(false);
    expect(differsFromForced(pick(null, 'https://a.test'))).toBe(false);
    expect(differsFromForced(pick('https://b.test', null))).toBe(false);
  });
});
