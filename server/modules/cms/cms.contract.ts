import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { FAILED_PATH_MAX, failedPathInput } from '../../../core/failed-request-path.ts';
import { dateInput, idInput, idParam, lineText, pagedSchema } from '../../../core/input-schemas.ts';
import { uiLanguages } from '../../../core/languages.ts';
import { eventSchema } from '../events/events.contract.ts';

/** The CMS's public vocabulary: what its calls accept and answer. */
export const termTypes = ['category', 'tag'] as const;
export const postTypes = ['page', 'post'] as const;
export const elementHandlers = ['header-section', 'footer-section', 'cookie-section'] as const;
export const sectionTypes = [
  'hero',
  'rich-text',
  'image-text',
  'card-grid',
  'latest-posts',
  'upcoming-events',
  'products',
  'call-to-action',
  'faq',
  'gallery',
  'video',
  'sponsors',
  'newsletter',
  'form',
  'instagram',
] as const;
export type SectionType = (typeof sectionTypes)[number];

/**
 * Shapes of a section's `settings` (language-independent) and `content` (per language) per section
 * type. Links are paths with their language prefix ('/o-nama', '/en/about-us') or absolute URLs. HTML
 * fields are sanitized before they are stored.
 */
export type SectionLink = { label: string; href: string };

export type SectionShapes = {
  hero: {
    settings: { mediaId: number | null; overlay: 'dark' | 'light'; align: 'left' | 'center' };
    content: { title: string; subtitle: string; button?: SectionLink };
  };
  'rich-text': {
    settings: { width: 'narrow' | 'wide' };
    content: { title?: string; html: string };
  };
  'image-text': {
    settings: { mediaId: number | null; imagePosition: 'left' | 'right' };
    content: { title: string; html: string; button?: SectionLink };
  };
  'card-grid': {
    /** `icons` are names of the site's icon set (app/components/social-link.tsx), shown on cards without an image. */
    settings: { columns: 2 | 3 | 4; mediaIds: (number | null)[]; icons?: (string | null)[] };
    /** Cards pair with `settings.mediaIds` and `settings.icons` by index. */
    content: { title: string; intro?: string; cards: { title: string; text: string; link?: SectionLink }[] };
  };
  'latest-posts': {
    settings: { limit: number; categoryId: number | null };
    content: { title: string; button?: SectionLink };
  };
  'upcoming-events': {
    settings: { limit: number };
    content: { title: string; emptyText: string; button?: SectionLink };
  };
  /**
   * Featured products chosen by the editor, in the editor's order, shown as the shop's product cards;
   * products that are hidden or no longer active are left out.
   */
  products: {
    settings: { productIds: number[] };
    content: { title?: string };
  };
  'call-to-action': {
    settings: { background: 'primary' | 'secondary' | 'light' };
    content: { title: string; text: string; button: SectionLink };
  };
  faq: {
    settings: Record<string, never>;
    content: { title: string; items: { question: string; answerHtml: string }[] };
  };
  gallery: {
    settings: { mediaIds: number[] };
    /** Captions pair with `settings.mediaIds` by index. */
    content: { title: string; captions: string[] };
  };
  video: {
    settings: { provider: 'youtube'; videoId: string };
    content: { title: string; caption: string };
  };
  sponsors: {
    settings: { logos: { mediaId: number; name: string; url: string }[] };
    content: { title: string; description: string };
  };
  newsletter: {
    settings: { consentForm: 'newsletter' };
    content: { title: string; text: string; placeholder: string; buttonLabel: string };
  };
  /** Any form an editor defined as data (server/modules/forms), by id: the contact form of the demo. */
  form: {
    settings: { formId: number };
    content: { title: string; text: string };
  };
  /** Recent posts of the site's `InstagramHashtags` (socialGetters/getIgByHashtags); nothing when there are none. */
  instagram: {
    settings: { limit: number };
    content: { title: string; text?: string };
  };
};

export type SectionSettings<T extends SectionType> = SectionShapes[T]['settings'];
export type SectionContent<T extends SectionType> = SectionShapes[T]['content'];

