import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import {
  FORM_LINE_MAX,
  FORM_MAX_FIELDS,
  FORM_MESSAGES,
  FORM_NAME_PATTERN,
  FORM_TEXTAREA_MAX,
  formFieldTypes,
  formTypes,
} from '../../../core/forms.ts';
import { idParam, lineText, pagedSchema } from '../../../core/input-schemas.ts';

/**
 * Back-office calls of the forms (`/admin/forms`, docs/decisions/0423): create, change, deactivate a
 * form defined as data and read what visitors sent. Every one answers 401/403 to others.
 */

/** A text per language (hr, en, de); at least one of them is given. */
const localizedText = (max: number) =>
  z
    .object({
      hr: lineText(max).trim().optional(),
      en: lineText(max).trim().optional(),
      de: lineText(max).trim().optional(),
    })
    .strict();
const requiredText = (max: number) =>
  localizedText(max).refine((text) => Object.values(text).some((value) => value), {
    message: 'Give the text in at least one language.',
  });

const LIMIT_MESSAGE = `At most ${FORM_TEXTAREA_MAX}.`;

/**
 * One field of a form, exactly as the renderer and `validateFormData` read it (core/forms.ts):
 * unknown keys are refused so a typo does not pass silently.
 */
export const formFieldDefinitionSchema = z
  .object({
    name: z
      .string()
      .regex(FORM_NAME_PATTERN, 'A field name is a letter, then letters, digits or _ (at most 40).'),
    type: z.enum(formFieldTypes),
    required: z.boolean().default(false),
    label: requiredText(200),
    placeholder: localizedText(200).optional(),
    options: z
      .array(z.object({ value: lineText(100).trim().min(1), label: requiredText(200) }).strict())
      .max(50)
      .optional(),
    validation: z
      .object({
        minLength: z.number().int().min(0).max(FORM_TEXTAREA_MAX, LIMIT_MESSAGE).optional(),
        maxLength: z.number().int().min(1).max(FORM_TEXTAREA_MAX, LIMIT_MESSAGE).optional(),
        alphaSpecialChars: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    const options = field.options ?? [];
    if (field.type === 'select' && options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A select needs at least one option.' });
    if (field.type !== 'select' && options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a select has options.' });
    const seen = new Set<string>();
    options.forEach((option, index) => {
      if (seen.has(option.value))
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'value'],
          message: `The option value "${option.value}" is used twice.`,
        });
      seen.add(option.value);
    });
    const { minLength, maxLength } = field.validation ?? {};
    if (minLength !== undefined && maxLength !== undefined && minLength > maxLength)
      ctx.addIssue({
        code: 'custom',
        path: ['validation', 'minLength'],
        message: 'The minimum length is above the maximum length.',
      });
    if (field.type !== 'textarea' && maxLength !== undefined && maxLength > FORM_LINE_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['validation', 'maxLength'],
        message: `A one-line field holds at most ${FORM_LINE_MAX} characters.`,
      });
  });

/** The fields of a form: 1 to FORM_MAX_FIELDS, names unique (the submitted data is keyed by them). */
export const formFieldsSchema = z
  .array(formFieldDefinitionSchema)
  .min(1, 'A form has at least one field.')
  .max(FORM_MAX_FIELDS, `A form has at most ${FORM_MAX_FIELDS} fields.`)
  .superRefine(
    (fields, ctx) => {
      const seen = new Set<string>();
      // Runs even when a field failed (`when`), so a duplicate is reported with the other issues: the
      // items may then be unchecked input.
      (fields as unknown[]).forEach((field, index) => {
        const name = (field as { name?: unknown } | null)?.name;
        if (typeof name !== 'string') return;
        if (seen.has(name))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `The field name "${name}" is used twice.`,
          });
        seen.add(name);
      });
    },
    { when: (payload) => Array.isArray(payload.value) },
  );

const settingsSchema = z
  .object({
    doubleOptIn: z.boolean().optional(),
    autoResponse: z.boolean().optional(),
    notifyShop: z.boolean().optional(),
    submitLabel: localizedText(100).optional(),
    successMessage: localizedText(500).optional(),
  })
  .strict();

const formKey = lineText(60)
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'A key is lower-case letters, digits and hyphens.');

