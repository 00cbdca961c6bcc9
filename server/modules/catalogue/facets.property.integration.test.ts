import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { productSorts } from './catalogue.contract.ts';
import {
  attributes,
  attributeValues,
  productAttributeValues,
  productCategories,
  productCategoryLinks,
  productCategoryTranslations,
  productFormats,
  productPrices,
  products,
  productTags,
  productTranslations,
  tags,
} from './catalogue.schema.ts';
import { facetTuning } from './facet-index.ts';

/**
 * Exactness of the layered navigation and of web/filter, whatever engine answers them (issue 14).
 * fast-check makes small random catalogues and random filter states; the public calls (through the
 * HTTP app) are compared with a plain SQL reference written here, which shares no code with the module:
 * - the listing page: ids in order, total, pages;
 * - the price range of the panel: min and max shopper price over the products that match every
 *   criterion but the price;
 * - every choice's count, by the disjunctive-facets rule: choices within an attribute are OR, across
 *   attributes AND, and an attribute's own selection does not narrow its own counts. A choice's count is
 *   the listing's total with that attribute's selection set to the choice alone ("that choice added" to an
 *   attribute with nothing chosen), and the test asks web/filter for exactly that listing too;
 * - which choices are shown: those with a product, and the selected ones even without;
 * - web/category/page (the shop's category page in one call) answers the same listing and panel.
 *
 * Today's semantics, encoded in the reference (read from the current code, checked against the spec):
 * visible = the site's, status 'active' and is_visible_individually; a Configurable product is counted
 * by its own attribute rows; the shopper price is the bundle price, else the sale price while its end
 * is unset or ahead, else the retail price, in the request store's currency (no price: no match for a
 * price filter, last in a price sort, outside the range); a main category or a category filter covers the
 * active descendants reached through active categories; keywords are whitespace-separated words (at most
 * 10) each found, accents folded and case ignored, in the product's name in the request or default
 * language, or in its SKU; stock does not hide products. Sorts: newest = created desc, id desc; price and
 * name = value (nulls last), then id asc; priority = highest category priority (in the main category's
 * subtree, else anywhere, else 0) desc, created desc, id asc. A name sort uses the request language's name,
 * else the default language's, lower-cased in the database's collation.
 */

