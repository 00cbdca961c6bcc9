import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../../core/xml.ts';
import { demoEvents } from './content/events.ts';
import { layoutImages } from './content/media.ts';
import { blogPosts } from './content/posts.ts';
import {
  createRandom,
  hashSeed,
  illustrationSvg,
  imageSizes,
  renderImage,
  slugify,
  wrapText,
} from './images.ts';

describe('seed illustrations', () => {
  it('draws the same picture for the same key and a different one for another key', () => {
    const spec = { key: 'post-screen-time', kind: 'cover' as const, title: 'Screen time' };
    expect(illustrationSvg(spec)).toBe(illustrationSvg({ ...spec }));
    expect(illustrationSvg(spec)).not.toBe(illustrationSvg({ ...spec, key: 'post-reading' }));
  });

  it('draws covers and photos without words, so they suit every language', () => {
    const specs = [
      ...layoutImages.filter((spec) => spec.kind === 'cover' || spec.kind === 'photo'),
      ...blogPosts.map((post) => ({
        key: `post-${post.key}`,
        kind: 'cover' as const,
        title: post.text.hr.title,
      })),
      ...demoEvents.map((event) => ({
        key: `event-${event.key}`,
        kind: 'cover' as const,
        title: event.text.hr.title,
      })),
    ];
    expect(specs.length).toBeGreaterThan(10);
    for (const spec of specs) {
      const svg = illustrationSvg(spec);
      expect(svg, spec.key).not.toContain('<text');
      expect(svg, spec.key).not.toContain(escapeXml(spec.title));
    }
  });

  it('draws at the size of its kind and escapes the title', () => {
    const svg = illustrationSvg({ key: 'x', kind: 'sponsor', title: 'Tom & Jerry <d.o.o.>' });
    expect(svg).toContain(`width="${imageSizes.sponsor.width}" height="${imageSizes.sponsor.height}"`);
    expect(svg).toContain('>Tom &amp; Jerry<');
    expect(svg).toContain('>&lt;d.o.o.&gt;<');
    expect(svg).not.toContain('<d.o.o.>');
  });

  it('renders identical bytes twice, so the content hash is a stable file name', async () => {
    const spec = { key: 'logo', kind: 'logo' as const, title: 'Učionica za roditelje' };
    const [first, second] = await Promise.all([renderImage(spec), renderImage(spec)]);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second.hash).toBe(first.hash);
    expect(first.mime).toBe('image/png');
    expect(first.data.subarray(1, 4).toString()).toBe('PNG');
  });

  it('seeds a generator that repeats its sequence and stays within [0, 1)', () => {
    const a = createRandom(hashSeed('hero'));
    const b = createRandom(hashSeed('hero'));
    const values = Array.from({ length: 200 }, () => a());
    expect(Array.from({ length: 200 }, () => b())).toEqual(values);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(190);
    expect(hashSeed('hero')).not.toBe(hashSeed('here'));
  });

  it('wraps long titles and marks a cut with an ellipsis', () => {
    expect(wrapText('Kako razgovarati s djetetom o strahu', 20, 3)).toEqual([
      'Kako razgovarati s',
      'djetetom o strahu',
    ]);
    expect(wrapText('jedan dva tri četiri pet', 5, 2)).toEqual(['jedan', 'dva…']);
  });

  it('makes ASCII file names from Croatian titles', () => {
    expect(slugify('Čitanje prije spavanja: đački vodič!')).toBe('citanje-prije-spavanja-dacki-vodic');
    expect(escapeXml(`"it's"`)).toBe('&quot;it&apos;s&quot;');
  });
});
