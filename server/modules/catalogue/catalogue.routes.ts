import { createRoute, z } from '@hono/zod-openapi';
import { createApiRouter, jsonBody, jsonResponses } from '../../api/api-router.ts';
import { idParam, int32, lineText, PG_INTEGER_MAX } from '../../api/input-schemas.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { productSorts } from './product-filter.ts';

// Coerced in bodies too: clients send ids as numbers or as numeric strings.
const id = idParam;
const slug = lineText(200).trim().toLowerCase().min(1);

const mediaSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    title: z.string(),
    alt: z.string(),
    mime: z.string(),
  })
  .openapi('Media');

const amounts = {
  retailPrice: z.number().int(),
  discountPrice: z.number().int().nullable(),
  membershipPrice: z.number().int().nullable(),
  bundlePrice: z.number().int().nullable(),
  finalPrice: z.number().int(),
};

/** The prices of a product in one currency (minor units); also used by the site search. */
export const productPricesSchema = z.object({
  basicPrice: z.number().int(),
  ...amounts,
  currency: z.object({ id: z.number().int(), code: z.string(), symbol: z.string() }),
  eurEquivalent: z.object(amounts).nullable(),
  discountPercent: z.number().int(),
});

const pricesSchema = productPricesSchema.nullable().openapi('ProductPrices', {
  description: 'Minor units of the currency; null when the product has no price in it',
});

const formatSchema = z.enum(['Simple', 'EProduct', 'Configurable', 'Bundle']);
const tagSchema = z.object({ code: z.string(), name: z.string() });
const stockSchema = z.object({ qty: z.number().int().nullable(), inStock: z.boolean() });

const cardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    format: formatSchema,
    media: z.array(mediaSchema).openapi({ description: 'The first image only' }),
    prices: pricesSchema,
    tags: z.array(tagSchema),
    inStock: z.boolean(),
  })
  .openapi('ProductCard');

const looseList = z.array(z.record(z.string(), z.unknown()));

const productSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    format: formatSchema,
    type: formatSchema,
    description: z.string(),
    shortDescription: z.string(),
    seo: z.object({ title: z.string().nullable(), description: z.string().nullable() }),
    media: z.array(mediaSchema),
    prices: pricesSchema,
    stock: stockSchema,
    taxRateBp: z.number().int(),
    eproductDelivery: z.string().nullable(),
    tags: z.array(tagSchema),
    categories: z.array(
      z.object({ id: z.number().int(), name: z.string(), slug: z.string(), isMain: z.boolean() }),
    ),
    categoryPriority: z.number().int(),
    isVisibleIndividually: z.boolean(),
    mainProductSlug: z.string().nullable(),
    crossSellProducts: z.array(cardSchema),
    attributes: looseList.openapi({
      description: 'Configurable only: {id, label, inputType, attributeCode, customClass, values}',
    }),
    associatedProducts: looseList.openapi({
      description: 'Configurable only: the variants with their attribute value ids, prices and stock',
    }),
    bundles: z.array(z.object({ product: cardSchema, format: formatSchema, quantity: z.number().int() })),
    customOptions: looseList.openapi({
      description: '{id, option_title, option_type, isRequired, maxLength, custom_option_values}',
    }),
    canAddDirectly: z.boolean(),
    alternates: z.record(z.string(), z.string()).openapi({ description: 'Slug per language: {hr, en}' }),
  })
  .openapi('Product');

const productQuery = z
  .object({
    id: id.optional(),
    slug: slug.optional(),
    store: id.optional(),
    currency: id.optional().openapi({ description: 'Currency id; prices default to the store currency' }),
  })
  .refine((query) => query.id !== undefined || query.slug !== undefined, {
    message: 'Give a product slug or id.',
    path: ['slug'],
  });

/** A value id, or a price bound in minor units: both are PostgreSQL integers. */
const filterNumber = z.number().min(-PG_INTEGER_MAX).max(PG_INTEGER_MAX);
const bound = z.union([filterNumber, lineText(20)]).nullish();
const filterValue = z.union([
  lineText(500),
  filterNumber,
  z.boolean(),
  z.array(z.union([lineText(200), filterNumber])).max(100),
  z.object({ min: bound, max: bound, minValue: bound, maxValue: bound }),
]);

const filtersSchema = z
  .array(
    z.object({
      key: lineText(64).trim().min(1),
      value: filterValue.nullish(),
      default: z.unknown().optional(),
    }),
  )
  .max(50)
  .openapi({
    description:
      "Attribute codes with value ids or codes; 'price' with {min, max} in minor units; 'tag'; 'category'",
  });

const criteria = {
  keywords: lineText(200).optional(),
  filters: filtersSchema.optional(),
  mainCategory: z.union([int32(1), lineText(200).trim()]).optional(),
  store: id.optional(),
  currency: id.optional(),
};

const filterBody = z.object({
  ...criteria,
  select: z.array(id).max(500).optional().openapi({ description: 'Only these product ids' }),
  sort: z.enum(productSorts).optional(),
  limit: z.coerce.number().int().positive().max(PG_INTEGER_MAX).optional(),
  page: z.coerce.number().int().positive().max(100_000).optional(),
  allowUnlimited: z.boolean().optional(),
});

const navigationBody = z.object(criteria);

