import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { idInput, lineText } from '../../../core/input-schemas.ts';
import { uiLanguages } from '../../../core/languages.ts';
import { shellMenus } from './cms.contract.ts';

/**
 * The back office's navigation editor: a menu read as a flat list in tree order (each item's depth
 * says where it hangs) and saved whole, with a version check. 401 without a session, 403 for users
 * without the back-office role.
 */

export const NAVIGATION_MAX_DEPTH = 3;
export const NAVIGATION_MAX_ITEMS = 200;
export const NAVIGATION_TITLE_MAX = 120;

export const NAVIGATION_MESSAGES = {
  backofficeOnly: 'Back-office users only.',
  conflict:
    'Someone else saved this menu after you opened it. Your changes are kept in the editor: reload to see theirs, then apply yours again.',
  depth: `An item hangs under the item above it: at most ${NAVIGATION_MAX_DEPTH} levels, one level deeper than the item before.`,
  target: 'This link target does not exist on the site or is not published.',
  targetRequired: 'Choose what this item links to.',
  externalUrl: 'An external link is a full http:// or https:// address.',
  staticPath: "A path on this site starts with a single '/'.",
  eventUnchanged: 'Event links can only be kept as they are.',
} as const;

export const navigationHandleInput = z.enum(shellMenus);

/** The kinds of link an item has (`navigation_items.link_type`); the service checks they match the table's. */
export const navigationLinkTypes = [
  'page',
  'post',
  'term',
  'product',
  'category',
  'event',
  'external',
  'static',
] as const;

const itemSchema = z.object({
  /** The stored item; absent for a new one. */
  id: z.number().int().nullable(),
  /** 0 for a top-level item; an item hangs under the nearest item above it with one level less. */
  depth: z.number().int(),
  title: z.string(),
  linkType: z.enum(navigationLinkTypes),
  targetId: z.number().int().nullable(),
  url: z.string().nullable(),
  /** Where the item leads in the edited language; null when its target is gone or unpublished. */
  link: z.string().nullable(),
  /** False when the title shown is the site's default language's (no text in this language yet). */
  translated: z.boolean(),
});
export type NavigationEditItem = z.output<typeof itemSchema>;

export const navigationEditStateSchema = z
  .object({
    handle: navigationHandleInput,
    language: z.enum(uiLanguages),
    /** Opaque: what the menu held when read; a save with another one is refused. */
    version: z.string(),
    items: z.array(itemSchema),
  })
  .meta({ id: 'NavigationEditState' });
export type NavigationEditState = z.output<typeof navigationEditStateSchema>;

export const navigationEditState = defineContract({
  method: 'get',
  path: '/v1/cms/navigation/edit/{id}',
  access: 'backoffice',
  tags: ['cms', 'navigation'],
  summary:
    'Back office: a menu as the navigation editor edits it (items in tree order, texts in one language, version)',
  description: `401 without a session, 403 '${NAVIGATION_MESSAGES.backofficeOnly}' for other users.`,
  params: z.object({ id: navigationHandleInput }),
  query: z.object({ language: z.enum(uiLanguages).optional() }),
  output: navigationEditStateSchema,
});

export const navigationSaveItemInput = z.object({
  id: idInput.optional(),
  depth: z
    .number()
    .int()
    .min(0)
    .max(NAVIGATION_MAX_DEPTH - 1),
  title: lineText(NAVIGATION_TITLE_MAX).trim().min(1),
  linkType: z.enum(navigationLinkTypes),
  targetId: idInput.optional(),
  url: lineText(2000).trim().optional(),
});
export type NavigationSaveItem = z.input<typeof navigationSaveItemInput>;

export const navigationSave = defineContract({
  method: 'put',
  path: '/v1/cms/navigation/save/{id}',
  access: 'backoffice',
  tags: ['cms', 'navigation'],
  summary: 'Back office: replaces a menu with the items listed (tree order, titles in one language)',
  description:
    'The menu keeps exactly the items listed, in that order; an item left out is deleted with its texts in every language. ' +
    'An item keeps its texts in the other languages when its `id` is sent. Internal links name their target by type and id ' +
    '(page, post, term, product, category); external links are http(s) addresses and open in a new tab. ' +
    `\`version\` must be the one the editor read: another answers 409 '${NAVIGATION_MESSAGES.conflict}' and changes nothing. ` +
    "Every save drops the site's cached pages and menus on every process.",
  params: z.object({ id: navigationHandleInput }),
  body: z.object({
    version: lineText(100),
    language: z.enum(uiLanguages),
    items: z.array(navigationSaveItemInput).max(NAVIGATION_MAX_ITEMS),
  }),
  output: navigationEditStateSchema,
});
