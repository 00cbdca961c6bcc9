import type { EProductDelivery } from '../../../modules/catalogue/catalogue.schema.ts';
import type { Localized } from './categories.ts';

/** Demo products. Prices are VAT-inclusive euro cents; kuna prices are derived at 7.5345. */

export type TagCode = 'NOVO' | 'NAJPRODAVANIJE';

export type ImageSeed =
  | { kind: 'book'; colour: string }
  | { kind: 'game'; colour: string }
  | { kind: 'toy'; colour: string }
  | { kind: 'screen'; colour: string; icon: 'ebook' | 'course' }
  | { kind: 'ticket'; colour: string }
  | { kind: 'bundle'; colour: string };

export type CustomOptionSeed = {
  type: 'text' | 'number';
  title: Localized;
  required: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  values: { sku: string; priceDelta: number; title: Localized }[];
};

type BaseSeed = {
  sku: string;
  name: Localized;
  slug: Localized;
  short: Localized;
  about: Localized;
  /** Category keys; the first one is the main category (breadcrumb). */
  categories: string[];
  priority?: number;
  taxRateBp?: number;
  tags?: TagCode[];
  /** Attribute code -> value codes, for filters. */
  attributes?: Record<string, string[]>;
  crossSells?: string[];
  status?: 'active' | 'archived';
  /** Maker or publisher; none for the association's own products (it is their brand). */
  brand?: string;
  /** First 12 digits of the EAN-13 (a book's ISBN-13); the seed appends the check digit. */
  gtin12?: string;
  condition?: 'new' | 'used' | 'refurbished' | 'damaged';
};

/** `discountEndsAt`: when the sale ends (ISO 8601); none while the sale has no announced end. */
type Priced = { price: number; discount?: number; discountEndsAt?: string; membership?: number };

export type SimpleSeed = BaseSeed &
  Priced & {
    format: 'Simple';
    image: ImageSeed;
    stock: number;
    weightGrams: number;
    customOptions?: CustomOptionSeed[];
  };

export type EProductSeed = BaseSeed &
  Priced & {
    format: 'EProduct';
    image: ImageSeed;
    delivery: EProductDelivery;
    url?: string;
    /** Number of access codes generated for code delivery. */
    codePool?: number;
    /** Seats, for tickets. */
    stock?: number;
  };

export type ConfigurableSeed = BaseSeed &
  Priced & {
    format: 'Configurable';
    garment: 'tshirt' | 'hoodie';
    /** Text printed on the generated garment image. */
    print: string;
    sizes: string[];
    colours: string[];
    /** Extra euro cents for some sizes. */
    sizeSurcharge?: Record<string, number>;
    /** Variants with no stock, as 'size/colour'. */
    outOfStock?: string[];
    /** Variants on sale, 'size/colour' -> discount price. */
    variantDiscounts?: Record<string, number>;
    shopDefault: { size: string; colour: string };
    weightGrams: number;
  };

export type BundleSeed = BaseSeed & {
  format: 'Bundle';
  image: ImageSeed;
  /** Members by SKU; never a Bundle. */
  items: { sku: string; quantity?: number }[];
  /** What the whole bundle costs, below the sum of its members. */
  bundlePrice: number;
  membership?: number;
};

export type ProductSeed = SimpleSeed | EProductSeed | ConfigurableSeed | BundleSeed;

const BOOK_TAX = 500;

