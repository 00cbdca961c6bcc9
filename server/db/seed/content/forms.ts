import type { FormFieldDefinition, FormSettings, FormType, LocalizedText } from '../../../../core/forms.ts';

export type FormSeed = {
  key: string;
  type: FormType;
  title: LocalizedText;
  fields: FormFieldDefinition[];
  settings: FormSettings;
};

/** The demo site's forms, defined as data as an editor would (docs/decisions/0420). */
export const demoForms: FormSeed[] = [
  {
    key: 'contact',
    type: 'contactForm',
    title: { hr: 'Kontakt', en: 'Contact', de: 'Kontakt' },
    fields: [
      {
        name: 'name',
        type: 'text',
        required: true,
        label: { hr: 'Ime i prezime', en: 'Full name', de: 'Vor- und Nachname' },
        validation: { minLength: 2, maxLength: 100, alphaSpecialChars: true },
      },
      {
        name: 'email',
        type: 'email',
        required: true,
        label: { hr: 'E-mail adresa', en: 'E-mail address', de: 'E-Mail-Adresse' },
      },
      {
        name: 'phone',
        type: 'phone',
        required: false,
        label: { hr: 'Telefon', en: 'Phone', de: 'Telefon' },
      },
      {
        name: 'topic',
        type: 'select',
        required: true,
        label: { hr: 'Tema', en: 'Topic', de: 'Thema' },
        options: [
          { value: 'workshop', label: { hr: 'Radionice', en: 'Workshops', de: 'Workshops' } },
          { value: 'order', label: { hr: 'Narudžba', en: 'An order', de: 'Bestellung' } },
          { value: 'volunteer', label: { hr: 'Volontiranje', en: 'Volunteering', de: 'Ehrenamt' } },
          { value: 'other', label: { hr: 'Nešto drugo', en: 'Something else', de: 'Etwas anderes' } },
        ],
      },
      {
        name: 'message',
        type: 'textarea',
        required: true,
        label: { hr: 'Poruka', en: 'Message', de: 'Nachricht' },
        validation: { minLength: 10, maxLength: 2000 },
      },
    ],
    settings: {
      autoResponse: true,
      notifyShop: true,
      submitLabel: { hr: 'Pošalji poruku', en: 'Send the message', de: 'Nachricht senden' },
      successMessage: {
        hr: 'Hvala! Poruka je poslana, a potvrdu smo vam poslali e-poštom.',
        en: 'Thank you! Your message has been sent, and we have e-mailed you a confirmation.',
        de: 'Danke! Ihre Nachricht wurde gesendet; eine Bestätigung haben wir Ihnen per E-Mail geschickt.',
      },
    },
  },
  {
    key: 'product-availability',
    type: 'productAvailabilityForm',
    title: {
      hr: 'Obavijesti me kad stigne',
      en: 'Tell me when it is back',
      de: 'Benachrichtigen, wenn verfügbar',
    },
    fields: [
      {
        name: 'email',
        type: 'email',
        required: true,
        label: { hr: 'E-mail adresa', en: 'E-mail address', de: 'E-Mail-Adresse' },
      },
    ],
    settings: {
      autoResponse: false,
      notifyShop: false,
      submitLabel: { hr: 'Obavijesti me', en: 'Notify me', de: 'Benachrichtigen' },
      successMessage: {
        hr: 'Javit ćemo vam e-poštom čim proizvod ponovno bude dostupan.',
        en: 'We will e-mail you as soon as the product is back in stock.',
        de: 'Wir schreiben Ihnen, sobald das Produkt wieder verfügbar ist.',
      },
    },
  },
];
