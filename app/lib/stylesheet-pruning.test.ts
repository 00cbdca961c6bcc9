import { describe, expect, it } from 'vitest';
import { createPageStylesheet, parseStylesheet, pruneStylesheet } from './stylesheet-pruning.server.ts';

const prune = (css: string, classes: string[]) => pruneStylesheet(parseStylesheet(css), new Set(classes));

describe('pruneStylesheet', () => {
  it('keeps a rule when every class of one of its selectors is on the page', () => {
    const css = '.a{color:red}.b .c{color:blue}.d,.e{margin:0}.f.g{padding:0}';
    expect(prune(css, ['a'])).toBe('.a{color:red}');
    expect(prune(css, ['b'])).toBe('');
    expect(prune(css, ['b', 'c'])).toBe('.b .c{color:blue}');
    expect(prune(css, ['e'])).toBe('.d,.e{margin:0}');
    expect(prune(css, ['f'])).toBe('');
    expect(prune(css, ['f', 'g'])).toBe('.f.g{padding:0}');
  });

  it("reads Tailwind's escaped class names", () => {
    const css =
      '.md\\:flex{display:flex}.w-1\\/2{width:50%}.\\32 xl\\:p-4{padding:1rem}.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}.w-1\\.5{width:.375rem}';
    expect(prune(css, ['md:flex'])).toBe('.md\\:flex{display:flex}');
    expect(prune(css, ['w-1/2'])).toBe('.w-1\\/2{width:50%}');
    expect(prune(css, ['2xl:p-4'])).toBe('.\\32 xl\\:p-4{padding:1rem}');
    expect(prune(css, ['[&>svg]:size-4'])).toBe('.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}');
    expect(prune(css, ['w-1.5'])).toBe('.w-1\\.5{width:.375rem}');
    expect(prune(css, ['w-1'])).toBe('');
  });

  it('does not require the classes inside :not(), :is(), :where() or :has(), nor in attribute values', () => {
    const css =
      '.a:not(.b){color:red}:where(.c>:not(:last-child)){margin:0}.d:has(.e){gap:0}:is(.f,.g) .h{top:0}[data-x=".i"]{left:0}';
    expect(prune(css, ['a'])).toBe(
      '.a:not(.b){color:red}:where(.c>:not(:last-child)){margin:0}[data-x=".i"]{left:0}',
    );
    expect(prune(css, ['d', 'h'])).toContain('.d:has(.e){gap:0}:is(.f,.g) .h{top:0}');
  });

  it('always keeps rules without classes and at-rules that hold no rules to filter', () => {
    const css =
      '@layer theme,base;*,:before{box-sizing:border-box}:root{--x:1}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(360deg)}}@font-face{font-family:X;src:url(x.woff2)}.z{color:red}';
    expect(prune(css, [])).toBe(
      '@layer theme,base;*,:before{box-sizing:border-box}:root{--x:1}@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(360deg)}}@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('keeps a grouping block with the rules kept inside it, and drops it when none is', () => {
    const css =
      '@layer utilities{.a{color:red}@media (width>=40rem){.sm\\:b{color:blue}}@supports (display:grid){.c{display:grid}}}';
    expect(prune(css, ['a'])).toBe('@layer utilities{.a{color:red}}');
    expect(prune(css, ['sm:b'])).toBe('@layer utilities{@media (width>=40rem){.sm\\:b{color:blue}}}');
    expect(prune(css, ['x'])).toBe('');
  });

  it('reads strings with braces and drops comments', () => {
    const css = '/*! banner */.a:after{content:"}{"}/* note */.b{content:\'{\'}';
    expect(prune(css, ['a'])).toBe('.a:after{content:"}{"}');
    expect(prune(css, ['b'])).toBe(".b{content:'{'}");
  });

  it('keeps a rule with nested rules whole, by its own selector', () => {
    const css = '.a{color:red;&:hover{color:blue}.b &{color:green}}.c{top:0}';
    expect(prune(css, ['a'])).toBe('.a{color:red;&:hover{color:blue}.b &{color:green}}');
  });

  it('lists every class some selector names', () => {
    expect([...parseStylesheet('.a .b:not(.c){x:1}@media print{.d{x:2}}').classes].sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});

describe("a document's classes", () => {
  /**
   * Which of `names` the document's markup makes the page's stylesheet keep, with one rule per name
   * (every character but letters, digits, `_` and `-` escaped, as Tailwind writes them).
   */
  const keptFor = (markup: string, names: string[]) => {
    const css = names
      .map((name, order) => `.${name.replace(/[^\w-]/g, (c) => `\\${c}`)}{order:${order}}`)
      .join('');
    const stylesheet = createPageStylesheet(css, { entry: [], islands: {} });
    const html = stylesheet.apply(Buffer.from(`<style>${stylesheet.marker}</style>${markup}`)).toString();
    return [...html.matchAll(/order:(\d+)/g)].map((match) => names[Number(match[1])]);
  };

  it('are read from the class attributes as React writes them, entities decoded', () => {
    const markup =
      '<div class="flex  p-4"><svg class="size-4"></svg><p class="[&amp;&gt;svg]:size-4 before:content-[&#x27;x&#x27;]">class="no"</p><a data-class="nope"></a></div>';
    expect(
      keptFor(markup, ['flex', 'p-4', 'size-4', '[&>svg]:size-4', "before:content-['x']", 'no', 'nope']),
    ).toEqual(['flex', 'p-4', 'size-4', '[&>svg]:size-4', "before:content-['x']"]);
  });

  it('keep a character reference that names no character as it is', () => {
    const markup = '<p class="a &#x110000; b&#99999999999;"></p>';
    expect(keptFor(markup, ['a', '&#x110000;', 'b&#99999999999;', 'b'])).toEqual([
      'a',
      '&#x110000;',
      'b&#99999999999;',
    ]);
    expect(prune('.\\110000 x{color:red}.a{top:0}', ['a'])).toBe('.a{top:0}');
  });
});

describe('createPageStylesheet', () => {
  const css =
    '*{margin:0}.page{color:red}.dialog{position:fixed}.toast{bottom:0}.unused{top:0}.x\\&y{left:0}';
  const document = (marker: string, body: string) =>
    Buffer.from(`<html><head><style>${marker}</style></head><body>${body}</body></html>`);

  it("puts the rules of the document's classes and of its islands' classes in place of the marker", () => {
    const stylesheet = createPageStylesheet(css, {
      entry: ['toast'],
      islands: { cart: ['dialog'], menu: ['unused'] },
    });
    const html = stylesheet
      .apply(
        document(
          stylesheet.marker,
          '<main class="page"><island-root data-island="cart"></island-root></main>',
        ),
      )
      .toString();
    expect(html).toContain(
      '<style>*{margin:0}.page{color:red}.dialog{position:fixed}.toast{bottom:0}</style>',
    );
    expect(html).not.toContain(stylesheet.marker);
    // Another island brings its own classes; a class attribute with an entity is decoded.
    const other = stylesheet
      .apply(
        document(stylesheet.marker, '<b class="x&amp;y"></b><island-root data-island="menu"></island-root>'),
      )
      .toString();
    expect(other).toContain('<style>*{margin:0}.toast{bottom:0}.unused{top:0}.x\\&y{left:0}</style>');
  });

  it('puts the whole stylesheet in when the build has no island class tokens', () => {
    const stylesheet = createPageStylesheet(css, null);
    expect(stylesheet.apply(document(stylesheet.marker, '<p class="page">$&</p>')).toString()).toBe(
      document(css, '<p class="page">$&</p>').toString(),
    );
  });
});