const textOutput = z.record(z.string(), z.string());
/** A stored field as it is (the input schema above is stricter: it checks what an editor sends). */
const fieldDefinitionOutput = z
  .object({
    name: z.string(),
    type: z.enum(formFieldTypes),
    required: z.boolean(),
    label: textOutput,
    placeholder: textOutput.optional(),
    options: z.array(z.object({ value: z.string(), label: textOutput })).optional(),
    validation: z
      .object({
        minLength: z.number().int().optional(),
        maxLength: z.number().int().optional(),
        alphaSpecialChars: z.boolean().optional(),
      })
      .optional(),
  })
  .meta({ id: 'FormFieldDefinition' });

/** A form as the editor sees it: every language's texts, the fields as stored, active or not. */
export const formDefinitionSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    type: z.enum(formTypes),
    title: z.record(z.string(), z.string()),
    fields: z.array(fieldDefinitionOutput),
    settings: z.object({
      doubleOptIn: z.boolean().optional(),
      autoResponse: z.boolean().optional(),
      notifyShop: z.boolean().optional(),
      submitLabel: textOutput.optional(),
      successMessage: textOutput.optional(),
    }),
    active: z.boolean(),
    submissionCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FormDefinition' });
export type FormDefinitionRecord = z.output<typeof formDefinitionSchema>;

export const formAdminFilter = defineContract({
  method: 'get',
  path: '/v1/admin/form/filter',
  tags: ['forms'],
  access: 'backoffice',
  summary: 'Back office: every form of the site (active or not) with its type and number of submissions',
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  output: pagedSchema(formDefinitionSchema).meta({ id: 'FormDefinitionPage' }),
});

export const formAdminGet = defineContract({
  method: 'get',
  path: '/v1/admin/form/get/{id}',
  tags: ['forms'],
  access: 'backoffice',
  summary: 'Back office: one form of the site with its full definition (active or not)',
  description: `404 '${FORM_MESSAGES.notFound}'.`,
  params: z.object({ id: idParam }),
  output: formDefinitionSchema,
});

const definitionBody = {
  type: z.enum(formTypes),
  title: requiredText(200),
  fields: formFieldsSchema,
  settings: settingsSchema.optional(),
};

export const formAdminCreate = defineContract({
  method: 'post',
  path: '/v1/admin/form/create',
  tags: ['forms'],
  access: 'backoffice',
  writes: true,
  summary: 'Back office: define a new form (type, title per language, fields as data)',
  description:
    'The whole definition is checked first: a bad field answers 400 naming it (`fields.<index>.<key>`) with ' +
    "every issue listed, and nothing is stored. A key the site already uses: 409 'A form with this key exists.'",
  body: z.object({ key: formKey, ...definitionBody }).strict(),
  output: formDefinitionSchema,
});

export const formAdminUpdate = defineContract({
  method: 'put',
  path: '/v1/admin/form/update/{id}',
  tags: ['forms'],
  access: 'backoffice',
  summary: "Back office: replace a form's type, title, fields and settings (all or nothing); reactivate it",
  description:
    'All-or-nothing: any invalid part answers 400 naming the field (`fields.<index>.<key>`) and the form is ' +
    'unchanged. Earlier submissions keep the values they were sent with.',
  params: z.object({ id: idParam }),
  body: z.object({ ...definitionBody, active: z.boolean().optional() }).strict(),
  output: formDefinitionSchema,
});

export const formAdminDelete = defineContract({
  method: 'delete',
  path: '/v1/admin/form/delete/{id}',
  tags: ['forms'],
  access: 'backoffice',
  summary:
    'Back office: deactivate a form (visitors get 404 for it; its submissions are kept; update reactivates it)',
  params: z.object({ id: idParam }),
  output: z.object({ id: z.number().int(), active: z.literal(false) }),
});

export const formSubmissionSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['received', 'pending', 'confirmed']),
    data: z.record(z.string(), z.union([z.string(), z.boolean()])),
    email: z.string().nullable(),
    languageCode: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'FormSubmission' });
export type FormSubmissionRecord = z.output<typeof formSubmissionSchema>;

export const formAdminSubmissions = defineContract({
  method: 'get',
  path: '/v1/admin/form/submissions/{id}',
  tags: ['forms'],
  access: 'backoffice',
  summary: "Back office: a form's submissions, newest first, paged",
  description: `404 '${FORM_MESSAGES.notFound}' for a form of another site or none.`,
  params: z.object({ id: idParam }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: pagedSchema(formSubmissionSchema).meta({ id: 'FormSubmissionPage' }),
});
