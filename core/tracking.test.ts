import { describe, expect, it } from 'vitest';
import { trackingScripts } from './tracking.ts';

const ids = {
  googleAnalyticsId: 'G-ABC123XYZ',
  googleTagManagerId: 'GTM-K9Q2M7',
  facebookPixelId: '123456789012',
};
const loaded = (consent: Parameters<typeof trackingScripts>[1]) =>
  trackingScripts(ids, consent).map((script) => script.id);

describe('trackingScripts', () => {
  it('loads nothing before the visitor has chosen, or with only the necessary cookies', () => {
    expect(loaded(null)).toEqual([]);
    expect(loaded(['necessary'])).toEqual([]);
  });

  it('loads analytics only with the analytics category', () => {
    expect(loaded(['necessary', 'analytics'])).toEqual(['ga-lib', 'ga-init']);
    const [lib] = trackingScripts(ids, ['necessary', 'analytics']);
    expect(lib!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ');
  });

  it('loads the tag manager and the pixel only with the marketing category', () => {
    expect(loaded(['necessary', 'marketing'])).toEqual(['gtm-init', 'gtm-lib', 'fb-pixel']);
    expect(loaded(['necessary', 'analytics', 'marketing'])).toHaveLength(5);
  });

  it('ignores identifiers that are empty or not of their documented shape (no code injection)', () => {
    const hostile = {
      googleAnalyticsId: "G-1');alert(1);('",
      googleTagManagerId: '',
      facebookPixelId: '12345</script><script>alert(1)',
    };
    expect(trackingScripts(hostile, ['necessary', 'analytics', 'marketing'])).toEqual([]);
  });
});
