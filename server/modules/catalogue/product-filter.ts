import { and, asc, count, desc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PG_INTEGER_MAX } from '../../../core/input-schemas.ts';
import { badRequest } from '../../api/errors.ts';
import type { Db } from '../../db/client.ts';
import type { productSorts } from './catalogue.contract.ts';
import {
  productAttributeValues,
  productCategoryLinks,
  productPrices,
  products,
  productTags,
  productTranslations,
} from './catalogue.schema.ts';
import {
  type AttributeRecord,
  type CategoryRecord,
  findCategory,
  type TagRecord,
  withDescendants,
} from './catalogue-reference.ts';
import { type CatalogueView, viewLanguages } from './product-view.ts';

/**
 * Which products a listing shows: the product filter of web/filter and the base of layered navigation.
 * Input is resolved against the site's categories, attributes and tags first, so that the SQL only
 * ever sees ids and bound parameters.
 */

export type FilterValue =
  | string
  | number
  | boolean
  | (string | number)[]
  | {
      min?: number | string | null;
      max?: number | string | null;
      minValue?: number | string | null;
      maxValue?: number | string | null;
    };

export type FilterEntry = { key: string; value?: FilterValue | null };

export type ProductCriteriaInput = {
  keywords?: string;
  filters?: FilterEntry[];
  mainCategory?: number | string;
  select?: number[];
};

export type PriceRange = { min: number | null; max: number | null };

export type ResolvedCriteria = {
  words: string[];
  /** Null: no main category. Empty: a category that does not exist, so nothing matches. */
  mainCategoryIds: number[] | null;
  select: number[] | null;
  /** Attribute id -> the chosen value ids (any of them matches). */
  attributes: Map<number, number[]>;
  categories: number[] | null;
  tags: number[] | null;
  price: PriceRange | null;
};

/** The keys that do not name an attribute. 'archived' is accepted and ignored: listings show active products only. */
export const SPECIAL_KEYS = ['price', 'tag', 'tags', 'category', 'categories', 'archived'] as const;

/** The spec's rule: a filter call with nothing to filter by makes no request and gets an empty result. */
export function hasNoCriteria(input: ProductCriteriaInput & { limit?: number; page?: number }): boolean {
  return (
    !input.keywords?.trim() &&
    (input.filters ?? []).every((filter) => filter.key === 'archived') &&
    (input.mainCategory === undefined || input.mainCategory === '') &&
    (input.select === undefined || input.select.length === 0) &&
    input.limit === undefined &&
    input.page === undefined
  );
}

function tokens(value: FilterValue | null | undefined): string[] {
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (Array.isArray(value)) return value.flatMap((item) => tokens(item));
  if (typeof value === 'object') return [];
  return String(value)
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
}

const amount = (value: unknown, field: string): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw badRequest('The price bound is not a number.', field);
  // Prices are integer columns: a larger bound would be a failed query, not an empty listing.
  if (Math.round(parsed) > PG_INTEGER_MAX) throw badRequest('The price bound is too large.', field);
  return Math.round(parsed);
};

/** {min, max}, {minValue, maxValue}, [min, max] or "min-max", in minor units of the store currency. */
export function parsePriceRange(value: FilterValue | null | undefined, field: string): PriceRange {
  if (value === null || value === undefined) return { min: null, max: null };
  if (Array.isArray(value)) return { min: amount(value[0], field), max: amount(value[1], field) };
  if (typeof value === 'object') {
    return {
      min: amount(value.min ?? value.minValue, field),
      max: amount(value.max ?? value.maxValue, field),
    };
  }
  const match = /^\s*(\d*)\s*[-:,]\s*(\d*)\s*$/.exec(String(value));
  if (!match) throw badRequest('The price range is not "min-max".', field);
  return { min: amount(match[1], field), max: amount(match[2], field) };
}

/** The value ids an attribute filter names, by value code or by id. */
function attributeValueIds(attribute: AttributeRecord, value: FilterValue | null | undefined): number[] {
  return tokens(value).flatMap((token) => {
    const byCode = attribute.values.find((candidate) => candidate.code === token.toLowerCase());
    if (byCode) return [byCode.id];
    const byId = /^\d+$/.test(token)
      ? attribute.values.find((candidate) => candidate.id === Number(token))
      : undefined;
    return byId ? [byId.id] : [];
  });
}

