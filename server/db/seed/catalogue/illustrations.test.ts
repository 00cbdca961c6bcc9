import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../../../core/xml.ts';
import { wrapText } from '../images.ts';
import { illustrationSvg, shade, textColourOn } from './illustrations.ts';

describe('wrapText', () => {
  it('breaks between words within the limit', () => {
    expect(wrapText('Lisica koja je naučila čekati', 13, 5)).toEqual(['Lisica koja', 'je naučila', 'čekati']);
  });

  it('keeps a word longer than a line whole', () => {
    expect(wrapText('personalizirana slikovnica', 10, 5)).toEqual(['personalizirana', 'slikovnica']);
  });

  it('cuts to the last allowed line with an ellipsis', () => {
    expect(wrapText('a b c d e f', 1, 3)).toEqual(['a', 'b', 'c…']);
  });
});

describe('colours', () => {
  it('picks dark text on light colours and white on dark ones', () => {
    expect(textColourOn('#f4f1ea')).toBe('#1f2933');
    expect(textColourOn('#f2c14e')).toBe('#1f2933');
    expect(textColourOn('#1d3557')).toBe('#ffffff');
    expect(textColourOn('#c8102e')).toBe('#ffffff');
  });

  it('darkens and lightens', () => {
    expect(shade('#808080', 0.5)).toBe('#404040');
    expect(shade('#000000', 1.5)).toBe('#808080');
  });

  it('refuses a colour that is not #rrggbb', () => {
    expect(() => textColourOn('red')).toThrow();
  });
});

describe('illustrationSvg', () => {
  it('escapes titles so that any product name gives valid SVG', () => {
    expect(escapeXml(`Tom & "Jerry" <3 '`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;3 &apos;');
    const svg = illustrationSvg({ kind: 'book', colour: '#264653' }, 'A <b> & C');
    expect(svg).toContain('A &lt;b&gt; &amp; C');
    expect(svg).not.toContain('<b>');
  });

  it('is deterministic, and the ticket pattern depends on the title', () => {
    const ticket = (title: string) => illustrationSvg({ kind: 'ticket', colour: '#c77dff' }, title);
    expect(ticket('Zagreb')).toBe(ticket('Zagreb'));
    expect(ticket('Zagreb')).not.toBe(ticket('Split'));
  });

  it('sizes swatches and category banners differently from product images', () => {
    expect(illustrationSvg({ kind: 'swatch', colour: '#2b59c3' }, '')).toContain('width="120" height="120"');
    expect(illustrationSvg({ kind: 'category', colour: '#2b59c3' }, 'Knjige')).toContain(
      'width="1200" height="800"',
    );
  });
});
