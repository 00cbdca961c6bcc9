import type { Widen } from '../../widen.ts';
import type { formsHr } from './hr.ts';

/** English texts of the forms editors define (the form section, the availability request). */
export const formsEn: Widen<typeof formsHr> = {
  requiredNote: 'Fields marked with an asterisk (*) are required.',
  consentsLegend: 'Consents',
  submit: 'Send',
  sent: 'Thank you! It has been sent.',
  pending: 'Check your e-mail: we have sent you a link to confirm your address.',
  confirmed: 'Your address is confirmed and your submission received.',
  errorSummary: 'The form was not sent. Please correct the marked fields.',
  failed: 'Something went wrong. Please try again.',
  captcha: 'The check that you are not a robot failed. Please try again.',
  consentRequired: 'The marked consent is required to send the form.',
  inStock: 'The product is back in stock: you can order it right away.',
  tooMany: 'Too many attempts. Please try again in a minute.',
  availabilityHeading: 'Tell me when it is back',
  availabilityText:
    'Leave your e-mail address and we will write to you once, as soon as the product is back in stock.',
  field: {
    required: 'This field is required.',
    email: 'Enter a valid e-mail address.',
    minLength: 'The minimum length is {{length}} characters.',
    maxLength: 'The maximum length is {{length}} characters.',
    alphaSpecialChars: 'Letters only, no special characters.',
    option: 'Choose one of the options.',
  },
  choose: 'Choose…',
};
