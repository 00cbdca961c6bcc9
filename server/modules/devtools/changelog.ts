import { Marked } from 'marked';
import { sanitizeHtml } from '../../kernel/sanitize-html.ts';
import type { Release } from './devtools.contract.ts';

/** A release's tag: the heading's version when it starts with one, else the heading as a slug. */
export function tagOf(heading: string): string {
  const version = heading.match(/^\[?v?(\d+\.\d+\.\d+[\w.+-]*)/);
  if (version) return `v${version[1]}`;
  const slug = heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 80).replace(/-+$/, '') || 'release';
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Markdown to HTML. The shared sanitizer drops code and pre with their content (editors' rich text may
 * not carry them), so the changelog's code is rendered as plain text instead: paths and names stay.
 */
const converter = new Marked({
  gfm: true,
  renderer: {
    codespan: ({ text }) => `<span>${escapeHtml(text)}</span>`,
    code: ({ text }) => `<p>${text.split('\n').map(escapeHtml).join('<br>')}</p>\n`,
  },
});

/**
 * The releases of a CHANGELOG.md, newest first: one per second-level heading, its text converted from
 * Markdown (marked) and then sanitized with the same allow-list as every other stored HTML.
 */
export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = [];
  const parts = markdown.replace(/\r\n?/g, '\n').split(/^## +/m).slice(1);
  for (const part of parts) {
    const newline = part.indexOf('\n');
    const heading = (newline === -1 ? part : part.slice(0, newline)).trim();
    const body = newline === -1 ? '' : part.slice(newline + 1);
    if (!heading) continue;
    const html = converter.parse(body, { async: false });
    releases.push({ tag_name: tagOf(heading), name: heading, description_html: sanitizeHtml(html).trim() });
  }
  return releases;
}
