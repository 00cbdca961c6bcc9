import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { idParam, int32, lineText, PG_INTEGER_MAX, pagedSchema } from '../../../core/input-schemas.ts';
import type { MediaView } from '../../../core/media.ts';

export const productSorts = [
  'newest',
  'price_asc',
  'price_desc',
  'name_asc',
  'name_desc',
  'priority',
] as const;
export type ProductSort = (typeof productSorts)[number];

// Coerced in bodies too: clients send ids as numbers or as numeric strings.
const id = idParam;
const slug = lineText(200).trim().toLowerCase().min(1);

export const mediaSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    title: z.string(),
    alt: z.string(),
    mime: z.string(),
  })
  .meta({ id: 'Media' }) satisfies z.ZodType<MediaView>;

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
  discountEndsAt: z
    .string()
    .nullable()
    .meta({ description: 'ISO 8601 instant the sale price ends; null without a sale or an announced end' }),
});

const pricesSchema = productPricesSchema.nullable().meta({
  id: 'ProductPrices',
  description: 'Minor units of the currency; null when the product has no price in it',
});

const formatSchema = z.enum(['Simple', 'EProduct', 'Configurable', 'Bundle']);
const tagSchema = z.object({ code: z.string(), name: z.string() });
const stockSchema = z.object({ qty: z.number().int().nullable(), inStock: z.boolean() });
const gtinSchema = z
  .string()
  .nullable()
  .meta({ description: 'GTIN-8/12/13/14 digits (a book: its ISBN-13); null when the product has none' });
const conditionSchema = z.enum(['new', 'used', 'refurbished', 'damaged']);

/** An entry of `attributes` (Configurable products only): an attribute and the values variants use. */
export const variantAttributeSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  inputType: z.string(),
  attributeCode: z.string(),
  customClass: z.string().nullable(),
  values: z.array(
    z.object({
      id: z.number().int(),
      value: z.string(),
      valueCode: z.string(),
      isMedia: z.boolean(),
      media: mediaSchema.nullable(),
      swatchColor: z.string().nullable(),
      shopDefault: z.boolean(),
    }),
  ),
});

/** An entry of `associatedProducts`: one concrete variant. */
export const variantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  gtin: gtinSchema,
  format: z.string(),
  attributes: z.array(
    z.object({ attributeId: z.number().int(), attributeCode: z.string(), valueId: z.number().int() }),
  ),
  attributeValueIds: z.array(z.number().int()),
  isShopDefault: z.boolean(),
  prices: pricesSchema,
  stock: stockSchema,
  media: z.array(mediaSchema),
  isVisibleIndividually: z.boolean(),
  mainProductSlug: z.string().nullable(),
});

/** An entry of `customOptions`. */
export const customOptionSchema = z.object({
  id: z.number().int(),
  option_title: z.string(),
  option_type: z.string(),
  isRequired: z.boolean(),
  maxLength: z.number().int().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  custom_option_values: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      sku: z.string(),
      priceDelta: z.number().int(),
      priceDeltaCurrency: z.string(),
    }),
  ),
});

/** The published reviews' rating (issue 15): null until a review with stars is published. */
export const ratingSchema = z
  .object({
    average: z.number().meta({ description: 'Mean stars of the published reviews, two decimals' }),
    count: z.number().int().meta({ description: 'Published reviews with a rating' }),
  })
  .nullable()
  .meta({ id: 'ProductRating' });

export const cardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    format: formatSchema,
    media: z.array(mediaSchema).meta({ description: 'The first image only' }),
    prices: pricesSchema,
    tags: z.array(tagSchema),
    inStock: z.boolean(),
    rating: ratingSchema,
  })
  .meta({ id: 'ProductCard' });

export const productSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    format: formatSchema,
    type: formatSchema,
    brand: z
      .string()
      .nullable()
      .meta({ description: "Maker or publisher; null for the shop's own products" }),
    gtin: gtinSchema,
    itemCondition: conditionSchema,
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
    attributes: z.array(variantAttributeSchema).meta({ description: 'Configurable only' }),
    associatedProducts: z.array(variantSchema).meta({
      description: 'Configurable only: the variants with their attribute value ids, prices and stock',
    }),
    bundles: z.array(z.object({ product: cardSchema, format: formatSchema, quantity: z.number().int() })),
    customOptions: z.array(customOptionSchema),
    canAddDirectly: z.boolean(),
    alternates: z.record(z.string(), z.string()).meta({ description: 'Slug per language: {hr, en}' }),
    rating: ratingSchema,
  })
  .meta({ id: 'Product' });

