import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiFilters,
  clearFilters,
  emptyListingState,
  type FilterDefinition,
  isCanonicalQuery,
  isRefined,
  listingHref,
  pageLinks,
  parseListingState,
  priceBounds,
  resetFilter,
  sanitizeListingState,
  serializeListingState,
  toggleValue,
  withChange,
  withPage,
} from './listing-state.ts';

const parse = (query: string) => parseListingState(new URLSearchParams(query));

describe('parseListingState', () => {
  it('reads every part of the listing from the query string', () => {
    expect(parse('search=slikovnica&boja=crvena,plava&price=10-50&sort=price_asc&limit=12&page=2')).toEqual({
      search: 'slikovnica',
      attributes: { boja: ['crvena', 'plava'] },
      price: { min: 10, max: 50 },
      sort: 'price_asc',
      limit: 12,
      page: 2,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(emptyListingState);
  });

  it('falls back to defaults for values it cannot use', () => {
    const state = parse('sort=cheapest&limit=7&page=-3&price=abc');
    expect(state.sort).toBe('priority');
    expect(state.limit).toBe(6);
    expect(state.page).toBe(1);
    expect(state.price).toBeNull();
  });

  it('reads what the GET form sends: repeated checkbox names and two price fields', () => {
    const state = parse(
      'search=+moja++knjiga+&boja=plava&boja=crvena&velicina=&price_min=5&price_max=&limit=24',
    );
    expect(state.search).toBe('moja knjiga');
    expect(state.attributes).toEqual({ boja: ['plava', 'crvena'] });
    expect(state.price).toEqual({ min: 5, max: null });
    expect(state.limit).toBe(24);
  });

  it('lets empty price fields clear a price the URL had', () => {
    expect(parse('price=10-50&price_min=&price_max=').price).toBeNull();
  });

  it('orders reversed price bounds and rounds decimals down', () => {
    expect(parse('price=80-20').price).toEqual({ min: 20, max: 80 });
    expect(parse('price_min=9,99&price_max=30.5').price).toEqual({ min: 9, max: 30 });
    expect(parse('price=-40').price).toEqual({ min: null, max: 40 });
  });

  it('ignores React Router data parameters and names that cannot be attribute codes', () => {
    expect(parse('_routes=routes/shop&<script>=x&boja=zuta').attributes).toEqual({ boja: ['zuta'] });
  });
});

describe('serializeListingState', () => {
  it('writes one canonical address whatever the order of the input', () => {
    const a = serializeListingState(parse('page=2&velicina=m&boja=plava,crvena&price=10-50&limit=12'));
    const b = serializeListingState(
      parse('limit=12&boja=crvena&boja=plava&price_min=10&price_max=50&velicina=m&page=2'),
    );
    expect(a).toBe('boja=crvena,plava&velicina=m&price=10-50&limit=12&page=2');
    expect(b).toBe(a);
  });

  it('leaves defaults out, so the plain category has no query string', () => {
    expect(serializeListingState(emptyListingState)).toBe('');
    expect(listingHref('/shop/knjige', emptyListingState)).toBe('/shop/knjige');
  });

  it('round-trips through the parser', () => {
    const state = parse('search=ćup i šalica&dob=3-6&price=-25&sort=name_desc&limit=24&page=3');
    const query = serializeListingState(state);
    expect(parse(query)).toEqual(state);
    expect(serializeListingState(parse(query))).toBe(query);
    expect(query).toContain('search=%C4%87up%20i%20%C5%A1alica');
  });
});

describe('isCanonicalQuery', () => {
  it('accepts the canonical query however it is escaped, and with React Router data parameters', () => {
    const canonical = 'search=%C4%87up%20i&boja=crvena,plava&price=10-50';
    expect(isCanonicalQuery(`?${canonical}`, canonical)).toBe(true);
    expect(isCanonicalQuery('?search=%C4%87up+i&boja=crvena%2Cplava&price=10-50', canonical)).toBe(true);
    expect(isCanonicalQuery(`?${canonical}&_routes=routes%2Fshop`, canonical)).toBe(true);
    expect(isCanonicalQuery('', '')).toBe(true);
  });

  it('refuses what a form sends or an old link has, which then redirects', () => {
    expect(isCanonicalQuery('?boja=plava&boja=crvena', 'boja=crvena,plava')).toBe(false);
    expect(isCanonicalQuery('?sort=priority&limit=6', '')).toBe(false);
    expect(isCanonicalQuery('?price_min=10&price_max=50', 'price=10-50')).toBe(false);
  });
});

describe('changes', () => {
  const start = parse('boja=plava&price=10-50&sort=price_desc&limit=12&page=3');

  it('goes back to page 1 when what is listed changes, but not for a page change', () => {
    expect(toggleValue(start, 'boja', 'crvena').page).toBe(1);
    expect(withChange(start, { sort: 'name_asc' }).page).toBe(1);
    expect(withPage(start, 4).page).toBe(4);
    expect(withPage(start, 4).attributes).toEqual(start.attributes);
  });

  it('toggles a value on and off and drops an attribute left without values', () => {
    const both = toggleValue(start, 'boja', 'crvena');
    expect(both.attributes.boja).toEqual(['plava', 'crvena']);
    expect(toggleValue(toggleValue(start, 'boja', 'plava'), 'velicina', 's').attributes).toEqual({
      velicina: ['s'],
    });
  });

  it('resets one filter or all of them, keeping search, sort and page size', () => {
    expect(resetFilter(start, 'price').price).toBeNull();
    expect(resetFilter(start, 'price').attributes).toEqual({ boja: ['plava'] });
    expect(resetFilter(start, 'boja').attributes).toEqual({});
    const cleared = clearFilters({ ...start, search: 'lego' });
    expect(serializeListingState(cleared)).toBe('search=lego&sort=price_desc&limit=12');
    expect(activeFilterCount(start)).toBe(2);
    expect(activeFilterCount(cleared)).toBe(0);
  });

  it('counts any refinement of the plain listing as refined', () => {
    expect(isRefined(emptyListingState)).toBe(false);
    expect(isRefined(withPage(emptyListingState, 2))).toBe(true);
    expect(isRefined(parse('search=x'))).toBe(true);
  });
});

describe('sanitizeListingState', () => {
  const filters: FilterDefinition[] = [
    { attributeCode: 'price', type: 'range', choices: [] },
    { attributeCode: 'boja', type: 'multiple', choices: [{ valueCode: 'plava' }, { valueCode: 'crvena' }] },
    {
      attributeCode: 'format',
      type: 'single',
      choices: [{ valueCode: 'meki-uvez' }, { valueCode: 'tvrdi-uvez' }],
    },
  ];

  it('keeps only attributes and values the category offers, and one value of a single choice', () => {
    const state = parse('boja=plava,ljubicasta&format=tvrdi-uvez,meki-uvez&utm_source=mail&price=1-2');
    const clean = sanitizeListingState(state, filters);
    expect(clean.attributes).toEqual({ boja: ['plava'], format: ['tvrdi-uvez'] });
    expect(clean.price).toEqual({ min: 1, max: 2 });
  });
});

describe('apiFilters', () => {
  it('sends value codes and the price in minor units', () => {
    expect(apiFilters(parse('velicina=m&boja=plava,crvena&price=10-50'))).toEqual([
      { key: 'boja', value: ['plava', 'crvena'] },
      { key: 'velicina', value: ['m'] },
      { key: 'price', value: { min: 1000, max: 5000 } },
    ]);
    expect(apiFilters(parse('price=-20'))).toEqual([{ key: 'price', value: { min: null, max: 2000 } }]);
    expect(apiFilters(emptyListingState)).toEqual([]);
  });

  it('turns the API price range into whole units that include both ends', () => {
    expect(priceBounds(1099, 4550)).toEqual({ min: 10, max: 46 });
    expect(priceBounds(null, null)).toEqual({ min: null, max: null });
  });
});

describe('pageLinks', () => {
  it('shows at most four pages around the current one', () => {
    expect(pageLinks(1, 10)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(5, 10)).toEqual([4, 5, 6, 7]);
    expect(pageLinks(10, 10)).toEqual([7, 8, 9, 10]);
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 0)).toEqual([]);
    expect(pageLinks(99, 5)).toEqual([2, 3, 4, 5]);
  });
});
