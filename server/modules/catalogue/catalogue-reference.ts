import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { Texts } from '../../kernel/translations.ts';
import {
  attributes,
  attributeTranslations,
  attributeValues,
  attributeValueTranslations,
  productCategories,
  productCategoryTranslations,
  tags,
  tagTranslations,
} from './catalogue.schema.ts';

/**
 * The small per-site lists every catalogue call consults (categories, attributes, tags), loaded whole
 * with their texts in every language so that one cached copy serves every language.
 */

export type CategoryRecord = {
  id: number;
  parentId: number | null;
  position: number;
  mediaId: number | null;
  texts: Texts<{
    name: string;
    slug: string;
    description: string;
    seoTitle: string | null;
    seoDescription: string | null;
  }>;
  /** Active, individually visible products in the category or any category below it. */
  productCount: number;
};

/**
 * The site's active categories with their texts and product counts (a category's count takes in its
 * active subcategories'). `countProducts`, when given, counts from the facet index: it receives each
 * category's active subtree (itself first) and returns the visible products linked to any of them;
 * otherwise a recursive query over every link of the site counts them (seconds at 1,000,000 products).
 */
export async function loadCategories(
  db: Db,
  siteId: number,
  countProducts?: (subtrees: Map<number, number[]>) => Map<number, number>,
): Promise<CategoryRecord[]> {
  const [rows, texts, counted] = await Promise.all([
    db
      .select({
        id: productCategories.id,
        parentId: productCategories.parentId,
        position: productCategories.position,
        mediaId: productCategories.mediaId,
      })
      .from(productCategories)
      .where(and(eq(productCategories.siteId, siteId), eq(productCategories.isActive, true)))
      .orderBy(asc(productCategories.id)),
    db.select().from(productCategoryTranslations).where(eq(productCategoryTranslations.siteId, siteId)),
    countProducts
      ? Promise.resolve(null)
      : rowsOf<{ id: number; n: number }>(
          db,
          sql`with recursive tree(root_id, id) as (
            select id, id from product_categories where site_id = ${siteId} and is_active
            union all
            select tree.root_id, c.id from product_categories c join tree on c.parent_id = tree.id
            where c.is_active
          )
          select tree.root_id as id, count(distinct l.product_id)::int as n
          from tree
          join product_category_links l on l.category_id = tree.id
          join products p on p.id = l.product_id and p.status = 'active' and p.is_visible_individually
          group by tree.root_id`,
        ),
  ]);
  const active = new Set(rows.map((row) => row.id));
  let countById: Map<number, number>;
  if (counted) countById = new Map(counted.map((row) => [Number(row.id), Number(row.n)]));
  else {
    // The same trees as the recursive query: from each active category down through active children.
    const children = new Map<number, number[]>();
    for (const row of rows) {
      if (row.parentId === null) continue;
      const list = children.get(row.parentId) ?? [];
      list.push(row.id);
      children.set(row.parentId, list);
    }
    const subtrees = new Map<number, number[]>();
    for (const row of rows) {
      const tree: number[] = [];
      const seen = new Set<number>();
      const stack = [row.id];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        tree.push(id);
        stack.push(...(children.get(id) ?? []));
      }
      subtrees.set(row.id, tree);
    }
    countById = countProducts!(subtrees);
  }
  return rows.map((row) => ({
    ...row,
    // A child of an inactive category is shown at the top level rather than lost.
    parentId: row.parentId !== null && active.has(row.parentId) ? row.parentId : null,
    texts: Object.fromEntries(
      texts
        .filter((text) => text.categoryId === row.id)
        .map((text) => [
          text.languageCode,
          {
            name: text.name,
            slug: text.slug,
            description: text.description,
            seoTitle: text.seoTitle,
            seoDescription: text.seoDescription,
          },
        ]),
    ),
    productCount: countById.get(row.id) ?? 0,
  }));
}