const handlerAliases = {
  header: 'header-section',
  footer: 'footer-section',
  cookie: 'cookie-section',
} as const;

const slugSchema = lineText(300).trim().min(1);
const optionalId = idParam.optional();
const pageSchema = z.number().int().min(1).max(10_000).default(1);

const mediaSchema = z
  .object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable(), title: z.string() })
  .nullable();

export const elementSchema = z.object({
  id: z.number().int(),
  handler: z.enum(elementHandlers),
  type: z.literal('static-element'),
  language_code: z.string(),
  title: z.string(),
  slug: z.string(),
  meta: z.record(z.string(), z.unknown()),
  mobileMeta: z.record(z.string(), z.unknown()),
  options: z.record(z.string(), z.unknown()),
  mobileOptions: z.record(z.string(), z.unknown()),
  parts: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type Element = z.output<typeof elementSchema>;

export type NavigationNode = {
  id: number;
  title: string;
  link: string;
  baseLink: string;
  children: NavigationNode[];
  externalLink: string | null;
  isExternal: boolean;
  parent_id: number | null;
  rel: string | null;
  target: string | null;
  formattedPath: string;
  icon: string | null;
};

export const navigationNodeSchema: z.ZodType<NavigationNode> = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.string().meta({ description: 'Resolved href in the request language' }),
    baseLink: z.string().meta({ description: 'The target slug, event id or stored URL' }),
    get children() {
      return z.array(navigationNodeSchema);
    },
    externalLink: z.string().nullable(),
    isExternal: z.boolean(),
    parent_id: z.number().int().nullable(),
    rel: z.string().nullable(),
    target: z.string().nullable(),
    formattedPath: z.string(),
    icon: z.string().nullable(),
  })
  .meta({ id: 'NavigationItem' });

export const termSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(termTypes),
    parent_id: z.number().int().nullable(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    link: z.string(),
    postCount: z.number().int(),
    alternates: z.record(z.string(), z.string()),
  })
  .meta({ id: 'Term' });
export type Term = z.output<typeof termSchema>;

const termRefSchema = z.object({ title: z.string(), slug: z.string() });
export const postCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  type: z.object({ slug: z.enum(postTypes) }),
  media: mediaSchema,
  created_at: z.string(),
  published_at: z.string().nullable(),
  updated_at: z.string().meta({ description: 'Last change of the post (structured data dateModified)' }),
  user: z.object({ displayName: z.string() }),
  terms: z.object({ categories: z.array(termRefSchema), tags: z.array(termRefSchema) }),
  link: z.string(),
  resourceType: z.literal('post'),
  seo: z.object({ title: z.string(), description: z.string() }),
  alternates: z.record(z.string(), z.string()).meta({ description: 'Slug per language: {hr, en}' }),
});
export type PostCard = z.output<typeof postCardSchema>;

export const sectionViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(sectionTypes),
  isMaster: z.boolean(),
  showDesktop: z.boolean(),
  showMobile: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  content: z.record(z.string(), z.unknown()),
});
export type SectionView = z.output<typeof sectionViewSchema>;

export const sectionMediaSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type SectionMedia = z.output<typeof sectionMediaSchema>;

export const postSchema = postCardSchema
  .extend({
    body: z.string().optional().meta({ description: 'Only when filtering by a single slug' }),
    sections: z.array(sectionViewSchema).optional(),
    sectionMedia: z
      .array(sectionMediaSchema)
      .optional()
      .meta({ description: 'The images the sections name, with their original sizes' }),
    relatedPosts: z.array(postCardSchema).optional(),
  })
  .meta({ id: 'Post' });
export type PostView = z.output<typeof postSchema>;

export const finderResourceTypes = ['post', 'page', 'term', 'product', 'category', 'event'] as const;
export const finderResourceSchema = z.object({
  resourceType: z.enum(finderResourceTypes),
  id: z.number().int(),
  slug: z.string(),
});
export type FinderResource = z.output<typeof finderResourceSchema>;

