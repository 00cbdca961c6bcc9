/** Croatian texts of the wishlist: the page (/lista-zelja), the toggles on products and their messages. */
export const wishlistHr = {
  title: 'Lista želja',
  description: 'Proizvodi koje ste spremili za kasnije.',
  home: 'Početna',
  headerLink: 'Lista želja',
  /** The heart button's accessible name (aria-pressed says whether the product is on the list). */
  toggle: 'Lista želja: {{name}}',
  toggleShort: 'Lista želja',
  added: 'Proizvod je dodan na listu želja.',
  removed: 'Proizvod je uklonjen s liste želja.',
  count_one: '{{count}} proizvod na listi',
  count_few: '{{count}} proizvoda na listi',
  count_other: '{{count}} proizvoda na listi',
  empty: 'Vaša lista želja je prazna.',
  emptyHint: 'Srcem na proizvodu spremite ga ovdje za kasnije.',
  startShopping: 'Pogledajte trgovinu',
  loadMore: 'Prikaži još',
  nextPage: 'Sljedeća stranica',
  previousPage: 'Prethodna stranica',
  errors: {
    loggedUsersOnly: 'Samo za prijavljene korisnike.',
    productNotFound: 'Proizvod nije pronađen.',
    full: 'Lista želja je puna.',
    failed: 'Nešto je pošlo po zlu, pokušajte ponovno.',
  },
};
