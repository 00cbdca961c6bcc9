import { escapeXml } from '../../../core/xml.ts';

/** One `<url>` of a sitemap. Every value is written escaped; URLs must already be absolute. */
export type SitemapEntry = {
  loc: string;
  lastmod?: Date | null;
  alternates?: { hreflang: string; href: string }[];
  images?: string[];
};

/** W3C Datetime (the profile of ISO 8601 sitemaps expect), to the second. */
export function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function buildSitemapXml(entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  ];
  for (const entry of entries) {
    lines.push('<url>', `<loc>${escapeXml(entry.loc)}</loc>`);
    if (entry.lastmod) lines.push(`<lastmod>${w3cDate(entry.lastmod)}</lastmod>`);
    for (const alternate of entry.alternates ?? []) {
      lines.push(
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
      );
    }
    for (const image of entry.images ?? []) {
      lines.push(`<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`);
    }
    lines.push('</url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}
