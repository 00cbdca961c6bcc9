import type { Localized } from './types.ts';

export type TermText = { title: string; slug: string; description: string };
export type TermSeed = { key: string; text: Localized<TermText> };

export const categories = [
  {
    key: 'resilience',
    text: {
      hr: {
        title: 'Otpornost',
        slug: 'otpornost',
        description: 'Kako pomoći djeci da se nose sa stresom, neuspjehom i promjenama.',
      },
      en: {
        title: 'Resilience',
        slug: 'resilience',
        description: 'Helping children cope with stress, failure and change.',
      },
    },
  },
  {
    key: 'early-development',
    text: {
      hr: {
        title: 'Rani razvoj',
        slug: 'rani-razvoj',
        description: 'Prve godine života: igra, govor, san i privrženost.',
      },
      en: {
        title: 'Early development',
        slug: 'early-development',
        description: 'The first years of life: play, language, sleep and attachment.',
      },
    },
  },
  {
    key: 'reading',
    text: {
      hr: {
        title: 'Čitanje',
        slug: 'citanje',
        description: 'Slikovnice, čitanje naglas i ljubav prema knjizi od najranije dobi.',
      },
      en: {
        title: 'Reading',
        slug: 'reading',
        description: 'Picture books, reading aloud and a love of books from the very start.',
      },
    },
  },
  {
    key: 'screens',
    text: {
      hr: {
        title: 'Djeca i ekrani',
        slug: 'djeca-i-ekrani',
        description: 'Mobiteli, tableti i televizija u obiteljskom životu, bez panike i bez naivnosti.',
      },
      en: {
        title: 'Children and screens',
        slug: 'children-and-screens',
        description: 'Phones, tablets and television in family life, without panic and without naivety.',
      },
    },
  },
  {
    key: 'parenting',
    text: {
      hr: {
        title: 'Roditeljstvo',
        slug: 'roditeljstvo',
        description: 'Svakodnevni izazovi odgoja: granice, emocije, rutine i odnosi.',
      },
      en: {
        title: 'Parenting',
        slug: 'parenting',
        description:
          'Everyday challenges of raising children: boundaries, emotions, routines and relationships.',
      },
    },
  },
] as const satisfies TermSeed[];

export const tags = [
  { key: 'emotions', text: { hr: tag('Emocije', 'emocije'), en: tag('Emotions', 'emotions') } },
  { key: 'play', text: { hr: tag('Igra', 'igra'), en: tag('Play', 'play') } },
  { key: 'sleep', text: { hr: tag('San', 'san'), en: tag('Sleep', 'sleep') } },
  { key: 'kindergarten', text: { hr: tag('Vrtić', 'vrtic'), en: tag('Kindergarten', 'kindergarten') } },
  { key: 'school', text: { hr: tag('Škola', 'skola'), en: tag('School', 'school') } },
  {
    key: 'picture-books',
    text: { hr: tag('Slikovnice', 'slikovnice'), en: tag('Picture books', 'picture-books') },
  },
  { key: 'family', text: { hr: tag('Obitelj', 'obitelj'), en: tag('Family', 'family') } },
  { key: 'tips', text: { hr: tag('Savjeti', 'savjeti'), en: tag('Tips', 'tips') } },
  {
    key: 'from-workshops',
    text: { hr: tag('S radionica', 's-radionica'), en: tag('From our workshops', 'from-our-workshops') },
  },
] as const satisfies TermSeed[];

function tag(title: string, slug: string): TermText {
  return { title, slug, description: '' };
}

export type CategoryKey = (typeof categories)[number]['key'];
export type TagKey = (typeof tags)[number]['key'];
