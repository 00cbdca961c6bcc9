/** Croatian texts of the developer tools (releases, domain picker, section tool) and the Instagram section. */
export const devtoolsHr = {
  instagram: {
    title: 'Instagram',
    listLabel: 'Objave s Instagrama',
    image: 'Objava s Instagrama',
    video: 'Video',
    album: 'Album',
    opensInstagram: '(otvara Instagram u novoj kartici)',
  },
  navTitle: 'Alati za razvoj',
  changelog: 'Popis promjena',
  apiDocs: 'API dokumentacija',
  sectionTool: 'Alat za sekcije',
  pageTitle: 'Alati za razvoj',
  intro: 'Vidljivo samo izvan produkcije.',
  releases: {
    title: 'Izdanja projekta',
    open: 'Prikaži izdanja',
    close: 'Zatvori',
    latestTag: 'Najnovija oznaka: {{tag}}',
    empty: 'Popis promjena je prazan.',
    failed: 'Izdanja nije moguće učitati: {{message}}',
  },
  domains: {
    title: 'Domena',
    intro: 'Koju stranicu ova razvojna instanca poslužuje.',
    current: 'Trenutna domena: {{url}}',
    selected: 'odabrana',
    choose: 'Odaberi {{name}}',
    forcedWarning:
      'Odabrana domena ({{selected}}) razlikuje se od zadane domene {{forced}} (DEV_FORCE_DOMAIN); nakon ponovne izgradnje i pokretanja vrijedi zadana.',
    saved: 'Instanca sada poslužuje {{url}}.',
    empty: 'Stranica nema domena.',
    failed: 'Domenu nije moguće promijeniti: nije domena nijedne stranice.',
  },
  sectionToolPage: {
    title: 'Alat za sekcije',
    intro: 'Svaka vrsta sekcije s primjerom sadržaja, za oblikovanje sekcija.',
    typeHeading: 'Sekcija: {{type}}',
    instagramNote: 'Sekcija Instagram prikazuje se samo s podešenim pristupom Instagramu; ovdje su primjeri.',
  },
};
