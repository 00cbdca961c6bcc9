import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText, multilineText } from '../../../core/input-schemas.ts';
import { MAIL_TEMPLATE_KEY } from '../../../core/mail-templates.ts';

/** Back-office calls of the e-mail templates (`/admin/templates`); every one answers 401/403 to others. */

const templateKey = lineText(64).regex(
  MAIL_TEMPLATE_KEY,
  'A template key is lower-case letters, digits and hyphens.',
);
const languageCode = lineText(2).regex(/^[a-z]{2}$/, 'A language is a two-letter code.');

export const MAIL_TEMPLATE_LIMITS = { subject: 500, bodyHtml: 100_000, bodyText: 50_000 } as const;

const variableSchema = z.object({ name: z.string(), sample: z.string() });

/** Where a template's text comes from: the site's own (edited) row, the shipped default, or neither yet. */
const templateSource = z.enum(['site', 'default', 'none']);

const templateSummary = z.object({
  key: z.string(),
  /** One entry per language of the site. */
  languages: z.array(
    z.object({
      languageCode: z.string(),
      source: templateSource,
      subject: z.string(),
      updatedAt: z.string().nullable(),
    }),
  ),
  variables: z.array(variableSchema),
});

export const mailTemplateSchema = z
  .object({
    key: z.string(),
    languageCode: z.string(),
    /** `none`: no text in this language yet; the fields hold another language's as a start. */
    source: templateSource,
    subject: z.string(),
    bodyHtml: z.string(),
    bodyText: z.string(),
    updatedAt: z.string().nullable(),
    variables: z.array(variableSchema),
  })
  .meta({ id: 'MailTemplate' });
export type MailTemplateRecord = z.output<typeof mailTemplateSchema>;

export const mailTemplateFilter = defineContract({
  method: 'get',
  path: '/v1/admin/mail/template/filter',
  tags: ['mail'],
  access: 'backoffice',
  summary: 'Back office: every e-mail template of the site, per language of the site, with its variables',
  output: z.object({ records: z.array(templateSummary), languages: z.array(z.string()) }),
});
export type MailTemplateList = z.output<typeof mailTemplateFilter.output>;

const templateRef = z.object({ key: templateKey, language: languageCode });

export const mailTemplateGet = defineContract({
  method: 'get',
  path: '/v1/admin/mail/template/get',
  tags: ['mail'],
  access: 'backoffice',
  summary:
    'Back office: one e-mail template in one language (404 for an unknown key or a language the site lacks)',
  query: templateRef,
  output: mailTemplateSchema,
});

export const templateText = z.object({
  subject: lineText(MAIL_TEMPLATE_LIMITS.subject).trim().min(1),
  bodyHtml: multilineText(MAIL_TEMPLATE_LIMITS.bodyHtml).trim().min(1),
  bodyText: multilineText(MAIL_TEMPLATE_LIMITS.bodyText).trim().min(1),
});

export const mailTemplateUpdate = defineContract({
  method: 'put',
  path: '/v1/admin/mail/template/update',
  tags: ['mail'],
  access: 'backoffice',
  summary: "Back office: save the site's own text of a template in one language",
  description:
    'The subject, HTML and text bodies are Liquid. Each is parsed and rendered with the sample data first: ' +
    'a syntax error, an unknown filter or a tag that reads files (include, render, layout) is a 400 naming ' +
    'the field and the line, and nothing is saved.',
  body: templateRef.extend(templateText.shape),
  output: mailTemplateSchema,
});

export const mailTemplatePreview = defineContract({
  method: 'post',
  path: '/v1/admin/mail/template/preview',
  tags: ['mail'],
  access: 'backoffice',
  summary:
    'Back office: render a template with the sample data (the given text, else the stored one); saves nothing',
  description: 'A template that does not parse or render is a 400 naming the field, as for update.',
  body: templateRef.extend(templateText.partial().shape),
  output: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});

export const mailTemplateTestSend = defineContract({
  method: 'post',
  path: '/v1/admin/mail/template/test-send',
  tags: ['mail'],
  access: 'backoffice',
  writes: true,
  summary:
    "Back office: queue the stored template, rendered with the sample data, to the signed-in user's own address",
  body: templateRef,
  output: z.object({ queued: z.literal(true), id: z.number().int(), to: z.string() }),
});
