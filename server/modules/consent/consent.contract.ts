import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { emailInput } from '../users/users.contract.ts';

/** The forms consents are assigned to (the values of consent_assignments.assigned_to). */
export const consentFormNames = [
  'newsletter',
  'contactForm',
  'registerForm',
  'checkoutForm',
  'addressForm',
  'productAvailabilityForm',
] as const;

const consentRecord = z.object({
  id: z.number().int(),
  uniqueNumber: z.string(),
  /** The version of the text shown; the log keeps it with the acceptance. */
  version: z.number().int(),
  displayName: z.string(),
  /** Sanitized HTML: the full text behind the checkbox label. */
  text: z.string(),
  required: z.boolean(),
});
export type ConsentRecord = z.output<typeof consentRecord>;

export const webConsentFilter = defineContract({
  method: 'post',
  path: '/v1/gdpr/web/consent/filter',
  tags: ['consent'],
  summary: 'The consents assigned to the website forms, with their current text in the request language',
  body: z.object({
    assignedTo: z.enum(consentFormNames).optional(),
    forWeb: z.boolean().optional(),
    limit: z.number().int().min(1).max(100).default(100),
  }),
  output: z.object({
    records: z.array(z.object({ assignedTo: z.enum(consentFormNames), consents: z.array(consentRecord) })),
  }),
});

export const consentLogBody = z
  .object({
    status: z.enum(['accepted', 'withdrawn']),
    /** The client's time; the log records the server's own time. */
    statusTimestamp: z.string().max(40).optional(),
    sourceType: z.literal('cmsSite').default('cmsSite'),
    /** The form the consents were given in. */
    source: z.enum(consentFormNames),
    consents: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(50),
    user: z
      .object({ userType: z.enum(['webUser', 'guest']).default('webUser'), email: emailInput.optional() })
      .default({ userType: 'webUser' }),
  })
  .strict();

export const webConsentLogCreate = defineContract({
  method: 'post',
  path: '/v1/gdpr/web/consent/log/create',
  tags: ['consent'],
  writes: true,
  summary:
    'Record consents given (append-only): user or e-mail, server time, consent version, form and client address',
  description:
    'The logged-in user is taken from the session; a visitor names an e-mail address. Consents not assigned to the form answer 400.',
  body: consentLogBody,
  output: z.object({ logged: z.number().int() }),
});
