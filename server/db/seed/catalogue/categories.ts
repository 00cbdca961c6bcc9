/** Demo category tree. `key` ties products to categories inside the seed only. */

export type Localized = { hr: string; en: string };

export type CategorySeed = {
  key: string;
  name: Localized;
  slug: Localized;
  description: Localized;
  /** Colour of the generated category image. */
  colour: string;
  children?: CategorySeed[];
};

export const categorySeeds: CategorySeed[] = [
  {
    key: 'knjige',
    name: { hr: 'Knjige', en: 'Books' },
    slug: { hr: 'knjige', en: 'books' },
    description: {
      hr: 'Slikovnice za najmlađe i priručnici koji roditeljima pomažu u svakodnevnim izazovima.',
      en: 'Picture books for the youngest and guides that help parents with everyday challenges.',
    },
    colour: '#2f6f8f',
    children: [
      {
        key: 'slikovnice',
        name: { hr: 'Slikovnice', en: 'Picture books' },
        slug: { hr: 'slikovnice', en: 'picture-books' },
        description: {
          hr: 'Priče o osjećajima, prijateljstvu i hrabrosti za čitanje naglas.',
          en: 'Stories about feelings, friendship and courage to read aloud.',
        },
        colour: '#e07a5f',
      },
      {
        key: 'prirucnici',
        name: { hr: 'Priručnici za roditelje', en: 'Parenting guides' },
        slug: { hr: 'prirucnici-za-roditelje', en: 'parenting-guides' },
        description: {
          hr: 'Stručni, a pristupačni priručnici o odgoju, komunikaciji i razvoju djeteta.',
          en: 'Expert yet approachable guides on upbringing, communication and child development.',
        },
        colour: '#3d405b',
      },
    ],
  },
  {
    key: 'radne-biljeznice',
    name: { hr: 'Radne bilježnice', en: 'Workbooks' },
    slug: { hr: 'radne-biljeznice', en: 'workbooks' },
    description: {
      hr: 'Zadaci za vježbanje slova, brojeva i logike kod kuće.',
      en: 'Exercises for practising letters, numbers and logic at home.',
    },
    colour: '#81b29a',
  },
  {
    key: 'igre-i-igracke',
    name: { hr: 'Igre i igračke', en: 'Games and toys' },
    slug: { hr: 'igre-i-igracke', en: 'games-and-toys' },
    description: {
      hr: 'Igre koje spajaju obitelj i igračke koje potiču razvoj.',
      en: 'Games that bring the family together and toys that support development.',
    },
    colour: '#f2cc8f',
    children: [
      {
        key: 'drustvene-igre',
        name: { hr: 'Društvene igre', en: 'Board games' },
        slug: { hr: 'drustvene-igre', en: 'board-games' },
        description: {
          hr: 'Društvene igre za obiteljske večeri i razgovor o osjećajima.',
          en: 'Board games for family evenings and for talking about feelings.',
        },
        colour: '#d62828',
      },
      {
        key: 'edukativne-igracke',
        name: { hr: 'Edukativne igračke', en: 'Educational toys' },
        slug: { hr: 'edukativne-igracke', en: 'educational-toys' },
        description: {
          hr: 'Drvene slagalice, senzorne kartice i pomagala za dnevne rutine.',
          en: 'Wooden puzzles, sensory cards and helpers for daily routines.',
        },
        colour: '#f77f00',
      },
    ],
  },
  {
    key: 'digitalni-sadrzaji',
    name: { hr: 'Digitalni sadržaji', en: 'Digital content' },
    slug: { hr: 'digitalni-sadrzaji', en: 'digital-content' },
    description: {
      hr: 'E-knjige, online tečajevi i ulaznice za radionice, dostupni odmah nakon kupnje.',
      en: 'E-books, online courses and workshop tickets, available right after purchase.',
    },
    colour: '#5a189a',
    children: [
      {
        key: 'e-knjige',
        name: { hr: 'E-knjige', en: 'E-books' },
        slug: { hr: 'e-knjige', en: 'e-books' },
        description: {
          hr: 'Naši priručnici u digitalnom obliku, za čitanje na mobitelu ili e-čitaču.',
          en: 'Our guides in digital form, to read on a phone or an e-reader.',
        },
        colour: '#7b2cbf',
      },
      {
        key: 'online-tecajevi',
        name: { hr: 'Online tečajevi', en: 'Online courses' },
        slug: { hr: 'online-tecajevi', en: 'online-courses' },
        description: {
          hr: 'Video tečajevi s radnim materijalima; pristupni kod stiže e-poštom.',
          en: 'Video courses with worksheets; the access code arrives by e-mail.',
        },
        colour: '#9d4edd',
      },
      {
        key: 'ulaznice',
        name: { hr: 'Ulaznice za radionice', en: 'Workshop tickets' },
        slug: { hr: 'ulaznice', en: 'workshop-tickets' },
        description: {
          hr: 'Ulaznice s QR kodom za radionice i obiteljske događaje.',
          en: 'Tickets with a QR code for workshops and family events.',
        },
        colour: '#c77dff',
      },
    ],
  },
  {
    key: 'odjeca',
    name: { hr: 'Odjeća', en: 'Clothing' },
    slug: { hr: 'odjeca', en: 'clothing' },
    description: {
      hr: 'Majice i dukserice s motivima Učionice, za djecu i odrasle.',
      en: 'T-shirts and hoodies with Classroom designs, for children and adults.',
    },
    colour: '#264653',
    children: [
      {
        key: 'majice',
        name: { hr: 'Majice', en: 'T-shirts' },
        slug: { hr: 'majice', en: 't-shirts' },
        description: {
          hr: 'Pamučne majice u više boja i veličina.',
          en: 'Cotton T-shirts in several colours and sizes.',
        },
        colour: '#2a9d8f',
      },
      {
        key: 'dukserice',
        name: { hr: 'Dukserice', en: 'Hoodies' },
        slug: { hr: 'dukserice', en: 'hoodies' },
        description: {
          hr: 'Tople dukserice za hladnije dane.',
          en: 'Warm hoodies for colder days.',
        },
        colour: '#e76f51',
      },
    ],
  },
  {
    key: 'paketi',
    name: { hr: 'Paketi', en: 'Bundles' },
    slug: { hr: 'paketi', en: 'bundles' },
    description: {
      hr: 'Odabrani proizvodi zajedno, po povoljnijoj cijeni.',
      en: 'Selected products together, at a better price.',
    },
    colour: '#6d597a',
  },
];
