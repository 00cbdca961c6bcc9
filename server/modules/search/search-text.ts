/**
 * The text side of site search, free of SQL: which words a query holds, the tsquery text built from
 * them, and the snippet shown under a result.
 */

import { type SearchCategory, searchCategories } from './search.contract.ts';

/** 'posts,pages' -> ['pages', 'posts'] in the fixed order; undefined when a name is unknown. */
export function parseCategories(value: string | undefined): SearchCategory[] | undefined {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => !(searchCategories as readonly string[]).includes(name))) return undefined;
  return searchCategories.filter((category) => names.includes(category));
}

const MAX_WORDS = 8;

/** Letters and digits only, lower case: nothing a visitor types can become tsquery syntax. */
export function queryWords(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
}

/** Languages whose text-search configuration stems words (see search_config in 0002_search.sql). */
const STEMMED = new Set(['en', 'de']);

/**
 * Croatian has no stemmer in PostgreSQL, so a word of five letters or more also matches as a prefix
 * without its last vowel: "škola" finds "škole", "školu" and "školama".
 */
function unstemmedVariants(word: string): string[] {
  const trimmed = word.replace(/[aeiou]$/u, '');
  return word.length >= 5 && trimmed.length >= 4 && trimmed !== word ? [word, trimmed] : [word];
}

/** `(word:* | stem:*) & other:*`: every word must match, each as a prefix. Empty for no words. */
export function tsQueryText(words: string[], language: string): string {
  return words
    .map((word) => {
      const variants = STEMMED.has(language) ? [word] : unstemmedVariants(word);
      const terms = variants.map((variant) => `${variant}:*`);
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Sanitized HTML to one line of plain text. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case without diacritics, one output character per input UTF-16 unit (so offsets carry over). */
export function fold(text: string): string {
  let folded = '';
  for (const unit of text) {
    const base = unit
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    const single = base === 'đ' ? 'd' : base;
    // Characters that fold to more or fewer units keep their own length so offsets stay aligned.
    folded +=
      single.length === unit.length ? single : unit.toLowerCase().slice(0, unit.length).padEnd(unit.length);
  }
  return folded;
}

const SNIPPET_LENGTH = 180;

/**
 * A short passage of the first text that contains a query word (at a word start, diacritics folded),
 * cut at word boundaries; the first non-empty text when none does.
 */
export function snippet(texts: string[], words: string[], length = SNIPPET_LENGTH): string {
  const plain = texts.map(plainText).filter(Boolean);
  // Inflected forms count as in the query: "škola" also marks "škole".
  const needles = [...new Set(words.flatMap(unstemmedVariants).map(fold))].filter(Boolean);
  for (const text of plain) {
    const folded = fold(text);
    let at = -1;
    for (const needle of needles) {
      const match = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(needle)}`, 'u').exec(folded);
      if (match && (at === -1 || match.index < at)) at = match.index + match[1]!.length;
    }
    if (at !== -1) return cut(text, Math.max(0, at - Math.floor(length / 3)), length);
  }
  return plain[0] ? cut(plain[0], 0, length) : '';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function cut(text: string, from: number, length: number): string {
  if (text.length <= length) return text;
  let start = from;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space - start > 20 ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
}
