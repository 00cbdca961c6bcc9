import { describe, expect, it } from 'vitest';
import { buildSitemapXml, w3cDate } from './sitemap-xml.ts';

describe('buildSitemapXml', () => {
  it('declares the sitemap, xhtml and image namespaces', () => {
    const xml = buildSitemapXml([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).not.toContain('<url>');
  });

  it('writes loc, lastmod, alternates and images of each entry, all escaped', () => {
    const xml = buildSitemapXml([
      {
        loc: "https://x.test/a?b=1&c='2'",
        lastmod: new Date('2024-03-05T10:20:30.456Z'),
        alternates: [{ hreflang: 'en', href: 'https://x.test/en/a?q=<1>' }],
        images: ['https://x.test/i.jpg?w=1&h="2"'],
      },
      { loc: 'https://x.test/b' },
    ]);
    expect(xml).toContain('<loc>https://x.test/a?b=1&amp;c=&apos;2&apos;</loc>');
    expect(xml).toContain('<lastmod>2024-03-05T10:20:30Z</lastmod>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://x.test/en/a?q=&lt;1&gt;"/>',
    );
    expect(xml).toContain(
      '<image:image><image:loc>https://x.test/i.jpg?w=1&amp;h=&quot;2&quot;</image:loc></image:image>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
    // Nothing but entity references may follow an ampersand.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('formats dates as W3C datetimes in UTC', () => {
    expect(w3cDate(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe('2025-01-02T03:04:05Z');
  });
});
