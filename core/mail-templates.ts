/**
 * The e-mail templates the shop sends, with the variables each sender passes and a sample value of
 * every variable (the admin's preview and test send render with these). Keys are the `mail_templates`
 * keys; a template stored under another key (a site option may name its own) is still listed, with
 * the variables its text uses. Sample values are example data, not interface text.
 */
export type MailTemplateVariable = { name: string; sample: string };

const orderVariables: MailTemplateVariable[] = [
  { name: 'orderNumber', sample: '2026-000123' },
  { name: 'firstName', sample: 'Ana' },
  { name: 'lastName', sample: 'Anić' },
  { name: 'email', sample: 'ana@example.com' },
  { name: 'grandTotal', sample: '42,90 €' },
  { name: 'paymentMethod', sample: 'Pouzećem / Cash on delivery' },
  { name: 'shippingMethod', sample: 'GLS' },
  { name: 'items', sample: '1 × Emocionalni memory — 19,90 €\n2 × Kockice razgovora — 23,00 €' },
  { name: 'orderUrl', sample: 'https://example.com/checkout/success?order=sample' },
  { name: 'siteName', sample: 'Shop' },
];

const accountVariables: MailTemplateVariable[] = [
  { name: 'firstName', sample: 'Ana' },
  { name: 'siteName', sample: 'Shop' },
  { name: 'link', sample: 'https://example.com/confirm-email?token=sample' },
  { name: 'validHours', sample: '24' },
];

export const MAIL_TEMPLATE_VARIABLES: Readonly<Record<string, readonly MailTemplateVariable[]>> = {
  'user-register': accountVariables,
  'reset-password': accountVariables,
  'order-confirmation': orderVariables,
  'order-notice': orderVariables,
  'newsletter-confirm': [
    { name: 'siteName', sample: 'Shop' },
    { name: 'email', sample: 'ana@example.com' },
    { name: 'link', sample: 'https://example.com/confirm-email?subscription=sample' },
    { name: 'validHours', sample: '48' },
  ],
  'newsletter-welcome': [
    { name: 'siteName', sample: 'Shop' },
    { name: 'email', sample: 'ana@example.com' },
    { name: 'unsubscribeUrl', sample: 'https://example.com/newsletter/unsubscribe?token=sample' },
  ],
};

/** A template key as stored: lower-case words joined by hyphens. */
export const MAIL_TEMPLATE_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
