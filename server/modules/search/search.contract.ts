import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';
import { productPricesSchema } from '../catalogue/catalogue.contract.ts';

export const searchCategories = ['pages', 'posts', 'products', 'productCategories'] as const;
export type SearchCategory = (typeof searchCategories)[number];

export const searchRecordSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string().meta({ description: 'Plain text around the first matching word' }),
    link: z.string().meta({ description: 'Path of the item in the request language' }),
    media: z
      .object({
        url: z.string(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        alt: z.string(),
      })
      .nullable(),
    sku: z.string().optional().meta({ description: 'Products only' }),
    prices: productPricesSchema.nullable().optional().meta({ description: 'Products only' }),
  })
  .meta({ id: 'SearchRecord' });
export type SearchRecord = z.output<typeof searchRecordSchema>;

export const searchGroupSchema = z
  .object({
    category: z.enum(searchCategories),
    records: z.array(searchRecordSchema),
    totalRecords: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'SearchGroup' });
export type SearchGroup = z.output<typeof searchGroupSchema>;

export const searchResultSchema = z.object({ search: z.string(), groups: z.array(searchGroupSchema) });
export type SearchResult = z.output<typeof searchResultSchema>;

export const siteSearch = defineContract({
  method: 'get',
  path: '/v1/search',
  tags: ['search'],
  summary:
    'Site search in the request language, grouped by category (pages, posts, products, productCategories)',
  description:
    'Full text with diacritics folded ("skola" finds "škola") plus trigram similarity of titles for typos. ' +
    'Without a category the answer is 400 "missing search categories" (field category).',
  query: z.object({
    search: lineText(200).trim().min(1),
    category: lineText(200).optional().meta({
      description: 'Comma-separated: pages, posts, products, productCategories (at least one)',
    }),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  }),
  output: searchResultSchema,
});
