import { createRoute, z } from '@hono/zod-openapi';
import { uiLanguages } from '../../../core/languages.ts';
import { createApiRouter, jsonBody, jsonResponses } from '../../api/api-router.ts';
import { dateInput, idInput, idParam, lineText } from '../../api/input-schemas.ts';
import { elementHandlers, postTypes, termTypes } from './cms.schema.ts';
import type { CmsContentService } from './cms-content.service.ts';
import { FAILED_PATH_MAX, failedPathInput } from './failed-request-path.ts';
import type { FinderService } from './finder.service.ts';

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

const elementSchema = z.object({
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

const navigationNodeSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.string().openapi({ description: 'Resolved href in the request language' }),
    baseLink: z.string().openapi({ description: 'The target slug, event id or stored URL' }),
    children: z.unknown().openapi({ type: 'array', description: 'Nested items of the same shape' }),
    externalLink: z.string().nullable(),
    isExternal: z.boolean(),
    parent_id: z.number().int().nullable(),
    rel: z.string().nullable(),
    target: z.string().nullable(),
    formattedPath: z.string(),
    icon: z.string().nullable(),
  })
  .openapi('NavigationItem');

const termSchema = z
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
  .openapi('Term');

const termRefSchema = z.object({ title: z.string(), slug: z.string() });
const postCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  type: z.object({ slug: z.enum(postTypes) }),
  media: mediaSchema,
  created_at: z.string(),
  published_at: z.string().nullable(),
  user: z.object({ displayName: z.string() }),
  terms: z.object({ categories: z.array(termRefSchema), tags: z.array(termRefSchema) }),
  link: z.string(),
  resourceType: z.literal('post'),
  seo: z.object({ title: z.string(), description: z.string() }),
  alternates: z.record(z.string(), z.string()).openapi({ description: 'Slug per language: {hr, en}' }),
});
const postSchema = postCardSchema
  .extend({
    body: z.string().optional().openapi({ description: 'Only when filtering by a single slug' }),
    sections: z
      .array(
        z.object({
          id: z.number().int(),
          type: z.string(),
          isMaster: z.boolean(),
          showDesktop: z.boolean(),
          showMobile: z.boolean(),
          settings: z.record(z.string(), z.unknown()),
          content: z.record(z.string(), z.unknown()),
        }),
      )
      .optional(),
    sectionMedia: z
      .array(
        z.object({
          id: z.number().int(),
          url: z.string(),
          width: z.number().int().nullable(),
          height: z.number().int().nullable(),
        }),
      )
      .optional()
      .openapi({ description: 'The images the sections name, with their original sizes' }),
    relatedPosts: z.array(postCardSchema).optional(),
  })
  .openapi('Post');

const pagedSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    totalRecords: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

const finderResourceSchema = z.object({
  resourceType: z.enum(['post', 'page', 'term', 'product', 'category', 'event']),
  id: z.number().int(),
  slug: z.string(),
});

