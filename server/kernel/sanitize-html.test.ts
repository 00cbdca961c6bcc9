import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeSectionContent } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the structure editors write', () => {
    const html =
      '<h2>Naslov</h2><p>Tekst s <strong>naglaskom</strong> i <a href="/o-nama">poveznicom</a>.</p><ul><li>jedan</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and javascript: links', () => {
    const dirty =
      '<p onclick="alert(1)" style="color:red">a</p><script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">b</a><iframe src="https://evil.example"></iframe>';
    expect(sanitizeHtml(dirty)).toBe('<p>a</p><img loading="lazy" src="x.png" /><a>b</a>');
  });

  it('drops code and pre blocks with their content', () => {
    expect(sanitizeHtml('<p>x</p><pre><code>rm -rf /</code></pre>')).toBe('<p>x</p>');
  });

  it('keeps headings 1 to 6 and text alignment, and no other style', () => {
    const html =
      '<h1>a</h1><h6 style="text-align:center">b</h6><p style="text-align:justify">c</p><p style="text-align:right;color:red">d</p>';
    expect(sanitizeHtml(html)).toBe(
      '<h1>a</h1><h6 style="text-align:center">b</h6><p style="text-align:justify">c</p><p style="text-align:right">d</p>',
    );
    expect(sanitizeHtml('<p style="text-align:expression(alert(1))">e</p>')).toBe('<p>e</p>');
    expect(sanitizeHtml('<li style="text-align:center">f</li>')).toBe('<li>f</li>');
  });

  it('keeps an empty paragraph as a line break', () => {
    expect(sanitizeHtml('<p>a</p><p></p><p style="text-align:center"></p>')).toBe(
      '<p>a</p><p><br /></p><p style="text-align:center"><br /></p>',
    );
  });

  it('makes links that open a new tab safe', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('sanitizeSectionContent', () => {
  it('cleans html fields at any depth and leaves plain text alone', () => {
    const content = {
      title: '<b>not html, shown as text</b>',
      html: '<p>ok</p><script>x</script>',
      items: [{ question: 'Q?', answerHtml: '<p>A</p><img src=x onerror=alert(1)>' }],
    };
    expect(sanitizeSectionContent(content)).toEqual({
      title: '<b>not html, shown as text</b>',
      html: '<p>ok</p>',
      items: [{ question: 'Q?', answerHtml: '<p>A</p><img loading="lazy" src="x" />' }],
    });
  });

  it('blanks button links that are not a path or a web, mail or phone address', () => {
    const content = {
      button: { label: 'x', href: 'javascript:alert(1)' },
      cards: [
        { link: { label: 'a', href: '/o-nama' } },
        { link: { label: 'b', href: '//evil.example' } },
        { link: { label: 'c', href: 'https://example.org' } },
      ],
    };
    expect(sanitizeSectionContent(content)).toEqual({
      button: { label: 'x', href: '' },
      cards: [
        { link: { label: 'a', href: '/o-nama' } },
        { link: { label: 'b', href: '' } },
        { link: { label: 'c', href: 'https://example.org' } },
      ],
    });
  });
});
