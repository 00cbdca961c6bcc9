import { and, count, eq, inArray, max, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productAttributeValues, productPrices, products } from './catalogue.schema.ts';
import { type AttributeRecord, pickText } from './catalogue-reference.ts';
import { criteriaConditions, effectivePrice, priceJoin, type ResolvedCriteria } from './product-filter.ts';
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

export async function layeredNavigation(
  db: Db,
  view: CatalogueView,
  criteria: ResolvedCriteria,
  attributes: AttributeRecord[],
): Promise<NavigationFilter[]> {
  const filterable = attributes.filter((attribute) => attribute.isFilterable);
  const active = filterable.filter((attribute) => criteria.attributes.has(attribute.id));
  const idle = filterable.filter((attribute) => !criteria.attributes.has(attribute.id));

  const valueCounts = (attributeIds: number[], exclude: { attributeId?: number }) =>
    db
      .select({
        attributeId: productAttributeValues.attributeId,
        valueId: productAttributeValues.valueId,
        n: count(),
      })
      .from(products)
      .innerJoin(productAttributeValues, eq(productAttributeValues.productId, products.id))
      .leftJoin(productPrices, priceJoin(view))
      .where(
        and(
          ...criteriaConditions(db, criteria, view, exclude),
          inArray(productAttributeValues.attributeId, attributeIds),
        ),
      )
      .groupBy(productAttributeValues.attributeId, productAttributeValues.valueId);

  const [priceRows, idleCounts, ...activeCounts] = await Promise.all([
    db
      .select({ low: min(effectivePrice), high: max(effectivePrice) })
      .from(products)
      .leftJoin(productPrices, priceJoin(view))
      .where(and(...criteriaConditions(db, criteria, view, { price: true }))),
    idle.length === 0
      ? []
      : valueCounts(
          idle.map((attribute) => attribute.id),
          {},
        ),
    ...active.map((attribute) => valueCounts([attribute.id], { attributeId: attribute.id })),
  ]);
  const counts = new Map<number, number>();
  for (const row of [...idleCounts, ...activeCounts.flat()]) counts.set(row.valueId, Number(row.n));

  const label = (labels: Record<string, string>, fallback: string) =>
    pickText(labels, view.language, view.defaultLanguage) ?? fallback;
  const price = priceRows[0];
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
