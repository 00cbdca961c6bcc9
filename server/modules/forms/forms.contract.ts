import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import {
  FORM_LINE_MAX,
  FORM_MAX_FIELDS,
  FORM_MESSAGES,
  FORM_TEXTAREA_MAX,
  formFieldTypes,
  formTypes,
} from '../../../core/forms.ts';
import { idInput, idParam, lineText, multilineText, pagedSchema } from '../../../core/input-schemas.ts';
import { captchaFields } from '../captcha/captcha.contract.ts';
import { emailInput } from '../users/users.contract.ts';

const consentSchema = z.object({
  id: z.number().int(),
  uniqueNumber: z.string(),
  version: z.number().int(),
  displayName: z.string(),
  text: z.string(),
  required: z.boolean(),
});

export const formFieldViewSchema = z.object({
  name: z.string(),
  type: z.enum(formFieldTypes),
  required: z.boolean(),
  label: z.string(),
  placeholder: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int(),
  alphaSpecialChars: z.boolean(),
});

export const formViewSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    type: z.enum(formTypes),
    title: z.string(),
    fields: z.array(formFieldViewSchema),
    /** The consents assigned to the form's type (consent assignments), with which are required. */
    consents: z.array(consentSchema),
    doubleOptIn: z.boolean(),
    submitLabel: z.string(),
    successMessage: z.string(),
  })
  .meta({ id: 'Form' });
export type FormView = z.output<typeof formViewSchema>;

export const formFilter = defineContract({
  method: 'post',
  path: '/v1/cms/form/filter',
  tags: ['forms'],
  summary: 'The active forms of the site (optionally of one type), with their fields in the request language',
  body: z.object({
    type: z.enum(formTypes).optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  output: pagedSchema(formViewSchema).meta({ id: 'FormPage' }),
});

export const formGet = defineContract({
  method: 'get',
  path: '/v1/form/get/{id}',
  tags: ['forms'],
  summary:
    'One active form by id: type, title, fields (name, type, required, label, validation) and consents',
  description: `404 '${FORM_MESSAGES.notFound}'.`,
  params: z.object({ id: idParam }),
  output: formViewSchema,
});

/** A submitted value: text, a number or a checkbox. The form's definition decides what is kept. */
const submittedValue = z.union([z.string().max(FORM_TEXTAREA_MAX), z.number(), z.boolean()]);
const consentIds = z.array(idInput).max(50).default([]);

export const formStoreData = defineContract({
  method: 'post',
  path: '/v1/form/storeData',
  tags: ['forms'],
  writes: true,
  summary:
    'Submit a form: validated against its fields, stored, consents logged, auto-response and shop notice mailed',
  description:
    "Field failures answer 400 with one issue per field (`data.<name>`) and section 5's messages " +
    '(required, e-mail, minimum/maximum length, letters only). A required consent missing: 400 ' +
    'CONSENT_REQUIRED on `consents`. A captcha is required (`captcha` or `g-recaptcha-response`; 400 on ' +
    '`captcha` when missing, wrong or replayed). A double-opt-in form stores the submission pending and ' +
    'mails a confirmation link instead (form/confirmEmail). A productAvailabilityForm names `product_id` ' +
    `of an out-of-stock product (409 '${FORM_MESSAGES.inStock}'); the mail goes out once when its stock returns.`,
  body: z
    .object({
      id: idInput,
      data: z
        .record(z.string().max(40), submittedValue)
        .refine((value) => Object.keys(value).length <= FORM_MAX_FIELDS, {
          message: `At most ${FORM_MAX_FIELDS} fields.`,
        }),
      consents: consentIds,
      product_id: idInput.optional(),
      'g-recaptcha-key': z.string().max(200).optional(),
      ...captchaFields,
    })
    .strict(),
  output: z.object({
    id: z.number().int(),
    status: z.enum(['received', 'pending']),
    /** Whether the mails of this submission were queued (auto-response, notice, or the confirmation). */
    mailSent: z.boolean(),
    message: z.string(),
  }),
});

const token = lineText(200)
  .min(10)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a token.');

export const formConfirmEmail = defineContract({
  method: 'get',
  path: '/v1/form/confirmEmail/{token}',
  tags: ['forms'],
  summary: 'Confirm the address of a double-opt-in form submission (the link of its mail); the goal to show',
  description: `400 INVALID_TOKEN '${FORM_MESSAGES.invalidToken}' for an unknown, used or expired token.`,
  params: z.object({ token }),
  output: z.object({ goalType: z.literal('message'), goal: z.string(), confirmedEmail: z.string() }),
});

export const contactAdmin = defineContract({
  method: 'post',
  path: '/v1/contact/contactAdmin',
  tags: ['forms'],
  writes: true,
  summary: "A message to the shop's address (site option SendEmailTo), with an auto-response to the sender",
  description:
    'The fixed contact message without a form definition: stored as a contactForm submission, the ' +
    "contactForm consents enforced and logged, a captcha required. Field failures: 400 with section 5's messages.",
  body: z
    .object({
      name: lineText(FORM_LINE_MAX).trim().min(1, 'This field is required.'),
      email: emailInput,
      phone: lineText(30).optional(),
      subject: lineText(FORM_LINE_MAX).optional(),
      message: multilineText(FORM_TEXTAREA_MAX).trim().min(1, 'This field is required.'),
      consents: consentIds,
      'g-recaptcha-key': z.string().max(200).optional(),
      ...captchaFields,
    })
    .strict(),
  output: z.object({ id: z.number().int(), mailSent: z.boolean() }),
});
