import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { EDITOR_MESSAGES } from '../../../core/editor-messages.ts';
import { idInput, idParam, lineText } from '../../../core/input-schemas.ts';
import { uiLanguages } from '../../../core/languages.ts';
import { PAGE_SLUG_MIN, PAGE_SLUG_PATTERN } from '../../../core/section-defaults.ts';
import { elementHandlers, elementSchema, sectionTypes } from './cms.contract.ts';

/**
 * Edit mode's calls (back-office users only; 401 without a session, 403 for other users): the
 * editable state of a page, saving it with a version check, creating a page, and the static layout
 * elements (`element/create`, `element/update/{id}` of the specification).
 */

/** The refusals' texts live in core: edit mode maps them to its catalogs (the client build refuses zod). */
export { EDITOR_MESSAGES } from '../../../core/editor-messages.ts';

/** A JSON object of at most `max` characters once serialized: what a section may hold. */
const jsonObject = (max: number) =>
  z
    .record(z.string().max(100), z.unknown())
    .refine((value) => JSON.stringify(value).length <= max, `At most ${max} characters of JSON.`)
    // PostgreSQL refuses \u0000 in jsonb text.
    .refine(
      (value) => !JSON.stringify(value).includes('\\u0000'),
      'Control character \\u0000 is not allowed.',
    );

const languageInput = z.enum(uiLanguages);

export const pageSlugInput = lineText(200)
  .trim()
  .min(PAGE_SLUG_MIN, EDITOR_MESSAGES.slugFormat)
  .regex(PAGE_SLUG_PATTERN, EDITOR_MESSAGES.slugFormat);

export const editSectionInput = z.object({
  /** An existing section of the site (this page's, or a master section being added); absent: a new one. */
  id: idInput.optional(),
  type: z.enum(sectionTypes),
  isMaster: z.boolean(),
  /** The editor's label, shown in the section manager and the master component list. */
  name: lineText(120).default(''),
  showDesktop: z.boolean(),
  showMobile: z.boolean(),
  settings: jsonObject(20_000),
  /** The texts in the save's language; HTML fields are sanitized before they are stored. */
  content: jsonObject(100_000),
});
export type EditSectionInput = z.input<typeof editSectionInput>;

const editSectionSchema = z.object({
  id: z.number().int(),
  type: z.enum(sectionTypes),
  isMaster: z.boolean(),
  name: z.string(),
  showDesktop: z.boolean(),
  showMobile: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  content: z.record(z.string(), z.unknown()),
});
export type EditSection = z.output<typeof editSectionSchema>;

export const pageEditStateSchema = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    language: z.string(),
    title: z.string(),
    slug: z.string(),
    sections: z.array(editSectionSchema),
    /** Master sections of the site that this page could show (choose master component), texts in the same language. */
    masters: z.array(editSectionSchema),
  })
  .meta({ id: 'PageEditState' });
export type PageEditState = z.output<typeof pageEditStateSchema>;

export const pageEditState = defineContract({
  method: 'get',
  path: '/v1/cms/page/edit/{id}',
  access: 'backoffice',
  tags: ['cms', 'edit mode'],
  summary: 'Back office: a page as edit mode edits it (all sections, texts in the request language, version)',
  description: `401 without a session, 403 '${EDITOR_MESSAGES.backofficeOnly}' for other users, 404 for no such page.`,
  params: z.object({ id: idParam }),
  output: pageEditStateSchema,
});

export const pageSave = defineContract({
  method: 'put',
  path: '/v1/cms/page/save/{id}',
  access: 'backoffice',
  tags: ['cms', 'edit mode'],
  summary:
    "Back office: saves a page's sections (order, texts in one language, settings, visibility, master)",
  description:
    'The page keeps exactly the sections listed, in that order; a section left out is removed from the page ' +
    '(and deleted unless it is a master section or another page shows it). `version` must be the version ' +
    `the editor opened: an older one answers 409 '${EDITOR_MESSAGES.conflict}' and changes nothing. ` +
    "Every save drops the site's cached pages on every process.",
  params: z.object({ id: idParam }),
  body: z.object({
    version: idInput,
    language: languageInput,
    title: lineText(300).trim().min(1).optional(),
    sections: z.array(editSectionInput).min(1, EDITOR_MESSAGES.emptyPage).max(60),
  }),
  output: pageEditStateSchema,
});

export const pageCreate = defineContract({
  method: 'post',
  path: '/v1/cms/page/create',
  access: 'backoffice',
  tags: ['cms', 'edit mode'],
  writes: true,
  summary: 'Back office: a new published page with its first sections, in one language',
  description:
    `The slug is unique among the site's pages, posts and blog categories in that language (409 '${EDITOR_MESSAGES.slugTaken}'); ` +
    'an empty page (no section) is refused.',
  body: z.object({
    language: languageInput,
    title: lineText(300).trim().min(1),
    slug: pageSlugInput,
    sections: z
      .array(editSectionInput.omit({ id: true }))
      .min(1, EDITOR_MESSAGES.emptyPage)
      .max(60),
  }),
  output: z.object({ id: z.number().int(), slug: z.string(), link: z.string(), version: z.number().int() }),
});

const elementWriteSchema = elementSchema.extend({ version: z.number().int() });

const elementBody = {
  title: lineText(300).default(''),
  slug: lineText(200).default(''),
  meta: jsonObject(50_000).default({}),
  mobileMeta: jsonObject(50_000).default({}),
  options: jsonObject(20_000).default({}),
  mobileOptions: jsonObject(20_000).default({}),
  parts: jsonObject(100_000).default({}),
};

export const elementCreate = defineContract({
  method: 'post',
  path: '/v1/cms/element/create',
  access: 'backoffice',
  tags: ['cms', 'edit mode'],
  writes: true,
  summary: 'Back office: a static layout element (header, footer, cookie notice) in one language',
  description: `409 '${EDITOR_MESSAGES.elementExists}' when the site has it in that language already.`,
  body: z.object({ handler: z.enum(elementHandlers), language_code: languageInput, ...elementBody }),
  output: elementWriteSchema,
});

export const elementUpdate = defineContract({
  method: 'patch',
  path: '/v1/cms/element/update/{id}',
  access: 'backoffice',
  tags: ['cms', 'edit mode'],
  summary: 'Back office: changes a static layout element; `version` must be the one the editor read',
  description: `An older version answers 409 '${EDITOR_MESSAGES.elementConflict}' and changes nothing.`,
  params: z.object({ id: idParam }),
  body: z.object({
    version: idInput,
    title: elementBody.title.optional(),
    slug: elementBody.slug.optional(),
    meta: jsonObject(50_000).optional(),
    mobileMeta: jsonObject(50_000).optional(),
    options: jsonObject(20_000).optional(),
    mobileOptions: jsonObject(20_000).optional(),
    parts: jsonObject(100_000).optional(),
  }),
  output: elementWriteSchema,
});
export type ElementWrite = z.output<typeof elementUpdate.output>;

export const elementList = defineContract({
  method: 'get',
  path: '/v1/cms/element/list',
  access: 'backoffice',
  tags: ['cms', 'edit mode'],
  summary:
    'Back office: every static layout element of the site in every language, with the version to save against',
  description: `401 without a session, 403 '${EDITOR_MESSAGES.backofficeOnly}' for other users.`,
  output: z.array(elementWriteSchema),
});
