import type { ElementHandler } from '../../../modules/cms/cms.schema.ts';
import type { Language } from './types.ts';

export type ElementSeed = {
  handler: ElementHandler;
  title: string;
  slug: string;
  meta: Record<string, unknown>;
  mobileMeta?: Record<string, unknown>;
  options?: Record<string, unknown>;
  mobileOptions?: Record<string, unknown>;
  parts?: Record<string, unknown>;
};

export type ElementRefs = {
  logoMediaId: number;
  sponsors: { mediaId: number; name: string; url: string }[];
};

/**
 * Header, footer and cookie notice per language. `meta` holds texts, `options` layout switches and
 * `parts` structured blocks such as the sponsor strip of the footer.
 */
export function demoElements(language: Language, refs: ElementRefs): ElementSeed[] {
  const hr = language === 'hr';
  return [
    {
      handler: 'header-section',
      title: hr ? 'Zaglavlje' : 'Header',
      slug: 'header',
      meta: {
        logoMediaId: refs.logoMediaId,
        logoAlt: hr ? 'Učionica za roditelje – početna' : 'Parents’ Classroom – home',
        menuLabel: hr ? 'Izbornik' : 'Menu',
        closeMenuLabel: hr ? 'Zatvori izbornik' : 'Close menu',
        languageSwitchLabel: hr ? 'Jezik' : 'Language',
      },
      mobileMeta: { logoAlt: hr ? 'Učionica' : 'Parents’ Classroom' },
      options: {
        navigation: 'main',
        sticky: true,
        showLanguageSwitch: true,
        showCart: true,
        showSearch: true,
      },
      mobileOptions: { navigation: 'main', sticky: true, lockScrollWhenOpen: true },
    },
    {
      handler: 'footer-section',
      title: hr ? 'Podnožje' : 'Footer',
      slug: 'footer',
      meta: {
        logoMediaId: refs.logoMediaId,
        aboutText: hr
          ? 'Učionica za roditelje neprofitna je udruga iz Zagreba koja od 2016. organizira besplatne radionice i savjetovanja za roditelje djece od rođenja do kraja osnovne škole.'
          : 'Učionica za roditelje (Parents’ Classroom) is a non-profit association from Zagreb that has run free workshops and counselling for parents of children from birth to the end of primary school since 2016.',
        column1Title: hr ? 'Udruga' : 'Association',
        column2Title: hr ? 'Programi' : 'Programmes',
        newsletterLabel: hr ? 'Prijavite se na newsletter' : 'Subscribe to our newsletter',
        newsletterPlaceholder: hr ? 'E-mail adresa' : 'E-mail address',
        newsletterButton: hr ? 'Prijava' : 'Subscribe',
        shareLabel: hr ? 'Pratite nas' : 'Follow us',
        copyrightText: hr
          ? '© {year} Udruga Učionica za roditelje. Sva prava pridržana.'
          : '© {year} Parents’ Classroom Association. All rights reserved.',
      },
      options: { footerNavigations: ['footer1', 'footer2', 'footer3', 'footer4'], showNewsletter: true },
      parts: {
        // The copyright strip turns white with these logos on the Resilient Child page.
        sponsors: {
          paths: ['/otporno-dijete', '/en/resilient-child'],
          description: hr
            ? 'Program Otporno dijete provodi se uz financijsku potporu:'
            : 'The Resilient Child programme is financially supported by:',
          logos: refs.sponsors,
        },
      },
    },
    {
      handler: 'cookie-section',
      title: hr ? 'Obavijest o kolačićima' : 'Cookie notice',
      slug: 'cookies',
      meta: {
        title: hr ? 'Koristimo kolačiće' : 'We use cookies',
        text: hr
          ? '<p>Nužni kolačići omogućuju rad stranice i košarice. Uz vaš pristanak koristimo i analitičke kolačiće, kako bismo razumjeli kako se stranica koristi, te marketinške kolačiće za mjerenje naših kampanja. Više u <a href="/politika-privatnosti">politici privatnosti</a>.</p>'
          : '<p>Necessary cookies make the website and the cart work. With your consent we also use analytics cookies, to understand how the site is used, and marketing cookies to measure our campaigns. Read more in our <a href="/en/privacy-policy">privacy policy</a>.</p>',
        acceptLabel: hr ? 'Prihvaćam' : 'Accept',
        settingsLabel: hr ? 'Postavke' : 'Settings',
        categories: [
          {
            key: 'necessary',
            label: hr ? 'Nužni' : 'Necessary',
            description: hr
              ? 'Prijava, košarica i pamćenje jezika. Bez njih stranica ne radi.'
              : 'Login, cart and language preference. The site does not work without them.',
            required: true,
          },
          {
            key: 'analytics',
            label: hr ? 'Analitički' : 'Analytics',
            description: hr
              ? 'Anonimna statistika posjeta koja nam pomaže poboljšati sadržaj.'
              : 'Anonymous visit statistics that help us improve our content.',
            required: false,
          },
          {
            key: 'marketing',
            label: hr ? 'Marketinški' : 'Marketing',
            description: hr
              ? 'Mjerenje učinka oglasa na društvenim mrežama.'
              : 'Measuring the effect of our social media adverts.',
            required: false,
          },
        ],
      },
      options: { position: 'bottom', defaultCategories: ['necessary', 'analytics', 'marketing'] },
    },
  ];
}
