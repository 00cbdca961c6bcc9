import type { AttributeFilterType, AttributeInputType } from '../../../modules/catalogue/catalogue.schema.ts';
import type { Localized } from './categories.ts';

export type AttributeValueSeed = { code: string; label: Localized; swatch?: string };

export type AttributeSeed = {
  code: string;
  label: Localized;
  inputType: AttributeInputType;
  customClass?: string;
  isFilterable: boolean;
  filterType: AttributeFilterType;
  /** Swatch values get a small generated image and are shown as media. */
  valuesAreMedia?: boolean;
  values: AttributeValueSeed[];
};

export const attributeSeeds: AttributeSeed[] = [
  {
    code: 'dob',
    label: { hr: 'Dob djeteta', en: 'Age group' },
    inputType: 'select',
    isFilterable: true,
    filterType: 'multiple',
    values: [
      { code: '0-3', label: { hr: '0 – 3 godine', en: '0 – 3 years' } },
      { code: '3-6', label: { hr: '3 – 6 godina', en: '3 – 6 years' } },
      { code: '6-9', label: { hr: '6 – 9 godina', en: '6 – 9 years' } },
      { code: '9-12', label: { hr: '9 – 12 godina', en: '9 – 12 years' } },
    ],
  },
  {
    code: 'format',
    label: { hr: 'Uvez', en: 'Binding' },
    inputType: 'radio',
    isFilterable: true,
    filterType: 'single',
    values: [
      { code: 'tvrdi-uvez', label: { hr: 'Tvrdi uvez', en: 'Hardcover' } },
      { code: 'meki-uvez', label: { hr: 'Meki uvez', en: 'Paperback' } },
    ],
  },
  {
    code: 'velicina',
    label: { hr: 'Veličina', en: 'Size' },
    inputType: 'select',
    customClass: 'attribute-size',
    isFilterable: true,
    filterType: 'multiple',
    values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) => ({
      code: size.toLowerCase(),
      label: { hr: size, en: size },
    })),
  },
  {
    code: 'boja',
    label: { hr: 'Boja', en: 'Colour' },
    inputType: 'swatch',
    customClass: 'attribute-colour',
    isFilterable: true,
    filterType: 'multiple',
    valuesAreMedia: true,
    values: [
      { code: 'bijela', label: { hr: 'Bijela', en: 'White' }, swatch: '#f4f1ea' },
      { code: 'plava', label: { hr: 'Plava', en: 'Blue' }, swatch: '#2b59c3' },
      { code: 'crvena', label: { hr: 'Crvena', en: 'Red' }, swatch: '#c8102e' },
      { code: 'zelena', label: { hr: 'Zelena', en: 'Green' }, swatch: '#2a9d5c' },
      { code: 'zuta', label: { hr: 'Žuta', en: 'Yellow' }, swatch: '#f2c14e' },
      { code: 'siva', label: { hr: 'Siva', en: 'Grey' }, swatch: '#8d99ae' },
    ],
  },
  {
    code: 'jezik',
    label: { hr: 'Jezik', en: 'Language' },
    inputType: 'text',
    isFilterable: false,
    filterType: 'single',
    values: [
      { code: 'hr', label: { hr: 'Hrvatski', en: 'Croatian' } },
      { code: 'en', label: { hr: 'Engleski', en: 'English' } },
    ],
  },
];

export const tagSeeds: { code: string; name: Localized }[] = [
  { code: 'NOVO', name: { hr: 'Novo', en: 'New' } },
  { code: 'NAJPRODAVANIJE', name: { hr: 'Najprodavanije', en: 'Top seller' } },
];
