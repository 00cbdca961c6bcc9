import type { SectionContent, SectionSettings } from '../../../modules/cms/cms.contract.ts';
import type { SectionType } from '../../../modules/cms/cms.schema.ts';
import { sponsorList, teamMembers } from './media.ts';
import type { Localized } from './types.ts';

/** Ids the page data needs, resolved by the seed once the referenced rows exist. */
export type PageRefs = { media(key: string): number; form(key: string): number };

export type SectionSeed = {
  [T in SectionType]: {
    type: T;
    name: string;
    showDesktop?: boolean;
    showMobile?: boolean;
    settings: SectionSettings<T>;
    content: Localized<SectionContent<T>>;
  };
}[SectionType];

export type PageText = {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
};

export type PageSeed = {
  key: string;
  hero: string;
  text: Localized<PageText>;
  /** A string names a master section shared with other pages. */
  sections: (SectionSeed | string)[];
};

function section<T extends SectionType>(seed: Extract<SectionSeed, { type: T }>): SectionSeed {
  return seed;
}

function page(text: Localized<Omit<PageText, 'body'> & { body?: string }>): Localized<PageText> {
  return { hr: { body: '', ...text.hr }, en: { body: '', ...text.en } };
}

/** Sections shared by several pages: editing one changes it everywhere. */
export function masterSections(): Record<string, SectionSeed> {
  return {
    newsletter: section({
      type: 'newsletter',
      name: 'Newsletter (master)',
      settings: { consentForm: 'newsletter' },
      content: {
        hr: {
          title: 'Jednom mjesečno, bez žurbe',
          text: 'Prijavite se na naš newsletter i primajte najave radionica, preporuke slikovnica i kratke savjete za roditelje.',
          placeholder: 'Vaša e-mail adresa',
          buttonLabel: 'Prijavi me',
        },
        en: {
          title: 'Once a month, no rush',
          text: 'Sign up for our newsletter to get workshop announcements, picture book recommendations and short tips for parents.',
          placeholder: 'Your e-mail address',
          buttonLabel: 'Sign me up',
        },
      },
    }),
    volunteer: section({
      type: 'call-to-action',
      name: 'Volonteri (master)',
      settings: { background: 'primary' },
      content: {
        hr: {
          title: 'Postanite volonter Učionice',
          text: 'Čuvanje djece tijekom radionica, čitanje u dječjem kutku, pomoć u organizaciji. Svaki sat vašeg vremena znači mnogo.',
          button: { label: 'Javite nam se', href: '/kontakt' },
        },
        en: {
          title: 'Become an Učionica volunteer',
          text: 'Looking after children during workshops, reading in the children’s corner, helping with organisation. Every hour of your time means a lot.',
          button: { label: 'Get in touch', href: '/en/contact' },
        },
      },
    }),
    upcomingEvents: section({
      type: 'upcoming-events',
      name: 'Nadolazeća događanja (master)',
      settings: { limit: 3 },
      content: {
        hr: {
          title: 'Nadolazeće radionice',
          emptyText:
            'Trenutačno nema najavljenih radionica. Prijavite se na newsletter i prvi saznajte za nove termine.',
          button: { label: 'Sve radionice', href: '/radionice' },
        },
        en: {
          title: 'Upcoming workshops',
          emptyText:
            'No workshops are scheduled at the moment. Sign up for the newsletter to hear about new dates first.',
          button: { label: 'All workshops', href: '/en/workshops' },
        },
      },
    }),
  };
}

const videos = {
  // Center on the Developing Child at Harvard University, "Serve & Return Interaction Shapes Brain Circuitry".
  serveAndReturn: 'm_5u8-QSh6A',
  // Center on the Developing Child at Harvard University, "InBrief: The Science of Resilience".
  resilience: '1r8hj72bfGo',
};

