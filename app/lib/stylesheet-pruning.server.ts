/**
 * The part of the stylesheet a page needs (docs/decisions/0566-inline-stylesheet-per-page.md): the
 * production build's CSS goes inside every document (0121), and most of its rules style elements the
 * page does not have. A rule is kept when one of its selectors can match on the page: every class the
 * selector requires is among the page's classes (those in its markup, and every class the code of the
 * page's islands may set in the browser). Rules that name no class (the reset, the theme's variables,
 * `@property`, `@keyframes`, `@font-face`) are always kept; an `@media`, `@supports`, `@layer` or
 * `@container` block is kept with the rules kept inside it, and dropped when none is.
 *
 * Conservative where it cannot be sure: classes inside functional pseudo-classes (`:not(.x)`,
 * `:is(.a,.b)`, `:where`, `:has`) are not required, and a rule with nested rules is kept or dropped
 * whole by its own selector.
 */

type Rule = {
  kind: 'rule';
  text: string;
  /** Per selector of the list, the classes it requires; null when a selector requires none. */
  requires: string[][] | null;
};
type Group = { kind: 'group'; prelude: string; children: Node[] };
type Verbatim = { kind: 'verbatim'; text: string };
type Node = Rule | Group | Verbatim;

export type ParsedStylesheet = {
  nodes: Node[];
  /** Every class some selector of the stylesheet names: a page's other classes are not worth keeping. */
  classes: ReadonlySet<string>;
};

/** At-rules whose block holds rules to filter one by one; any other block is kept whole. */
const GROUPING = /^@(?:media|supports|layer|container|scope|starting-style)\b/i;

/** The end of a quoted string starting at `start` (the index after its closing quote). */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The index just after the `}` that closes the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; ) {
    const c = css[i];
    if (c === '\\') i += 2;
    else if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === '/' && css[i + 1] === '*')
      i = css.indexOf('*/', i + 2) < 0 ? css.length : css.indexOf('*/', i + 2) + 2;
    else {
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i + 1;
      i++;
    }
  }
  return css.length;
}

/** A code point's character, or `fallback` when the number names none (markup may hold `&#x110000;`). */
const character = (code: number, fallback: string) =>
  Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/** CSS escapes undone (`md\:flex` → `md:flex`, `\31 0` → `10`). */
function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g, (_, code: string) =>
    /^[0-9a-fA-F]+\s?$/.test(code) ? character(Number.parseInt(code.trim(), 16), code) : code,
  );
}

const CLASS_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-]|\P{ASCII})+)/gu;

/**
 * Each selector of a list (split at the commas outside parentheses, brackets and strings) with its
 * text outside parentheses, brackets and strings: the part whose classes a match requires.
 */
function selectorsOf(list: string): { selector: string; outside: string }[] {
  const selectors: { selector: string; outside: string }[] = [];
  let depth = 0;
  let from = 0;
  let outside = '';
  for (let i = 0; i < list.length; ) {
    const c = list[i]!;
    if (c === '\\') {
      if (depth === 0) outside += list.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(list, i);
      continue;
    }
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      selectors.push({ selector: list.slice(from, i), outside });
      from = i + 1;
      outside = '';
    } else if (depth === 0) outside += c;
    i++;
  }
  selectors.push({ selector: list.slice(from), outside });
  return selectors;
}

function requirementsOf(selectorList: string, classes: Set<string>): string[][] | null {
  const requirements: string[][] = [];
  for (const { selector, outside } of selectorsOf(selectorList)) {
    for (const match of selector.matchAll(CLASS_SELECTOR)) classes.add(unescapeIdentifier(match[1]!));
    const required = [...outside.matchAll(CLASS_SELECTOR)].map((match) => unescapeIdentifier(match[1]!));
    if (required.length === 0) return null;
    requirements.push(required);
  }
  return requirements;
}

function parseBlock(css: string, from: number, to: number, classes: Set<string>): Node[] {
  const nodes: Node[] = [];
  let start = from;
  for (let i = from; i < to; ) {
    const c = css[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(css, i);
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      // Comments go (the licence banner included: the file it comes from keeps it).
      const end = css.indexOf('*/', i + 2);
      const after = end < 0 ? to : end + 2;
      if (css.slice(start, i).trim() === '') start = after;
      i = after;
      continue;
    }
    if (c === ';') {
      // A statement at-rule (`@layer a, b;`, `@import …;`) or a stray declaration: kept as it is.
      const text = css.slice(start, i + 1).trim();
      if (text !== ';') nodes.push({ kind: 'verbatim', text });
      start = i + 1;
      i++;
      continue;
    }
    if (c === '{') {
      const prelude = css.slice(start, i).trim();
      const end = blockEnd(css, i);
      if (GROUPING.test(prelude)) {
        nodes.push({ kind: 'group', prelude, children: parseBlock(css, i + 1, end - 1, classes) });
      } else if (prelude.startsWith('@')) {
        nodes.push({ kind: 'verbatim', text: css.slice(start, end).trim() });
      } else {
        nodes.push({
          kind: 'rule',
          text: css.slice(start, end).trim(),
          requires: requirementsOf(prelude, classes),
        });
      }
      start = end;
      i = end;
      continue;
    }
    i++;
  }
  const rest = css.slice(start, to).trim();
  // Declarations directly in a group (nested CSS): kept with it.
  if (rest !== '') nodes.push({ kind: 'verbatim', text: rest });
  return nodes;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  const classes = new Set<string>();
  return { nodes: parseBlock(css, 0, css.length, classes), classes };
}