export function resolveCriteria(
  input: ProductCriteriaInput,
  reference: { categories: CategoryRecord[]; attributes: AttributeRecord[]; tags: TagRecord[] },
  view: CatalogueView,
): ResolvedCriteria {
  const findCategoryIds = (ref: string | number) => {
    const category = findCategory(reference.categories, ref, view.language, view.defaultLanguage);
    return category ? withDescendants(reference.categories, [category.id]) : [];
  };
  const resolved: ResolvedCriteria = {
    words: (input.keywords ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10),
    mainCategoryIds:
      input.mainCategory === undefined || input.mainCategory === ''
        ? null
        : findCategoryIds(input.mainCategory),
    select: input.select && input.select.length > 0 ? [...new Set(input.select)] : null,
    attributes: new Map(),
    categories: null,
    tags: null,
    price: null,
  };
  for (const [index, filter] of (input.filters ?? []).entries()) {
    const key = filter.key.trim();
    const field = `filters.${index}.value`;
    if (key === 'archived') continue;
    if (key === 'price') {
      resolved.price = parsePriceRange(filter.value, field);
      continue;
    }
    if (key === 'tag' || key === 'tags') {
      const ids = tokens(filter.value).flatMap((token) => {
        const tag = reference.tags.find(
          (candidate) =>
            candidate.code.toLowerCase() === token.toLowerCase() || String(candidate.id) === token,
        );
        return tag ? [tag.id] : [];
      });
      resolved.tags = [...(resolved.tags ?? []), ...ids];
      continue;
    }
    if (key === 'category' || key === 'categories') {
      resolved.categories = [
        ...(resolved.categories ?? []),
        ...tokens(filter.value).flatMap(findCategoryIds),
      ];
      continue;
    }
    const attribute = reference.attributes.find((candidate) => candidate.code === key);
    if (!attribute) throw badRequest(`Unknown filter "${key.slice(0, 64)}".`, `filters.${index}.key`);
    const ids = attributeValueIds(attribute, filter.value);
    resolved.attributes.set(attribute.id, [...(resolved.attributes.get(attribute.id) ?? []), ...ids]);
  }
  return resolved;
}

/**
 * The price a shopper pays, the one the price filter, the price sort and the slider use: a sale
 * price counts until its end (as in product-view.ts `priceView`).
 */
export const effectivePrice = sql<
  number | null
>`coalesce(${productPrices.bundlePrice}, case when ${productPrices.discountEndsAt} is null or ${productPrices.discountEndsAt} > now() then ${productPrices.discountPrice} end, ${productPrices.retailPrice})`;

/** Joins the prices of the view's currency; every listing query goes through it. */
export const priceJoin = (view: CatalogueView) =>
  and(eq(productPrices.productId, products.id), eq(productPrices.currencyId, view.currency.id));

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const never = sql`false`;

/**
 * A facet leaves its own filter out when it counts its choices. `attributes` leaves out every attribute
 * filter and `mainCategory` the main category (the caller then applies them another way).
 */
export type Exclusion = {
  attributeId?: number;
  price?: boolean;
  attributes?: boolean;
  mainCategory?: boolean;
};

export function criteriaConditions(
  db: Db,
  criteria: ResolvedCriteria,
  view: CatalogueView,
  exclude: Exclusion = {},
): SQL[] {
  const conditions: SQL[] = [
    eq(products.siteId, view.siteId),
    eq(products.status, 'active'),
    eq(products.isVisibleIndividually, true),
  ];
  const languages = viewLanguages(view);
  const one = { one: sql`1` };
  for (const word of criteria.words) {
    const pattern = `%${escapeLike(word)}%`;
    conditions.push(
      or(
        exists(
          db
            .select(one)
            .from(productTranslations)
            .where(
              and(
                eq(productTranslations.productId, products.id),
                inArray(productTranslations.languageCode, languages),
                sql`f_unaccent(${productTranslations.name}) ilike f_unaccent(${pattern})`,
              ),
            ),
        ),
        sql`${products.sku} ilike ${pattern}`,
      )!,
    );
  }
  const inCategories = (ids: number[]) =>
    ids.length === 0
      ? never
      : exists(
          db
            .select(one)
            .from(productCategoryLinks)
            .where(
              and(
                eq(productCategoryLinks.productId, products.id),
                inArray(productCategoryLinks.categoryId, ids),
              ),
            ),
        );
  if (criteria.mainCategoryIds && !exclude.mainCategory)
    conditions.push(inCategories(criteria.mainCategoryIds));
  if (criteria.categories) conditions.push(inCategories(criteria.categories));
  if (criteria.select) conditions.push(inArray(products.id, criteria.select));
  if (criteria.tags) {
    conditions.push(
      criteria.tags.length === 0
        ? never
        : exists(
            db
              .select(one)
              .from(productTags)
              .where(and(eq(productTags.productId, products.id), inArray(productTags.tagId, criteria.tags))),
          ),
    );
  }
  for (const [attributeId, valueIds] of criteria.attributes) {
    if (attributeId === exclude.attributeId || exclude.attributes) continue;
    conditions.push(
      valueIds.length === 0
        ? never
        : exists(
            db
              .select(one)
              .from(productAttributeValues)
              .where(
                and(
                  eq(productAttributeValues.productId, products.id),
                  eq(productAttributeValues.attributeId, attributeId),
                  inArray(productAttributeValues.valueId, valueIds),
                ),
              ),
          ),
    );
  }
  if (criteria.price && !exclude.price) {
    if (criteria.price.min !== null) conditions.push(sql`${effectivePrice} >= ${criteria.price.min}`);
    if (criteria.price.max !== null) conditions.push(sql`${effectivePrice} <= ${criteria.price.max}`);
  }
  return conditions;
}

