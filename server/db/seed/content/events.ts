import type { Localized } from './types.ts';

export type EventText = {
  title: string;
  slug: string;
  location: string;
  contact: string;
  description: string;
};

export type EventSeed = {
  key: string;
  /** Days from the seed run: negative for past events. */
  days: number;
  /** Zagreb wall-clock times 'HH:MM'. */
  start: string;
  end: string;
  capacity: number | null;
  palette: 'sunrise' | 'meadow' | 'sky' | 'lavender' | 'coral' | 'honey';
  text: Localized<EventText>;
};

const contact = {
  hr: 'Prijave: radionice@ucionica.example ili 01 555 0142 (radnim danom 9 – 15 h)',
  en: 'Registration: radionice@ucionica.example or +385 1 555 0142 (weekdays 9 am – 3 pm)',
};

export const demoEvents: EventSeed[] = [
  {
    key: 'resilient-child-autumn',
    days: 9,
    start: '17:30',
    end: '19:30',
    capacity: 24,
    palette: 'sunrise',
    text: {
      hr: {
        title: 'Otporno dijete: radionica za roditelje djece od 3 do 7 godina',
        slug: 'otporno-dijete-radionica-3-7',
        location: 'Knjižnica Medveščak, Zagreb, dvorana na 1. katu',
        contact: contact.hr,
        description: `<p>Prvi susret novog ciklusa radionica <strong>Otporno dijete</strong>. Govorit ćemo o tome kako djeci pomoći da se nose s razočaranjem, strahom i promjenama, i kako pritom sačuvati vlastitu smirenost.</p>
<ul>
<li>kratko predavanje i primjeri iz svakodnevice</li>
<li>rad u malim grupama</li>
<li>materijali za rad kod kuće</li>
</ul>
<p>Sudjelovanje je besplatno, a broj mjesta ograničen. Za djecu je organizirano čuvanje uz animatore.</p>`,
      },
      en: {
        title: 'Resilient Child: a workshop for parents of children aged 3 to 7',
        slug: 'resilient-child-workshop-3-7',
        location: 'Medveščak Library, Zagreb, first-floor hall',
        contact: contact.en,
        description: `<p>The first meeting of a new <strong>Resilient Child</strong> workshop series. We will talk about helping children cope with disappointment, fear and change, and about keeping calm ourselves while we do it.</p>
<ul>
<li>a short talk and everyday examples</li>
<li>small-group work</li>
<li>materials to use at home</li>
</ul>
<p>Participation is free and places are limited. Childcare with play leaders is provided.</p>`,
      },
    },
  },
  {
    key: 'reading-morning',
    days: 16,
    start: '10:00',
    end: '11:30',
    capacity: 30,
    palette: 'honey',
    text: {
      hr: {
        title: 'Subotnje jutro uz slikovnice',
        slug: 'subotnje-jutro-uz-slikovnice',
        location: 'Dječji kutak Učionice, Ilica 85, Zagreb',
        contact: contact.hr,
        description: `<p>Čitanje naglas za djecu od dvije do šest godina i njihove roditelje. Nakon priče slijedi likovna igra inspirirana slikovnicom, a roditeljima dajemo popis preporučenih naslova za kućno čitanje.</p>
<p>Dolazak s bakama i djedovima posebno je dobrodošao.</p>`,
      },
      en: {
        title: 'Saturday morning picture books',
        slug: 'saturday-morning-picture-books',
        location: 'Učionica children\u2019s corner, Ilica 85, Zagreb',
        contact: contact.en,
        description: `<p>Reading aloud for children aged two to six and their parents. The story is followed by an art activity inspired by the book, and parents take home a list of recommended titles for reading at home.</p>
<p>Grandparents are especially welcome.</p>`,
      },
    },
  },
  {
    key: 'screens-evening',
    days: 30,
    start: '18:00',
    end: '19:30',
    capacity: 60,
    palette: 'sky',
    text: {
      hr: {
        title: 'Ekrani u obitelji: predavanje i razgovor',
        slug: 'ekrani-u-obitelji-predavanje',
        location: 'Online (poveznica stiže e-poštom nakon prijave)',
        contact: contact.hr,
        description: `<p>Predavanje o tome kako se nositi s mobitelima, tabletima i videoigrama u obitelji, bez zabrana koje nitko ne poštuje. Nakon izlaganja slijedi razgovor i odgovori na pitanja roditelja.</p>
<p>Svi sudionici dobivaju predložak obiteljskog medijskog plana.</p>`,
      },
      en: {
        title: 'Screens in the family: a talk and discussion',
        slug: 'screens-in-the-family-talk',
        location: 'Online (the link is e-mailed after registration)',
        contact: contact.en,
        description: `<p>A talk on handling phones, tablets and video games in the family, without bans that nobody keeps. The talk is followed by discussion and answers to parents' questions.</p>
<p>All participants receive a family media plan template.</p>`,
      },
    },
  },
  {
    key: 'early-development-spring',
    days: -38,
    start: '17:00',
    end: '18:30',
    capacity: 20,
    palette: 'meadow',
    text: {
      hr: {
        title: 'Igrom do govora: rani razvoj od rođenja do treće godine',
        slug: 'igrom-do-govora',
        location: 'Obiteljski centar Trešnjevka, Zagreb',
        contact: contact.hr,
        description: `<p>Radionica s logopedinjom o tome kako kroz svakodnevne situacije i igru poticati razvoj govora kod najmlađih. Roditelji su isprobali igre s brojalicama, slikovnicama i predmetima iz kuhinje.</p>`,
      },
      en: {
        title: 'Playing our way to words: early development from birth to age three',
        slug: 'playing-our-way-to-words',
        location: 'Trešnjevka Family Centre, Zagreb',
        contact: contact.en,
        description: `<p>A workshop with a speech therapist on encouraging language development in the youngest children through everyday situations and play. Parents tried out games with rhymes, picture books and kitchen objects.</p>`,
      },
    },
  },
  {
    key: 'school-start',
    days: -95,
    start: '18:00',
    end: '20:00',
    capacity: null,
    palette: 'lavender',
    text: {
      hr: {
        title: 'Spremni za školu? Večer za roditelje budućih prvašića',
        slug: 'spremni-za-skolu',
        location: 'OŠ Vladimira Nazora, Zagreb, školska knjižnica',
        contact: contact.hr,
        description: `<p>Razgovor s učiteljicom razredne nastave i školskom psihologinjom o tome što zaista znači spremnost za školu: samostalnost, pažnja i socijalne vještine važnije su od znanja slova.</p>`,
      },
      en: {
        title: 'Ready for school? An evening for parents of future first-graders',
        slug: 'ready-for-school',
        location: 'Vladimir Nazor Primary School, Zagreb, school library',
        contact: contact.en,
        description: `<p>A conversation with a primary teacher and the school psychologist about what school readiness really means: independence, attention and social skills matter more than knowing the alphabet.</p>`,
      },
    },
  },
];