let database: TestDatabase;
let app: ReturnType<typeof createTestApp>;
let siteId: number;
const currencyOf: Record<string, number> = {};
const DEFAULT_LANGUAGE = 'hr';
const LANGUAGES = ['hr', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

// ---------------------------------------------------------------------------------------------
// Random catalogues

const NAME_WORDS = [
  'Škola',
  'skola',
  'Knjiga',
  'zeko',
  'Đak',
  'auto',
  'Čaša',
  'Mali',
  'mali',
  // Foldings that change the length or are not plain diacritics, and LIKE's own characters.
  'Straße',
  'Æsop',
  'İzmir',
  'Œuvre',
  '100%',
  'a_b',
  'C:\\x',
];
const KEYWORDS = [
  'skol',
  'ŠKOL',
  'knji',
  'zek',
  'dak',
  'đak',
  'caš',
  'mal',
  'MALI',
  'a',
  'sku-1',
  '_a',
  'o',
  'strasse',
  'STRAß',
  'ss',
  'aes',
  'æ',
  'izm',
  'İZ',
  'oeu',
  'œ',
  '%',
  '0%',
  'a_b',
  '\\',
  ':\\X',
];
const TAG_CODES = ['NOVO', 'AKCIJA', 'TOP'];

const weighted = (trueWeight: number, falseWeight: number) =>
  fc.oneof(
    { weight: trueWeight, arbitrary: fc.constant(true) },
    { weight: falseWeight, arbitrary: fc.constant(false) },
  );
const amount = fc.integer({ min: 0, max: 40 });
/** An index into a generated list, taken modulo its length: small, so that counterexamples read well. */
const index = fc.nat({ max: 7 });
const priceArb = fc.option(
  fc.record({
    retail: amount,
    discount: fc.option(amount, { nil: null }),
    discountEnds: fc.constantFrom(null, 'past', 'future'),
    bundle: fc.option(amount, { nil: null, freq: 4 }),
  }),
  { nil: null, freq: 6 },
);
const nameArb = fc
  .tuple(fc.constantFrom(...NAME_WORDS), fc.constantFrom(...NAME_WORDS))
  .map(([a, b]) => `${a} ${b}`);
const productArb = fc.record({
  active: weighted(5, 1),
  visible: weighted(5, 1),
  format: fc.constantFrom(...productFormats),
  age: fc.integer({ min: 0, max: 3 }),
  name: fc.record({ hr: nameArb, en: fc.option(nameArb, { nil: null }) }),
  prices: fc.record({ hr: priceArb, en: priceArb }),
  stock: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  links: fc.array(fc.record({ category: index, priority: fc.integer({ min: 0, max: 2 }) }), {
    maxLength: 3,
    size: 'medium',
  }),
  values: fc.array(fc.tuple(index, index), { maxLength: 6, size: 'medium' }),
  tags: fc.subarray([0, 1, 2]),
});
const catalogueArb = fc.record({
  categories: fc.array(fc.record({ parent: fc.option(index, { nil: null }), active: weighted(5, 1) }), {
    minLength: 1,
    maxLength: 6,
  }),
  attributes: fc.array(fc.record({ filterable: weighted(4, 1), values: fc.integer({ min: 1, max: 4 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  products: fc.array(productArb, { maxLength: 30, size: 'medium' }),
});
type GeneratedCatalogue = typeof catalogueArb extends fc.Arbitrary<infer T> ? T : never;

/** The arbitrary's value in `percent` of the cases, else `absent` (absent first, so that shrinking drops it). */
const sometimes = <T, A>(arbitrary: fc.Arbitrary<T>, absent: A, percent: number): fc.Arbitrary<T | A> =>
  fc.oneof(
    { weight: 100 - percent, arbitrary: fc.constant(absent) as fc.Arbitrary<T | A> },
    { weight: percent, arbitrary: arbitrary as fc.Arbitrary<T | A> },
  );
const stateArb = fc.record({
  language: fc.constantFrom(...LANGUAGES),
  mainCategory: sometimes(
    fc.record({ index, by: fc.constantFrom('id', 'slug-hr', 'slug-en') as fc.Arbitrary<RefKind> }),
    null,
    50,
  ),
  categories: sometimes(fc.array(index, { minLength: 1, maxLength: 2 }), null, 15),
  tags: sometimes(fc.array(index, { minLength: 1, maxLength: 2 }), null, 15),
  price: sometimes(
    fc.record({ min: fc.option(amount, { nil: null }), max: fc.option(amount, { nil: null }) }),
    null,
    30,
  ),
  attributes: sometimes(
    fc.array(fc.record({ attribute: index, values: fc.array(index, { minLength: 1, maxLength: 3 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    [],
    60,
  ),
  keywords: sometimes(fc.array(fc.constantFrom(...KEYWORDS), { minLength: 1, maxLength: 2 }), [], 25),
  sort: fc.option(fc.constantFrom(...productSorts), { nil: null }),
  page: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 3 })),
  limit: fc.integer({ min: 1, max: 6 }),
});
type RefKind = 'id' | 'slug-hr' | 'slug-en';
type FilterState = typeof stateArb extends fc.Arbitrary<infer T> ? T : never;

/** What the database holds of the generated catalogue: the ids the requests and the reference need. */
type Inserted = {
  categories: { id: number; active: boolean }[];
  attributes: { id: number; code: string; filterable: boolean; values: { id: number; code: string }[] }[];
  tagIds: number[];
};

async function resetCatalogue() {
  const db = database.db;
  // Cascades to translations, prices, links, attribute values and tags of products.
  await db.execute(sql`delete from products where site_id = ${siteId}`);
  await db.execute(sql`delete from product_categories where site_id = ${siteId}`);
  await db.execute(sql`delete from attributes where site_id = ${siteId}`);
  await db.execute(sql`delete from tags where site_id = ${siteId}`);
  await app.cache.flush();
}

async function insertCatalogue(catalogue: GeneratedCatalogue): Promise<Inserted> {
  const db = database.db;
  const inserted: Inserted = { categories: [], attributes: [], tagIds: [] };
  for (const [index, category] of catalogue.categories.entries()) {
    const parent = index === 0 || category.parent === null ? null : category.parent % index;
    const [row] = await db
      .insert(productCategories)
      .values({
        siteId,
        parentId: parent === null ? null : inserted.categories[parent]!.id,
        position: index,
        isActive: category.active,
      })
      .returning({ id: productCategories.id });
    inserted.categories.push({ id: row!.id, active: category.active });
    await db.insert(productCategoryTranslations).values([
      { categoryId: row!.id, siteId, languageCode: 'hr', name: `Kategorija ${index}`, slug: `kat-${index}` },
      { categoryId: row!.id, siteId, languageCode: 'en', name: `Category ${index}`, slug: `cat-${index}` },
    ]);
  }
  for (const [index, attribute] of catalogue.attributes.entries()) {
    const code = `atr${index}`;
    const [row] = await db
      .insert(attributes)
      .values({ siteId, attributeCode: code, isFilterable: attribute.filterable, position: index })
      .returning({ id: attributes.id });
    const values = await db
      .insert(attributeValues)
      .values(
        Array.from({ length: attribute.values }, (_, value) => ({
          attributeId: row!.id,
          valueCode: `v${index}-${value}`,
          position: attribute.values - value,
        })),
      )
      .returning({ id: attributeValues.id, code: attributeValues.valueCode });
    inserted.attributes.push({ id: row!.id, code, filterable: attribute.filterable, values });
  }
  const tagRows = await db
    .insert(tags)
    .values(TAG_CODES.map((code) => ({ siteId, code })))
    .returning({ id: tags.id });
  inserted.tagIds = tagRows.map((row) => row.id);
  if (catalogue.products.length === 0) return inserted;

  const base = Date.parse('2026-01-01T00:00:00Z');
  const productRows = await db
    .insert(products)
    .values(
      catalogue.products.map((product, index) => ({
        siteId,
        format: product.format,
        sku: `SKU-${index}`,
        status: product.active ? ('active' as const) : ('archived' as const),
        isVisibleIndividually: product.visible,
        stockQty: product.stock,
        manageStock: product.stock !== null,
        createdAt: new Date(base + product.age * 60_000),
      })),
    )
    .returning({ id: products.id });
  const ids = productRows.map((row) => row.id);
  const now = Date.now();
  await db.insert(productTranslations).values(
    catalogue.products.flatMap((product, index) => [
      { productId: ids[index]!, siteId, languageCode: 'hr', name: product.name.hr, slug: `p-${index}` },
      ...(product.name.en === null
        ? []
        : [
            {
              productId: ids[index]!,
              siteId,
              languageCode: 'en',
              name: product.name.en,
              slug: `p-${index}`,
            },
          ]),
    ]),
  );
  const priceRows = catalogue.products.flatMap((product, index) =>
    LANGUAGES.flatMap((language) => {
      const price = product.prices[language];
      if (!price) return [];
      const ends =
        price.discountEnds === null
          ? null
          : new Date(now + (price.discountEnds === 'past' ? -86_400_000 : 86_400_000));
      return [
        {
          productId: ids[index]!,
          currencyId: currencyOf[language]!,
          basicPrice: price.retail,
          retailPrice: price.retail,
          discountPrice: price.discount,
          discountEndsAt: ends,
          bundlePrice: price.bundle,
        },
      ];
    }),
  );
  // Both languages may share a currency: one price per product and currency.
  const uniquePrices = [
    ...new Map(priceRows.map((row) => [`${row.productId}:${row.currencyId}`, row])).values(),
  ];
  if (uniquePrices.length > 0) await db.insert(productPrices).values(uniquePrices);
  const links = catalogue.products.flatMap((product, index) => {
    const seen = new Set<number>();
    return product.links.flatMap((link) => {
      const category = inserted.categories[link.category % inserted.categories.length]!.id;
      if (seen.has(category)) return [];
      seen.add(category);
      return [
        {
          productId: ids[index]!,
          categoryId: category,
          categoryPriority: link.priority,
          isMain: seen.size === 1,
        },
      ];
    });
  });
  if (links.length > 0) await db.insert(productCategoryLinks).values(links);
  const values = catalogue.products.flatMap((product, index) => {
    const seen = new Set<number>();
    return product.values.flatMap(([a, v]) => {
      const attribute = inserted.attributes[a % inserted.attributes.length]!;
      const value = attribute.values[v % attribute.values.length]!.id;
      if (seen.has(value)) return [];
      seen.add(value);
      return [{ productId: ids[index]!, attributeId: attribute.id, valueId: value }];
    });
  });
  if (values.length > 0) await db.insert(productAttributeValues).values(values);
  const tagLinks = catalogue.products.flatMap((product, index) =>
    product.tags.map((tag) => ({ productId: ids[index]!, tagId: inserted.tagIds[tag]! })),
  );
  if (tagLinks.length > 0) await db.insert(productTags).values(tagLinks);
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// Requests from a filter state

type Filter = { key: string; value: unknown };
type Request = {
  language: Language;
  keywords: string;
  mainCategory: string | number | undefined;
  filters: Filter[];
};

const categoryRef = (inserted: Inserted, index: number, by: RefKind) => {
  const at = index % inserted.categories.length;
  if (by === 'id') return inserted.categories[at]!.id;
  return by === 'slug-hr' ? `kat-${at}` : `cat-${at}`;
};

function requestOf(state: FilterState, inserted: Inserted): Request {
  const filters: Filter[] = [];
  if (state.categories)
    filters.push({
      key: 'category',
      value: state.categories.map((index) => categoryRef(inserted, index, 'slug-hr')).join(','),
    });
  if (state.tags) filters.push({ key: 'tag', value: state.tags.map((tag) => TAG_CODES[tag % 3]!) });
  if (state.price) filters.push({ key: 'price', value: { min: state.price.min, max: state.price.max } });
  for (const choice of state.attributes) {
    const attribute = inserted.attributes[choice.attribute % inserted.attributes.length]!;
    filters.push({
      key: attribute.code,
      value: choice.values.map((value) => attribute.values[value % attribute.values.length]!.code),
    });
  }
  return {
    language: state.language,
    keywords: state.keywords.join('  '),
    mainCategory: state.mainCategory
      ? categoryRef(inserted, state.mainCategory.index, state.mainCategory.by)
      : undefined,
    filters,
  };
}

// ---------------------------------------------------------------------------------------------
// The reference: plain SQL over the tables, written from the rules above

/** The request's criteria as ids, resolved the way the spec says (unknown codes and slugs match nothing). */
type Resolved = {
  words: string[];
  mainCategory: SQL | null;
  categories: SQL[] | null;
  tagIds: number[] | null;
  price: { min: number | null; max: number | null } | null;
  attributes: Map<number, number[]>;
};

/** The active categories under (and including) an active category, following active links only. */
const subtree = (root: SQL) => sql`(with recursive tree(id) as (
    select c.id from product_categories c where c.id = (${root}) and c.is_active and c.site_id = ${siteId}
    union select c.id from product_categories c join tree on c.parent_id = tree.id where c.is_active)
  select id from tree)`;

/** A category named by id, or by slug in the request language, else in the default language. */
function categoryByRef(ref: string | number, language: Language): SQL {
  if (typeof ref === 'number') return sql`${ref}::int`;
  return sql`coalesce(
    (select t.category_id from product_category_translations t join product_categories c on c.id = t.category_id
       where t.site_id = ${siteId} and t.language_code = ${language} and t.slug = ${ref} and c.is_active),
    (select t.category_id from product_category_translations t join product_categories c on c.id = t.category_id
       where t.site_id = ${siteId} and t.language_code = ${DEFAULT_LANGUAGE} and t.slug = ${ref} and c.is_active))`;
}

function resolve(request: Request, inserted: Inserted): Resolved {
  const resolved: Resolved = {
    words: request.keywords.split(/\s+/).filter(Boolean).slice(0, 10),
    mainCategory:
      request.mainCategory === undefined ? null : categoryByRef(request.mainCategory, request.language),
    categories: null,
    tagIds: null,
    price: null,
    attributes: new Map(),
  };
  for (const filter of request.filters) {
    if (filter.key === 'category') {
      resolved.categories = [
        ...(resolved.categories ?? []),
        ...String(filter.value)
          .split(',')
          .map((slug) => categoryByRef(slug, request.language)),
      ];
    } else if (filter.key === 'tag') {
      const codes = filter.value as string[];
      resolved.tagIds = [
        ...(resolved.tagIds ?? []),
        ...codes.map((code) => inserted.tagIds[TAG_CODES.indexOf(code)]!),
      ];
    } else if (filter.key === 'price') {
      resolved.price = filter.value as { min: number | null; max: number | null };
    } else {
      const attribute = inserted.attributes.find((candidate) => candidate.code === filter.key)!;
      const ids = (filter.value as string[]).map(
        (code) => attribute.values.find((value) => value.code === code)!.id,
      );
      resolved.attributes.set(attribute.id, [...(resolved.attributes.get(attribute.id) ?? []), ...ids]);
    }
  }
  return resolved;
}

const list = (ids: number[]) =>
  ids.length === 0
    ? sql`(null::int)`
    : sql`(${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`;
/** The shopper price of product p in the currency, NULL without a price there. */
const shopperPrice = (currency: number) => sql`(select coalesce(pp.bundle_price,
    case when pp.discount_ends_at is null or pp.discount_ends_at > now() then pp.discount_price end,
    pp.retail_price) from product_prices pp where pp.product_id = p.id and pp.currency_id = ${currency})`;
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Conditions on product p; `without` leaves out one attribute's filter or the price filter. */
function conditions(resolved: Resolved, language: Language, without?: number | 'price'): SQL {
  const languages = [...new Set([language, DEFAULT_LANGUAGE])];
  const parts: SQL[] = [sql`p.site_id = ${siteId}`, sql`p.status = 'active'`, sql`p.is_visible_individually`];
  for (const word of resolved.words) {
    const pattern = `%${escapeLike(word)}%`;
    parts.push(sql`(exists (select 1 from product_translations t where t.product_id = p.id
        and t.language_code in (${sql.join(
          languages.map((code) => sql`${code}`),
          sql`, `,
        )})
        and f_unaccent(t.name) ilike f_unaccent(${pattern})) or p.sku ilike ${pattern})`);
  }
  const inCategories = (roots: SQL[]) =>
    sql`exists (select 1 from product_category_links l where l.product_id = p.id and (${sql.join(
      roots.map((root) => sql`l.category_id in ${subtree(root)}`),
      sql` or `,
    )}))`;
  if (resolved.mainCategory) parts.push(inCategories([resolved.mainCategory]));
  if (resolved.categories) parts.push(inCategories(resolved.categories));
  if (resolved.tagIds)
    parts.push(
      sql`exists (select 1 from product_tags pt where pt.product_id = p.id and pt.tag_id in ${list(resolved.tagIds)})`,
    );
  for (const [attributeId, valueIds] of resolved.attributes) {
    if (attributeId === without) continue;
    parts.push(sql`exists (select 1 from product_attribute_values v where v.product_id = p.id
        and v.attribute_id = ${attributeId} and v.value_id in ${list(valueIds)})`);
  }
  if (resolved.price && without !== 'price') {
    const price = shopperPrice(currencyOf[language]!);
    if (resolved.price.min !== null) parts.push(sql`${price} >= ${resolved.price.min}`);
    if (resolved.price.max !== null) parts.push(sql`${price} <= ${resolved.price.max}`);
  }
  return sql.join(parts, sql` and `);
}

type Sort = (typeof productSorts)[number];

async function referenceListing(resolved: Resolved, language: Language, sort: Sort): Promise<number[]> {
  const price = shopperPrice(currencyOf[language]!);
  const name = sql`lower(coalesce(
      (select t.name from product_translations t where t.product_id = p.id and t.language_code = ${language}),
      (select t.name from product_translations t where t.product_id = p.id and t.language_code = ${DEFAULT_LANGUAGE})))`;
  const priority = resolved.mainCategory
    ? sql`(select max(l.category_priority) from product_category_links l
          where l.product_id = p.id and l.category_id in ${subtree(resolved.mainCategory)})`
    : sql`coalesce((select max(l.category_priority) from product_category_links l where l.product_id = p.id), 0)`;
  const order: Record<Sort, SQL> = {
    newest: sql`p.created_at desc, p.id desc`,
    price_asc: sql`${price} asc nulls last, p.id asc`,
    price_desc: sql`${price} desc nulls last, p.id asc`,
    name_asc: sql`${name} asc nulls last, p.id asc`,
    name_desc: sql`${name} desc nulls last, p.id asc`,
    priority: sql`${priority} desc, p.created_at desc, p.id asc`,
  };
  const rows = await database.rows<{ id: number }>(
    sql`select p.id from products p where ${conditions(resolved, language)} order by ${order[sort]}`,
  );
  return rows.map((row) => Number(row.id));
}

async function referenceCounts(resolved: Resolved, language: Language, attributeId: number) {
  const rows = await database.rows<{ value_id: number; n: number }>(
    sql`select v.value_id, count(*)::int as n from products p
        join product_attribute_values v on v.product_id = p.id and v.attribute_id = ${attributeId}
        where ${conditions(resolved, language, attributeId)} group by v.value_id`,
  );
  return new Map(rows.map((row) => [Number(row.value_id), Number(row.n)]));
}

async function referencePriceRange(resolved: Resolved, language: Language) {
  const price = shopperPrice(currencyOf[language]!);
  const [row] = await database.rows<{ low: number | null; high: number | null }>(
    sql`select min(${price})::int as low, max(${price})::int as high from products p
        where ${conditions(resolved, language, 'price')}`,
  );
  return {
    low: row?.low === null || row?.low === undefined ? null : Number(row.low),
    high: row?.high === null || row?.high === undefined ? null : Number(row.high),
  };
}

// ---------------------------------------------------------------------------------------------
// The public calls

type Page = {
  records: { id: number }[];
  totalRecords: number;
  totalPages: number;
  page: number;
  limit: number;
};
type Panel = {
  attributeCode: string;
  attributeId: number | null;
  minValue: number | null;
  maxValue: number | null;
  choices: { value: number; totalProducts: number; selected: boolean }[];
}[];

async function callFilter(
  request: Request,
  extra: { sort?: Sort; page: number; limit: number },
): Promise<Page> {
  const response = await app.json(
    '/api/v1/catalogue/product/web/filter',
    postJson(
      { keywords: request.keywords, mainCategory: request.mainCategory, filters: request.filters, ...extra },
      { language: request.language },
    ),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Page;
}

async function callNavigation(request: Request): Promise<Panel> {
  const response = await app.json(
    '/api/v1/catalogue/layered/navigation',
    postJson(
      { keywords: request.keywords, mainCategory: request.mainCategory, filters: request.filters },
      { language: request.language },
    ),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.filters as Panel;
}

/** Compares one filter state's listing page and panel with the reference; throws on the first difference. */
async function checkState(inserted: Inserted, state: FilterState) {
  const request = requestOf(state, inserted);
  const resolved = resolve(request, inserted);
  const sort = state.sort ?? 'priority';
  const all = await referenceListing(resolved, state.language, sort);
  const page = await callFilter(request, {
    ...(state.sort ? { sort: state.sort } : {}),
    page: state.page,
    limit: state.limit,
  });
  const offset = (state.page - 1) * state.limit;
  const context = `request ${JSON.stringify({ ...request, sort, page: state.page, limit: state.limit })}`;
  const listing = {
    ids: page.records.map((record) => record.id),
    total: page.totalRecords,
    pages: page.totalPages,
    page: page.page,
    limit: page.limit,
  };
  expect(listing, `listing page, ${context}`).toEqual({
    ids: all.slice(offset, offset + state.limit),
    total: all.length,
    pages: Math.ceil(all.length / state.limit),
    page: state.page,
    limit: state.limit,
  });

  const panel = await callNavigation(request);
  const range = await referencePriceRange(resolved, state.language);
  const priceFacet = panel.find((facet) => facet.attributeCode === 'price');
  expect({ min: priceFacet?.minValue, max: priceFacet?.maxValue }, `price range, ${context}`).toEqual({
    min: range.low,
    max: range.high,
  });

  const expectedFacets = new Map<string, Map<number, { totalProducts: number; selected: boolean }>>();
  for (const attribute of inserted.attributes.filter((candidate) => candidate.filterable)) {
    const counts = await referenceCounts(resolved, state.language, attribute.id);
    const selected = new Set(resolved.attributes.get(attribute.id) ?? []);
    const choices = new Map<number, { totalProducts: number; selected: boolean }>();
    for (const value of attribute.values) {
      const n = counts.get(value.id) ?? 0;
      if (n > 0 || selected.has(value.id))
        choices.set(value.id, { totalProducts: n, selected: selected.has(value.id) });
    }
    if (choices.size > 0) expectedFacets.set(attribute.code, choices);
  }
  const actualFacets = new Map(
    panel
      .filter((facet) => facet.attributeCode !== 'price')
      .map((facet) => [
        facet.attributeCode,
        new Map(
          facet.choices.map((choice) => [
            choice.value,
            { totalProducts: choice.totalProducts, selected: choice.selected },
          ]),
        ),
      ]),
  );
  expect(actualFacets, `facet counts, ${context}`).toEqual(expectedFacets);

  // The category page in one call answers what the two calls answer for the category.
  if (typeof request.mainCategory === 'string') {
    const [found] = await database.rows<{ id: number | null }>(
      sql`select ${categoryByRef(request.mainCategory, request.language)} as id`,
    );
    const response = await app.json(
      '/api/v1/catalogue/web/category/page',
      postJson(
        {
          slug: request.mainCategory,
          keywords: request.keywords,
          filters: request.filters,
          ...(state.sort ? { sort: state.sort } : {}),
          page: state.page,
          limit: state.limit,
        },
        { language: request.language },
      ),
    );
    expect(response.status, `category page, ${context}`).toBe(found?.id == null ? 404 : 200);
    if (response.status === 200) {
      expect(response.body.data.products, `category page listing, ${context}`).toEqual(page);
      expect(response.body.data.filters, `category page panel, ${context}`).toEqual(panel);
    }
  }

  // Each count is what the listing shows with that choice as the attribute's selection.
  for (const [code, choices] of actualFacets) {
    const attribute = inserted.attributes.find((candidate) => candidate.code === code)!;
    for (const [valueId, choice] of choices) {
      const valueCode = attribute.values.find((value) => value.id === valueId)!.code;
      const withChoice: Request = {
        ...request,
        filters: [
          ...request.filters.filter((filter) => filter.key !== code),
          { key: code, value: [valueCode] },
        ],
      };
      const listing = await callFilter(withChoice, { page: 1, limit: 1 });
      expect(listing.totalRecords, `listing with ${code}=${valueCode}, ${context}`).toBe(
        choice.totalProducts,
      );
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  siteId = (await seedDemoSite(database.db)).siteId;
  const stores = await database.rows<{ language: string; currency_id: number }>(
    sql`select l.code2 as language, s.currency_id from stores s join languages l on l.id = s.language_id
        where s.site_id = ${siteId}`,
  );
  for (const language of LANGUAGES) {
    const store = stores.find((row) => row.language === language);
    if (!store) throw new Error(`The demo site has no ${language} store.`);
    currencyOf[language] = Number(store.currency_id);
  }
  app = createTestApp(database);
}, 120_000);
const { keptSetMinimum, walkInPriceOrder } = facetTuning;
/** Runs per file: 40, or FACET_PROPERTY_RUNS (the time allowed grows with them: a busy machine takes seconds per run). */
const RUNS = Number(process.env.FACET_PROPERTY_RUNS ?? 40);
afterAll(async () => {
  facetTuning.keptSetMinimum = keptSetMinimum;
  facetTuning.walkInPriceOrder = walkInPriceOrder;
  await database?.destroy();
});

describe('layered navigation and web/filter against a SQL reference (any engine)', () => {
  it(
    'gives exact disjunctive counts, price range and listing pages for random catalogues and filters',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          catalogueArb,
          fc.array(stateArb, { minLength: 1, maxLength: 4 }),
          fc.boolean(),
          async (catalogue, states, kept) => {
            // Half of the runs count every main category's panel from kept counts (decision 0368), which
            // otherwise only sets of thousands of products take; the sets are then patched by the next
            // run's deletes and inserts.
            facetTuning.keptSetMinimum = kept ? 0 : Number.POSITIVE_INFINITY;
            facetTuning.walkInPriceOrder = catalogue.products.length % 2 === 0 ? 0 : 256;
            await resetCatalogue();
            const inserted = await insertCatalogue(catalogue);
            for (const state of states) await checkState(inserted, state);
          },
        ),
        {
          numRuns: RUNS,
          endOnFailure: false,
          // A failure's seed and path replay it: FACET_PROPERTY_SEED=… FACET_PROPERTY_PATH=…
          ...(process.env.FACET_PROPERTY_SEED
            ? { seed: Number(process.env.FACET_PROPERTY_SEED), path: process.env.FACET_PROPERTY_PATH ?? '0' }
            : {}),
        },
      );
    },
    Math.max(120_000, RUNS * 6_000),
  );
});