const choiceSchema = z.object({
  attributeID: z.number().int(),
  value: z.number().int(),
  valueCode: z.string(),
  valueLabel: z.string(),
  totalProducts: z.number().int(),
  selected: z.boolean(),
  swatchColor: z.string().nullable(),
});

const navigationFilterSchema = z
  .object({
    label: z.string(),
    attributeCode: z.string(),
    attributeId: z.number().int().nullable(),
    type: z.enum(['range', 'single', 'multiple']),
    inputType: z.string(),
    minValue: z.number().int().nullable(),
    maxValue: z.number().int().nullable(),
    value: z.union([
      z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
      z.array(z.number().int()),
      z.null(),
    ]),
    choices: z.array(choiceSchema),
  })
  .openapi('NavigationFilter');

type CategoryNodeSchema = {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
  seo: { title: string | null; description: string | null };
  image: z.infer<typeof mediaSchema> | null;
  position: number;
  productCount: number;
  children: CategoryNodeSchema[];
  alternates: Record<string, string>;
};

const categorySchema: z.ZodType<CategoryNodeSchema> = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    seo: z.object({ title: z.string().nullable(), description: z.string().nullable() }),
    image: mediaSchema.nullable(),
    position: z.number().int(),
    productCount: z.number().int(),
    get children() {
      return z.array(categorySchema);
    },
    alternates: z.record(z.string(), z.string()).openapi({ description: 'Slug per language: {hr, en}' }),
  })
  .openapi('Category');

const categoryWithBreadcrumb = z.object({
  category: categorySchema,
  breadcrumb: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});

const list = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), totalRecords: z.number().int(), totalPages: z.number().int() });

export function catalogueRoutes(catalogue: CatalogueService) {
  const router = createApiRouter();

  const productRoute = (path: string, summary: string) =>
    router.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['catalogue'],
        summary,
        request: { query: productQuery },
        responses: jsonResponses(productSchema),
      }),
      async (c) => c.json({ data: await catalogue.product(c.get('ctx'), c.req.valid('query')) }, 200),
    );
  productRoute(
    '/v1/catalogue/products/get',
    'A product by slug or id, with prices in the store (or given) currency',
  );
  productRoute(
    '/v1/catalogue/product/web/get',
    'A product page: texts, media, prices, stock, variants, bundle, options',
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/catalogue/product/web/filter',
      tags: ['catalogue'],
      summary: 'Product listing: keywords, filters, category, ids, sort and paging',
      request: jsonBody(filterBody),
      responses: jsonResponses(
        z.object({
          records: z.array(cardSchema),
          totalPages: z.number().int(),
          totalRecords: z.number().int(),
          page: z.number().int(),
          limit: z.number().int(),
        }),
      ),
    }),
    async (c) => c.json({ data: await catalogue.filterProducts(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/catalogue/layered/navigation',
      tags: ['catalogue'],
      summary: 'Filter panel: price range and attribute choices with product counts',
      request: jsonBody(navigationBody),
      responses: jsonResponses(z.object({ filters: z.array(navigationFilterSchema) })),
    }),
    async (c) => c.json({ data: await catalogue.navigation(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/catalogue/web/category/get/{id}',
      tags: ['catalogue'],
      summary: 'A category with its subtree and breadcrumb',
      request: { params: z.object({ id }) },
      responses: jsonResponses(categoryWithBreadcrumb),
    }),
    async (c) => c.json({ data: await catalogue.category(c.get('ctx'), c.req.valid('param').id) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/catalogue/web/category/get',
      tags: ['catalogue'],
      summary: 'A category by slug, with its subtree and breadcrumb',
      request: { query: z.object({ slug }) },
      responses: jsonResponses(categoryWithBreadcrumb),
    }),
    async (c) => c.json({ data: await catalogue.category(c.get('ctx'), c.req.valid('query').slug) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/catalogue/web/category/filter',
      tags: ['catalogue'],
      summary: 'Categories as a tree sorted by id: all, the children of parentId, or the subtree of slug',
      request: jsonBody(z.object({ parentId: id.optional(), slug: slug.optional() })),
      responses: jsonResponses(list(categorySchema)),
    }),
    async (c) => c.json({ data: await catalogue.categories(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/catalogue/web/tag/filter',
      tags: ['catalogue'],
      summary: 'Product tags with their names in the request language',
      request: jsonBody(z.object({ codes: z.array(lineText(64).trim().min(1)).max(100).optional() })),
      responses: jsonResponses(list(z.object({ id: z.number().int(), code: z.string(), name: z.string() }))),
    }),
    async (c) => c.json({ data: await catalogue.tagList(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/catalogue/checkBundles',
      tags: ['catalogue'],
      summary: "A bundle's members, saying which need a variant chosen (with the variants to choose from)",
      request: { query: z.object({ product: id, store: id.optional(), currency: id.optional() }) },
      responses: jsonResponses(
        z.object({
          product: z.object({
            id: z.number().int(),
            format: formatSchema,
            name: z.string(),
            slug: z.string(),
          }),
          canAddDirectly: z.boolean(),
          bundles: z.array(
            z.object({
              product: cardSchema,
              format: formatSchema,
              quantity: z.number().int(),
              needsChoice: z.boolean(),
              attributes: looseList,
              associatedProducts: looseList,
            }),
          ),
        }),
      ),
    }),
    async (c) => c.json({ data: await catalogue.checkBundles(c.get('ctx'), c.req.valid('query')) }, 200),
  );

  return router;
}