function emit(nodes: readonly Node[], has: (name: string) => boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'verbatim') out += node.text;
    else if (node.kind === 'rule') {
      if (node.requires === null || node.requires.some((required) => required.every(has))) out += node.text;
    } else {
      const inner = emit(node.children, has);
      if (inner !== '') out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The stylesheet with the rules that cannot match an element with only these classes left out. */
export function pruneStylesheet(stylesheet: ParsedStylesheet, classes: ReadonlySet<string>): string {
  return emit(stylesheet.nodes, (name) => classes.has(name));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A `class` attribute's value with the character references React writes decoded. */
const decodeAttribute = (value: string) =>
  value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (entity, name: string) =>
    name.startsWith('#x')
      ? character(Number.parseInt(name.slice(2), 16), entity)
      : name.startsWith('#')
        ? character(Number.parseInt(name.slice(1), 10), entity)
        : (ENTITIES[name] ?? entity),
  );

const CLASS_ATTRIBUTE = ' class="';
const ISLAND_ATTRIBUTE = ' data-island="';

/**
 * The values of an attribute in an HTML document (as React writes it: after a space, in double
 * quotes). The document comes as its bytes read as Latin-1 (one character per byte: made in a few
 * microseconds, and scanned faster than the bytes or the decoded text); class and island names are
 * ASCII.
 */
function attributeValues(latin1: string, attribute: string): string[] {
  const values: string[] = [];
  for (let at = latin1.indexOf(attribute); at >= 0; ) {
    const start = at + attribute.length;
    const end = latin1.indexOf('"', start);
    if (end < 0) break;
    values.push(latin1.slice(start, end));
    at = latin1.indexOf(attribute, end + 1);
  }
  return values;
}

/** The classes of a `class` attribute's value, split and decoded. */
const classList = (value: string) =>
  (value.includes('&') ? decodeAttribute(value) : value).split(/[ \t\n\f\r]+/).filter((name) => name !== '');

export type IslandClassTokens = {
  entry: readonly string[];
  islands: Readonly<Record<string, readonly string[]>>;
};

/** Distinct `class` values whose split is kept (a site's pages repeat a few hundred of them). */
const MAX_KEPT_VALUES = 8192;

/**
 * The stylesheet for each document: the server renders a marker where the stylesheet goes, and
 * `apply` puts the rules the finished document can use in its place (the whole stylesheet when the
 * build has no island class tokens). Works on the rendered bytes: the document is neither decoded
 * nor encoded again.
 */
export function createPageStylesheet(css: string, tokens: IslandClassTokens | null) {
  const marker = `/*inline-stylesheet:${crypto.randomUUID()}*/`;
  /** The document with the stylesheet in place of the marker (`latin1`: the document's bytes as Latin-1). */
  const withStylesheet = (
    html: Buffer<ArrayBuffer>,
    latin1: string,
    stylesheet: string,
  ): Buffer<ArrayBuffer> => {
    const at = latin1.indexOf(marker);
    if (at < 0) return html;
    return Buffer.concat([html.subarray(0, at), Buffer.from(stylesheet), html.subarray(at + marker.length)]);
  };
  if (!tokens)
    return {
      marker,
      apply: (html: Buffer<ArrayBuffer>) => withStylesheet(html, html.toString('latin1'), css),
    };
  const parsed = parseStylesheet(css);
  const known = (names: readonly string[]) => names.filter((name) => parsed.classes.has(name));
  const always = known(tokens.entry);
  const byIsland = new Map(Object.entries(tokens.islands).map(([name, names]) => [name, known(names)]));
  // Per distinct attribute value, the classes the stylesheet has rules for.
  const styledClasses = new Map<string, string[]>();
  const apply = (html: Buffer<ArrayBuffer>) => {
    const latin1 = html.toString('latin1');
    const classes = new Set<string>(always);
    for (const value of attributeValues(latin1, CLASS_ATTRIBUTE)) {
      let names = styledClasses.get(value);
      if (names === undefined) {
        names = classList(value).filter((name) => parsed.classes.has(name));
        if (styledClasses.size >= MAX_KEPT_VALUES) styledClasses.clear();
        styledClasses.set(value, names);
      }
      for (const name of names) classes.add(name);
    }
    for (const island of attributeValues(latin1, ISLAND_ATTRIBUTE))
      for (const name of byIsland.get(island) ?? []) classes.add(name);
    return withStylesheet(html, latin1, pruneStylesheet(parsed, classes));
  };
  return { marker, apply };
}
