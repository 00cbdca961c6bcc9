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
    subscribed:
      'Fast geschafft: Wir haben Ihnen eine E-Mail geschickt, bestätigen Sie die Anmeldung über den Link darin.',
    alreadySubscribed: 'Diese Adresse hat den Newsletter bereits abonniert.',
    invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    failed: 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.',
    captcha: 'Die Prüfung, dass Sie kein Roboter sind, ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    confirmed: 'Ihre Newsletter-Anmeldung ist bestätigt. Willkommen!',
  },
  captcha: {
    checking: 'Wir prüfen, dass Sie kein Roboter sind…',
    verified: 'Prüfung abgeschlossen.',
    failed: 'Die Prüfung, dass Sie kein Roboter sind, ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    loadFailed: 'ReCaptcha error: Failed to load script',
    executeFailed: 'Failed to execute',
  },
  unsubscribe: {
    title: 'Vom Newsletter abmelden',
    question: '{{email}} vom Newsletter abmelden?',
    confirm: 'Abmelden',
    done: '{{email}} ist vom Newsletter abgemeldet und erhält keine E-Mails mehr von uns.',
    notSubscribed: '{{email}} ist nicht für den Newsletter angemeldet.',
    invalid: 'Dieser Abmeldelink ist nicht gültig.',
    backHome: 'Zurück zur Startseite',
  },
  errors: {
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
    genericTitle: 'Ein Fehler ist aufgetreten',
    backHome: 'Zurück zur Startseite',
  },
};