export const elementsByHandlers = defineContract({
  method: 'post',
  path: '/v1/cms/element/getByHandlers',
  tags: ['cms'],
  summary: 'Layout elements (header, footer, cookie notice) in the request language',
  body: z.object({
    handlers: z
      .array(z.enum([...elementHandlers, 'header', 'footer', 'cookie']))
      .min(1)
      .max(10)
      .transform((handlers) => [
        ...new Set(
          handlers.map(
            (handler) =>
              (handler in handlerAliases
                ? handlerAliases[handler as keyof typeof handlerAliases]
                : handler) as (typeof elementHandlers)[number],
          ),
        ),
      ]),
  }),
  output: z.array(elementSchema),
});

export const navigationTree = defineContract({
  method: 'get',
  path: '/v1/cms/navigation/tree/{id}',
  tags: ['cms'],
  summary: 'A menu (main, footer1 to footer4) as a tree with resolved links',
  params: z.object({
    id: lineText(40).refine(
      (id) => !/^footer\d+$/.test(id) || /^footer[1-4]$/.test(id),
      'Footer menus are footer1 to footer4',
    ),
  }),
  output: z.array(navigationNodeSchema),
});

export const termFilter = defineContract({
  method: 'get',
  path: '/v1/cms/term/filter',
  tags: ['cms'],
  summary: 'Blog categories or tags with their number of published posts',
  query: z.object({ type: z.enum(termTypes).optional() }),
  output: z.array(termSchema),
});

