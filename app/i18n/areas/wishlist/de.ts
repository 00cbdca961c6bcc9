import type { Widen } from '../../widen.ts';
import type { wishlistHr } from './hr.ts';

export const wishlistDe: Widen<typeof wishlistHr> = {
  title: 'Wunschliste',
  description: 'Produkte, die Sie für später gespeichert haben.',
  home: 'Startseite',
  headerLink: 'Wunschliste',
  toggle: 'Wunschliste: {{name}}',
  toggleShort: 'Wunschliste',
  added: 'Das Produkt wurde Ihrer Wunschliste hinzugefügt.',
  removed: 'Das Produkt wurde von Ihrer Wunschliste entfernt.',
  count_one: '{{count}} Produkt auf der Liste',
  count_few: '{{count}} Produkte auf der Liste',
  count_other: '{{count}} Produkte auf der Liste',
  empty: 'Ihre Wunschliste ist leer.',
  emptyHint: 'Mit dem Herz an einem Produkt speichern Sie es hier für später.',
  startShopping: 'Zum Shop',
  loadMore: 'Mehr anzeigen',
  nextPage: 'Nächste Seite',
  previousPage: 'Vorherige Seite',
  errors: {
    loggedUsersOnly: 'Nur für angemeldete Benutzer.',
    productNotFound: 'Produkt nicht gefunden.',
    full: 'Ihre Wunschliste ist voll.',
    failed: 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.',
  },
};
