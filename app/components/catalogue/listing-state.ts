import type { ProductSort } from '../../../server/modules/catalogue/catalogue.contract.ts';

/**
 * The whole state of a category listing (search words, filters, sort, page size and page) lives in
 * the URL, so that a filtered listing can be shared, reloaded, navigated back to and used without
 * JavaScript. These pure functions convert between the query string and that state; the loader,
 * the GET forms and the client-side handlers all go through them.
 *
 * Query string: ?search=…&boja=crvena,plava&price=10-50&sort=price_asc&limit=12&page=2
 * Prices are whole units of the store currency (the API speaks minor units).
 */

export const listingSorts = [
  'priority',
  'price_asc',
  'price_desc',
  'name_asc',
  'name_desc',
  'newest',
] as const satisfies readonly ProductSort[];
export type ListingSort = (typeof listingSorts)[number];
export const DEFAULT_SORT: ListingSort = 'priority';

/** The shop's per-page choices (specification section 9). */
export const pageSizes = [6, 12, 24] as const;
export type PageSize = (typeof pageSizes)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 6;

/** Page links shown at once (specification: the category controller's page-number length). */
export const PAGE_LINKS = 4;

export type PriceRange = { min: number | null; max: number | null };

export type ListingState = {
  search: string;
  /** Attribute code -> chosen value codes. */
  attributes: Record<string, string[]>;
  price: PriceRange | null;
  sort: ListingSort;
  limit: PageSize;
  page: number;
};

export const emptyListingState: ListingState = {
  search: '',
  attributes: {},
  price: null,
  sort: DEFAULT_SORT,
  limit: DEFAULT_PAGE_SIZE,
  page: 1,
};

/**
 * Parameters that are not attribute filters. `price_min`/`price_max` are what the GET form's two
 * price fields send; `_routes` is added by React Router to its data requests.
 */
const RESERVED = new Set(['search', 'sort', 'limit', 'page', 'price', 'price_min', 'price_max', '_routes']);
const ATTRIBUTE_CODE = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const MAX_SEARCH = 200;
const MAX_VALUES = 50;

function wholeAmount(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.floor(value);
}

function priceOf(params: URLSearchParams): PriceRange | null {
  let min: number | null;
  let max: number | null;
  if (params.has('price_min') || params.has('price_max')) {
    min = wholeAmount(params.get('price_min'));
    max = wholeAmount(params.get('price_max'));
  } else {
    const match = /^\s*([\d.,]*)\s*-\s*([\d.,]*)\s*$/.exec(params.get('price') ?? '');
    min = wholeAmount(match?.[1]);
    max = wholeAmount(match?.[2]);
  }
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { min, max };
}