export const termFilterStandard = defineContract({
  method: 'post',
  path: '/v1/cms/term/filterStandard',
  tags: ['cms'],
  summary: 'Terms by type and slugs (request language), paged',
  body: z.object({
    filters: z
      .object({
        type: z.enum(termTypes).optional(),
        slugs: z.array(slugSchema).max(100).optional(),
      })
      .default({}),
    page: pageSchema,
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: pagedSchema(termSchema),
});

export const termBySlug = defineContract({
  method: 'get',
  path: '/v1/cms/term/get/{slug}',
  tags: ['cms'],
  summary: 'One term by its slug in the request language',
  params: z.object({ slug: slugSchema }),
  output: termSchema,
});

export const postFilterStandard = defineContract({
  method: 'post',
  path: '/v1/cms/post/filterStandard',
  tags: ['cms'],
  summary: 'Published posts and pages, newest first; a single slug adds body, sections and related posts',
  body: z.object({
    filters: z
      .object({
        postTypeSlugs: z.array(z.enum(postTypes)).min(1).max(2).optional(),
        termSlugs: z.array(slugSchema).max(50).optional(),
        search: lineText(200)
          .trim()
          .optional()
          .transform((value) => value || undefined),
        slug: slugSchema.optional(),
        dateFrom: dateInput('from').optional(),
        dateTo: dateInput('to').optional(),
      })
      .prefault({}),
    sort: z
      .object({ published_at: z.enum(['desc', 'asc']).default('desc') })
      .default({ published_at: 'desc' }),
    page: pageSchema,
    limit: z.number().int().min(1).max(100).default(9),
  }),
  output: pagedSchema(postSchema),
});

/** What a page's listing sections show besides their own texts: posts and events, by section id. */
export const sectionDataSchema = z
  .object({ posts: z.array(postCardSchema).optional(), events: z.array(eventSchema).optional() })
  .meta({ id: 'SectionData' });
export type SectionData = z.output<typeof sectionDataSchema>;

export const pageView = defineContract({
  method: 'get',
  path: '/v1/cms/page/view',
  tags: ['cms'],
  summary: 'A page or post by slug with what its listing sections show, in one answer',
  description:
    'Not in the specification: what post/filterStandard answers for one slug (body, sections, their ' +
    'images, related posts), and for each latest-posts and upcoming-events section the posts and ' +
    'events it lists (what post/filterStandard, term/filter and event/public/filter would answer). ' +
    '404 when no published page or post has the slug in the request language.',
  query: z.object({ slug: slugSchema }),
  output: z
    .object({
      post: postSchema,
      sectionData: z
        .record(z.string(), sectionDataSchema)
        .meta({ description: 'By section id; only sections that list posts or events' }),
    })
    .meta({ id: 'PageView' }),
});
export type PageView = z.output<typeof pageView.output>;

export const finderDecide = defineContract({
  method: 'get',
  path: '/v1/cms/finder/decide',
  tags: ['cms'],
  summary: 'What a catch-all path names: a post, page, term, product, category or event',
  query: z.object({
    slug: slugSchema.optional(),
    storeId: optionalId,
    productId: optionalId,
    categoryId: optionalId,
    eventId: optionalId,
  }),
  output: finderResourceSchema,
});

export const finderSearchSlugs = defineContract({
  method: 'get',
  path: '/v1/cms/finder/searchSlugs',
  tags: ['cms'],
  summary: 'Post and term slugs in the request language matching a keyword',
  query: z.object({ keyword: lineText(200).trim().min(1) }),
  output: z.array(
    z.object({
      resourceType: z.enum(['post', 'term']),
      id: z.number().int(),
      type: z.string(),
      slug: z.string(),
      title: z.string(),
    }),
  ),
});

export const finderUrlOnLanguage = defineContract({
  method: 'post',
  path: '/v1/cms/finder/getUrlOnLanguage',
  tags: ['cms'],
  summary: 'The address of the same post, term, event or product in another language',
  body: z.object({
    newLanguage: z.enum(uiLanguages),
    twoLetterCode: lineText(2).length(2).optional(),
    termId: idInput.optional(),
    postId: idInput.optional(),
    eventId: idInput.optional(),
    productId: idInput.optional(),
    categoryId: idInput.optional(),
  }),
  output: z.object({ url: z.string() }),
});

export const addFailedRequest = defineContract({
  method: 'post',
  path: '/v1/cms/redirect/addFailedRequest',
  tags: ['cms'],
  writes: true,
  summary: 'Reports a path that answered 404: answers with the stored redirect for it, or counts it',
  description:
    'The path is stored without query or fragment, percent-escapes decoded and duplicate slashes ' +
    `collapsed, one row per path; longer than ${FAILED_PATH_MAX} characters or with control characters it is refused.`,
  body: z.object({ path: failedPathInput }),
  output: z.object({
    path: z.string(),
    hits: z.number().int(),
    redirect: z.object({ to: z.string(), status: z.union([z.literal(301), z.literal(302)]) }).nullable(),
  }),
});

/** The site options the storefront's shell reads on every page. */
export const shellOptionKeys = [
  'RootRedirect',
  'DetectLanguage',
  'GoogleAnalyticsId',
  'GoogleTagManagerId',
  'FacebookPixelId',
  'HomePageSlug',
  'ShopContact',
  'MerchantPolicies',
] as const;
export const shellMenus = ['main', 'footer1', 'footer2', 'footer3', 'footer4'] as const;

export const storefrontShell = defineContract({
  method: 'get',
  path: '/v1/cms/shell',
  tags: ['cms'],
  summary: 'Everything every storefront page shows around its content, in one answer',
  description:
    'The site (name, languages, address for absolute links), the storefront options, the header and ' +
    'footer elements and every menu, in the request language. Cached per site and language. Not in the ' +
    'specification: it replaces domainDetect, option/filter, element/getByHandlers and five ' +
    'navigation/tree calls on every page.',
  output: z
    .object({
      site: z.object({
        name: z.string(),
        apiKeyId: z.number().int(),
        origin: z.string(),
        languages: z
          .array(z.string())
          .meta({ description: 'Two-letter codes of the languages the site serves' }),
      }),
      options: z.partialRecord(z.enum(shellOptionKeys), z.unknown()),
      elements: z.object({ header: elementSchema.nullable(), footer: elementSchema.nullable() }),
      navigation: z.record(z.enum(shellMenus), z.array(navigationNodeSchema)),
    })
    .meta({ id: 'StorefrontShell' }),
});
export type StorefrontShell = z.output<typeof storefrontShell.output>;
