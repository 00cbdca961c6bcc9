export const hr = {
  meta: { homeTitle: 'Početna', homeDescription: 'Radionice, savjeti i materijali za roditelje i djecu.' },
  home: {
    welcome: 'Dobro došli',
    intro: 'Radionice, savjeti i materijali za roditelje i djecu.',
    languageLabel: 'Jezik',
  },
  nav: { skipToContent: 'Preskoči na sadržaj', home: 'Početna' },
  errors: {
    notFoundTitle: 'Stranica nije pronađena',
    notFoundText: 'Stranica koju tražite ne postoji ili je premještena.',
    genericTitle: 'Došlo je do pogreške',
    backHome: 'Natrag na početnu',
  },
} as const;
