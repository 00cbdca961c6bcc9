export const hr = {
  meta: { homeTitle: 'Početna', homeDescription: 'Radionice, savjeti i materijali za roditelje i djecu.' },
  home: {
    welcome: 'Dobro došli',
    intro: 'Radionice, savjeti i materijali za roditelje i djecu.',
    languageLabel: 'Jezik',
  },
  nav: { skipToContent: 'Preskoči na sadržaj', home: 'Početna' },
  cookies: {
    label: 'Obavijest o kolačićima',
    text: 'Koristimo kolačiće kako bi stranica radila, a uz vaše dopuštenje i za analitiku i marketing.',
    necessary: 'Nužni',
    analytics: 'Analitički',
    marketing: 'Marketinški',
    accept: 'Prihvaćam',
  },
  maintenance: {
    title: 'Održavanje u tijeku',
    text: 'Stranica se trenutno održava. Uskoro se vraćamo — hvala na strpljenju.',
  },
  errors: {
    notFoundTitle: 'Stranica nije pronađena',
    notFoundText: 'Stranica koju tražite ne postoji ili je premještena.',
    genericTitle: 'Došlo je do pogreške',
    backHome: 'Natrag na početnu',
  },
} as const;
