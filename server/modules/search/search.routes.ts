import { createRoute, z } from '@hono/zod-openapi';
import { createApiRouter, jsonResponses } from '../../api/api-router.ts';
import { badRequest } from '../../api/errors.ts';
import { lineText } from '../../api/input-schemas.ts';
// biome-ignore lint/style/noRestrictedImports: the price schema moves to catalogue.contract.ts with the contracts (issue 9)
import { productPricesSchema } from '../catalogue/catalogue.routes.ts';
import type { SearchService } from './search.service.ts';
import { parseCategories, searchCategories } from './search-text.ts';

const recordSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string().openapi({ description: 'Plain text around the first matching word' }),
    link: z.string().openapi({ description: 'Path of the item in the request language' }),
    media: z
      .object({
        url: z.string(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        alt: z.string(),
      })
      .nullable(),
    sku: z.string().optional().openapi({ description: 'Products only' }),
    prices: productPricesSchema.nullable().optional().openapi({ description: 'Products only' }),
  })
  .openapi('SearchRecord');

const groupSchema = z
  .object({
    category: z.enum(searchCategories),
    records: z.array(recordSchema),
    totalRecords: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .openapi('SearchGroup');

export function searchRoutes(search: SearchService) {
  const router = createApiRouter();

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/search',
      tags: ['search'],
      summary:
        'Site search in the request language, grouped by category (pages, posts, products, productCategories)',
      description:
        'Full text with diacritics folded ("skola" finds "škola") plus trigram similarity of titles for typos. ' +
        'Without a category the answer is 400 "missing search categories" (field category).',
      request: {
        query: z.object({
          search: lineText(200).trim().min(1),
          category: lineText(200).optional().openapi({
            description: 'Comma-separated: pages, posts, products, productCategories (at least one)',
          }),
          page: z.coerce.number().int().min(1).max(1000).default(1),
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
      },
      responses: jsonResponses(z.object({ search: z.string(), groups: z.array(groupSchema) })),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const categories = parseCategories(query.category);
      if (categories === undefined) {
        throw badRequest(`Unknown search category; use ${searchCategories.join(', ')}.`, 'category');
      }
      if (categories.length === 0) throw badRequest('missing search categories', 'category');
      const result = await search.search(c.get('ctx'), {
        search: query.search,
        categories,
        page: query.page,
        limit: query.limit,
      });
      return c.json({ data: result }, 200);
    },
  );

  return router;
}