export function demoPages(refs: PageRefs): PageSeed[] {
  const sponsors = sponsorList().map((sponsor) => ({
    mediaId: refs.media(sponsor.key),
    name: sponsor.name,
    url: sponsor.url,
  }));
  const team = teamMembers();
  return [
    {
      key: 'home',
      hero: 'hero-home',
      text: page({
        hr: {
          title: 'Početna',
          slug: 'pocetna',
          excerpt: 'Radionice, savjeti i podrška za roditelje koji žele odgajati sretnu i otpornu djecu.',
          seoTitle: 'Učionica za roditelje – radionice i savjeti za roditelje',
          seoDescription:
            'Neprofitna udruga iz Zagreba: besplatne radionice za roditelje, čitanje za najmlađe i savjeti o otpornosti, ranom razvoju i ekranima.',
        },
        en: {
          title: 'Home',
          slug: 'home',
          excerpt: 'Workshops, advice and support for parents who want to raise happy, resilient children.',
          seoTitle: 'Parents’ Classroom – workshops and advice for parents',
          seoDescription:
            'A non-profit from Zagreb: free workshops for parents, reading for the youngest and advice on resilience, early development and screens.',
        },
      }),
      sections: [
        section({
          type: 'hero',
          name: 'Naslovni banner',
          settings: { mediaId: refs.media('hero-home'), overlay: 'light', align: 'left' },
          content: {
            hr: {
              title: 'Zajedno odgajamo otpornu djecu',
              subtitle:
                'Besplatne radionice, savjeti stručnjaka i zajednica roditelja koji ne moraju sve znati, ali žele učiti.',
              button: { label: 'Pogledajte radionice', href: '/radionice' },
            },
            en: {
              title: 'Raising resilient children, together',
              subtitle:
                'Free workshops, expert advice and a community of parents who do not have to know everything but want to learn.',
              button: { label: 'See our workshops', href: '/en/workshops' },
            },
          },
        }),
        section({
          type: 'card-grid',
          name: 'Što radimo',
          settings: {
            columns: 3,
            mediaIds: [
              refs.media('photo-workshop'),
              refs.media('photo-reading'),
              refs.media('photo-screens'),
            ],
          },
          content: {
            hr: {
              title: 'Što radimo',
              intro: 'Tri programa, jedan cilj: roditelji koji se osjećaju sigurnije u svojoj ulozi.',
              cards: [
                {
                  title: 'Otporno dijete',
                  text: 'Ciklus radionica o emocijama, neuspjehu i promjenama za roditelje djece od 3 do 10 godina.',
                  link: { label: 'Saznajte više', href: '/otporno-dijete' },
                },
                {
                  title: 'Čitaonica za najmlađe',
                  text: 'Subotnja jutra uz slikovnice za djecu od 2 do 6 godina i njihove roditelje.',
                  link: { label: 'Savjeti o čitanju', href: '/objave/citanje' },
                },
                {
                  title: 'Djeca i ekrani',
                  text: 'Predavanja i materijali za obitelji koje žele zdraviji odnos prema mobitelima i tabletima.',
                  link: { label: 'Pročitajte više', href: '/objave/djeca-i-ekrani' },
                },
              ],
            },
            en: {
              title: 'What we do',
              intro: 'Three programmes, one goal: parents who feel more confident in their role.',
              cards: [
                {
                  title: 'Resilient Child',
                  text: 'A workshop series on emotions, failure and change for parents of children aged 3 to 10.',
                  link: { label: 'Learn more', href: '/en/resilient-child' },
                },
                {
                  title: 'Reading corner for the youngest',
                  text: 'Saturday mornings with picture books for children aged 2 to 6 and their parents.',
                  link: { label: 'Reading tips', href: '/en/blog/reading' },
                },
                {
                  title: 'Children and screens',
                  text: 'Talks and materials for families who want a healthier relationship with phones and tablets.',
                  link: { label: 'Read more', href: '/en/blog/children-and-screens' },
                },
              ],
            },
          },
        }),
        section({
          type: 'image-text',
          name: 'O udruzi',
          settings: { mediaId: refs.media('photo-talk'), imagePosition: 'left' },
          content: {
            hr: {
              title: 'Mala udruga, velika zajednica',
              html: '<p>Učionicu za roditelje osnovale su 2016. godine dvije mame, pedagoginja i psihologinja, nakon što su shvatile koliko roditeljima nedostaje mjesto za pitanja bez osuđivanja.</p><p>Danas u radionicama svake godine sudjeluje više od 600 roditelja, a sve naše programe vode stručnjaci uz pomoć volontera.</p>',
              button: { label: 'Upoznajte nas', href: '/o-nama' },
            },
            en: {
              title: 'A small association, a big community',
              html: '<p>Učionica za roditelje (Parents’ Classroom) was founded in 2016 by two mothers, an educational specialist and a psychologist, who realised how much parents needed a place to ask questions without being judged.</p><p>Today more than 600 parents take part in our workshops every year, and all our programmes are led by professionals with the help of volunteers.</p>',
              button: { label: 'Meet us', href: '/en/about-us' },
            },
          },
        }),
        'upcomingEvents',
        section({
          type: 'latest-posts',
          name: 'Najnovije objave',
          settings: { limit: 3, categoryId: null },
          content: {
            hr: { title: 'Iz našeg bloga', button: { label: 'Sve objave', href: '/objave' } },
            en: { title: 'From our blog', button: { label: 'All posts', href: '/en/blog' } },
          },
        }),
        section({
          type: 'video',
          name: 'Video: servis i povratni udarac',
          showMobile: false,
          settings: { provider: 'youtube', videoId: videos.serveAndReturn },
          content: {
            hr: {
              title: 'Kako odnos oblikuje mozak',
              caption:
                'Kratki video Centra za razvoj djeteta Sveučilišta Harvard o interakcijama »servis i povratni udarac« (na engleskom, s titlovima).',
            },
            en: {
              title: 'How relationships shape the brain',
              caption:
                'A short video by the Center on the Developing Child at Harvard University on “serve and return” interactions.',
            },
          },
        }),
        'volunteer',
        'newsletter',
      ],
    },
    {
      key: 'about',
      hero: 'hero-about',
      text: page({
        hr: {
          title: 'O nama',
          slug: 'o-nama',
          excerpt: 'Tko smo, zašto postojimo i kako radimo.',
          seoTitle: 'O nama – Učionica za roditelje',
          seoDescription: 'Upoznajte udrugu Učionica za roditelje: našu priču, vrijednosti i način rada.',
        },
        en: {
          title: 'About us',
          slug: 'about-us',
          excerpt: 'Who we are, why we exist and how we work.',
          seoTitle: 'About us – Parents’ Classroom',
          seoDescription: 'Meet the Parents’ Classroom association: our story, our values and how we work.',
        },
      }),
      sections: [
        section({
          type: 'hero',
          name: 'Banner',
          settings: { mediaId: refs.media('hero-about'), overlay: 'dark', align: 'center' },
          content: {
            hr: { title: 'O nama', subtitle: 'Roditelji pomažu roditeljima, uz podršku struke.' },
            en: { title: 'About us', subtitle: 'Parents helping parents, with professional support.' },
          },
        }),
        section({
          type: 'rich-text',
          name: 'Naša priča',
          settings: { width: 'narrow' },
          content: {
            hr: {
              title: 'Naša priča',
              html: '<p>Sve je počelo u dnevnom boravku, s osam roditelja, čajem i pitanjem »Radim li ja ovo dobro?«. Ubrzo je postalo jasno da takvih pitanja ima mnogo više nego mjesta na kojima se o njima može razgovarati.</p><p>Udruga <strong>Učionica za roditelje</strong> registrirana je 2016. godine kao neprofitna organizacija sa sjedištem u Zagrebu. Od tada smo organizirali više od 300 radionica, pokrenuli čitaonicu za najmlađe i suradnju s vrtićima i školama u pet županija.</p><p>Naše programe financiraju zaklade, lokalna zajednica i mali donatori, a prihod od webshopa u cijelosti ide u besplatne radionice.</p>',
            },
            en: {
              title: 'Our story',
              html: '<p>It all began in a living room, with eight parents, a pot of tea and the question “Am I doing this right?”. It soon became clear that there were far more questions like that than places to talk about them.</p><p>The <strong>Učionica za roditelje</strong> (Parents’ Classroom) association was registered in 2016 as a non-profit organisation based in Zagreb. Since then we have run more than 300 workshops, opened a reading corner for the youngest and started working with kindergartens and schools in five counties.</p><p>Our programmes are funded by foundations, the local community and small donors, and all income from our web shop goes to free workshops.</p>',
            },
          },
        }),
        section({
          type: 'image-text',
          name: 'Misija',
          settings: { mediaId: refs.media('photo-outdoor'), imagePosition: 'right' },
          content: {
            hr: {
              title: 'Naša misija',
              html: '<p>Želimo da svaki roditelj ima pristup provjerenim informacijama i podršci, bez obzira na to gdje živi i koliko zarađuje.</p><ul><li>radionice su besplatne ili uz simboličnu naknadu</li><li>materijale pišemo jednostavnim jezikom</li><li>surađujemo sa stručnjacima iz prakse</li></ul>',
            },
            en: {
              title: 'Our mission',
              html: '<p>We want every parent to have access to reliable information and support, wherever they live and whatever they earn.</p><ul><li>workshops are free or cost a symbolic fee</li><li>we write our materials in plain language</li><li>we work with practising professionals</li></ul>',
            },
          },
        }),
        section({
          type: 'card-grid',
          name: 'Vrijednosti',
          settings: { columns: 4, mediaIds: [null, null, null, null] },
          content: {
            hr: {
              title: 'Naše vrijednosti',
              cards: [
                { title: 'Bez osuđivanja', text: 'Svako pitanje je dobrodošlo, svaka obitelj je drukčija.' },
                { title: 'Znanje iz struke', text: 'Oslanjamo se na istraživanja, a ne na trendove.' },
                { title: 'Dostupnost', text: 'Programi otvoreni svima, i uživo i online.' },
                { title: 'Zajednica', text: 'Roditelji uče jedni od drugih jednako kao od stručnjaka.' },
              ],
            },
            en: {
              title: 'Our values',
              cards: [
                { title: 'No judgement', text: 'Every question is welcome, every family is different.' },
                { title: 'Professional knowledge', text: 'We rely on research, not trends.' },
                { title: 'Accessibility', text: 'Programmes open to everyone, in person and online.' },
                { title: 'Community', text: 'Parents learn from each other as much as from experts.' },
              ],
            },
          },
        }),
        section({
          type: 'gallery',
          name: 'Galerija',
          settings: {
            mediaIds: [
              'photo-workshop',
              'photo-reading',
              'photo-play',
              'photo-talk',
              'photo-outdoor',
              'photo-screens',
            ].map((key) => refs.media(key)),
          },
          content: {
            hr: {
              title: 'Trenuci s radionica',
              captions: [
                'Roditelji u krugu na radionici',
                'Čitanje u dječjem kutku',
                'Igra kockama',
                'Predavanje za roditelje',
                'Obiteljsko druženje u parku',
                'Izrada obiteljskog medijskog plana',
              ],
            },
            en: {
              title: 'Moments from our workshops',
              captions: [
                'Parents in a circle at a workshop',
                'Reading in the children’s corner',
                'Playing with blocks',
                'A talk for parents',
                'A family get-together in the park',
                'Drawing up a family media plan',
              ],
            },
          },
        }),
        section({
          type: 'faq',
          name: 'Česta pitanja',
          settings: {},
          content: {
            hr: {
              title: 'Česta pitanja',
              items: [
                {
                  question: 'Jesu li radionice besplatne?',
                  answerHtml:
                    '<p>Većina radionica je besplatna zahvaljujući našim partnerima. Za neke cikluse tražimo simboličnu naknadu za materijale.</p>',
                },
                {
                  question: 'Mogu li doći s djetetom?',
                  answerHtml:
                    '<p>Na radionicama za roditelje organiziramo čuvanje djece uz volontere. Čitaonica je namijenjena djeci i roditeljima zajedno.</p>',
                },
                {
                  question: 'Kako mogu podržati udrugu?',
                  answerHtml:
                    '<p>Kupnjom u našem <a href="/shop">webshopu</a>, volontiranjem ili donacijom. Svaki oblik pomoći je dragocjen.</p>',
                },
              ],
            },
            en: {
              title: 'Frequently asked questions',
              items: [
                {
                  question: 'Are the workshops free?',
                  answerHtml:
                    '<p>Most workshops are free thanks to our partners. For some series we ask a symbolic fee for materials.</p>',
                },
                {
                  question: 'Can I bring my child?',
                  answerHtml:
                    '<p>At workshops for parents we organise childcare with volunteers. The reading corner is for children and parents together.</p>',
                },
                {
                  question: 'How can I support the association?',
                  answerHtml:
                    '<p>By shopping in our <a href="/en/shop">web shop</a>, volunteering or donating. Every kind of help is valuable.</p>',
                },
              ],
            },
          },
        }),
        'volunteer',
      ],
    },
    {
      key: 'team',
      hero: 'hero-team',
      text: page({
        hr: {
          title: 'Tim',
          slug: 'tim',
          excerpt: 'Ljudi koji stoje iza Učionice.',
          seoTitle: 'Tim – Učionica za roditelje',
          seoDescription: 'Upoznajte stručnjake i volontere koji vode programe Učionice za roditelje.',
        },
        en: {
          title: 'Team',
          slug: 'team',
          excerpt: 'The people behind Učionica.',
          seoTitle: 'Team – Parents’ Classroom',
          seoDescription: 'Meet the professionals and volunteers who run the Parents’ Classroom programmes.',
        },
      }),
      sections: [
        section({
          type: 'hero',
          name: 'Banner',
          settings: { mediaId: refs.media('hero-team'), overlay: 'dark', align: 'center' },
          content: {
            hr: { title: 'Naš tim', subtitle: 'Stručnjaci, roditelji i volonteri.' },
            en: { title: 'Our team', subtitle: 'Professionals, parents and volunteers.' },
          },
        }),
        section({
          type: 'card-grid',
          name: 'Članovi tima',
          settings: { columns: 4, mediaIds: team.map((member) => refs.media(member.key)) },
          content: {
            hr: {
              title: 'Tko smo',
              intro: 'Uz stalni tim, u radu udruge svake godine sudjeluje tridesetak volontera.',
              cards: team.map((member) => ({ title: member.name, text: member.role.hr })),
            },
            en: {
              title: 'Who we are',
              intro: 'Besides the core team, around thirty volunteers take part in our work every year.',
              cards: team.map((member) => ({ title: member.name, text: member.role.en })),
            },
          },
        }),
        'volunteer',
      ],
    },
    {
      key: 'partners',
      hero: 'hero-partners',
      text: page({
        hr: {
          title: 'Partneri',
          slug: 'partneri',
          excerpt: 'Organizacije i tvrtke koje omogućuju naše programe.',
          seoTitle: 'Partneri – Učionica za roditelje',
          seoDescription: 'Zaklade, tvrtke i udruge koje podržavaju besplatne radionice za roditelje.',
        },
        en: {
          title: 'Partners',
          slug: 'partners',
          excerpt: 'The organisations and companies that make our programmes possible.',
          seoTitle: 'Partners – Parents’ Classroom',
          seoDescription: 'Foundations, companies and associations supporting free workshops for parents.',
        },
      }),
      sections: [
        section({
          type: 'hero',
          name: 'Banner',
          settings: { mediaId: refs.media('hero-partners'), overlay: 'light', align: 'center' },
          content: {
            hr: { title: 'Partneri i podržavatelji', subtitle: 'Hvala svima koji vjeruju u naš rad.' },
            en: {
              title: 'Partners and supporters',
              subtitle: 'Thank you to everyone who believes in our work.',
            },
          },
        }),
        section({
          type: 'sponsors',
          name: 'Logotipi partnera',
          settings: { logos: sponsors },
          content: {
            hr: {
              title: 'Naši partneri',
              description: 'Programe udruge u 2024. i 2025. godini podržali su:',
            },
            en: { title: 'Our partners', description: 'Our programmes in 2024 and 2025 were supported by:' },
          },
        }),
        section({
          type: 'call-to-action',
          name: 'Postanite partner',
          settings: { background: 'light' },
          content: {
            hr: {
              title: 'Postanite partner',
              text: 'Tvrtke i organizacije mogu podržati pojedini program, donirati knjige ili ponuditi prostor za radionice.',
              button: { label: 'Pišite nam', href: '/kontakt' },
            },
            en: {
              title: 'Become a partner',
              text: 'Companies and organisations can support a programme, donate books or offer a space for workshops.',
              button: { label: 'Write to us', href: '/en/contact' },
            },
          },
        }),
      ],
    },
    {
      key: 'workshops',
      hero: 'hero-workshops',
      text: page({
        hr: {
          title: 'Radionice',
          slug: 'radionice',
          excerpt: 'Programi za roditelje djece od rođenja do kraja osnovne škole.',
          seoTitle: 'Radionice za roditelje – Učionica za roditelje',
          seoDescription:
            'Besplatne radionice za roditelje u Zagrebu i online: otpornost, rani razvoj, čitanje i ekrani.',
        },
        en: {
          title: 'Workshops',
          slug: 'workshops',
          excerpt: 'Programmes for parents of children from birth to the end of primary school.',
          seoTitle: 'Workshops for parents – Parents’ Classroom',
          seoDescription:
            'Free workshops for parents in Zagreb and online: resilience, early development, reading and screens.',
        },
      }),
      sections: [
        section({
          type: 'hero',
          name: 'Banner',
          settings: { mediaId: refs.media('hero-workshops'), overlay: 'light', align: 'left' },
          content: {
            hr: {
              title: 'Radionice za roditelje',
              subtitle: 'Male grupe, konkretni primjeri i puno prostora za vaša pitanja.',
            },
            en: {
              title: 'Workshops for parents',
              subtitle: 'Small groups, practical examples and plenty of room for your questions.',
            },
          },
        }),
        section({
          type: 'rich-text',
          name: 'Kako rade radionice',
          settings: { width: 'narrow' },
          content: {
            hr: {
              title: 'Kako izgleda radionica?',
              html: '<p>Radionica traje devedeset minuta do dva sata. Počinje kratkim uvodom voditelja, nastavlja se radom u malim grupama, a završava konkretnim zadatkom za kod kuće.</p><p>Grupe imaju najviše 24 sudionika, kako bi svatko mogao doći do riječi. Prijave primamo do popunjenja mjesta.</p>',
            },
            en: {
              title: 'What is a workshop like?',
              html: '<p>A workshop lasts from ninety minutes to two hours. It starts with a short introduction by the leader, continues with small-group work and ends with a practical task to try at home.</p><p>Groups have at most 24 participants so that everyone gets a say. We accept registrations until places are filled.</p>',
            },
          },
        }),
        'upcomingEvents',
        section({
          type: 'faq',
          name: 'Pitanja o prijavi',
          settings: {},
          content: {
            hr: {
              title: 'Pitanja o prijavi',
              items: [
                {
                  question: 'Kako se prijaviti?',
                  answerHtml:
                    '<p>Na stranici pojedine radionice nalaze se kontakt za prijavu, mjesto i vrijeme održavanja.</p>',
                },
                {
                  question: 'Što ako ne mogu doći?',
                  answerHtml:
                    '<p>Javite nam barem dan ranije kako bi vaše mjesto dobio netko s liste čekanja.</p>',
                },
              ],
            },
            en: {
              title: 'Registration questions',
              items: [
                {
                  question: 'How do I register?',
                  answerHtml:
                    '<p>Each workshop page lists the registration contact, the venue and the time.</p>',
                },
                {
                  question: 'What if I cannot come?',
                  answerHtml:
                    '<p>Let us know at least a day in advance so that someone on the waiting list can take your place.</p>',
                },
              ],
            },
          },
        }),
        'newsletter',
      ],
    },
    {
      key: 'resilient-child',
      hero: 'hero-resilient',
      text: page({
        hr: {
          title: 'Otporno dijete',
          slug: 'otporno-dijete',
          excerpt: 'Program radionica o otpornosti za roditelje djece od 3 do 10 godina.',
          seoTitle: 'Otporno dijete – program radionica za roditelje',
          seoDescription:
            'Kako djeci pomoći da se nose s neuspjehom, strahom i promjenama? Besplatni program radionica za roditelje.',
        },
        en: {
          title: 'Resilient Child',
          slug: 'resilient-child',
          excerpt: 'A workshop programme on resilience for parents of children aged 3 to 10.',
          seoTitle: 'Resilient Child – a workshop programme for parents',
          seoDescription:
            'How can we help children cope with failure, fear and change? A free workshop programme for parents.',
        },
      }),
      sections: [
        section({
          type: 'hero',
          name: 'Banner',
          settings: { mediaId: refs.media('hero-resilient'), overlay: 'light', align: 'left' },
          content: {
            hr: {
              title: 'Otporno dijete',
              subtitle: 'Četiri susreta o tome kako djeci pomoći da padnu, ustanu i nastave dalje.',
              button: { label: 'Prijavite se', href: '/kontakt' },
            },
            en: {
              title: 'Resilient Child',
              subtitle: 'Four meetings on helping children fall, get up and carry on.',
              button: { label: 'Register', href: '/en/contact' },
            },
          },
        }),
        section({
          type: 'rich-text',
          name: 'O programu',
          settings: { width: 'narrow' },
          content: {
            hr: {
              title: 'O programu',
              html: '<p>Program <strong>Otporno dijete</strong> nastao je u suradnji s psiholozima i odgojiteljima, a temelji se na istraživanjima o zaštitnim čimbenicima u razvoju djece. Namijenjen je roditeljima djece od tri do deset godina.</p><p>Program se provodi uz financijsku potporu naših partnera, zbog čega je sudjelovanje besplatno.</p>',
            },
            en: {
              title: 'About the programme',
              html: '<p>The <strong>Resilient Child</strong> programme was developed together with psychologists and preschool teachers and is based on research into protective factors in child development. It is meant for parents of children aged three to ten.</p><p>The programme is financially supported by our partners, which is why taking part is free.</p>',
            },
          },
        }),
        section({
          type: 'card-grid',
          name: 'Moduli',
          settings: { columns: 4, mediaIds: [null, null, null, null] },
          content: {
            hr: {
              title: 'Četiri susreta',
              cards: [
                { title: '1. Povezanost', text: 'Kako odnos s roditeljem postaje sigurna luka.' },
                { title: '2. Emocije', text: 'Imenovanje osjećaja i smirivanje u teškim trenucima.' },
                { title: '3. Neuspjeh', text: 'Pogreška kao informacija, a ne presuda.' },
                { title: '4. Samostalnost', text: 'Izazovi primjereni dobi i povjerenje u dijete.' },
              ],
            },
            en: {
              title: 'Four meetings',
              cards: [
                { title: '1. Connection', text: 'How the parent relationship becomes a safe harbour.' },
                { title: '2. Emotions', text: 'Naming feelings and calming down in hard moments.' },
                { title: '3. Failure', text: 'A mistake as information, not a verdict.' },
                { title: '4. Independence', text: 'Age-appropriate challenges and trust in the child.' },
              ],
            },
          },
        }),
        section({
          type: 'image-text',
          name: 'Iskustva roditelja',
          settings: { mediaId: refs.media('photo-workshop'), imagePosition: 'right' },
          content: {
            hr: {
              title: 'Što kažu roditelji',
              html: '<p>»Najviše mi je pomoglo shvatiti da ne moram riješiti svaki problem svoje kćeri. Dovoljno je da budem uz nju dok ga ona rješava.« <em>– Ana, mama šestogodišnjakinje</em></p>',
              button: {
                label: 'Pročitajte bilješke s radionice',
                href: '/s-radionice-roditelji-o-otpornosti',
              },
            },
            en: {
              title: 'What parents say',
              html: '<p>“What helped most was realising I don’t have to solve every problem my daughter has. It’s enough to be with her while she solves it.” <em>– Ana, mother of a six-year-old</em></p>',
              button: { label: 'Read the workshop notes', href: '/en/workshop-notes-parents-on-resilience' },
            },
          },
        }),
        section({
          type: 'video',
          name: 'Video: znanost o otpornosti',
          settings: { provider: 'youtube', videoId: videos.resilience },
          content: {
            hr: {
              title: 'Znanost o otpornosti',
              caption: 'Video Centra za razvoj djeteta Sveučilišta Harvard (na engleskom).',
            },
            en: {
              title: 'The science of resilience',
              caption: 'A video by the Center on the Developing Child at Harvard University.',
            },
          },
        }),
        section({
          type: 'faq',
          name: 'Pitanja o programu',
          settings: {},
          content: {
            hr: {
              title: 'Pitanja o programu',
              items: [
                {
                  question: 'Moram li doći na sva četiri susreta?',
                  answerHtml:
                    '<p>Preporučujemo, jer se susreti nadovezuju, ali svaki ima smisla i zasebno.</p>',
                },
                {
                  question: 'Mogu li doći oba roditelja?',
                  answerHtml:
                    '<p>Naravno. Kad dolaze oba roditelja, lakše je dogovore primijeniti kod kuće.</p>',
                },
              ],
            },
            en: {
              title: 'Questions about the programme',
              items: [
                {
                  question: 'Do I have to attend all four meetings?',
                  answerHtml:
                    '<p>We recommend it, as the meetings build on each other, but each one makes sense on its own.</p>',
                },
                {
                  question: 'Can both parents come?',
                  answerHtml:
                    '<p>Of course. When both parents attend, it is easier to put agreements into practice at home.</p>',
                },
              ],
            },
          },
        }),
        'upcomingEvents',
        section({
          type: 'sponsors',
          name: 'Podržavatelji programa',
          settings: { logos: sponsors.slice(0, 3) },
          content: {
            hr: {
              title: 'Program podržavaju',
              description:
                'Program Otporno dijete provodi se uz financijsku potporu Zaklade Mali koraci, Fonda Vedrina i Knjižare Lastavica.',
            },
            en: {
              title: 'Supported by',
              description:
                'The Resilient Child programme is financially supported by the Mali koraci Foundation, the Vedrina Fund and Lastavica Bookshop.',
            },
          },
        }),
      ],
    },
    {
      key: 'contact',
      hero: 'hero-contact',
      text: {
        hr: {
          title: 'Kontakt',
          slug: 'kontakt',
          excerpt: 'Pišite nam, nazovite ili svratite u dječji kutak.',
          seoTitle: 'Kontakt – Učionica za roditelje',
          seoDescription: 'Adresa, e-pošta, telefon i radno vrijeme udruge Učionica za roditelje.',
          body: `<h2>Udruga Učionica za roditelje</h2>
<p>Ilica 85, 10000 Zagreb<br>OIB: 12345678903</p>
<h3>Kontakt</h3>
<ul>
<li>E-pošta: <a href="mailto:info@ucionica.example">info@ucionica.example</a></li>
<li>Prijave na radionice: <a href="mailto:radionice@ucionica.example">radionice@ucionica.example</a></li>
<li>Telefon: 01 555 0142</li>
</ul>
<h3>Radno vrijeme ureda</h3>
<p>Ponedjeljak – petak: 9 – 15 h<br>Dječji kutak: subotom 9 – 12 h</p>
<p>Do nas se lako stiže tramvajem (linije 1, 6 i 11, stanica Frankopanska). Ulaz je prilagođen kolicima.</p>`,
        },
        en: {
          title: 'Contact',
          slug: 'contact',
          excerpt: 'Write to us, call us or drop by the children’s corner.',
          seoTitle: 'Contact – Parents’ Classroom',
          seoDescription: 'Address, e-mail, phone and opening hours of the Parents’ Classroom association.',
          body: `<h2>Učionica za roditelje association</h2>
<p>Ilica 85, 10000 Zagreb, Croatia<br>Tax number (OIB): 12345678903</p>
<h3>Get in touch</h3>
<ul>
<li>E-mail: <a href="mailto:info@ucionica.example">info@ucionica.example</a></li>
<li>Workshop registration: <a href="mailto:radionice@ucionica.example">radionice@ucionica.example</a></li>
<li>Phone: +385 1 555 0142</li>
</ul>
<h3>Office hours</h3>
<p>Monday – Friday: 9 am – 3 pm<br>Children’s corner: Saturdays 9 am – 12 noon</p>
<p>We are easy to reach by tram (lines 1, 6 and 11, Frankopanska stop). The entrance is pram and wheelchair accessible.</p>`,
        },
      },
      sections: [
        section({
          type: 'form',
          name: 'Kontakt obrazac',
          settings: { formId: refs.form('contact') },
          content: {
            hr: {
              title: 'Pišite nam',
              text: 'Imate pitanje o radionici, narudžbi ili volontiranju? Odgovaramo u roku od dva radna dana.',
            },
            en: {
              title: 'Write to us',
              text: 'A question about a workshop, an order or volunteering? We answer within two working days.',
            },
          },
        }),
      ],
    },
    {
      key: 'privacy',
      hero: 'hero-legal',
      text: {
        hr: {
          title: 'Politika privatnosti',
          slug: 'politika-privatnosti',
          excerpt: 'Kako prikupljamo, koristimo i čuvamo vaše osobne podatke.',
          seoTitle: 'Politika privatnosti – Učionica za roditelje',
          seoDescription:
            'Informacije o obradi osobnih podataka u skladu s Općom uredbom o zaštiti podataka (GDPR).',
          body: `<p>Udruga Učionica za roditelje, Ilica 85, Zagreb (u daljnjem tekstu: Udruga), voditelj je obrade osobnih podataka koje prikupljamo putem ove web stranice. Osobne podatke obrađujemo u skladu s Općom uredbom o zaštiti podataka (GDPR).</p>
<h2>Koje podatke prikupljamo</h2>
<ul>
<li>ime, prezime i adresu e-pošte pri registraciji, prijavi na radionicu ili newsletter</li>
<li>adresu za dostavu i podatke o narudžbi pri kupnji u webshopu</li>
<li>tehničke podatke o posjetu (kolačići), ovisno o vašem pristanku</li>
</ul>
<h2>Svrha i pravna osnova</h2>
<p>Podatke koristimo za izvršenje narudžbi i ugovora, slanje newslettera na temelju vašeg pristanka te ispunjavanje zakonskih obveza. Pristanak možete povući u bilo kojem trenutku, bez utjecaja na zakonitost obrade prije povlačenja.</p>
<h2>Kolačići</h2>
<p>Nužni kolačići potrebni su za rad stranice i košarice. Analitičke i marketinške kolačiće postavljamo samo ako ih prihvatite u obavijesti o kolačićima.</p>
<h2>Vaša prava</h2>
<p>Imate pravo na pristup, ispravak i brisanje podataka, ograničenje obrade, prenosivost te prigovor. Zahtjeve šaljite na <a href="mailto:gdpr@ucionica.example">gdpr@ucionica.example</a>. Pritužbu možete podnijeti Agenciji za zaštitu osobnih podataka.</p>`,
        },
        en: {
          title: 'Privacy policy',
          slug: 'privacy-policy',
          excerpt: 'How we collect, use and protect your personal data.',
          seoTitle: 'Privacy policy – Parents’ Classroom',
          seoDescription:
            'Information on how we process personal data under the General Data Protection Regulation (GDPR).',
          body: `<p>The Učionica za roditelje association, Ilica 85, Zagreb (the Association), is the controller of the personal data collected through this website. We process personal data in accordance with the General Data Protection Regulation (GDPR).</p>
<h2>What data we collect</h2>
<ul>
<li>your name and e-mail address when you register, sign up for a workshop or subscribe to the newsletter</li>
<li>your delivery address and order details when you buy from the web shop</li>
<li>technical data about your visit (cookies), depending on your consent</li>
</ul>
<h2>Purpose and legal basis</h2>
<p>We use your data to fulfil orders and contracts, to send the newsletter on the basis of your consent and to meet our legal obligations. You may withdraw your consent at any time; this does not affect the lawfulness of processing before the withdrawal.</p>
<h2>Cookies</h2>
<p>Necessary cookies are required for the website and the cart to work. We set analytics and marketing cookies only if you accept them in the cookie notice.</p>
<h2>Your rights</h2>
<p>You have the right to access, correct and erase your data, to restrict processing, to data portability and to object. Send requests to <a href="mailto:gdpr@ucionica.example">gdpr@ucionica.example</a>. You may lodge a complaint with the Croatian Personal Data Protection Agency.</p>`,
        },
      },
      sections: [],
    },
    {
      key: 'terms',
      hero: 'hero-legal',
      text: {
        hr: {
          title: 'Uvjeti korištenja i kupnje',
          slug: 'uvjeti-koristenja',
          excerpt: 'Pravila korištenja stranice i uvjeti kupnje u webshopu.',
          seoTitle: 'Uvjeti korištenja – Učionica za roditelje',
          seoDescription:
            'Uvjeti korištenja web stranice i opći uvjeti kupnje u webshopu Učionice za roditelje.',
          body: `<h2>Opće odredbe</h2>
<p>Korištenjem ove web stranice prihvaćate ove uvjete. Sadržaji na stranici služe informiranju i ne zamjenjuju stručni savjet liječnika, psihologa ili drugog stručnjaka.</p>
<h2>Kupnja u webshopu</h2>
<ul>
<li>Cijene su izražene s uključenim PDV-om.</li>
<li>Narudžba je obvezujuća nakon potvrde koju primate e-poštom.</li>
<li>Digitalni proizvodi isporučuju se poveznicom ili kodom odmah nakon plaćanja.</li>
</ul>
<h2>Pravo na jednostrani raskid</h2>
<p>Fizičke proizvode možete vratiti u roku od 14 dana od primitka bez navođenja razloga. Pravo na raskid ne odnosi se na digitalne sadržaje čije je preuzimanje započelo uz vaš izričit pristanak.</p>
<h2>Korisnički račun</h2>
<p>Odgovorni ste za čuvanje lozinke svog računa. Komentari koje objavljujete moraju biti pristojni; zadržavamo pravo uklanjanja neprimjerenih sadržaja.</p>`,
        },
        en: {
          title: 'Terms of use and sale',
          slug: 'terms-of-service',
          excerpt: 'Rules for using the website and terms of sale in the web shop.',
          seoTitle: 'Terms of service – Parents’ Classroom',
          seoDescription:
            'Terms of use of the website and general terms of sale of the Parents’ Classroom web shop.',
          body: `<h2>General</h2>
<p>By using this website you accept these terms. The content of the website is for information and does not replace professional advice from a doctor, psychologist or other specialist.</p>
<h2>Buying in the web shop</h2>
<ul>
<li>Prices include VAT.</li>
<li>An order is binding once you receive the confirmation by e-mail.</li>
<li>Digital products are delivered as a link or a code straight after payment.</li>
</ul>
<h2>Right of withdrawal</h2>
<p>You may return physical products within 14 days of receipt without giving a reason. The right of withdrawal does not apply to digital content whose download has started with your explicit consent.</p>
<h2>User account</h2>
<p>You are responsible for keeping your account password safe. Comments you post must be polite; we reserve the right to remove inappropriate content.</p>`,
        },
      },
      sections: [],
    },
  ];
}