const positiveInteger = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** The listing a query string asks for. Anything unreadable falls back to its default. */
export function parseListingState(params: URLSearchParams): ListingState {
  const attributes: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if (RESERVED.has(key) || !ATTRIBUTE_CODE.test(key)) continue;
    const values = [
      ...new Set(
        params
          .getAll(key)
          .flatMap((value) => value.split(','))
          .map((value) => value.trim().toLowerCase())
          .filter(Boolean),
      ),
    ].slice(0, MAX_VALUES);
    if (values.length > 0) attributes[key] = values;
  }
  const sort = params.get('sort');
  const limit = Number(params.get('limit'));
  return {
    search: (params.get('search') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH),
    attributes,
    price: priceOf(params),
    sort: (listingSorts as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : DEFAULT_SORT,
    limit: (pageSizes as readonly number[]).includes(limit) ? (limit as PageSize) : DEFAULT_PAGE_SIZE,
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

const encode = (value: string) => encodeURIComponent(value);

/**
 * The one query string (without '?') for a state: filters in a fixed order, defaults left out,
 * so that the same listing always has the same address.
 */
export function serializeListingState(state: ListingState): string {
  const parts: string[] = [];
  if (state.search) parts.push(`search=${encode(state.search)}`);
  for (const code of Object.keys(state.attributes).sort()) {
    const values = [...new Set(state.attributes[code])].sort();
    if (values.length > 0) parts.push(`${encode(code)}=${values.map(encode).join(',')}`);
  }
  if (state.price && (state.price.min !== null || state.price.max !== null))
    parts.push(`price=${state.price.min ?? ''}-${state.price.max ?? ''}`);
  if (state.sort !== DEFAULT_SORT) parts.push(`sort=${state.sort}`);
  if (state.limit !== DEFAULT_PAGE_SIZE) parts.push(`limit=${state.limit}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  return parts.join('&');
}

function decodedParts(query: string): string[] {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('_routes='))
    .map((part) => {
      try {
        return decodeURIComponent(part.replaceAll('+', ' '));
      } catch {
        return part;
      }
    });
}

/**
 * Whether a request's query string is already the canonical one, ignoring only how characters are
 * escaped and React Router's `_routes` parameter: anything else earns a redirect to the canonical URL.
 */
export function isCanonicalQuery(query: string, canonical: string): boolean {
  return decodedParts(query).join('&') === decodedParts(canonical).join('&');
}

export function listingHref(pathname: string, state: ListingState): string {
  const query = serializeListingState(state);
  return query ? `${pathname}?${query}` : pathname;
}

/** A change of what is listed starts again at page 1; only a page change keeps the rest. */
export function withChange(state: ListingState, change: Partial<Omit<ListingState, 'page'>>): ListingState {
  return { ...state, ...change, page: 1 };
}

export const withPage = (state: ListingState, page: number): ListingState => ({
  ...state,
  page: Math.max(1, Math.floor(page)),
});

export function withValues(state: ListingState, code: string, values: string[]): ListingState {
  const attributes = { ...state.attributes };
  if (values.length === 0) delete attributes[code];
  else attributes[code] = [...new Set(values)];
  return withChange(state, { attributes });
}

export function toggleValue(state: ListingState, code: string, value: string): ListingState {
  const current = state.attributes[code] ?? [];
  return withValues(
    state,
    code,
    current.includes(value) ? current.filter((candidate) => candidate !== value) : [...current, value],
  );
}

/** The reset of one filter: 'price' or an attribute code. */
export function resetFilter(state: ListingState, code: string): ListingState {
  return code === 'price' ? withChange(state, { price: null }) : withValues(state, code, []);
}

/** Clear all removes every filter; the search words, sort and page size stay. */
export const clearFilters = (state: ListingState): ListingState =>
  withChange(state, { attributes: {}, price: null });

export function activeFilterCount(state: ListingState): number {
  return Object.keys(state.attributes).length + (state.price ? 1 : 0);
}

/** Anything but the plain category listing: such pages stay out of the search index. */
export const isRefined = (state: ListingState) => serializeListingState(state) !== '';

/** What the filter panel knows about a filter (a record of `v1/catalogue/layered/navigation`). */
export type FilterDefinition = {
  attributeCode: string;
  type: 'range' | 'single' | 'multiple';
  choices: { valueCode: string }[];
};

/**
 * The state without attributes or values the category does not offer (old links, typing), and with
 * at most one value for a single-choice filter; the API would refuse an unknown attribute.
 */
export function sanitizeListingState(state: ListingState, filters: FilterDefinition[]): ListingState {
  const attributes: Record<string, string[]> = {};
  for (const [code, values] of Object.entries(state.attributes)) {
    const filter = filters.find(
      (candidate) => candidate.attributeCode === code && candidate.type !== 'range',
    );
    if (!filter) continue;
    const known = values.filter((value) => filter.choices.some((choice) => choice.valueCode === value));
    const kept = filter.type === 'single' ? known.slice(0, 1) : known;
    if (kept.length > 0) attributes[code] = kept;
  }
  return { ...state, attributes };
}

export type ApiFilter = { key: string; value: string[] | { min: number | null; max: number | null } };

/** The `filters` of web/filter and layered/navigation: attribute value codes; price in minor units. */
export function apiFilters(state: ListingState): ApiFilter[] {
  const filters: ApiFilter[] = Object.keys(state.attributes)
    .sort()
    .map((code) => ({ key: code, value: state.attributes[code]! }));
  if (state.price) {
    filters.push({
      key: 'price',
      value: {
        min: state.price.min === null ? null : state.price.min * 100,
        max: state.price.max === null ? null : state.price.max * 100,
      },
    });
  }
  return filters;
}

/** The slider's ends in whole currency units around the API's lowest and highest price (minor units). */
export function priceBounds(minValue: number | null, maxValue: number | null): PriceRange {
  return {
    min: minValue === null ? null : Math.floor(minValue / 100),
    max: maxValue === null ? null : Math.ceil(maxValue / 100),
  };
}

/** The page links to show: at most `size` consecutive pages, the current one among them. */
export function pageLinks(page: number, totalPages: number, size = PAGE_LINKS): number[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.max(1, Math.min(current - 1, totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}