export function cmsRoutes(cms: CmsContentService, finder: FinderService) {
  const router = createApiRouter();

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cms/element/getByHandlers',
      tags: ['cms'],
      summary: 'Layout elements (header, footer, cookie notice) in the request language',
      request: jsonBody(
        z.object({
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
      ),
      responses: jsonResponses(z.array(elementSchema)),
    }),
    async (c) =>
      c.json({ data: await cms.elementsByHandlers(c.get('ctx'), c.req.valid('json').handlers) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cms/navigation/tree/{id}',
      tags: ['cms'],
      summary: 'A menu (main, footer1 to footer4) as a tree with resolved links',
      request: {
        params: z.object({
          id: lineText(40).refine(
            (id) => !/^footer\d+$/.test(id) || /^footer[1-4]$/.test(id),
            'Footer menus are footer1 to footer4',
          ),
        }),
      },
      responses: jsonResponses(z.array(navigationNodeSchema)),
    }),
    async (c) => c.json({ data: await cms.navigationTree(c.get('ctx'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cms/term/filter',
      tags: ['cms'],
      summary: 'Blog categories or tags with their number of published posts',
      request: { query: z.object({ type: z.enum(termTypes).optional() }) },
      responses: jsonResponses(z.array(termSchema)),
    }),
    async (c) => c.json({ data: await cms.filterTerms(c.get('ctx'), c.req.valid('query').type) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cms/term/filterStandard',
      tags: ['cms'],
      summary: 'Terms by type and slugs (request language), paged',
      request: jsonBody(
        z.object({
          filters: z
            .object({
              type: z.enum(termTypes).optional(),
              slugs: z.array(slugSchema).max(100).optional(),
            })
            .default({}),
          page: pageSchema,
          limit: z.number().int().min(1).max(100).default(20),
        }),
      ),
      responses: jsonResponses(pagedSchema(termSchema)),
    }),
    async (c) => c.json({ data: await cms.filterTermsStandard(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cms/term/get/{slug}',
      tags: ['cms'],
      summary: 'One term by its slug in the request language',
      request: { params: z.object({ slug: slugSchema }) },
      responses: jsonResponses(termSchema),
    }),
    async (c) => c.json({ data: await cms.termBySlug(c.get('ctx'), c.req.valid('param').slug) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cms/post/filterStandard',
      tags: ['cms'],
      summary: 'Published posts and pages, newest first; a single slug adds body, sections and related posts',
      request: jsonBody(
        z.object({
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
      ),
      responses: jsonResponses(pagedSchema(postSchema)),
    }),
    async (c) => c.json({ data: await cms.filterPosts(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cms/finder/decide',
      tags: ['cms'],
      summary: 'What a catch-all path names: a post, page, term, product, category or event',
      request: {
        query: z.object({
          slug: slugSchema.optional(),
          storeId: optionalId,
          productId: optionalId,
          categoryId: optionalId,
          eventId: optionalId,
        }),
      },
      responses: jsonResponses(finderResourceSchema),
    }),
    async (c) => c.json({ data: await finder.decide(c.get('ctx'), c.req.valid('query')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/cms/finder/searchSlugs',
      tags: ['cms'],
      summary: 'Post and term slugs in the request language matching a keyword',
      request: { query: z.object({ keyword: lineText(200).trim().min(1) }) },
      responses: jsonResponses(
        z.array(
          z.object({
            resourceType: z.enum(['post', 'term']),
            id: z.number().int(),
            type: z.string(),
            slug: z.string(),
            title: z.string(),
          }),
        ),
      ),
    }),
    async (c) => c.json({ data: await finder.searchSlugs(c.get('ctx'), c.req.valid('query').keyword) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cms/finder/getUrlOnLanguage',
      tags: ['cms'],
      summary: 'The address of the same post, term, event or product in another language',
      request: jsonBody(
        z.object({
          newLanguage: z.enum(uiLanguages),
          twoLetterCode: lineText(2).length(2).optional(),
          termId: idInput.optional(),
          postId: idInput.optional(),
          eventId: idInput.optional(),
          productId: idInput.optional(),
          categoryId: idInput.optional(),
        }),
      ),
      responses: jsonResponses(z.object({ url: z.string() })),
    }),
    async (c) => c.json({ data: await finder.urlOnLanguage(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/cms/redirect/addFailedRequest',
      tags: ['cms'],
      'x-writes': true,
      summary: 'Reports a path that answered 404: answers with the stored redirect for it, or counts it',
      description:
        'The path is stored without query or fragment, percent-escapes decoded and duplicate slashes ' +
        `collapsed, one row per path; longer than ${FAILED_PATH_MAX} characters or with control characters it is refused.`,
      request: jsonBody(z.object({ path: failedPathInput })),
      responses: jsonResponses(
        z.object({
          path: z.string(),
          hits: z.number().int(),
          redirect: z
            .object({ to: z.string(), status: z.union([z.literal(301), z.literal(302)]) })
            .nullable(),
        }),
      ),
    }),
    async (c) => c.json({ data: await cms.addFailedRequest(c.get('ctx'), c.req.valid('json').path) }, 200),
  );

  return router;
}