const productQuery = z
  .object({
    id: id.optional(),
    slug: slug.optional(),
    store: id.optional(),
    currency: id.optional().meta({ description: 'Currency id; prices default to the store currency' }),
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
  .meta({
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
  select: z.array(id).max(500).optional().meta({ description: 'Only these product ids' }),
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

export const navigationFilterSchema = z
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
  .meta({ id: 'NavigationFilter' });

export type CategoryNode = {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
  seo: { title: string | null; description: string | null };
  image: z.infer<typeof mediaSchema> | null;
  position: number;
  productCount: number;
  children: CategoryNode[];
  /** Slug per language, for alternate links and the language switch. */
  alternates: Record<string, string>;
};

export const categorySchema: z.ZodType<CategoryNode> = z
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
    alternates: z.record(z.string(), z.string()).meta({ description: 'Slug per language: {hr, en}' }),
  })
  .meta({ id: 'Category' });

const categoryWithBreadcrumb = z.object({
  category: categorySchema,
  breadcrumb: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});

const list = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), totalRecords: z.number().int(), totalPages: z.number().int() });

export type ProductPrices = z.output<typeof productPricesSchema>;
export type Stock = z.output<typeof stockSchema>;
export type VariantAttribute = z.output<typeof variantAttributeSchema>;
export type Variant = z.output<typeof variantSchema>;
export type CustomOption = z.output<typeof customOptionSchema>;
export type ProductCard = z.output<typeof cardSchema>;
export type ProductRecord = z.output<typeof productSchema>;
export type NavigationFilter = z.output<typeof navigationFilterSchema>;

const productCardPage = pagedSchema(cardSchema);

export const productGet = defineContract({
  method: 'get',
  path: '/v1/catalogue/products/get',
  tags: ['catalogue'],
  summary: 'A product by slug or id, with prices in the store (or given) currency',
  query: productQuery,
  output: productSchema,
});

export const productWebGet = defineContract({
  method: 'get',
  path: '/v1/catalogue/product/web/get',
  tags: ['catalogue'],
  summary: 'A product page: texts, media, prices, stock, variants, bundle, options',
  query: productQuery,
  output: productSchema,
});

export const productWebFilter = defineContract({
  method: 'post',
  path: '/v1/catalogue/product/web/filter',
  tags: ['catalogue'],
  summary: 'Product listing: keywords, filters, category, ids, sort and paging',
  body: filterBody,
  output: productCardPage,
});

export const layeredNavigation = defineContract({
  method: 'post',
  path: '/v1/catalogue/layered/navigation',
  tags: ['catalogue'],
  summary: 'Filter panel: price range and attribute choices with product counts',
  body: navigationBody,
  output: z.object({ filters: z.array(navigationFilterSchema) }),
});

export const categoryGetById = defineContract({
  method: 'get',
  path: '/v1/catalogue/web/category/get/{id}',
  tags: ['catalogue'],
  summary: 'A category with its subtree and breadcrumb',
  params: z.object({ id }),
  output: categoryWithBreadcrumb,
});

export const categoryGet = defineContract({
  method: 'get',
  path: '/v1/catalogue/web/category/get',
  tags: ['catalogue'],
  summary: 'A category by slug, with its subtree and breadcrumb',
  query: z.object({ slug }),
  output: categoryWithBreadcrumb,
});

export const categoryPage = defineContract({
  method: 'post',
  path: '/v1/catalogue/web/category/page',
  tags: ['catalogue'],
  summary: 'A category page in one answer: the category, its filter panel and one page of its products',
  description:
    'Not in the specification: what web/category/get, layered/navigation (for the category alone and ' +
    'for the given keywords and filters) and product/web/filter answer for one category, in one call. ' +
    '`categoryFilters` are the choices of the category without keywords or filters (to check a ' +
    "request's filters against), `filters` those of the given criteria. 404 when no category has the slug.",
  body: z.object({
    slug,
    keywords: criteria.keywords,
    filters: criteria.filters,
    store: criteria.store,
    currency: criteria.currency,
    sort: z.enum(productSorts).optional(),
    limit: z.coerce.number().int().positive().max(100).optional(),
    page: z.coerce.number().int().positive().max(100_000).optional(),
  }),
  output: categoryWithBreadcrumb
    .extend({
      categoryFilters: z.array(navigationFilterSchema),
      filters: z.array(navigationFilterSchema),
      products: productCardPage,
    })
    .meta({ id: 'CategoryPage' }),
});

export const categoryFilter = defineContract({
  method: 'post',
  path: '/v1/catalogue/web/category/filter',
  tags: ['catalogue'],
  summary: 'Categories as a tree sorted by id: all, the children of parentId, or the subtree of slug',
  body: z.object({ parentId: id.optional(), slug: slug.optional() }),
  output: list(categorySchema),
});

export const tagFilter = defineContract({
  method: 'post',
  path: '/v1/catalogue/web/tag/filter',
  tags: ['catalogue'],
  summary: 'Product tags with their names in the request language',
  body: z.object({ codes: z.array(lineText(64).trim().min(1)).max(100).optional() }),
  output: list(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});

export const checkBundles = defineContract({
  method: 'get',
  path: '/v1/catalogue/checkBundles',
  tags: ['catalogue'],
  summary: "A bundle's members, saying which need a variant chosen (with the variants to choose from)",
  query: z.object({ product: id, store: id.optional(), currency: id.optional() }),
  output: z.object({
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
        attributes: z.array(variantAttributeSchema),
        associatedProducts: z.array(variantSchema),
      }),
    ),
  }),
});
export type BundleCheck = z.output<typeof checkBundles.output>;
