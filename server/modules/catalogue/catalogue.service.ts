import { and, asc, type Column, desc, eq, inArray, sql } from 'drizzle-orm';
import { canAddDirectly } from '../../../core/product-rules.ts';
import { badRequest, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cachedResponse } from '../../cache/cached-response.ts';
import type { Db } from '../../db/client.ts';
import { idsOfSite } from '../../db/site-ids.ts';
import { sanitizeHtml } from '../../kernel/sanitize-html.ts';
import {
  type SlugQuery,
  type SlugSource,
  slugsById,
  translatedSlugs,
} from '../../kernel/translated-slugs.ts';
import { groupTexts, pickText, slugPerLanguage, textFor } from '../../kernel/translations.ts';
import { loadMedia } from '../media/media.service.ts';
import { invalidateSiteContent, MAIN_CURRENCY_ID, siteCacheTag } from '../site/site.service.ts';
import type { CategoryNode, ProductCard, Variant, VariantAttribute } from './catalogue.contract.ts';
import {
  bundleItems,
  configurableAttributes,
  crossSells,
  productAttributeValues,
  productCategories,
  productCategoryLinks,
  productCategoryTranslations,
  productMedia,
  products,
  productTranslations,
} from './catalogue.schema.ts';
import {
  type AttributeRecord,
  type CategoryRecord,
  findCategory,
  loadAttributes,
  loadCategories,
  loadTags,
  type TagRecord,
} from './catalogue-reference.ts';
import { createFacetIndexes, type IndexQuery, type WarmSite } from './facet-index.ts';
import { layeredNavigation, navigationFilters } from './layered-navigation.ts';
import {
  type FilterEntry,
  hasNoCriteria,
  type ProductSort,
  type ResolvedCriteria,
  resolveCriteria,
  searchProductIds,
} from './product-filter.ts';
import {
  type CatalogueView,
  loadCards,
  loadCustomOptions,
  loadProducts,
  toCard,
  viewLanguages,
} from './product-view.ts';

/** The price shape other modules' responses carry (search results). */

const TTL_SECONDS = 60;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** Even an "unlimited" listing stops somewhere, so that one call cannot read the whole table forever. */
const UNLIMITED_CEILING = 10_000;

export type PriceScope = { store?: number; currency?: number };
export type ProductRef = { id?: number; slug?: string } & PriceScope;
export type ProductFilterInput = {
  keywords?: string;
  filters?: FilterEntry[];
  mainCategory?: number | string;
  select?: number[];
  sort?: ProductSort;
  limit?: number;
  page?: number;
  allowUnlimited?: boolean;
} & PriceScope;
export type CategoryPageInput = Pick<ProductFilterInput, 'keywords' | 'filters' | 'sort' | 'limit' | 'page'> &
  PriceScope & { slug: string };
export type NavigationInput = Pick<ProductFilterInput, 'keywords' | 'filters' | 'mainCategory'> & PriceScope;

type Reference = { categories: CategoryRecord[]; attributes: AttributeRecord[]; tags: TagRecord[] };

/** The currency prices are shown in: the store's, or another currency one of the site's stores uses. */
function viewFor(ctx: RequestContext, scope: PriceScope = {}): CatalogueView & { storeId: number } {
  const store = scope.store ? ctx.site.stores.find((candidate) => candidate.id === scope.store) : ctx.store;
  if (!store) throw badRequest('The store does not belong to this site.', 'store');
  let rateStore = store;
  if (scope.currency && scope.currency !== store.currency.id) {
    const other = ctx.site.stores.find((candidate) => candidate.currency.id === scope.currency);
    if (!other) throw badRequest('No store of this site sells in that currency.', 'currency');
    rateStore = other;
  }
  const { id, code, symbol } = rateStore.currency;
  return {
    siteId: ctx.site.id,
    apiKeyId: ctx.site.apiKeyId,
    storeId: store.id,
    language: ctx.language,
    defaultLanguage: ctx.site.defaultLanguage,
    currency: { id, code, symbol },
    eurRate: id === MAIN_CURRENCY_ID ? null : rateStore.eurRate,
  };
}