export type ProductSort = (typeof productSorts)[number];

/**
 * The products linked to any of the categories, once each, with their highest priority there. Joined
 * in place of the main-category condition, it makes a category listing start from the category's
 * links (an index-only range scan) rather than test every product of the site for a link.
 */
export function categoryProducts(db: Db, categoryIds: number[]) {
  return db
    .select({
      productId: productCategoryLinks.productId,
      priority: sql<number>`max(${productCategoryLinks.categoryPriority})`.as('priority'),
    })
    .from(productCategoryLinks)
    .where(inArray(productCategoryLinks.categoryId, categoryIds.length > 0 ? categoryIds : [0]))
    .groupBy(productCategoryLinks.productId)
    .as('category_match');
}

/**
 * One page of matching product ids and the total, in one query: the total is a window count over the
 * matching rows, so the rows are found once. A page past the end has no row to carry the total, and
 * only then is the total counted on its own.
 * On a category page the same category rows give the priority the default sort needs.
 */
export async function searchProductIds(
  db: Db,
  criteria: ResolvedCriteria,
  view: CatalogueView,
  options: { sort: ProductSort; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const mainIds = criteria.mainCategoryIds;
  if (mainIds && mainIds.length === 0) return { ids: [], total: 0 };
  const requested = alias(productTranslations, 'requested_text');
  const fallback = alias(productTranslations, 'fallback_text');
  const name = sql`lower(coalesce(${requested.name}, ${fallback.name}))`;
  const categoryMatch = mainIds ? categoryProducts(db, mainIds) : null;
  const where = and(...criteriaConditions(db, criteria, view, { mainCategory: categoryMatch !== null }));
  const priority = categoryMatch
    ? sql`${categoryMatch.priority}`
    : sql`coalesce((${db
        .select({ value: sql`max(${productCategoryLinks.categoryPriority})` })
        .from(productCategoryLinks)
        .where(eq(productCategoryLinks.productId, products.id))}), 0)`;
  const order: Record<ProductSort, SQL[]> = {
    newest: [desc(products.createdAt), desc(products.id)],
    price_asc: [sql`${effectivePrice} asc nulls last`, asc(products.id)],
    price_desc: [sql`${effectivePrice} desc nulls last`, asc(products.id)],
    name_asc: [sql`${name} asc nulls last`, asc(products.id)],
    name_desc: [sql`${name} desc nulls last`, asc(products.id)],
    priority: [sql`${priority} desc`, desc(products.createdAt), asc(products.id)],
  };
  const byName = options.sort === 'name_asc' || options.sort === 'name_desc';
  let pageQuery = db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .$dynamic();
  if (categoryMatch) pageQuery = pageQuery.innerJoin(categoryMatch, eq(categoryMatch.productId, products.id));
  pageQuery = pageQuery.leftJoin(productPrices, priceJoin(view));
  if (byName) {
    pageQuery = pageQuery
      .leftJoin(
        requested,
        and(eq(requested.productId, products.id), eq(requested.languageCode, view.language)),
      )
      .leftJoin(
        fallback,
        and(eq(fallback.productId, products.id), eq(fallback.languageCode, view.defaultLanguage)),
      );
  }
  const pageRows = await pageQuery
    .where(where)
    .orderBy(...order[options.sort])
    .limit(options.limit)
    .offset(options.offset);
  if (pageRows.length > 0) return { ids: pageRows.map((row) => row.id), total: pageRows[0]!.total };
  if (options.offset === 0) return { ids: [], total: 0 };
  let totalQuery = db.select({ n: count() }).from(products).$dynamic();
  if (categoryMatch)
    totalQuery = totalQuery.innerJoin(categoryMatch, eq(categoryMatch.productId, products.id));
  const [totalRow] = await totalQuery.leftJoin(productPrices, priceJoin(view)).where(where);
  return { ids: [], total: Number(totalRow?.n ?? 0) };
}
