import { type SQL, sql } from 'drizzle-orm';
import { productLink, termLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cachedResponse } from '../../cache/cached-response.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { escapeLike } from '../../kernel/like-pattern.ts';
import { readLanguages, uiLanguage } from '../../kernel/translations.ts';
import type { ProductPrices as Prices } from '../catalogue/catalogue.contract.ts';
import { categorySummaries, productSummaries } from '../catalogue/catalogue.service.ts';
import { postTextsForSearch } from '../cms/cms-content.service.ts';
import { loadMedia } from '../media/media.service.ts';
import { siteCacheTag } from '../site/site.service.ts';
import type { SearchCategory } from './search.contract.ts';
import { queryWords, snippet, tsQueryText } from './search-text.ts';

const TTL_SECONDS = 60;
/** A search that is a product's SKU (or its start) puts that product first. */
const SKU_SCORE = 2;

export type SearchInput = { search: string; categories: SearchCategory[]; page: number; limit: number };

export type SearchMedia = { url: string; width: number | null; height: number | null; alt: string };

export type SearchRecord = {
  id: number;
  title: string;
  /** Plain text around the first matching word, else the start of the item's text. */
  excerpt: string;
  link: string;
  media: SearchMedia | null;
  /** Products only. */
  sku?: string;
  /** Products only: prices in the store's currency. */
  prices?: Prices | null;
};

export type SearchGroup = {
  category: SearchCategory;
  records: SearchRecord[];
  totalRecords: number;
  totalPages: number;
  page: number;
  limit: number;
};

export type SearchResult = { search: string; groups: SearchGroup[] };

/** One searchable translation table and the entity its rows belong to. */
type Source = {
  table: string;
  entity: string;
  idColumn: string;
  titleColumn: string;
  /** Conditions on the entity row `e`. */
  scope: (ctx: RequestContext) => SQL;
  /** More text that may match, such as a page's sections; `q` is the tsquery of the row's language. */
  extraMatch?: (q: SQL) => SQL;
};

const livePosts = (type: 'page' | 'post') => (ctx: RequestContext) =>
  sql`e.site_id = ${ctx.site.id} and e.type = ${type} and e.status = 'published' and e.published_at <= now()`;

const postSource = (type: 'page' | 'post'): Source => ({
  table: 'post_translations',
  entity: 'posts',
  idColumn: 'post_id',
  titleColumn: 'title',
  scope: livePosts(type),
  // A page's text is in its sections; there are few pages, so they are read without an index.
  extraMatch:
    type === 'page'
      ? (q) => sql`exists (
          select 1 from post_sections ps
          join section_translations st on st.section_id = ps.section_id and st.language_code = t.language_code
          where ps.post_id = t.post_id
            and to_tsvector(search_config(st.language_code), f_unaccent(search_json_text(st.content))) @@ ${q})`
      : undefined,
});

const sources: Record<SearchCategory, Source> = {
  pages: postSource('page'),
  posts: postSource('post'),
  products: {
    table: 'product_translations',
    entity: 'products',
    idColumn: 'product_id',
    titleColumn: 'name',
    // Variants are reached through their main product's page.
    scope: (ctx) => sql`e.site_id = ${ctx.site.id} and e.status = 'active' and e.is_visible_individually`,
  },
  productCategories: {
    table: 'product_category_translations',
    entity: 'product_categories',
    idColumn: 'category_id',
    titleColumn: 'name',
    scope: (ctx) => sql`e.site_id = ${ctx.site.id} and e.is_active`,
  },
};

type Hit = { id: number; score: number };

