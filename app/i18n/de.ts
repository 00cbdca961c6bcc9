import type { ShellCatalog } from './catalog.ts';

export const de: ShellCatalog = {
  nav: { skipToContent: 'Zum Inhalt springen', home: 'Startseite' },
  cookies: {
    label: 'Cookie-Hinweis',
    text: 'Wir verwenden Cookies, damit die Website funktioniert, und mit Ihrer Erlaubnis für Analyse und Marketing.',
    necessary: 'Notwendig',
    analytics: 'Analyse',
    marketing: 'Marketing',
    accept: 'Akzeptieren',
  },
  maintenance: {
    title: 'Wartungsarbeiten',
    text: 'Die Website wird gerade gewartet. Wir sind bald wieder da – danke für Ihre Geduld.',
  },
  shell: {
    menu: 'Menü',
    closeMenu: 'Menü schließen',
    mainNavigation: 'Hauptnavigation',
    footerNavigation: 'Fußzeilennavigation',
    language: 'Sprache',
    home: 'Startseite',
    social: 'Soziale Netzwerke',
    sponsors: 'Förderer',
    noTranslation: 'Diese Seite gibt es in dieser Sprache nicht',
  },
  newsletter: {
    emailLabel: 'E-Mail-Adresse',
    subscribed: 'Danke! Sie haben unseren Newsletter abonniert.',
    alreadySubscribed: 'Diese Adresse hat den Newsletter bereits abonniert.',
    invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    failed: 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.',
  },
  errors: {
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
    genericTitle: 'Ein Fehler ist aufgetreten',
    backHome: 'Zurück zur Startseite',
  },
};