const productSlugSource: SlugSource = {
  entity: products,
  id: products.id,
  siteId: products.siteId,
  translations: productTranslations,
  entityId: productTranslations.productId,
  languageCode: productTranslations.languageCode,
  slug: productTranslations.slug,
  visible: () => eq(products.status, 'active'),
  extra: {
    updatedAt: products.updatedAt,
    isVisibleIndividually: products.isVisibleIndividually,
    // The first picture, by position: the sitemap lists it with the product.
    mediaId: sql<number | null>`(select ${productMedia.mediaId} from ${productMedia}
      where ${productMedia.productId} = ${products.id}
      order by ${productMedia.position}, ${productMedia.mediaId} limit 1)`.as('first_media_id'),
  },
  orderBy: [asc(products.id)],
};

/** Active products' slugs per language (see `translatedSlugs`). */
export const productSlugs = (db: Db, query: SlugQuery) =>
  translatedSlugs<{ updatedAt: Date; isVisibleIndividually: boolean; mediaId: number | null }>(
    db,
    productSlugSource,
    query,
  );

const categorySlugSource: SlugSource = {
  entity: productCategories,
  id: productCategories.id,
  siteId: productCategories.siteId,
  translations: productCategoryTranslations,
  entityId: productCategoryTranslations.categoryId,
  languageCode: productCategoryTranslations.languageCode,
  slug: productCategoryTranslations.slug,
  visible: () => eq(productCategories.isActive, true),
  extra: { mediaId: productCategories.mediaId },
  orderBy: [asc(productCategories.position), asc(productCategories.id)],
};

/** Active shop categories' slugs per language (see `translatedSlugs`). */
export const categorySlugs = (db: Db, query: SlugQuery) =>
  translatedSlugs<{ mediaId: number | null }>(db, categorySlugSource, query);

/** Products as other modules show them in lists (search results): texts, prices, pictures. */
export async function productSummaries(db: Db, ctx: RequestContext, ids: number[]) {
  return loadProducts(db, viewFor(ctx), [], ids);
}

/** A product a shopper may open on their own: active, shown individually, of the request's site. */
const listableProduct = (ctx: RequestContext) =>
  and(
    eq(products.siteId, ctx.site.id),
    eq(products.status, 'active'),
    eq(products.isVisibleIndividually, true),
  );

/**
 * A condition for other modules' queries: the product id in `column` is of a product a shopper may
 * open on their own (`listableProduct`), checked in the same query (a semi-join on `products`).
 */
export const isListableProductId = (db: Db, ctx: RequestContext, column: Column) =>
  inArray(column, db.select({ id: products.id }).from(products).where(listableProduct(ctx)));

/** Of the given products, those a shopper may open on their own (`listableProduct`), in the order given. */
export async function listableProductIds(db: Db, ctx: RequestContext, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, unique), listableProduct(ctx)));
  const found = new Set(rows.map((row) => row.id));
  return unique.filter((id) => found.has(id));
}

/**
 * Of the given ids, those of products of the site in any status (what an editor may name in a page's
 * products section: a product hidden now shows once it is listable again).
 */
export const existingProductIds = (db: Pick<Db, 'select'>, siteId: number, ids: number[]) =>
  idsOfSite(db, products, siteId, ids);

/**
 * Product cards as the listings show them (the records of product/web/filter), for lists other modules
 * keep (the wishlist), in the order given. Products a shopper may not open are left out.
 */
export async function productCards(db: Db, ctx: RequestContext, ids: number[]): Promise<ProductCard[]> {
  const visible = await listableProductIds(db, ctx, ids);
  if (visible.length === 0) return [];
  const cards = await loadCards(db, viewFor(ctx), await loadTags(db, ctx.site.id), visible);
  return visible.flatMap((id) => cards.get(id) ?? []);
}

/** Categories' texts in the request language (else the default), for other modules' lists. */
export async function categorySummaries(db: Db, ctx: RequestContext, ids: number[]) {
  if (ids.length === 0) return [];
  const languages = [...new Set([ctx.language, ctx.site.defaultLanguage])];
  const [rows, texts] = await Promise.all([
    db
      .select({ id: productCategories.id, mediaId: productCategories.mediaId })
      .from(productCategories)
      .where(and(inArray(productCategories.id, ids), eq(productCategories.siteId, ctx.site.id))),
    db
      .select()
      .from(productCategoryTranslations)
      .where(
        and(
          inArray(productCategoryTranslations.categoryId, ids),
          inArray(productCategoryTranslations.languageCode, languages),
        ),
      ),
  ]);
  const grouped = groupTexts(texts, (text) => text.categoryId);
  return rows.flatMap((row) => {
    const text = textFor(grouped.get(row.id), ctx);
    return text
      ? [
          {
            id: row.id,
            mediaId: row.mediaId,
            name: text.name,
            slug: text.slug,
            description: text.description,
          },
        ]
      : [];
  });
}

