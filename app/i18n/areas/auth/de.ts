import type { Widen } from '../../widen.ts';
import type { authHr } from './hr.ts';

export const authDe: Widen<typeof authHr> = {
  home: 'Startseite',
  email: 'E-Mail',
  password: 'Passwort',
  showPasswords: 'Passwörter anzeigen',
  showPassword: 'Passwort anzeigen',
  required: 'Pflichtfeld',
  login: {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
    submit: 'Anmelden',
    forgot: 'Passwort vergessen?',
    noAccount: 'Noch kein Konto?',
    register: 'Registrieren',
  },
  register: {
    title: 'Registrieren',
    intro: 'Erstellen Sie ein Konto, um Bestellungen zu verfolgen und schneller zu bezahlen.',
    firstName: 'Vorname',
    lastName: 'Nachname',
    confirmedPassword: 'Passwort wiederholen',
    passwordHint: 'Mindestens 8 Zeichen mit Klein- und Großbuchstaben, einer Ziffer und einem Sonderzeichen.',
    consents: 'Einwilligungen',
    submit: 'Konto erstellen',
    haveAccount: 'Schon ein Konto?',
    login: 'Anmelden',
  },
  forgot: {
    title: 'Passwort vergessen',
    intro:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein; wir senden Ihnen einen Link für ein neues Passwort.',
    submit: 'Link senden',
    back: 'Zurück zur Anmeldung',
    sent: 'Wenn ein Konto mit dieser Adresse existiert, haben wir einen Link für ein neues Passwort gesendet. Prüfen Sie Ihre E-Mails.',
    resetTitle: 'Neues Passwort',
    resetIntro: 'Geben Sie Ihr neues Passwort zweimal ein.',
    newPassword: 'Neues Passwort',
    newPasswordAgain: 'Neues Passwort wiederholen',
    resetSubmit: 'Passwort speichern',
  },
  account: {
    greeting: 'Angemeldet als {{name}}',
    logout: 'Abmelden',
    login: 'Anmelden',
  },
  notices: {
    cartEnded: 'Der Warenkorb konnte nicht aktualisiert werden. Bitte beginnen Sie einen neuen Einkauf.',
    loggedOut: 'Sie wurden abgemeldet.',
    loggedIn: 'Sie sind angemeldet.',
    registered:
      'Ihr Konto wurde erstellt. Wir haben Ihnen eine Nachricht zur Bestätigung Ihrer E-Mail-Adresse gesendet.',
    registeredNoMail:
      'Ihr Konto wurde erstellt, aber die Bestätigungsnachricht kann gerade nicht gesendet werden.',
    passwordReset: 'Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen Passwort an.',
  },
  social: {
    title: 'Social Login',
    or: 'oder',
    continueWith: 'Weiter mit {{provider}}',
    working: 'Anmeldung läuft…',
    cancelled:
      'Die Anmeldung wurde abgebrochen. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
    backToLogin: 'Zurück zur Anmeldung',
    errors: {
      notConfigured: 'Dieser Anmeldedienst ist nicht verfügbar.',
      invalidState:
        'Dieser Anmeldelink ist nicht mehr gültig (abgelaufen, bereits benutzt oder in einem anderen Browser begonnen). Versuchen Sie es erneut.',
      refused: 'Der Anmeldedienst hat die Anmeldung nicht bestätigt. Versuchen Sie es erneut.',
      noEmail: 'Der Anmeldedienst hat keine E-Mail-Adresse übermittelt, die ein Konto braucht.',
      unverifiedEmail:
        'Ein Konto mit dieser E-Mail-Adresse existiert, und der Dienst hat die Adresse nicht bestätigt. Melden Sie sich mit Ihrem Passwort an.',
      unavailable: 'Der Anmeldedienst ist gerade nicht erreichbar. Versuchen Sie es gleich noch einmal.',
    },
  },
  errors: {
    required: 'Dieses Feld ist erforderlich.',
    email: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    passwordRule:
      'Das Passwort braucht mindestens 8 Zeichen mit Klein- und Großbuchstaben, einer Ziffer und einem Sonderzeichen.',
    passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
    commonPassword:
      'Dieses Passwort ist zu verbreitet (es steht in Listen geleakter Passwörter). Wählen Sie ein anderes.',
    userExists: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.',
    unknownUser: 'Falscher Benutzername oder falsches Passwort.',
    incorrectOldPassword: 'Das alte Passwort ist nicht korrekt.',
    consentRequired: 'Bitte akzeptieren Sie die erforderlichen Einwilligungen.',
    captcha: 'Die Prüfung, dass Sie kein Roboter sind, ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    tooManyAttempts: 'Zu viele Fehlversuche. Versuchen Sie es in {{minutes}} Min. erneut.',
    invalidToken: 'Dieser Link ist ungültig oder abgelaufen. Fordern Sie einen neuen an.',
    failed: 'Etwas ist schiefgelaufen, bitte versuchen Sie es erneut.',
    summary: 'Bitte prüfen Sie die markierten Felder.',
  },
};
