import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { pickText } from '../../kernel/translations.ts';
import { productPrices, products } from './catalogue.schema.ts';
import type { AttributeRecord } from './catalogue-reference.ts';
import {
  categoryProducts,
  criteriaConditions,
  effectivePrice,
  priceJoin,
  type ResolvedCriteria,
} from './product-filter.ts';
import type { CatalogueView } from './product-view.ts';

/**
 * The filter panel of a category page. Each facet counts the products that match every OTHER active
 * filter (the usual faceted-search rule), so choosing "blue" does not hide "red" from the colour list
 * while it does narrow the sizes. Attributes without an active filter share one grouped query.
 */

export type FilterChoice = {
  attributeID: number;
  value: number;
  valueCode: string;
  valueLabel: string;
  totalProducts: number;
  selected: boolean;
  swatchColor: string | null;
};

export type NavigationFilter = {
  label: string;
  attributeCode: string;
  attributeId: number | null;
  type: 'range' | 'single' | 'multiple';
  inputType: string;
  minValue: number | null;
  maxValue: number | null;
  value: { min: number | null; max: number | null } | number[] | null;
  choices: FilterChoice[];
};

const priceLabels: Record<string, string> = {
  hr: 'Maloprodajna cijena',
  en: 'Retail price',
  de: 'Verkaufspreis',
};

/**
 * The price range and every facet's counts come from one statement. The products that match the
 * criteria other than price and attributes are found once (the `base` CTE: on a category page, one
 * pass over the category's links); the price range is taken over those that pass every attribute
 * filter, and each facet counts over those that pass the price filter and every attribute filter but
 * its own. One statement instead of one per facet reads the base rows once and makes one round trip,
 * which matters most on PGlite, where queries run one at a time.
 */
export async function layeredNavigation(
  db: Db,
  view: CatalogueView,
  criteria: ResolvedCriteria,
  attributes: AttributeRecord[],
): Promise<NavigationFilter[]> {
  const filterable = attributes.filter((attribute) => attribute.isFilterable);
  const active = filterable.filter((attribute) => criteria.attributes.has(attribute.id));
  const idle = filterable.filter((attribute) => !criteria.attributes.has(attribute.id));

  const mainIds = criteria.mainCategoryIds;
  const inCategory = mainIds ? categoryProducts(db, mainIds) : null;
  const baseFrom = db
    .select({ id: products.id, price: sql<number | null>`${effectivePrice}`.as('price') })
    .from(products)
    .$dynamic();
  const baseQuery = (
    inCategory ? baseFrom.innerJoin(inCategory, eq(inCategory.productId, products.id)) : baseFrom
  )
    .leftJoin(productPrices, priceJoin(view))
    .where(
      and(
        ...criteriaConditions(db, criteria, view, {
          price: true,
          attributes: true,
          mainCategory: inCategory !== null,
        }),
      ),
    );
  const hasValue = (attributeId: number, valueIds: number[]) =>
    valueIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from product_attribute_values f
                    where f.product_id = base.id and f.attribute_id = ${attributeId}
                      and f.value_id in (${sql.join(
                        valueIds.map((id) => sql`${id}`),
                        sql`, `,
                      )}))`;
  const attributeFilters = (except?: number) =>
    [...criteria.attributes]
      .filter(([attributeId]) => attributeId !== except)
      .map(([attributeId, valueIds]) => hasValue(attributeId, valueIds));
  const priceFilters: SQL[] = [];
  if (criteria.price?.min !== null && criteria.price?.min !== undefined)
    priceFilters.push(sql`base.price >= ${criteria.price.min}`);
  if (criteria.price?.max !== null && criteria.price?.max !== undefined)
    priceFilters.push(sql`base.price <= ${criteria.price.max}`);
  const whereAll = (conditions: SQL[]) =>
    conditions.length === 0 ? sql`` : sql` where ${sql.join(conditions, sql` and `)}`;
  const valueCounts = (attributeIds: number[], except?: number) =>
    sql`select pav.attribute_id, pav.value_id, null::int as low, null::int as high, count(*)::int as n
        from base join product_attribute_values pav on pav.product_id = base.id
          and pav.attribute_id in (${sql.join(
            attributeIds.map((id) => sql`${id}`),
            sql`, `,
          )})${whereAll([...priceFilters, ...attributeFilters(except)])}
        group by pav.attribute_id, pav.value_id`;
  const parts: SQL[] = [
    sql`select null::int as attribute_id, null::int as value_id, min(base.price)::int as low,
               max(base.price)::int as high, 0 as n
        from base${whereAll(attributeFilters())}`,
  ];
  if (idle.length > 0) parts.push(valueCounts(idle.map((attribute) => attribute.id)));
  for (const attribute of active) parts.push(valueCounts([attribute.id], attribute.id));
  const rows = await rowsOf<{
    attribute_id: number | null;
    value_id: number | null;
    low: number | null;
    high: number | null;
    n: number;
  }>(
    db,
    sql`with base as materialized (${baseQuery}) ${sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    )}`,
  );
  const counts = new Map<number, number>();
  let price: { low: number | null; high: number | null } | undefined;
  for (const row of rows) {
    if (row.value_id === null) price = { low: row.low, high: row.high };
    else counts.set(Number(row.value_id), Number(row.n));
  }
  return navigationFilters(view, criteria, attributes, counts, price);
}

/**
 * The filter panel's shape from the counts (value id -> products) and the price range, whichever way
 * they were found (the SQL statement above or the in-memory facet index).
 */
export function navigationFilters(
  view: CatalogueView,
  criteria: ResolvedCriteria,
  attributes: AttributeRecord[],
  counts: Map<number, number>,
  price: { low: number | null; high: number | null } | undefined,
): NavigationFilter[] {
  const filterable = attributes.filter((attribute) => attribute.isFilterable);

  const label = (labels: Record<string, string>, fallback: string) =>
    pickText(labels, view.language, view.defaultLanguage) ?? fallback;
  const filters: NavigationFilter[] = [
    {
      label: priceLabels[view.language] ?? priceLabels.en!,
      attributeCode: 'price',
      attributeId: null,
      type: 'range',
      inputType: 'range',
      minValue: price?.low === null || price?.low === undefined ? null : Number(price.low),
      maxValue: price?.high === null || price?.high === undefined ? null : Number(price.high),
      value: criteria.price,
      choices: [],
    },
  ];
  for (const attribute of filterable) {
    const selected = criteria.attributes.get(attribute.id) ?? [];
    const choices = attribute.values
      .map((value) => ({
        attributeID: attribute.id,
        value: value.id,
        valueCode: value.code,
        valueLabel: label(value.labels, value.code),
        totalProducts: counts.get(value.id) ?? 0,
        selected: selected.includes(value.id),
        swatchColor: value.swatchColor,
      }))
      .filter((choice) => choice.totalProducts > 0 || choice.selected);
    if (choices.length === 0) continue;
    filters.push({
      label: label(attribute.labels, attribute.code),
      attributeCode: attribute.code,
      attributeId: attribute.id,
      type: attribute.filterType,
      inputType: attribute.inputType,
      minValue: null,
      maxValue: null,
      value: selected,
      choices,
    });
  }
  return filters;
}
