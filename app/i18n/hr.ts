export const hr = {
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
  shell: {
    menu: 'Izbornik',
    closeMenu: 'Zatvori izbornik',
    mainNavigation: 'Glavna navigacija',
    footerNavigation: 'Navigacija u podnožju',
    language: 'Jezik',
    home: 'Početna',
    social: 'Društvene mreže',
    sponsors: 'Pokrovitelji',
    noTranslation: 'Ova stranica nije dostupna na tom jeziku',
  },
  newsletter: {
    emailLabel: 'E-mail adresa',
    subscribed: 'Hvala! Prijavljeni ste na naš newsletter.',
    alreadySubscribed: 'Ova adresa je već prijavljena na newsletter.',
    invalidEmail: 'Upišite ispravnu e-mail adresu.',
    failed: 'Nešto je pošlo po zlu, pokušajte ponovno.',
  },
  errors: {
    notFoundTitle: 'Stranica nije pronađena',
    notFoundText: 'Stranica koju tražite ne postoji ili je premještena.',
    genericTitle: 'Došlo je do pogreške',
    backHome: 'Natrag na početnu',
  },
} as const;
