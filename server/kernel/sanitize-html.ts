import sanitize from 'sanitize-html';

/**
 * The HTML editors and users may write (rich text, post bodies, answers, descriptions): text
 * structure, links and images, nothing that runs. Applied before HTML is stored and again when it is
 * served (DECISIONS, Content), so content written before a rule changed is still served clean.
 */
/** Blocks the editor may align (text-align is the one style attribute kept). */
const ALIGNABLE = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const options: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['lang'],
    // Only text alignment, and only on blocks (the editor's left/center/right/justify).
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ['style']])),
  },
  allowedStyles: Object.fromEntries(
    ALIGNABLE.map((tag) => [tag, { 'text-align': [/^(left|center|right|justify)$/] }]),
  ),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Editors' code and pre blocks are dropped with their content, like the editor does (spec, Edit mode).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'code', 'pre', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      const external = attribs.target === '_blank';
      const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean));
      if (external) for (const value of ['noopener', 'noreferrer']) rel.add(value);
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(external ? { target: '_blank' } : {}),
          ...(rel.size ? { rel: [...rel].join(' ') } : {}),
        },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', ...attribs } }),
  },
};

/** An empty paragraph keeps its line on the page (spec 000, Edit mode: empty paragraphs get a line break). */
const EMPTY_PARAGRAPH = /<p(\s[^>]*)?><\/p>/g;

export function sanitizeHtml(html: string): string {
  return sanitize(html, options).replace(EMPTY_PARAGRAPH, '<p$1><br /></p>');
}

/** A link target an editor may give a section button: a path on this site, http(s), mailto or tel. */
export function isSafeHref(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\');
  return /^(https?:\/\/|mailto:|tel:)/i.test(href);
}

/**
 * Sanitizes the HTML fields of a section's content (`html`, and `answerHtml` inside FAQ items), and
 * blanks link targets (`href`) that are not a path or an http(s), mailto or tel address.
 */
export function sanitizeSectionContent(content: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      if (/html$/i.test(key)) return sanitizeHtml(value);
      if (key === 'href') return isSafeHref(value.trim()) ? value.trim() : '';
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => clean(item, key));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([child, inner]) => [child, clean(inner, child)]));
    return value;
  };
  return clean(content, '') as Record<string, unknown>;
}