export function createCatalogueService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  /** This process's facet index per site (docs/decisions/0350); null answers fall back to SQL. */
  const facets = createFacetIndexes(db);

  async function indexQuery(view: CatalogueView, criteria: ResolvedCriteria) {
    const index = await facets.current(view.siteId);
    if (!index) return null;
    // Keywords are matched in the index on the names and SKUs the database folded (decision 0363);
    // only a word whose folding made a LIKE wildcard is matched by the database.
    const words =
      criteria.words.length > 0 && (await facets.keywordTexts(index))
        ? await facets.foldWords(criteria.words)
        : null;
    const query: IndexQuery = {
      criteria,
      keywords: words ? { words, languages: viewLanguages(view) } : null,
      keywordIds: criteria.words.length > 0 && !words ? await facets.keywordIds(criteria, view) : null,
      currencyId: view.currency.id,
    };
    return { index, query };
  }

  /** One page of product ids and the total: from the facet index, else from the database. */
  async function listingIds(
    view: CatalogueView,
    criteria: ResolvedCriteria,
    options: { sort: ProductSort; limit: number; offset: number },
  ) {
    const indexed = await indexQuery(view, criteria);
    if (!indexed) return searchProductIds(db, criteria, view, options);
    const byName = options.sort === 'name_asc' || options.sort === 'name_desc';
    const nameRanks = byName
      ? await facets.nameRanks(indexed.index, view.language, view.defaultLanguage)
      : null;
    return indexed.index.page(indexed.query, { ...options, nameRanks });
  }

  /** The filter panel: counts from the facet index, else from the database. */
  async function navigationOf(
    view: CatalogueView,
    criteria: ResolvedCriteria,
    attributes: AttributeRecord[],
  ) {
    const indexed = await indexQuery(view, criteria);
    if (!indexed) return layeredNavigation(db, view, criteria, attributes);
    const filterable = attributes
      .filter((attribute) => attribute.isFilterable)
      .map((attribute) => attribute.id);
    const { counts, price } = indexed.index.facetCounts(indexed.query, filterable);
    return navigationFilters(view, criteria, attributes, counts, price);
  }

  /** Whole responses are cached per site, language, store, currency and normalized input. */
  function cachedRead<T>(
    view: CatalogueView & { storeId: number },
    operation: string,
    input: unknown,
    compute: () => Promise<T>,
  ): Promise<T> {
    const scope = [view.siteId, view.language, view.storeId, view.currency.id];
    return cachedResponse(
      cache,
      { namespace: 'catalogue', operation, scope, input },
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(view.siteId)] },
      compute,
    );
  }

  /** Categories, attributes and tags with their texts in every language: one copy serves every language. */
  function reference(siteId: number): Promise<Reference> {
    return cachedResponse(
      cache,
      { namespace: 'catalogue', operation: 'reference', scope: [siteId], input: null },
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(siteId)] },
      async () => {
        // The product counts of the category tree from the facet index when there is one (the
        // recursive query over every link takes seconds at a million products).
        const index = await facets.current(siteId);
        const [categories, attributes, tags] = await Promise.all([
          loadCategories(db, siteId, index ? (subtrees) => index.categoryCounts(subtrees) : undefined),
          loadAttributes(db, siteId),
          loadTags(db, siteId),
        ]);
        return { categories, attributes, tags };
      },
    );
  }

  const text = <T>(view: CatalogueView, texts: Record<string, T>) =>
    pickText(texts, view.language, view.defaultLanguage);

  /** Attributes and variants of Configurable products, for several products at once. */
  async function configurableDetails(view: CatalogueView, ref: Reference, productIds: number[]) {
    const details = new Map<number, { attributes: VariantAttribute[]; associatedProducts: Variant[] }>();
    if (productIds.length === 0) return details;
    const [configured, variantRows, variantValues] = await Promise.all([
      db
        .select()
        .from(configurableAttributes)
        .where(inArray(configurableAttributes.productId, productIds))
        .orderBy(asc(configurableAttributes.position)),
      db
        .select({ id: products.id, parentId: products.parentId })
        .from(products)
        .where(and(inArray(products.parentId, productIds), eq(products.status, 'active')))
        .orderBy(asc(products.id)),
      db
        .select({
          productId: productAttributeValues.productId,
          attributeId: productAttributeValues.attributeId,
          valueId: productAttributeValues.valueId,
        })
        .from(productAttributeValues)
        .innerJoin(products, eq(products.id, productAttributeValues.productId))
        .where(and(inArray(products.parentId, productIds), eq(products.status, 'active'))),
    ]);
    const valueMedia = ref.attributes.flatMap((attribute) =>
      attribute.values.map((value) => value.mediaId).filter((id): id is number => id !== null),
    );
    const [variants, mediaById] = await Promise.all([
      loadProducts(
        db,
        view,
        ref.tags,
        variantRows.map((row) => row.id),
      ),
      loadMedia(db, view.apiKeyId, valueMedia),
    ]);
    for (const productId of productIds) {
      const ownVariants = variantRows.filter((row) => row.parentId === productId);
      const ownVariantIds = new Set(ownVariants.map((row) => row.id));
      const usedValues = new Set(
        variantValues.filter((row) => ownVariantIds.has(row.productId)).map((row) => row.valueId),
      );
      const attributeList = configured
        .filter((row) => row.productId === productId)
        .map((row) => {
          const attribute = ref.attributes.find((candidate) => candidate.id === row.attributeId);
          if (!attribute) return null;
          return {
            id: attribute.id,
            label: text(view, attribute.labels) ?? attribute.code,
            inputType: attribute.inputType,
            attributeCode: attribute.code,
            customClass: attribute.customClass,
            values: attribute.values
              .filter((value) => usedValues.has(value.id))
              .map((value) => ({
                id: value.id,
                value: text(view, value.labels) ?? value.code,
                valueCode: value.code,
                isMedia: value.isMedia,
                media: value.mediaId === null ? null : (mediaById.get(value.mediaId) ?? null),
                swatchColor: value.swatchColor,
                shopDefault: value.id === row.shopDefaultValueId,
              })),
          };
        })
        .filter((attribute) => attribute !== null);
      const shopDefaults = configured
        .filter((row) => row.productId === productId && row.shopDefaultValueId !== null)
        .map((row) => row.shopDefaultValueId);
      const associatedProducts = ownVariants.flatMap((row) => {
        const variant = variants.get(row.id);
        if (!variant) return [];
        const values = variantValues.filter((value) => value.productId === row.id);
        const valueIds = values.map((value) => value.valueId);
        return [
          {
            id: variant.id,
            name: variant.text.name,
            slug: variant.text.slug,
            sku: variant.sku,
            gtin: variant.gtin,
            format: variant.format,
            attributes: values.map((value) => ({
              attributeId: value.attributeId,
              attributeCode:
                ref.attributes.find((attribute) => attribute.id === value.attributeId)?.code ?? '',
              valueId: value.valueId,
            })),
            attributeValueIds: valueIds,
            isShopDefault: shopDefaults.length > 0 && shopDefaults.every((id) => valueIds.includes(id!)),
            prices: variant.prices,
            stock: variant.stock,
            media: variant.media,
            isVisibleIndividually: variant.isVisibleIndividually,
            mainProductSlug: variant.mainProductSlug,
          },
        ];
      });
      details.set(productId, { attributes: attributeList, associatedProducts });
    }
    return details;
  }

  /** A product a shopper may open: active, of this site, and not a variant hidden behind its main product. */
  async function findProductId(view: CatalogueView, ref: { id?: number; slug?: string }): Promise<number> {
    const visible = and(
      eq(products.siteId, view.siteId),
      eq(products.status, 'active'),
      eq(products.isVisibleIndividually, true),
    );
    if (ref.id !== undefined) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(visible, eq(products.id, ref.id)));
      if (!row) throw notFound('Product not found.');
      return row.id;
    }
    const slug = (ref.slug ?? '').trim().toLowerCase();
    const [row] = await db
      .select({ id: products.id })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(
        and(
          visible,
          eq(productTranslations.siteId, view.siteId),
          eq(productTranslations.slug, slug),
          inArray(productTranslations.languageCode, viewLanguages(view)),
        ),
      )
      .orderBy(desc(sql`${productTranslations.languageCode} = ${view.language}`))
      .limit(1);
    if (!row) throw notFound('Product not found.');
    return row.id;
  }

  async function productCustomOptions(view: CatalogueView, productId: number) {
    const options = (await loadCustomOptions(db, view, [productId])).get(productId) ?? [];
    return options.map((option) => ({
      id: option.id,
      option_title: option.title,
      option_type: option.type,
      isRequired: option.isRequired,
      maxLength: option.maxLength,
      minValue: option.minValue,
      maxValue: option.maxValue,
      custom_option_values: option.values.map((value) => ({
        id: value.id,
        title: value.title,
        sku: value.sku,
        // Stored in euro cents: the cart converts it with the line like every euro amount.
        priceDelta: value.priceDelta,
        priceDeltaCurrency: 'EUR',
      })),
    }));
  }

  async function productDetail(view: CatalogueView, ref: Reference, productId: number) {
    const [crossRows, linkRows, memberRows, slugRows] = await Promise.all([
      db
        .select({ id: crossSells.crossProductId })
        .from(crossSells)
        .where(eq(crossSells.productId, productId))
        .orderBy(asc(crossSells.position)),
      db
        .select({
          categoryId: productCategoryLinks.categoryId,
          isMain: productCategoryLinks.isMain,
          priority: productCategoryLinks.categoryPriority,
        })
        .from(productCategoryLinks)
        .where(eq(productCategoryLinks.productId, productId))
        .orderBy(desc(productCategoryLinks.isMain), asc(productCategoryLinks.categoryId)),
      db
        .select({ id: bundleItems.productId, quantity: bundleItems.quantity })
        .from(bundleItems)
        .where(eq(bundleItems.bundleId, productId))
        .orderBy(asc(bundleItems.position)),
      productSlugs(db, { siteId: view.siteId, ids: [productId] }),
    ]);
    const loaded = await loadProducts(db, view, ref.tags, [
      productId,
      ...crossRows.map((row) => row.id),
      ...memberRows.map((row) => row.id),
    ]);
    const product = loaded.get(productId);
    if (!product) throw notFound('Product not found.');
    const [configurable, options] = await Promise.all([
      product.format === 'Configurable' ? configurableDetails(view, ref, [productId]) : undefined,
      productCustomOptions(view, productId),
    ]);
    const crossSellProducts = crossRows.flatMap((row) => {
      const cross = loaded.get(row.id);
      return cross?.isVisibleIndividually ? [toCard(cross)] : [];
    });
    const bundles = memberRows.flatMap((row) => {
      const member = loaded.get(row.id);
      return member ? [{ product: toCard(member), format: member.format, quantity: row.quantity }] : [];
    });
    const categories = linkRows.flatMap((row) => {
      const category = ref.categories.find((candidate) => candidate.id === row.categoryId);
      const names = category && text(view, category.texts);
      return names ? [{ id: row.categoryId, name: names.name, slug: names.slug, isMain: row.isMain }] : [];
    });
    return {
      id: product.id,
      name: product.text.name,
      slug: product.text.slug,
      sku: product.sku,
      format: product.format,
      type: product.format,
      brand: product.brand,
      gtin: product.gtin,
      itemCondition: product.itemCondition,
      description: sanitizeHtml(product.text.description),
      shortDescription: product.text.shortDescription,
      seo: { title: product.text.seoTitle, description: product.text.seoDescription },
      media: product.media,
      prices: product.prices,
      stock: product.stock,
      taxRateBp: product.taxRateBp,
      eproductDelivery: product.eproductDelivery,
      tags: product.tags.map(({ code, name }) => ({ code, name })),
      categories,
      categoryPriority: Math.max(0, ...linkRows.map((row) => row.priority)),
      isVisibleIndividually: product.isVisibleIndividually,
      mainProductSlug: product.mainProductSlug,
      crossSellProducts,
      attributes: configurable?.get(productId)?.attributes ?? [],
      associatedProducts: configurable?.get(productId)?.associatedProducts ?? [],
      bundles,
      customOptions: options,
      canAddDirectly: canAddDirectly({ format: product.format, bundles }).ok,
      alternates: slugsById(slugRows).get(productId) ?? {},
      rating: product.rating,
    };
  }

  async function product(ctx: RequestContext, input: ProductRef) {
    const view = viewFor(ctx, input);
    const normalized = {
      id: input.id ?? null,
      slug: input.id === undefined ? (input.slug ?? '').trim().toLowerCase() : null,
    };
    return cachedRead(view, 'product', normalized, async () => {
      const ref = await reference(view.siteId);
      return productDetail(view, ref, await findProductId(view, input));
    });
  }

  async function filterProducts(ctx: RequestContext, input: ProductFilterInput) {
    const view = viewFor(ctx, input);
    const page = input.page ?? 1;
    if (hasNoCriteria(input))
      return { records: [], totalPages: 0, totalRecords: 0, page, limit: DEFAULT_LIMIT };
    const limit = input.allowUnlimited
      ? Math.min(input.limit ?? UNLIMITED_CEILING, UNLIMITED_CEILING)
      : Math.min(input.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    const normalized = {
      keywords: input.keywords?.trim() ?? '',
      filters: input.filters ?? [],
      mainCategory: input.mainCategory ?? null,
      select: input.select ?? null,
      sort: input.sort ?? 'priority',
      limit,
      page,
    };
    return cachedRead(view, 'filter', normalized, async () => {
      const ref = await reference(view.siteId);
      const criteria = resolveCriteria(input, ref, view);
      const { ids, total } = await listingIds(view, criteria, {
        sort: normalized.sort,
        limit,
        offset: (page - 1) * limit,
      });
      const cards = await loadCards(db, view, ref.tags, ids);
      const records = ids.flatMap((id) => cards.get(id) ?? []);
      return { records, totalPages: Math.ceil(total / limit), totalRecords: total, page, limit };
    });
  }

  async function navigation(ctx: RequestContext, input: NavigationInput) {
    const view = viewFor(ctx, input);
    const normalized = {
      keywords: input.keywords?.trim() ?? '',
      filters: input.filters ?? [],
      mainCategory: input.mainCategory ?? null,
    };
    return cachedRead(view, 'navigation', normalized, async () => {
      const ref = await reference(view.siteId);
      const criteria = resolveCriteria(input, ref, view);
      return { filters: await navigationOf(view, criteria, ref.attributes) };
    });
  }

  async function categoryTree(view: CatalogueView, categories: CategoryRecord[], rootIds: number[]) {
    const images = await loadMedia(
      db,
      view.apiKeyId,
      categories.map((category) => category.mediaId).filter((id): id is number => id !== null),
    );
    const build = (category: CategoryRecord): CategoryNode | null => {
      const names = text(view, category.texts);
      if (!names) return null;
      return {
        id: category.id,
        parentId: category.parentId,
        name: names.name,
        slug: names.slug,
        description: names.description,
        seo: { title: names.seoTitle, description: names.seoDescription },
        image: category.mediaId === null ? null : (images.get(category.mediaId) ?? null),
        position: category.position,
        productCount: category.productCount,
        alternates: slugPerLanguage(category.texts),
        // The specification lists categories by id ascending; the records arrive in that order.
        children: categories
          .filter((child) => child.parentId === category.id)
          .map(build)
          .filter((node): node is CategoryNode => node !== null),
      };
    };
    return rootIds
      .map((id) => categories.find((category) => category.id === id))
      .filter((category): category is CategoryRecord => category !== undefined)
      .map(build)
      .filter((node): node is CategoryNode => node !== null);
  }

  async function category(ctx: RequestContext, ref: number | string) {
    const view = viewFor(ctx);
    return cachedRead(view, 'category', { ref }, async () => {
      const { categories } = await reference(view.siteId);
      const found = findCategory(categories, ref, view.language, view.defaultLanguage);
      if (!found) throw notFound('Category not found.');
      const [node] = await categoryTree(view, categories, [found.id]);
      const breadcrumb: { id: number; name: string; slug: string }[] = [];
      for (let parent = found.parentId; parent !== null; ) {
        const ancestor = categories.find((candidate) => candidate.id === parent);
        const names = ancestor && text(view, ancestor.texts);
        if (!ancestor || !names) break;
        breadcrumb.unshift({ id: ancestor.id, name: names.name, slug: names.slug });
        parent = ancestor.parentId;
      }
      return { category: node!, breadcrumb };
    });
  }

  /**
   * A category page's data in one call: the category and breadcrumb, the filter panel of the category
   * alone and of the given criteria (the same answer when there are none), and one page of products.
   * Each part is the cached answer of its own call (category, navigation, filter).
   */
  async function categoryPage(ctx: RequestContext, input: CategoryPageInput) {
    const found = await category(ctx, input.slug);
    const scope = { store: input.store, currency: input.currency };
    const criteria = {
      ...scope,
      mainCategory: found.category.id,
      keywords: input.keywords?.trim() || undefined,
      filters: input.filters?.length ? input.filters : undefined,
    };
    const base = navigation(ctx, { ...scope, mainCategory: found.category.id });
    const [categoryFilters, filters, products] = await Promise.all([
      base,
      criteria.keywords || criteria.filters ? navigation(ctx, criteria) : base,
      filterProducts(ctx, { ...criteria, sort: input.sort, limit: input.limit, page: input.page }),
    ]);
    return {
      ...found,
      categoryFilters: categoryFilters.filters,
      filters: filters.filters,
      products,
    };
  }

  async function categories(ctx: RequestContext, input: { parentId?: number; slug?: string }) {
    const view = viewFor(ctx);
    return cachedRead(view, 'categories', input, async () => {
      const { categories: all } = await reference(view.siteId);
      let rootIds: number[];
      if (input.slug) {
        const found = findCategory(all, input.slug, view.language, view.defaultLanguage);
        rootIds = found ? [found.id] : [];
      } else {
        const parentId = input.parentId ?? null;
        rootIds = all.filter((candidate) => candidate.parentId === parentId).map((candidate) => candidate.id);
      }
      const records = await categoryTree(view, all, rootIds);
      return { records, totalRecords: records.length, totalPages: records.length > 0 ? 1 : 0 };
    });
  }

  async function tagList(ctx: RequestContext, input: { codes?: string[] }) {
    const view = viewFor(ctx);
    const { tags } = await reference(view.siteId);
    const wanted = input.codes?.map((code) => code.toUpperCase());
    const records = tags
      .filter((tag) => !wanted || wanted.includes(tag.code.toUpperCase()))
      .map((tag) => ({ id: tag.id, code: tag.code, name: text(view, tag.names) ?? tag.code }));
    return { records, totalRecords: records.length, totalPages: records.length > 0 ? 1 : 0 };
  }

  /** The members of a bundle for the customisation popup; a Configurable member brings its variants. */
  async function checkBundles(ctx: RequestContext, input: { product: number } & PriceScope) {
    const view = viewFor(ctx, input);
    return cachedRead(view, 'checkBundles', { product: input.product }, async () => {
      const ref = await reference(view.siteId);
      const bundleId = await findProductId(view, { id: input.product });
      const memberRows = await db
        .select({ id: bundleItems.productId, quantity: bundleItems.quantity })
        .from(bundleItems)
        .where(eq(bundleItems.bundleId, bundleId))
        .orderBy(asc(bundleItems.position));
      const loaded = await loadProducts(db, view, ref.tags, [bundleId, ...memberRows.map((row) => row.id)]);
      const bundle = loaded.get(bundleId)!;
      if (bundle.format !== 'Bundle') throw badRequest('The product is not a bundle.', 'product');
      const configurableIds = memberRows
        .filter((row) => loaded.get(row.id)?.format === 'Configurable')
        .map((row) => row.id);
      const details = await configurableDetails(view, ref, configurableIds);
      const bundles = memberRows.flatMap((row) => {
        const member = loaded.get(row.id);
        if (!member) return [];
        const needsChoice = member.format === 'Configurable';
        return [
          {
            product: toCard(member),
            format: member.format,
            quantity: row.quantity,
            needsChoice,
            attributes: details.get(row.id)?.attributes ?? [],
            associatedProducts: details.get(row.id)?.associatedProducts ?? [],
          },
        ];
      });
      return {
        product: { id: bundle.id, format: bundle.format, name: bundle.text.name, slug: bundle.text.slug },
        canAddDirectly: canAddDirectly({ format: bundle.format, bundles }).ok,
        bundles,
      };
    });
  }

  return {
    product,
    filterProducts,
    navigation,
    category,
    categoryPage,
    categories,
    tagList,
    checkBundles,
    invalidate: (siteId: number) => invalidateSiteContent(cache, siteId),
    /** The facet indexes' build figures (benchmarks, tests). */
    facetIndexStats: () => facets.stats(),
    /**
     * Builds these sites' facet indexes and loads what sorts and keywords need, at the process's start
     * (decision 0369); the sites and their languages come from the site module.
     */
    warmUp: (sites: readonly WarmSite[]) => facets.warmUp(sites),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
