import type { ConsentForm } from '../../../modules/consent/consent.schema.ts';
import type { Localized } from './types.ts';

export type ConsentKey = 'newsletter' | 'terms' | 'privacy' | 'marketing';

export type ConsentSeed = {
  key: ConsentKey;
  uniqueNumber: string;
  text: Localized<{ displayName: string; text: string }>;
};

export const demoConsents: ConsentSeed[] = [
  {
    key: 'newsletter',
    uniqueNumber: 'UZR-GDPR-01',
    text: {
      hr: {
        displayName: 'Želim primati newsletter Učionice za roditelje',
        text: '<p>Pristajem da mi udruga jednom mjesečno šalje newsletter s najavama radionica i savjetima. Pristanak mogu povući poveznicom u svakom newsletteru.</p>',
      },
      en: {
        displayName: 'I want to receive the Parents’ Classroom newsletter',
        text: '<p>I agree that the association may send me a monthly newsletter with workshop announcements and tips. I can withdraw my consent with the link in every newsletter.</p>',
      },
    },
  },
  {
    key: 'terms',
    uniqueNumber: 'UZR-GDPR-02',
    text: {
      hr: {
        displayName: 'Prihvaćam uvjete korištenja i kupnje',
        text: '<p>Pročitao/la sam i prihvaćam <a href="/uvjeti-koristenja">uvjete korištenja i kupnje</a>.</p>',
      },
      en: {
        displayName: 'I accept the terms of use and sale',
        text: '<p>I have read and accept the <a href="/en/terms-of-service">terms of use and sale</a>.</p>',
      },
    },
  },
  {
    key: 'privacy',
    uniqueNumber: 'UZR-GDPR-03',
    text: {
      hr: {
        displayName: 'Upoznat/a sam s politikom privatnosti',
        text: '<p>Upoznat/a sam s načinom obrade osobnih podataka opisanim u <a href="/politika-privatnosti">politici privatnosti</a>.</p>',
      },
      en: {
        displayName: 'I have read the privacy policy',
        text: '<p>I have read how my personal data is processed as described in the <a href="/en/privacy-policy">privacy policy</a>.</p>',
      },
    },
  },
  {
    key: 'marketing',
    uniqueNumber: 'UZR-GDPR-04',
    text: {
      hr: {
        displayName: 'Pristajem na primanje ponuda i obavijesti o akcijama',
        text: '<p>Pristajem da mi udruga e-poštom šalje ponude iz webshopa i obavijesti o akcijama. Pristanak mogu povući u svakom trenutku.</p>',
      },
      en: {
        displayName: 'I agree to receive offers and sale announcements',
        text: '<p>I agree that the association may e-mail me web shop offers and sale announcements. I can withdraw my consent at any time.</p>',
      },
    },
  },
];

export const demoConsentAssignments: { form: ConsentForm; consents: ConsentKey[]; required: ConsentKey[] }[] =
  [
    { form: 'registerForm', consents: ['terms', 'privacy', 'marketing'], required: ['terms'] },
    { form: 'newsletter', consents: ['privacy', 'newsletter'], required: ['privacy'] },
    { form: 'checkoutForm', consents: ['terms', 'privacy', 'marketing'], required: ['terms', 'privacy'] },
    { form: 'contactForm', consents: ['privacy'], required: ['privacy'] },
    { form: 'productAvailabilityForm', consents: ['privacy'], required: ['privacy'] },
  ];