/** The category and every category below it. */
export function withDescendants(categories: CategoryRecord[], rootIds: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const category of categories) {
    if (category.parentId === null) continue;
    const list = children.get(category.parentId) ?? [];
    list.push(category.id);
    children.set(category.parentId, list);
  }
  const found = new Set<number>();
  const queue = rootIds.filter((id) => categories.some((category) => category.id === id));
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...found];
}

/** A category by id, or by its slug in the language (else in the default language). */
export function findCategory(
  categories: CategoryRecord[],
  ref: number | string,
  language: string,
  defaultLanguage: string,
): CategoryRecord | undefined {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    const byId = categories.find((category) => category.id === Number(ref));
    if (byId || typeof ref === 'number') return byId;
  }
  const slug = String(ref).trim().toLowerCase();
  return (
    categories.find((category) => category.texts[language]?.slug === slug) ??
    categories.find((category) => category.texts[defaultLanguage]?.slug === slug)
  );
}

export type AttributeValueRecord = {
  id: number;
  code: string;
  position: number;
  isMedia: boolean;
  mediaId: number | null;
  swatchColor: string | null;
  labels: Texts<string>;
};

export type AttributeRecord = {
  id: number;
  code: string;
  inputType: string;
  customClass: string | null;
  position: number;
  isFilterable: boolean;
  filterType: 'single' | 'multiple';
  labels: Texts<string>;
  values: AttributeValueRecord[];
};

export async function loadAttributes(db: Db, siteId: number): Promise<AttributeRecord[]> {
  const rows = await db
    .select()
    .from(attributes)
    .where(eq(attributes.siteId, siteId))
    .orderBy(asc(attributes.position), asc(attributes.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [labels, values] = await Promise.all([
    db.select().from(attributeTranslations).where(inArray(attributeTranslations.attributeId, ids)),
    db
      .select()
      .from(attributeValues)
      .where(inArray(attributeValues.attributeId, ids))
      .orderBy(asc(attributeValues.position), asc(attributeValues.id)),
  ]);
  const valueLabels =
    values.length === 0
      ? []
      : await db
          .select()
          .from(attributeValueTranslations)
          .where(
            inArray(
              attributeValueTranslations.valueId,
              values.map((value) => value.id),
            ),
          );
  return rows.map((row) => ({
    id: row.id,
    code: row.attributeCode,
    inputType: row.inputType,
    customClass: row.customClass,
    position: row.position,
    isFilterable: row.isFilterable,
    filterType: row.filterType,
    labels: Object.fromEntries(
      labels
        .filter((label) => label.attributeId === row.id)
        .map((label) => [label.languageCode, label.label]),
    ),
    values: values
      .filter((value) => value.attributeId === row.id)
      .map((value) => ({
        id: value.id,
        code: value.valueCode,
        position: value.position,
        isMedia: value.isMedia,
        mediaId: value.mediaId,
        swatchColor: value.swatchColor,
        labels: Object.fromEntries(
          valueLabels
            .filter((label) => label.valueId === value.id)
            .map((label) => [label.languageCode, label.label]),
        ),
      })),
  }));
}

export type TagRecord = { id: number; code: string; names: Texts<string> };

export async function loadTags(db: Db, siteId: number): Promise<TagRecord[]> {
  const rows = await db
    .select({
      id: tags.id,
      code: tags.code,
      languageCode: tagTranslations.languageCode,
      name: tagTranslations.name,
    })
    .from(tags)
    .leftJoin(tagTranslations, eq(tagTranslations.tagId, tags.id))
    .where(eq(tags.siteId, siteId))
    .orderBy(asc(tags.id));
  const byId = new Map<number, TagRecord>();
  for (const row of rows) {
    const tag = byId.get(row.id) ?? { id: row.id, code: row.code, names: {} };
    if (row.languageCode && row.name !== null) tag.names[row.languageCode] = row.name;
    byId.set(row.id, tag);
  }
  return [...byId.values()];
}
