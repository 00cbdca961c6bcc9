import { describe, expect, it } from 'vitest';
import { wrapText } from '../images.ts';
import { illustrationSvg, shade, textColourOn } from './illustrations.ts';
import { productSeeds } from './products.ts';
import { flattenCategories } from './seed-plan.ts';

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
  it('draws no words for any seeded product, colour or category, so it suits every language', () => {
    const seen: string[] = [];
    for (const product of productSeeds) {
      if (product.format === 'Configurable') {
        seen.push(
          illustrationSvg(
            { kind: product.garment, colour: '#2b59c3', print: product.print },
            product.name.hr,
          ),
        );
      } else {
        seen.push(illustrationSvg(product.image, product.name.hr));
      }
    }
    for (const category of flattenCategories().flat()) {
      seen.push(illustrationSvg({ kind: 'category', colour: category.colour }, category.name.hr));
    }
    expect(seen.length).toBeGreaterThan(20);
    for (const svg of seen) expect(svg).not.toContain('<text');
  });

  it('is deterministic, and the title of a product shapes its picture', () => {
    const book = (title: string) => illustrationSvg({ kind: 'book', colour: '#264653' }, title);
    expect(book('Medo i velika briga')).toBe(book('Medo i velika briga'));
    expect(book('Medo i velika briga')).not.toBe(book('Lisica koja je naučila čekati'));
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
