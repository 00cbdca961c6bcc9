import type { Widen } from '../../widen.ts';
import type { formsHr } from './hr.ts';

/** German texts of the forms editors define (the form section, the availability request). */
export const formsDe: Widen<typeof formsHr> = {
  requiredNote: 'Mit einem Sternchen (*) markierte Felder sind Pflichtfelder.',
  consentsLegend: 'Einwilligungen',
  submit: 'Senden',
  sent: 'Danke! Es wurde gesendet.',
  pending: 'Sehen Sie in Ihr Postfach: Wir haben Ihnen einen Link zur Bestätigung Ihrer Adresse geschickt.',
  confirmed: 'Ihre Adresse ist bestätigt und Ihre Einsendung eingegangen.',
  errorSummary: 'Das Formular wurde nicht gesendet. Bitte korrigieren Sie die markierten Felder.',
  failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  captcha: 'Die Prüfung, dass Sie kein Roboter sind, ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  consentRequired: 'Die markierte Einwilligung ist zum Senden erforderlich.',
  inStock: 'Das Produkt ist wieder verfügbar: Sie können es sofort bestellen.',
  tooMany: 'Zu viele Versuche. Bitte versuchen Sie es in einer Minute erneut.',
  availabilityHeading: 'Benachrichtigen, wenn verfügbar',
  availabilityText:
    'Hinterlassen Sie Ihre E-Mail-Adresse, und wir schreiben Ihnen einmal, sobald das Produkt wieder verfügbar ist.',
  field: {
    required: 'Dieses Feld ist erforderlich.',
    email: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    minLength: 'Die Mindestlänge beträgt {{length}} Zeichen.',
    maxLength: 'Die Höchstlänge beträgt {{length}} Zeichen.',
    alphaSpecialChars: 'Nur Buchstaben, keine Sonderzeichen.',
    option: 'Wählen Sie eine der Möglichkeiten.',
  },
  choose: 'Bitte wählen…',
};
