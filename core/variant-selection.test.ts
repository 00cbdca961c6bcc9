import { describe, expect, it } from 'vitest';
import {
  defaultSelection,
  findVariant,
  initialSelection,
  type SelectableAttribute,
  selectionFromParams,
  selectionParams,
  valueState,
} from './variant-selection.ts';

const SIZE = 1;
const COLOUR = 2;
const [S, M, L] = [10, 11, 12];
const [WHITE, BLUE] = [20, 21];

const attributes: SelectableAttribute[] = [
  {
    id: SIZE,
    attributeCode: 'velicina',
    values: [
      { id: S, valueCode: 's' },
      { id: M, valueCode: 'm', shopDefault: true },
      { id: L, valueCode: 'l' },
    ],
  },
  {
    id: COLOUR,
    attributeCode: 'boja',
    values: [
      { id: WHITE, valueCode: 'bijela' },
      { id: BLUE, valueCode: 'plava', shopDefault: true },
    ],
  },
];

// L exists only in white, and S/blue is sold out.
const variants = [
  { id: 100, attributeValueIds: [S, WHITE], stock: { inStock: true } },
  { id: 101, attributeValueIds: [S, BLUE], stock: { inStock: false } },
  { id: 102, attributeValueIds: [M, WHITE], stock: { inStock: true } },
  { id: 103, attributeValueIds: [M, BLUE], stock: { inStock: true } },
  { id: 104, attributeValueIds: [L, WHITE], stock: { inStock: true } },
];

describe('reading a choice from the URL', () => {
  it('accepts value codes and value ids, case-insensitively, and ignores unknown values', () => {
    expect(selectionFromParams(attributes, new URLSearchParams('velicina=L&boja=21'))).toEqual({
      [SIZE]: L,
      [COLOUR]: BLUE,
    });
    expect(selectionFromParams(attributes, new URLSearchParams('velicina=xxl&boja='))).toEqual({});
  });

  it('reads prefixed parameters for a bundle member', () => {
    const params = new URLSearchParams('velicina=s&b7-velicina=l&b7-boja=bijela');
    expect(selectionFromParams(attributes, params, 'b7-')).toEqual({ [SIZE]: L, [COLOUR]: WHITE });
  });

  it('prefers ?variant=, then attribute parameters, then the shop defaults', () => {
    expect(initialSelection(attributes, variants, new URLSearchParams('variant=104&velicina=s'))).toEqual({
      [SIZE]: L,
      [COLOUR]: WHITE,
    });
    expect(initialSelection(attributes, variants, new URLSearchParams('velicina=s'))).toEqual({ [SIZE]: S });
    expect(initialSelection(attributes, variants, new URLSearchParams('variant=999'))).toEqual({
      [SIZE]: M,
      [COLOUR]: BLUE,
    });
    expect(defaultSelection(attributes)).toEqual({ [SIZE]: M, [COLOUR]: BLUE });
  });

  it('writes a choice back as readable parameters', () => {
    expect(selectionParams(attributes, { [SIZE]: L, [COLOUR]: WHITE }, 'b7-')).toEqual([
      ['b7-velicina', 'l'],
      ['b7-boja', 'bijela'],
    ]);
    expect(selectionParams(attributes, { [COLOUR]: WHITE })).toEqual([['boja', 'bijela']]);
  });
});

describe('resolving a variant', () => {
  it('finds the variant with exactly the chosen values', () => {
    expect(findVariant(attributes, variants, { [SIZE]: M, [COLOUR]: WHITE })?.id).toBe(102);
    expect(findVariant(attributes, variants, { [SIZE]: S, [COLOUR]: BLUE })?.id).toBe(101);
  });

  it('finds nothing while an attribute has no choice or the combination does not exist', () => {
    expect(findVariant(attributes, variants, { [SIZE]: M })).toBeNull();
    expect(findVariant(attributes, variants, { [SIZE]: L, [COLOUR]: BLUE })).toBeNull();
    expect(findVariant([], variants, {})).toBeNull();
  });
});

describe('which values can be chosen', () => {
  it('marks combinations that do not exist as missing and sold-out ones as out of stock', () => {
    const blue = { [SIZE]: M, [COLOUR]: BLUE };
    expect(valueState(variants, blue, SIZE, L)).toBe('missing');
    expect(valueState(variants, blue, SIZE, S)).toBe('outOfStock');
    expect(valueState(variants, blue, SIZE, M)).toBe('available');
    const large = { [SIZE]: L, [COLOUR]: WHITE };
    expect(valueState(variants, large, COLOUR, BLUE)).toBe('missing');
    expect(valueState(variants, large, COLOUR, WHITE)).toBe('available');
  });

  it('judges a value by the other attributes only, and by any variant when they have no choice', () => {
    expect(valueState(variants, { [SIZE]: S }, SIZE, L)).toBe('available');
    expect(valueState(variants, { [SIZE]: S }, COLOUR, BLUE)).toBe('outOfStock');
    expect(valueState(variants, {}, COLOUR, BLUE)).toBe('available');
  });
});
