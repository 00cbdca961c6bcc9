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

/** Where a log record came from: a form, the profile (withdrawal) or the back office. */
export const consentLogSources = [...consentFormNames, 'profile'] as const;
export type ConsentLogSource = (typeof consentLogSources)[number];

/** The codes of the specification's consent errors (the UI translates them). */
export const CONSENT_ERRORS = {
  consentsNotFetched: 'CONSENTS_NOT_FETCHED',
  consentRequired: 'CONSENT_REQUIRED',
  failedConsentLog: 'FAILED_CONSENT_LOG',
} as const;

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
    source: z.enum(consentLogSources),
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
    'The logged-in user is taken from the session; a visitor names an e-mail address. Consents not assigned to the form answer 400. Withdrawing (status `withdrawn`, e.g. from the profile) needs no assignment. A record is never changed or deleted.',
  body: consentLogBody,
  output: z.object({ logged: z.number().int() }),
});

// Back office (issue 16). Each answers 401 without a session and 403 for a user without the
// back-office role.

const backofficeNote = '401 without a session, 403 for users without the back-office role.';
const consentIds = z.array(z.number().int().min(1).max(2_147_483_647)).max(100);
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !/[<>]/.test(value), 'No markup here.');

const assignmentRecord = z
  .object({
    id: z.number().int(),
    assigned_to: z.enum(consentFormNames),
    consents: z.array(z.number().int()),
    requiredConsents: z.array(z.number().int()),
  })
  .meta({ id: 'ConsentAssignment' });
export type ConsentAssignment = z.output<typeof assignmentRecord>;

export const consentFilter = defineContract({
  method: 'post',
  path: '/v1/gdpr/consent/filter',
  access: 'backoffice',
  tags: ['consent'],
  summary: 'Back office: the consent assignments of the site (a form, its consents and the required ones)',
  description: backofficeNote,
  body: z.object({
    page: z.number().int().min(1).max(100_000).default(1),
    perPage: z.number().int().min(1).max(50).default(50),
  }),
  output: z.object({
    data: z.array(assignmentRecord),
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
  }),
});

const assignmentBody = z
  .object({
    assigned_to: z.enum(consentFormNames),
    consents: consentIds,
    requiredConsents: consentIds.default([]),
  })
  .strict()
  .refine((body) => body.requiredConsents.every((id) => body.consents.includes(id)), {
    message: 'A required consent must also be one of the consents.',
    path: ['requiredConsents'],
  });

export const consentCreate = defineContract({
  method: 'post',
  path: '/v1/gdpr/consent/create',
  access: 'backoffice',
  tags: ['consent'],
  writes: true,
  summary: 'Back office: assign consents (and the required ones) to a form',
  description: `${backofficeNote} 409 when the form already has an assignment (change it with consent/update).`,
  body: assignmentBody,
  output: assignmentRecord,
});

export const consentUpdate = defineContract({
  method: 'post',
  path: '/v1/gdpr/consent/update/{id}',
  access: 'backoffice',
  tags: ['consent'],
  writes: true,
  summary: "Back office: change an assignment's consents and required consents",
  description: backofficeNote,
  params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  body: assignmentBody,
  output: assignmentRecord,
});

const versionText = z
  .object({
    languageCode: z.enum(['hr', 'en', 'de']),
    displayName: plainText(300),
    /** Shown as HTML: sanitized to the rich-text allow-list before it is stored. */
    text: z.string().max(20_000).default(''),
  })
  .strict();

const consentVersionRecord = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  texts: z.array(z.object({ languageCode: z.string(), displayName: z.string(), text: z.string() })),
});

const consentEntityRecord = z
  .object({
    id: z.number().int(),
    uniqueNumber: z.string(),
    version: z.number().int(),
    /** Newest first. */
    versions: z.array(consentVersionRecord),
  })
  .meta({ id: 'ConsentEntity' });
export type ConsentEntity = z.output<typeof consentEntityRecord>;

export const consentEntityFilter = defineContract({
  method: 'post',
  path: '/v1/gdpr/consent/entity/filter',
  access: 'backoffice',
  tags: ['consent'],
  summary: 'Back office: the consents of the site with every version of their texts',
  description: backofficeNote,
  body: z.object({
    id: z.number().int().min(1).max(2_147_483_647).optional(),
    limit: z.number().int().min(1).max(100).default(100),
  }),
  output: z.object({ records: z.array(consentEntityRecord) }),
});

export const consentEntityCreate = defineContract({
  method: 'post',
  path: '/v1/gdpr/consent/entity/create',
  access: 'backoffice',
  tags: ['consent'],
  writes: true,
  summary: 'Back office: create a consent (version 1 of its text)',
  description: `${backofficeNote} 409 when the unique number is taken.`,
  body: z
    .object({
      uniqueNumber: z
        .string()
        .trim()
        .min(1)
        .max(60)
        .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash and underscore only.'),
      texts: z.array(versionText).min(1).max(3),
    })
    .strict(),
  output: consentEntityRecord,
});

export const consentVersionCreate = defineContract({
  method: 'post',
  path: '/v1/gdpr/consent/entity/version/{id}',
  access: 'backoffice',
  tags: ['consent'],
  writes: true,
  summary: "Back office: a new version of a consent's text (the old versions stay readable)",
  description: `${backofficeNote} Languages not given keep their previous text under the new version.`,
  params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  body: z.object({ texts: z.array(versionText).min(1).max(3) }).strict(),
  output: consentEntityRecord,
});

const ledgerRecord = z.object({
  id: z.number().int(),
  consentId: z.number().int(),
  uniqueNumber: z.string(),
  version: z.number().int(),
  /** The consent's name in the request language (of the version recorded), or its unique number. */
  displayName: z.string(),
  status: z.enum(['accepted', 'withdrawn']),
  source: z.string(),
  createdAt: z.string(),
});
export type ConsentLedgerRecord = z.output<typeof ledgerRecord>;

export const webConsentMine = defineContract({
  method: 'get',
  path: '/v1/gdpr/web/consent/mine',
  tags: ['consent'],
  summary: "The logged-in user's consents: those now given, and the log of every record (newest first)",
  description: '401 without a session.',
  output: z.object({
    given: z.array(ledgerRecord),
    log: z.array(ledgerRecord),
  }),
});