/** Site search over pages, blog posts, products and shop categories, in the request language. */
export function createSearchService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  /**
   * Ids and scores of one page of matches, best first, and the number of matches. A row matches when
   * its document matches every word (full text, diacritics folded), or when the whole search is
   * trigram-similar to a word sequence of its title (typos). Rows in the site's default language count
   * only for items without a text in the request language.
   */
  async function hits(
    ctx: RequestContext,
    category: SearchCategory,
    search: string,
    words: string[],
    page: number,
    limit: number,
  ): Promise<{ hits: Hit[]; total: number }> {
    const source = sources[category];
    const { table, entity, idColumn, titleColumn } = source;
    // The stored, GIN-indexed document of the row (0002_search.sql).
    const document = sql.raw('t.search_vector');
    const title = sql.raw(`f_unaccent(t.${titleColumn})`);
    const id = sql.raw(`t.${idColumn}`);
    const languages = readLanguages(ctx);
    const tsQuery = (language: string) =>
      sql`to_tsquery(search_config(${language}), f_unaccent(${tsQueryText(words, language)}))`;
    const typo = sql`f_unaccent(${search}) <% ${title}`;
    const arms = languages.map((language, index) => {
      const q = tsQuery(language);
      const matches = [
        ...(words.length > 0 ? [sql`${document} @@ ${q}`] : []),
        typo,
        ...(words.length > 0 && source.extraMatch ? [source.extraMatch(q)] : []),
      ];
      const fallback =
        index === 0
          ? sql``
          : sql` and not exists (select 1 from ${sql.raw(table)} o
              where o.${sql.raw(idColumn)} = ${id} and o.language_code = ${ctx.language})`;
      return sql`(t.language_code = ${language} and (${sql.join(matches, sql` or `)})${fallback})`;
    });
    const rankQuery =
      languages.length === 1
        ? tsQuery(languages[0]!)
        : sql`case when t.language_code = ${languages[0]} then ${tsQuery(languages[0]!)} else ${tsQuery(languages[1]!)} end`;
    const rank = words.length > 0 ? sql`ts_rank(${document}, ${rankQuery})` : sql`0`;
    const skuWord = /^\S{3,64}$/.test(search.trim()) ? search.trim().toLowerCase() : null;
    const skuHits =
      category === 'products' && skuWord
        ? sql` union all
            select e.id, ${SKU_SCORE}::real from products e
            where ${source.scope(ctx)} and lower(e.sku) like ${`${escapeLike(skuWord)}%`}`
        : sql``;
    const [row] = await rowsOf<{ total: number; hits: Hit[] | string }>(
      db,
      sql`with hit as (
            select ${id} as id, (${rank} + word_similarity(f_unaccent(${search}), ${title}))::real as score
            from ${sql.raw(table)} t
            where exists (select 1 from ${sql.raw(entity)} e where e.id = ${id} and ${source.scope(ctx)})
              and (${sql.join(arms, sql` or `)})
            ${skuHits}
          ),
          best as (select id, max(score) as score from hit group by id),
          page as (select id, score from best order by score desc, id limit ${limit} offset ${(page - 1) * limit})
          select (select count(*) from best)::int as total,
            coalesce((select json_agg(json_build_object('id', id, 'score', score) order by score desc, id)
              from page), '[]'::json) as hits`,
    );
    const list = typeof row?.hits === 'string' ? (JSON.parse(row.hits) as Hit[]) : (row?.hits ?? []);
    return {
      hits: list.map((hit) => ({ id: Number(hit.id), score: Number(hit.score) })),
      total: Number(row?.total ?? 0),
    };
  }

  /** Small images (320x240) for result lists. */
  async function smallMedia(ctx: RequestContext, ids: number[]): Promise<Map<number, SearchMedia>> {
    const views = await loadMedia(db, ctx.site.apiKeyId, ids, 'SmallSize');
    return new Map(
      [...views].map(([id, view]) => [
        id,
        { url: view.url, width: view.width, height: view.height, alt: view.alt },
      ]),
    );
  }

  async function postRecords(ctx: RequestContext, ids: number[], words: string[]): Promise<SearchRecord[]> {
    const found = await postTextsForSearch(db, ctx, ids);
    const images = await smallMedia(
      ctx,
      found.flatMap((post) => (post.mediaId ? [post.mediaId] : [])),
    );
    return found.map((post) => ({
      id: post.id,
      title: post.title,
      excerpt: snippet(
        [post.excerpt, post.body, ...post.sectionContents.flatMap((content) => readableStrings(content))],
        words,
      ),
      link: termLink({ type: post.type, slug: post.slug }, uiLanguage(ctx.language)),
      media: post.mediaId ? (images.get(post.mediaId) ?? null) : null,
    }));
  }

  async function productRecords(
    ctx: RequestContext,
    ids: number[],
    words: string[],
  ): Promise<SearchRecord[]> {
    if (ids.length === 0) return [];
    const loaded = await productSummaries(db, ctx, ids);
    const images = await smallMedia(
      ctx,
      [...loaded.values()].flatMap((product) => product.media.slice(0, 1).map((image) => image.id)),
    );
    return ids.flatMap((id) => {
      const product = loaded.get(id);
      if (!product) return [];
      const image = product.media[0];
      return [
        {
          id,
          title: product.text.name,
          excerpt: snippet([product.text.shortDescription, product.text.description], words),
          link: productLink(product.text.slug, uiLanguage(ctx.language)),
          media: image ? (images.get(image.id) ?? null) : null,
          sku: product.sku,
          prices: product.prices,
        },
      ];
    });
  }

  async function categoryRecords(
    ctx: RequestContext,
    ids: number[],
    words: string[],
  ): Promise<SearchRecord[]> {
    const found = await categorySummaries(db, ctx, ids);
    const images = await smallMedia(
      ctx,
      found.flatMap((category) => (category.mediaId ? [category.mediaId] : [])),
    );
    const byId = new Map(found.map((category) => [category.id, category]));
    return ids.flatMap((id) => {
      const category = byId.get(id);
      if (!category) return [];
      return [
        {
          id,
          title: category.name,
          excerpt: snippet([category.description], words),
          link: localizedPath('shop', uiLanguage(ctx.language), { slug: category.slug }),
          media: category.mediaId ? (images.get(category.mediaId) ?? null) : null,
        },
      ];
    });
  }

  const shapers: Record<
    SearchCategory,
    (ctx: RequestContext, ids: number[], words: string[]) => Promise<SearchRecord[]>
  > = {
    pages: postRecords,
    posts: postRecords,
    products: productRecords,
    productCategories: categoryRecords,
  };

  async function group(
    ctx: RequestContext,
    category: SearchCategory,
    input: SearchInput,
    words: string[],
  ): Promise<SearchGroup> {
    const found = await hits(ctx, category, input.search, words, input.page, input.limit);
    const records = await shapers[category](
      ctx,
      found.hits.map((hit) => hit.id),
      words,
    );
    return {
      category,
      records,
      totalRecords: found.total,
      totalPages: Math.ceil(found.total / input.limit),
      page: input.page,
      limit: input.limit,
    };
  }

  async function compute(ctx: RequestContext, input: SearchInput): Promise<SearchResult> {
    const words = queryWords(input.search);
    const groups = await Promise.all(input.categories.map((category) => group(ctx, category, input, words)));
    return { search: input.search, groups };
  }

  /** Results are cached briefly per site, language, store and input: the same search is often repeated while typing. */
  function search(ctx: RequestContext, input: SearchInput): Promise<SearchResult> {
    return cachedResponse(
      cache,
      { namespace: 'search', operation: 'search', scope: [ctx.site.id, ctx.language, ctx.store.id], input },
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(ctx.site.id)] },
      () => compute(ctx, input),
    );
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;

const NOT_TEXT_KEYS = new Set([
  'href',
  'url',
  'src',
  'link',
  'icon',
  'image',
  'video',
  'embed',
  'variant',
  'style',
]);

/** The strings of a section's content a visitor reads (not links, media or layout names). */
function readableStrings(value: unknown, key = ''): string[] {
  if (NOT_TEXT_KEYS.has(key)) return [];
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => readableStrings(item));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => readableStrings(item, name));
  }
  return [];
}