export const productSeeds: ProductSeed[] = [
  // --- Slikovnice ------------------------------------------------------------------------------
  {
    format: 'Simple',
    sku: 'KNJ-001',
    gtin12: '978953812001',
    name: { hr: 'Medo i velika briga', en: 'Little Bear’s Big Worry' },
    slug: { hr: 'medo-i-velika-briga', en: 'little-bears-big-worry' },
    short: {
      hr: 'Topla priča o medvjediću koji uči što učiniti kad ga nešto jako brine.',
      en: 'A warm story about a little bear who learns what to do when something worries him a lot.',
    },
    about: {
      hr: 'Slikovnica nudi jednostavne korake za razgovor o strahovima i brigama, s pitanjima za roditelje na kraju knjige.',
      en: 'The book offers simple steps for talking about fears and worries, with questions for parents at the end.',
    },
    categories: ['slikovnice', 'knjige'],
    priority: 10,
    price: 1490,
    taxRateBp: BOOK_TAX,
    tags: ['NAJPRODAVANIJE'],
    attributes: { dob: ['3-6'], format: ['tvrdi-uvez'], jezik: ['hr'] },
    crossSells: ['KNJ-004', 'IGR-001'],
    image: { kind: 'book', colour: '#e07a5f' },
    stock: 120,
    weightGrams: 420,
  },
  {
    format: 'Simple',
    sku: 'KNJ-002',
    gtin12: '978953812002',
    name: { hr: 'Laku noć, zvjezdice', en: 'Good Night, Little Stars' },
    slug: { hr: 'laku-noc-zvjezdice', en: 'good-night-little-stars' },
    short: {
      hr: 'Uspavanka u slikama za mirnu večernju rutinu.',
      en: 'A lullaby in pictures for a calm bedtime routine.',
    },
    about: {
      hr: 'Kratki ritmični stihovi i nježne ilustracije pomažu najmlađima da se smire prije spavanja.',
      en: 'Short rhythmic verses and gentle illustrations help the youngest settle down before sleep.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 1250,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['0-3'], format: ['tvrdi-uvez'], jezik: ['hr'] },
    crossSells: ['EK-003'],
    image: { kind: 'book', colour: '#1d3557' },
    stock: 85,
    weightGrams: 350,
  },
  {
    format: 'Simple',
    sku: 'KNJ-003',
    gtin12: '978953812003',
    name: { hr: 'Lisica koja je naučila čekati', en: 'The Fox Who Learned to Wait' },
    slug: { hr: 'lisica-koja-je-naucila-cekati', en: 'the-fox-who-learned-to-wait' },
    short: {
      hr: 'Priča o strpljenju i samokontroli, ispričana kroz godišnja doba.',
      en: 'A story about patience and self-control, told through the seasons.',
    },
    about: {
      hr: 'Mala lisica otkriva da se isplati pričekati, a djeca uz nju uče prepoznati nestrpljenje.',
      en: 'A little fox discovers that waiting pays off, and children learn with her to recognise impatience.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 1190,
    discount: 990,
    discountEndsAt: '2030-12-31T22:59:59Z',
    taxRateBp: BOOK_TAX,
    tags: ['NOVO'],
    attributes: { dob: ['3-6'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#f4a261' },
    stock: 64,
    weightGrams: 260,
  },
  {
    format: 'Simple',
    sku: 'KNJ-004',
    gtin12: '978953812004',
    name: { hr: 'Moji osjećaji', en: 'My Feelings' },
    slug: { hr: 'moji-osjecaji', en: 'my-feelings' },
    short: {
      hr: 'Prva knjiga o osjećajima s ogledalom i karticama lica.',
      en: 'A first book about feelings, with a mirror and face cards.',
    },
    about: {
      hr: 'Dijete imenuje radost, tugu, ljutnju i strah te ih pokazuje na vlastitom licu u ogledalu.',
      en: 'The child names joy, sadness, anger and fear and shows them on their own face in the mirror.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 1390,
    membership: 1190,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['0-3', '3-6'], format: ['tvrdi-uvez'], jezik: ['hr'] },
    crossSells: ['IGR-001', 'IGR-103'],
    image: { kind: 'book', colour: '#ffb703' },
    stock: 40,
    weightGrams: 390,
  },
  {
    format: 'Simple',
    sku: 'KNJ-005',
    gtin12: '978953812005',
    name: { hr: 'Kad se posvađamo', en: 'When We Argue' },
    slug: { hr: 'kad-se-posvadamo', en: 'when-we-argue' },
    short: {
      hr: 'Kako se pomiriti s prijateljem, bratom ili sestrom.',
      en: 'How to make up with a friend, a brother or a sister.',
    },
    about: {
      hr: 'Kroz svakodnevne situacije iz škole i doma djeca uče rješavati sukobe riječima.',
      en: 'Through everyday situations at school and at home, children learn to solve conflicts with words.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 1090,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['6-9'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#457b9d' },
    stock: 0,
    weightGrams: 240,
  },
  {
    format: 'Simple',
    sku: 'KNJ-006',
    gtin12: '978953812006',
    name: { hr: 'Mali istraživač prirode', en: 'The Little Nature Explorer' },
    slug: { hr: 'mali-istrazivac-prirode', en: 'the-little-nature-explorer' },
    short: {
      hr: 'Vodič za šetnje šumom, livadom i obalom s prostorom za bilješke.',
      en: 'A guide for walks in the forest, the meadow and by the sea, with room for notes.',
    },
    about: {
      hr: 'Stotinu biljaka i životinja hrvatske prirode, s jednostavnim zadacima za mlade istraživače.',
      en: 'A hundred plants and animals of Croatian nature, with simple tasks for young explorers.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 1650,
    taxRateBp: BOOK_TAX,
    tags: ['NOVO'],
    attributes: { dob: ['6-9', '9-12'], format: ['tvrdi-uvez'], jezik: ['hr'] },
    crossSells: ['MAJ-002'],
    image: { kind: 'book', colour: '#2a9d5c' },
    stock: 55,
    weightGrams: 610,
  },
  {
    format: 'Simple',
    sku: 'KNJ-007',
    gtin12: '978953812007',
    name: { hr: 'Hrabri Tin ide u vrtić', en: 'Brave Tin Starts Kindergarten' },
    slug: { hr: 'hrabri-tin-ide-u-vrtic', en: 'brave-tin-starts-kindergarten' },
    short: {
      hr: 'Priča za lakšu prilagodbu na vrtić.',
      en: 'A story to make starting kindergarten easier.',
    },
    about: {
      hr: 'Tin se boji prvog dana u vrtiću, ali uz malu igru oproštaja s mamom sve postaje lakše.',
      en: 'Tin is afraid of his first day in kindergarten, but a little goodbye game with his mum makes it easier.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 990,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['3-6'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#8ecae6' },
    stock: 72,
    weightGrams: 220,
  },
  {
    format: 'Simple',
    sku: 'KNJ-008',
    gtin12: '978953812008',
    name: {
      hr: 'Moja prva avantura – personalizirana slikovnica',
      en: 'My First Adventure – Personalised Book',
    },
    slug: { hr: 'moja-prva-avantura', en: 'my-first-adventure' },
    short: {
      hr: 'Slikovnica u kojoj je vaše dijete glavni junak, s njegovim imenom na svakoj stranici.',
      en: 'A picture book in which your child is the hero, with their name on every page.',
    },
    about: {
      hr: 'Upišite ime i dob djeteta; knjigu tiskamo posebno za vas u roku od pet radnih dana.',
      en: 'Enter the child’s name and age; we print the book especially for you within five working days.',
    },
    categories: ['slikovnice', 'knjige'],
    price: 2490,
    taxRateBp: BOOK_TAX,
    tags: ['NOVO'],
    attributes: { dob: ['3-6', '6-9'], format: ['tvrdi-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#9b5de5' },
    stock: 500,
    weightGrams: 450,
    customOptions: [
      {
        type: 'text',
        title: { hr: 'Ime djeteta', en: 'Child’s name' },
        required: true,
        maxLength: 20,
        values: [{ sku: 'PERS-IME', priceDelta: 300, title: { hr: 'Tisak imena', en: 'Name printing' } }],
      },
      {
        type: 'number',
        title: { hr: 'Dob djeteta (godine)', en: 'Child’s age (years)' },
        required: false,
        min: 1,
        max: 12,
        values: [{ sku: 'PERS-DOB', priceDelta: 0, title: { hr: 'Dob u priči', en: 'Age in the story' } }],
      },
    ],
  },
  {
    format: 'Simple',
    sku: 'KNJ-099',
    name: { hr: 'Bojanka Jesen 2023', en: 'Autumn 2023 Colouring Book' },
    slug: { hr: 'bojanka-jesen-2023', en: 'autumn-2023-colouring-book' },
    short: { hr: 'Sezonska bojanka, više nije u prodaji.', en: 'A seasonal colouring book, no longer sold.' },
    about: {
      hr: 'Ostavljena u katalogu zbog starih narudžbi.',
      en: 'Kept in the catalogue for past orders.',
    },
    categories: ['slikovnice'],
    price: 590,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['3-6'], format: ['meki-uvez'] },
    image: { kind: 'book', colour: '#bc6c25' },
    stock: 0,
    weightGrams: 150,
    status: 'archived',
  },

  // --- Priručnici za roditelje -----------------------------------------------------------------
  {
    format: 'Simple',
    sku: 'PRI-001',
    gtin12: '978953813001',
    name: { hr: 'Otporno dijete', en: 'The Resilient Child' },
    slug: { hr: 'otporno-dijete-knjiga', en: 'the-resilient-child-book' },
    short: {
      hr: 'Priručnik o tome kako djeci pomoći da se nose s neuspjehom, promjenama i stresom.',
      en: 'A guide to helping children cope with failure, change and stress.',
    },
    about: {
      hr: 'Dvanaest poglavlja s primjerima iz prakse, vježbama za cijelu obitelj i savjetima stručnjaka.',
      en: 'Twelve chapters with real-life examples, exercises for the whole family and expert advice.',
    },
    categories: ['prirucnici', 'knjige'],
    priority: 20,
    price: 2200,
    membership: 1870,
    taxRateBp: BOOK_TAX,
    tags: ['NAJPRODAVANIJE'],
    attributes: { dob: ['3-6', '6-9', '9-12'], format: ['meki-uvez'], jezik: ['hr'] },
    crossSells: ['EK-001', 'TEC-001', 'MAJ-001'],
    image: { kind: 'book', colour: '#264653' },
    stock: 210,
    weightGrams: 480,
  },
  {
    format: 'Simple',
    sku: 'PRI-002',
    gtin12: '978953813002',
    name: { hr: 'Roditeljstvo bez vikanja', en: 'Parenting Without Shouting' },
    slug: { hr: 'roditeljstvo-bez-vikanja', en: 'parenting-without-shouting' },
    short: {
      hr: 'Kako ostati miran kad dijete testira granice.',
      en: 'How to stay calm when a child tests the limits.',
    },
    about: {
      hr: 'Praktične tehnike smirivanja, jasne granice i posljedice koje djeca razumiju.',
      en: 'Practical calming techniques, clear limits and consequences children understand.',
    },
    categories: ['prirucnici', 'knjige'],
    price: 1990,
    discount: 1690,
    taxRateBp: BOOK_TAX,
    attributes: { format: ['meki-uvez'], jezik: ['hr'] },
    crossSells: ['TEC-002'],
    image: { kind: 'book', colour: '#6d597a' },
    stock: 95,
    weightGrams: 430,
  },
  {
    format: 'Simple',
    sku: 'PRI-003',
    gtin12: '978953813003',
    name: { hr: 'Prvih 1000 dana', en: 'The First 1000 Days' },
    slug: { hr: 'prvih-1000-dana', en: 'the-first-1000-days' },
    short: {
      hr: 'Razvoj djeteta od trudnoće do treće godine, mjesec po mjesec.',
      en: 'Child development from pregnancy to age three, month by month.',
    },
    about: {
      hr: 'Prehrana, san, govor i igra u razdoblju kad se mozak najbrže razvija.',
      en: 'Nutrition, sleep, speech and play in the period when the brain develops fastest.',
    },
    categories: ['prirucnici', 'knjige'],
    price: 2490,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['0-3'], format: ['tvrdi-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#ef476f' },
    stock: 33,
    weightGrams: 720,
  },
  {
    format: 'Simple',
    sku: 'PRI-004',
    gtin12: '978953813004',
    name: { hr: 'Tinejdžer u kući', en: 'A Teenager in the House' },
    slug: { hr: 'tinejdzer-u-kuci', en: 'a-teenager-in-the-house' },
    short: {
      hr: 'Vodič za roditelje djece koja ulaze u pubertet.',
      en: 'A guide for parents of children entering puberty.',
    },
    about: {
      hr: 'Ekrani, prijatelji, škola i povjerenje: kako ostati blizu kad dijete traži samostalnost.',
      en: 'Screens, friends, school and trust: how to stay close when a child wants independence.',
    },
    categories: ['prirucnici', 'knjige'],
    price: 1850,
    taxRateBp: BOOK_TAX,
    tags: ['NOVO'],
    attributes: { dob: ['9-12'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#118ab2' },
    stock: 48,
    weightGrams: 410,
  },
  {
    format: 'Simple',
    sku: 'PRI-005',
    gtin12: '978953813005',
    name: { hr: 'Igrom do učenja', en: 'Learning Through Play' },
    slug: { hr: 'igrom-do-ucenja', en: 'learning-through-play' },
    short: {
      hr: 'Pedeset igara koje razvijaju govor, pažnju i matematičko mišljenje.',
      en: 'Fifty games that build speech, attention and mathematical thinking.',
    },
    about: {
      hr: 'Igre bez posebne opreme, za kuhinju, automobil i park.',
      en: 'Games without special equipment, for the kitchen, the car and the park.',
    },
    categories: ['prirucnici', 'knjige'],
    price: 1790,
    membership: 1490,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['3-6', '6-9'], format: ['meki-uvez'], jezik: ['hr'] },
    crossSells: ['IGR-101', 'IGR-104'],
    image: { kind: 'book', colour: '#06d6a0' },
    stock: 60,
    weightGrams: 380,
  },

  // --- Radne bilježnice ------------------------------------------------------------------------
  {
    format: 'Simple',
    sku: 'RB-001',
    name: { hr: 'Vesela slova', en: 'Happy Letters' },
    slug: { hr: 'vesela-slova', en: 'happy-letters' },
    short: { hr: 'Prva slova kroz crtanje i bojanje.', en: 'First letters through drawing and colouring.' },
    about: {
      hr: 'Radna bilježnica za predškolce s naljepnicama i zadacima za finu motoriku.',
      en: 'A preschool workbook with stickers and fine-motor exercises.',
    },
    categories: ['radne-biljeznice'],
    price: 690,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['3-6'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#fb8500' },
    stock: 300,
    weightGrams: 180,
  },
  {
    format: 'Simple',
    sku: 'RB-002',
    name: { hr: 'Brojimo do 100', en: 'Counting to 100' },
    slug: { hr: 'brojimo-do-100', en: 'counting-to-100' },
    short: { hr: 'Zbrajanje i oduzimanje za prvi razred.', en: 'Addition and subtraction for first grade.' },
    about: {
      hr: 'Zadaci poredani od lakših prema težima, s rješenjima za roditelje.',
      en: 'Exercises from easier to harder, with answers for parents.',
    },
    categories: ['radne-biljeznice'],
    price: 690,
    membership: 550,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['6-9'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#219ebc' },
    stock: 250,
    weightGrams: 190,
  },
  {
    format: 'Simple',
    sku: 'RB-003',
    name: { hr: 'Pišem i crtam', en: 'I Write and Draw' },
    slug: { hr: 'pisem-i-crtam', en: 'i-write-and-draw' },
    short: { hr: 'Vježbe grafomotorike prije polaska u školu.', en: 'Pre-writing exercises before school.' },
    about: {
      hr: 'Linije, krivulje i labirinti koji pripremaju ruku za pisanje.',
      en: 'Lines, curves and mazes that prepare the hand for writing.',
    },
    categories: ['radne-biljeznice'],
    price: 750,
    taxRateBp: BOOK_TAX,
    attributes: { dob: ['3-6'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#8338ec' },
    stock: 0,
    weightGrams: 170,
  },
  {
    format: 'Simple',
    sku: 'RB-004',
    name: { hr: 'Logičke zagonetke', en: 'Logic Puzzles' },
    slug: { hr: 'logicke-zagonetke', en: 'logic-puzzles' },
    short: { hr: 'Sto zagonetki za radoznale školarce.', en: 'A hundred puzzles for curious pupils.' },
    about: {
      hr: 'Nizovi, sudoku za djecu i zadaci riječima koji potiču logičko razmišljanje.',
      en: 'Sequences, sudoku for children and word problems that build logical thinking.',
    },
    categories: ['radne-biljeznice'],
    price: 890,
    taxRateBp: BOOK_TAX,
    tags: ['NOVO'],
    attributes: { dob: ['9-12'], format: ['meki-uvez'], jezik: ['hr'] },
    image: { kind: 'book', colour: '#3a86ff' },
    stock: 140,
    weightGrams: 210,
  },

  // --- Društvene igre ----------------------------------------------------------------------------
  {
    format: 'Simple',
    sku: 'IGR-001',
    name: { hr: 'Emocionalni memory', en: 'Emotions Memory Game' },
    slug: { hr: 'emocionalni-memory', en: 'emotions-memory-game' },
    short: {
      hr: 'Pronađi parove lica i imenuj osjećaj koji pokazuju.',
      en: 'Find matching faces and name the feeling they show.',
    },
    about: {
      hr: '48 debelih kartona, upute za tri razine težine i prijedlozi pitanja za razgovor.',
      en: '48 thick cards, rules for three levels and suggested questions for conversation.',
    },
    categories: ['drustvene-igre', 'igre-i-igracke'],
    priority: 10,
    price: 1990,
    tags: ['NAJPRODAVANIJE'],
    attributes: { dob: ['3-6', '6-9'] },
    crossSells: ['IGR-004', 'KNJ-004'],
    image: { kind: 'game', colour: '#e63946' },
    stock: 75,
    weightGrams: 520,
  },
  {
    format: 'Simple',
    sku: 'IGR-002',
    name: { hr: 'Obiteljski kviz', en: 'Family Quiz' },
    slug: { hr: 'obiteljski-kviz', en: 'family-quiz' },
    short: {
      hr: 'Pitanja za djecu i odrasle, u istoj igri.',
      en: 'Questions for children and adults, in one game.',
    },
    about: {
      hr: 'Svaka kartica ima pitanje za dijete i pitanje za odraslog, pa svi igraju ravnopravno.',
      en: 'Every card has a question for a child and one for an adult, so everyone plays on equal terms.',
    },
    categories: ['drustvene-igre', 'igre-i-igracke'],
    price: 2490,
    discount: 1990,
    attributes: { dob: ['6-9', '9-12'] },
    image: { kind: 'game', colour: '#1d3557' },
    stock: 28,
    weightGrams: 640,
  },
  {
    format: 'Simple',
    sku: 'IGR-003',
    name: { hr: 'Put oko Hrvatske', en: 'Journey Around Croatia' },
    slug: { hr: 'put-oko-hrvatske', en: 'journey-around-croatia' },
    short: {
      hr: 'Putujte od Vukovara do Dubrovnika i upoznajte krajeve, jela i običaje.',
      en: 'Travel from Vukovar to Dubrovnik and discover regions, food and customs.',
    },
    about: {
      hr: 'Velika ploča karte Hrvatske, 120 kartica pitanja i drvene figure.',
      en: 'A large map board of Croatia, 120 question cards and wooden pieces.',
    },
    categories: ['drustvene-igre', 'igre-i-igracke'],
    price: 2990,
    membership: 2590,
    attributes: { dob: ['6-9', '9-12'] },
    image: { kind: 'game', colour: '#2a9d8f' },
    stock: 17,
    weightGrams: 1100,
  },
  {
    format: 'Simple',
    sku: 'IGR-004',
    name: { hr: 'Kockice razgovora', en: 'Conversation Dice' },
    slug: { hr: 'kockice-razgovora', en: 'conversation-dice' },
    short: {
      hr: 'Šest kockica, tisuću tema za razgovor za stolom.',
      en: 'Six dice, a thousand dinner-table topics.',
    },
    about: {
      hr: 'Bacite kockice i složite pitanje: tko, gdje, kada, zašto. Idealno za obiteljsku večeru.',
      en: 'Roll the dice and build a question: who, where, when, why. Ideal for family dinner.',
    },
    categories: ['drustvene-igre', 'igre-i-igracke'],
    price: 1450,
    attributes: { dob: ['6-9', '9-12'] },
    image: { kind: 'game', colour: '#f4a261' },
    stock: 90,
    weightGrams: 200,
  },

  // --- Edukativne igračke ----------------------------------------------------------------------
  {
    format: 'Simple',
    sku: 'IGR-101',
    brand: 'Drvenko',
    gtin12: '385987600101',
    name: { hr: 'Drvena slagalica s brojevima', en: 'Wooden Number Puzzle' },
    slug: { hr: 'drvena-slagalica-s-brojevima', en: 'wooden-number-puzzle' },
    short: { hr: 'Brojevi od 1 do 10 od bukovog drva.', en: 'Numbers 1 to 10 made of beech wood.' },
    about: {
      hr: 'Izrađeno u Hrvatskoj, obojeno bojama na bazi vode.',
      en: 'Made in Croatia, painted with water-based colours.',
    },
    categories: ['edukativne-igracke', 'igre-i-igracke'],
    price: 1890,
    attributes: { dob: ['0-3', '3-6'] },
    image: { kind: 'toy', colour: '#bc6c25' },
    stock: 36,
    weightGrams: 560,
  },
  {
    format: 'Simple',
    sku: 'IGR-102',
    name: { hr: 'Senzorne kartice', en: 'Sensory Cards' },
    slug: { hr: 'senzorne-kartice', en: 'sensory-cards' },
    short: {
      hr: 'Kartice s različitim teksturama za bebe.',
      en: 'Cards with different textures for babies.',
    },
    about: {
      hr: 'Kontrastne boje i teksture potiču razvoj vida i dodira u prvoj godini.',
      en: 'High-contrast colours and textures support sight and touch in the first year.',
    },
    categories: ['edukativne-igracke', 'igre-i-igracke'],
    price: 1290,
    tags: ['NOVO'],
    attributes: { dob: ['0-3'] },
    image: { kind: 'toy', colour: '#000000' },
    stock: 44,
    weightGrams: 230,
  },
  {
    format: 'Simple',
    sku: 'IGR-103',
    brand: 'Drvenko',
    gtin12: '385987600103',
    name: { hr: 'Magnetna ploča osjećaja', en: 'Magnetic Feelings Board' },
    slug: { hr: 'magnetna-ploca-osjecaja', en: 'magnetic-feelings-board' },
    short: {
      hr: 'Dijete svako jutro pokaže kako se osjeća.',
      en: 'Every morning the child shows how they feel.',
    },
    about: {
      hr: 'Ploča s 24 magneta lica i prostorom za crtanje, za hladnjak ili dječju sobu.',
      en: 'A board with 24 face magnets and room to draw, for the fridge or the child’s room.',
    },
    categories: ['edukativne-igracke', 'igre-i-igracke'],
    price: 2750,
    discount: 2200,
    attributes: { dob: ['3-6'] },
    image: { kind: 'toy', colour: '#ff006e' },
    stock: 12,
    weightGrams: 800,
  },
  {
    format: 'Simple',
    sku: 'IGR-104',
    brand: 'Drvenko',
    gtin12: '385987600104',
    name: { hr: 'Pješčani sat za rutine', en: 'Routine Sand Timer' },
    slug: { hr: 'pjescani-sat-za-rutine', en: 'routine-sand-timer' },
    short: { hr: 'Tri pješčana sata: 2, 5 i 10 minuta.', en: 'Three sand timers: 2, 5 and 10 minutes.' },
    about: {
      hr: 'Pranje zubi, spremanje igračaka i odmor postaju igra s jasnim krajem.',
      en: 'Brushing teeth, tidying toys and quiet time become a game with a clear end.',
    },
    categories: ['edukativne-igracke', 'igre-i-igracke'],
    price: 990,
    attributes: { dob: ['3-6', '6-9'] },
    image: { kind: 'toy', colour: '#0077b6' },
    stock: 150,
    weightGrams: 300,
  },

  // --- E-knjige ----------------------------------------------------------------------------------
  {
    format: 'EProduct',
    sku: 'EK-001',
    name: { hr: 'Otporno dijete (e-knjiga)', en: 'The Resilient Child (e-book)' },
    slug: { hr: 'otporno-dijete-e-knjiga', en: 'the-resilient-child-e-book' },
    short: {
      hr: 'Naš najprodavaniji priručnik u formatima EPUB i PDF.',
      en: 'Our best-selling guide in EPUB and PDF.',
    },
    about: {
      hr: 'Poveznica za preuzimanje stiže e-poštom odmah nakon plaćanja i vrijedi 30 dana.',
      en: 'The download link arrives by e-mail right after payment and is valid for 30 days.',
    },
    categories: ['e-knjige', 'digitalni-sadrzaji'],
    price: 1290,
    taxRateBp: BOOK_TAX,
    tags: ['NAJPRODAVANIJE'],
    attributes: { jezik: ['hr'] },
    crossSells: ['PRI-001', 'TEC-001'],
    image: { kind: 'screen', colour: '#264653', icon: 'ebook' },
    delivery: 'link',
    url: 'https://downloads.ucionica.example/e-knjige/otporno-dijete.zip',
  },
  {
    format: 'EProduct',
    sku: 'EK-002',
    name: { hr: 'Vodič kroz dječje emocije (e-knjiga)', en: 'A Guide to Children’s Emotions (e-book)' },
    slug: { hr: 'vodic-kroz-djecje-emocije', en: 'a-guide-to-childrens-emotions' },
    short: {
      hr: 'Kako prepoznati, imenovati i smiriti snažne osjećaje.',
      en: 'How to recognise, name and calm strong feelings.',
    },
    about: {
      hr: 'S primjerima rečenica koje pomažu u trenucima ljutnje i tuge.',
      en: 'With example sentences that help in moments of anger and sadness.',
    },
    categories: ['e-knjige', 'digitalni-sadrzaji'],
    price: 990,
    taxRateBp: BOOK_TAX,
    attributes: { jezik: ['hr'] },
    image: { kind: 'screen', colour: '#e76f51', icon: 'ebook' },
    delivery: 'link',
    url: 'https://downloads.ucionica.example/e-knjige/djecje-emocije.zip',
  },
  {
    format: 'EProduct',
    sku: 'EK-003',
    name: { hr: 'Rutine za laku noć (e-knjiga)', en: 'Bedtime Routines (e-book)' },
    slug: { hr: 'rutine-za-laku-noc', en: 'bedtime-routines' },
    short: {
      hr: 'Kratki vodič s planom večernje rutine za ispis.',
      en: 'A short guide with a printable bedtime routine chart.',
    },
    about: {
      hr: 'Deset koraka do mirnijih večeri i plan koji dijete samo označava.',
      en: 'Ten steps to calmer evenings and a chart the child ticks off.',
    },
    categories: ['e-knjige', 'digitalni-sadrzaji'],
    price: 299,
    taxRateBp: BOOK_TAX,
    attributes: { jezik: ['hr', 'en'] },
    image: { kind: 'screen', colour: '#1d3557', icon: 'ebook' },
    delivery: 'link',
    url: 'https://downloads.ucionica.example/e-knjige/rutine-za-laku-noc.pdf',
  },
  {
    format: 'EProduct',
    sku: 'EK-004',
    name: { hr: 'Zdrava komunikacija u obitelji (e-knjiga)', en: 'Healthy Family Communication (e-book)' },
    slug: { hr: 'zdrava-komunikacija-u-obitelji', en: 'healthy-family-communication' },
    short: {
      hr: 'Aktivno slušanje i ja-poruke u praksi.',
      en: 'Active listening and I-messages in practice.',
    },
    about: {
      hr: 'Vježbe za parove i za razgovore s djecom svih uzrasta.',
      en: 'Exercises for couples and for talks with children of all ages.',
    },
    categories: ['e-knjige', 'digitalni-sadrzaji'],
    price: 890,
    membership: 690,
    taxRateBp: BOOK_TAX,
    attributes: { jezik: ['hr'] },
    image: { kind: 'screen', colour: '#2a9d8f', icon: 'ebook' },
    delivery: 'link',
    url: 'https://downloads.ucionica.example/e-knjige/zdrava-komunikacija.zip',
  },

  // --- Online tečajevi ---------------------------------------------------------------------------
  {
    format: 'EProduct',
    sku: 'TEC-001',
    name: { hr: 'Online tečaj: Otporno dijete', en: 'Online Course: The Resilient Child' },
    slug: { hr: 'online-tecaj-otporno-dijete', en: 'online-course-the-resilient-child' },
    short: {
      hr: 'Osam video lekcija s radnim listićima; pristupni kod stiže e-poštom.',
      en: 'Eight video lessons with worksheets; the access code arrives by e-mail.',
    },
    about: {
      hr: 'Tečaj prati knjigu Otporno dijete i traje šest tjedana, uz mjesečni susret uživo.',
      en: 'The course follows the book The Resilient Child and runs for six weeks, with a monthly live session.',
    },
    categories: ['online-tecajevi', 'digitalni-sadrzaji'],
    priority: 20,
    price: 4900,
    discount: 3900,
    tags: ['NOVO', 'NAJPRODAVANIJE'],
    attributes: { jezik: ['hr'] },
    crossSells: ['PRI-001', 'EK-001'],
    image: { kind: 'screen', colour: '#5a189a', icon: 'course' },
    delivery: 'code',
    codePool: 20,
  },
  {
    format: 'EProduct',
    sku: 'TEC-002',
    name: { hr: 'Online tečaj: Pozitivna disciplina', en: 'Online Course: Positive Discipline' },
    slug: { hr: 'online-tecaj-pozitivna-disciplina', en: 'online-course-positive-discipline' },
    short: {
      hr: 'Granice s poštovanjem, bez kazni i nagrada.',
      en: 'Respectful limits, without punishment or rewards.',
    },
    about: {
      hr: 'Šest modula s primjerima iz svakodnevice i zadacima za roditelje.',
      en: 'Six modules with everyday examples and tasks for parents.',
    },
    categories: ['online-tecajevi', 'digitalni-sadrzaji'],
    price: 3900,
    membership: 2900,
    attributes: { jezik: ['hr'] },
    crossSells: ['PRI-002'],
    image: { kind: 'screen', colour: '#7209b7', icon: 'course' },
    delivery: 'code',
    codePool: 10,
  },
  {
    format: 'EProduct',
    sku: 'TEC-003',
    name: { hr: 'Online radionica: Spremni za školu', en: 'Online Workshop: Ready for School' },
    slug: { hr: 'online-radionica-spremni-za-skolu', en: 'online-workshop-ready-for-school' },
    short: {
      hr: 'Dvosatna radionica za roditelje budućih prvašića.',
      en: 'A two-hour workshop for parents of future first-graders.',
    },
    about: {
      hr: 'Što dijete treba znati, a što ne, i kako olakšati prve tjedne u školi.',
      en: 'What a child needs to know, what not, and how to ease the first weeks of school.',
    },
    categories: ['online-tecajevi', 'digitalni-sadrzaji'],
    price: 2500,
    attributes: { jezik: ['hr', 'en'] },
    image: { kind: 'screen', colour: '#3c096c', icon: 'course' },
    delivery: 'code',
    codePool: 5,
  },

  // --- Ulaznice -------------------------------------------------------------------------------
  {
    format: 'EProduct',
    sku: 'ULZ-001',
    name: { hr: 'Ulaznica: Radionica za roditelje, Zagreb', en: 'Ticket: Parents’ Workshop, Zagreb' },
    slug: { hr: 'ulaznica-radionica-zagreb', en: 'ticket-parents-workshop-zagreb' },
    short: {
      hr: 'Ulaznica s QR kodom za subotnju radionicu o otpornosti.',
      en: 'A QR-code ticket for the Saturday workshop on resilience.',
    },
    about: {
      hr: 'QR kod stiže e-poštom; pokažite ga na ulazu s mobitela ili isprintanog.',
      en: 'The QR code arrives by e-mail; show it at the door on your phone or printed.',
    },
    categories: ['ulaznice', 'digitalni-sadrzaji'],
    price: 1500,
    tags: ['NOVO'],
    image: { kind: 'ticket', colour: '#c77dff' },
    delivery: 'qr',
    stock: 40,
  },
  {
    format: 'EProduct',
    sku: 'ULZ-002',
    name: { hr: 'Ulaznica: Obiteljski dan igre, Split', en: 'Ticket: Family Play Day, Split' },
    slug: { hr: 'ulaznica-obiteljski-dan-igre-split', en: 'ticket-family-play-day-split' },
    short: {
      hr: 'Dan društvenih igara za cijelu obitelj; jedna ulaznica vrijedi za obitelj.',
      en: 'A day of board games for the whole family; one ticket admits a family.',
    },
    about: {
      hr: 'Igre, radionice za djecu i kutak za roditelje sa stručnjacima.',
      en: 'Games, children’s workshops and a parents’ corner with experts.',
    },
    categories: ['ulaznice', 'digitalni-sadrzaji'],
    price: 1000,
    image: { kind: 'ticket', colour: '#ff9f1c' },
    delivery: 'qr',
    stock: 120,
  },

  // --- Majice i dukserice -------------------------------------------------------------------------
  {
    format: 'Configurable',
    sku: 'MAJ-001',
    name: { hr: 'Majica Otporno dijete', en: 'Resilient Child T-shirt' },
    slug: { hr: 'majica-otporno-dijete', en: 'resilient-child-t-shirt' },
    short: {
      hr: 'Pamučna majica s porukom „Mogu ja to!”.',
      en: 'A cotton T-shirt with the message “I can do it!”.',
    },
    about: {
      hr: '100 % organski pamuk, tisak vodenim bojama. Dio prihoda ide programu Otporno dijete.',
      en: '100% organic cotton, water-based print. Part of the proceeds goes to the Resilient Child programme.',
    },
    categories: ['majice', 'odjeca'],
    priority: 10,
    price: 1800,
    membership: 1600,
    tags: ['NAJPRODAVANIJE'],
    crossSells: ['DUK-001', 'PRI-001'],
    garment: 'tshirt',
    print: 'Mogu ja to!',
    sizes: ['S', 'M', 'L', 'XL'],
    colours: ['bijela', 'plava', 'crvena'],
    sizeSurcharge: { XL: 150 },
    outOfStock: ['S/crvena', 'XL/bijela'],
    shopDefault: { size: 'M', colour: 'plava' },
    weightGrams: 180,
  },
  {
    format: 'Configurable',
    sku: 'MAJ-002',
    name: { hr: 'Dječja majica Mali istraživač', en: 'Little Explorer Kids’ T-shirt' },
    slug: { hr: 'djecja-majica-mali-istrazivac', en: 'little-explorer-kids-t-shirt' },
    short: {
      hr: 'Majica s povećalom i leptirom za male istraživače.',
      en: 'A T-shirt with a magnifier and a butterfly.',
    },
    about: {
      hr: 'Mekani pamuk koji podnosi blato, travu i pranje na 40 °C.',
      en: 'Soft cotton that survives mud, grass and washing at 40 °C.',
    },
    categories: ['majice', 'odjeca'],
    price: 1400,
    tags: ['NOVO'],
    crossSells: ['KNJ-006'],
    garment: 'tshirt',
    print: 'Mali istraživač',
    sizes: ['XS', 'S', 'M'],
    colours: ['zelena', 'zuta'],
    outOfStock: ['M/zuta'],
    variantDiscounts: { 'XS/zuta': 1100 },
    shopDefault: { size: 'S', colour: 'zelena' },
    weightGrams: 120,
  },
  {
    format: 'Configurable',
    sku: 'DUK-001',
    name: { hr: 'Dukserica Učionica', en: 'Classroom Hoodie' },
    slug: { hr: 'dukserica-ucionica', en: 'classroom-hoodie' },
    short: {
      hr: 'Topla dukserica s kapuljačom i vezom loga.',
      en: 'A warm hoodie with an embroidered logo.',
    },
    about: {
      hr: 'Unutrašnjost od češljanog pamuka, džep klokan i vez na prsima.',
      en: 'Brushed cotton inside, a kangaroo pocket and an embroidered chest logo.',
    },
    categories: ['dukserice', 'odjeca'],
    price: 3900,
    tags: ['NOVO'],
    crossSells: ['MAJ-001'],
    garment: 'hoodie',
    print: 'Učionica',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    colours: ['siva', 'plava'],
    sizeSurcharge: { XXL: 300 },
    outOfStock: ['XXL/plava', 'S/siva'],
    shopDefault: { size: 'L', colour: 'siva' },
    weightGrams: 520,
  },
  {
    format: 'Configurable',
    sku: 'DUK-002',
    name: { hr: 'Dječja dukserica s kapuljačom', en: 'Kids’ Hooded Sweatshirt' },
    slug: { hr: 'djecja-dukserica-s-kapuljacom', en: 'kids-hooded-sweatshirt' },
    short: {
      hr: 'Dukserica za vrtić i školu, bez vezica.',
      en: 'A hoodie for kindergarten and school, without drawstrings.',
    },
    about: {
      hr: 'Bez vezica na kapuljači radi sigurnosti u igri; ojačani laktovi.',
      en: 'No hood drawstrings for safe play; reinforced elbows.',
    },
    categories: ['dukserice', 'odjeca'],
    price: 2900,
    discount: 2500,
    garment: 'hoodie',
    print: 'Igra je učenje',
    sizes: ['XS', 'S', 'M'],
    colours: ['crvena', 'zelena'],
    outOfStock: ['XS/zelena'],
    shopDefault: { size: 'S', colour: 'crvena' },
    weightGrams: 380,
  },

  // --- Paketi -----------------------------------------------------------------------------------
  {
    format: 'Bundle',
    sku: 'PAK-001',
    name: { hr: 'Paket za početnike', en: 'Starter Pack' },
    slug: { hr: 'paket-za-pocetnike', en: 'starter-pack' },
    short: {
      hr: 'Dvije slikovnice i priručnik Otporno dijete, po povoljnijoj cijeni.',
      en: 'Two picture books and the guide The Resilient Child, at a better price.',
    },
    about: {
      hr: 'Sve što vam treba za prve razgovore o osjećajima s djetetom.',
      en: 'Everything you need for first conversations about feelings with your child.',
    },
    categories: ['paketi'],
    priority: 10,
    taxRateBp: BOOK_TAX,
    tags: ['NAJPRODAVANIJE'],
    image: { kind: 'bundle', colour: '#6d597a' },
    items: [{ sku: 'KNJ-001' }, { sku: 'KNJ-002' }, { sku: 'PRI-001' }],
    bundlePrice: 3990,
    membership: 3590,
  },
  {
    format: 'Bundle',
    sku: 'PAK-002',
    name: { hr: 'Paket Otporno dijete: majica i knjiga', en: 'Resilient Child Pack: T-shirt and Book' },
    slug: { hr: 'paket-otporno-dijete-majica-i-knjiga', en: 'resilient-child-pack-t-shirt-and-book' },
    short: {
      hr: 'Majica po izboru veličine i boje uz priručnik Otporno dijete.',
      en: 'A T-shirt in the size and colour of your choice with the guide The Resilient Child.',
    },
    about: {
      hr: 'Odaberite veličinu i boju majice u prozoru za prilagodbu paketa.',
      en: 'Choose the T-shirt size and colour in the bundle customisation window.',
    },
    categories: ['paketi', 'odjeca'],
    tags: ['NOVO'],
    image: { kind: 'bundle', colour: '#2b59c3' },
    items: [{ sku: 'MAJ-001' }, { sku: 'PRI-001' }],
    bundlePrice: 3490,
  },
  {
    format: 'Bundle',
    sku: 'PAK-003',
    name: { hr: 'Paket igara za obiteljske večeri', en: 'Family Game Night Pack' },
    slug: { hr: 'paket-igara-za-obiteljske-veceri', en: 'family-game-night-pack' },
    short: { hr: 'Tri igre za smijeh i razgovor.', en: 'Three games for laughter and conversation.' },
    about: {
      hr: 'Emocionalni memory, Obiteljski kviz i Kockice razgovora u jednom paketu.',
      en: 'Emotions Memory Game, Family Quiz and Conversation Dice in one pack.',
    },
    categories: ['paketi', 'drustvene-igre'],
    image: { kind: 'bundle', colour: '#e63946' },
    items: [{ sku: 'IGR-001' }, { sku: 'IGR-002' }, { sku: 'IGR-004' }],
    bundlePrice: 4900,
  },
  {
    format: 'Bundle',
    sku: 'PAK-004',
    name: { hr: 'Digitalni paket za roditelje', en: 'Digital Parents’ Pack' },
    slug: { hr: 'digitalni-paket-za-roditelje', en: 'digital-parents-pack' },
    short: { hr: 'Dvije e-knjige za preuzimanje odmah.', en: 'Two e-books to download right away.' },
    about: {
      hr: 'Otporno dijete i Vodič kroz dječje emocije u formatima EPUB i PDF.',
      en: 'The Resilient Child and A Guide to Children’s Emotions in EPUB and PDF.',
    },
    categories: ['paketi', 'e-knjige'],
    taxRateBp: BOOK_TAX,
    image: { kind: 'bundle', colour: '#5a189a' },
    items: [{ sku: 'EK-001' }, { sku: 'EK-002' }],
    bundlePrice: 1890,
  },
  {
    format: 'Bundle',
    sku: 'PAK-005',
    name: { hr: 'Paket za školarce', en: 'School Starter Pack' },
    slug: { hr: 'paket-za-skolarce', en: 'school-starter-pack' },
    short: {
      hr: 'Tri radne bilježnice za prve školske dane, Vesela slova u dva primjerka.',
      en: 'Three workbooks for the first school days, with two copies of Happy Letters.',
    },
    about: {
      hr: 'Za braću i sestre ili za vježbu kod bake i djeda.',
      en: 'For siblings, or for practice at the grandparents’.',
    },
    categories: ['paketi', 'radne-biljeznice'],
    taxRateBp: BOOK_TAX,
    image: { kind: 'bundle', colour: '#fb8500' },
    items: [{ sku: 'RB-001', quantity: 2 }, { sku: 'RB-002' }, { sku: 'RB-004' }],
    bundlePrice: 2490,
  },
];
