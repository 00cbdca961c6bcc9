import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { NavigationFilter } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { catalogs } from '../../i18n/catalog.ts';
import '../../i18n/i18n.server.ts';
import { i18nFor } from '../../i18n/i18n.ts';
import { DesktopFilters } from './filter-panel.tsx';
import { ListingPagination, ListingToolbar } from './listing-controls.tsx';
import { emptyListingState, type ListingState } from './listing-state.ts';
import { MobileFilters } from './mobile-filters.tsx';

// No router around them: islands render in the browser without React Router.
const render = (node: React.ReactNode) =>
  renderToString(<I18nextProvider i18n={i18nFor('hr')}>{node}</I18nextProvider>);
const hr = catalogs.hr.shop;

const choice = (valueCode: string, valueLabel: string, totalProducts = 3) => ({
  attributeID: 1,
  value: 1,
  valueCode,
  valueLabel,
  totalProducts,
  selected: false,
  swatchColor: null,
});
const filter = (overrides: Partial<NavigationFilter>): NavigationFilter => ({
  label: 'Dob',
  attributeCode: 'dob',
  attributeId: 1,
  type: 'multiple',
  inputType: 'checkbox',
  minValue: null,
  maxValue: null,
  value: null,
  choices: [],
  ...overrides,
});
const filters: NavigationFilter[] = [
  filter({ label: 'Cijena', attributeCode: 'price', type: 'range', minValue: 1000, maxValue: 25000 }),
  filter({ choices: [choice('0-3', '0 – 3 godine'), choice('3-6', '3 – 6 godina')] }),
  filter({
    label: 'Uvez',
    attributeCode: 'format',
    type: 'single',
    choices: [choice('meki-uvez', 'Meki uvez'), choice('tvrdi-uvez', 'Tvrdi uvez')],
  }),
];
const state: ListingState = {
  ...emptyListingState,
  search: 'mali princ',
  attributes: { dob: ['3-6'], format: ['tvrdi-uvez'] },
  price: { min: 80, max: null },
  sort: 'price_desc',
};
const pathname = '/shop/knjige';
const amp = (href: string) => href.replaceAll('&', '&amp;');

describe('the listing islands as the server renders them (what works without JavaScript)', () => {
  it('the side panel is a GET form of the listing that keeps the toolbar state and has an apply button', () => {
    const html = render(<DesktopFilters filters={filters} state={state} pathname={pathname} />);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/shop/knjige"');
    // HTML attribute names are case-insensitive: this is autocomplete="off".
    expect(form).toContain('autoComplete="off"');
    expect(html).toContain('data-reset-on-return=""');
    expect(html).toContain('<input type="hidden" name="search" value="mali princ"/>');
    expect(html).toContain('<input type="hidden" name="sort" value="price_desc"/>');
    const input = (id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input('filters-desktop-dob-3-6')).toContain('checked=""');
    expect(input('filters-desktop-dob-0-3')).not.toContain('checked');
    expect(input('filters-desktop-format-tvrdi-uvez')).toContain('checked=""');
    expect(html).toMatch(/name="price_min"[^>]*value="80"/);
    expect(html).toContain('data-testid="apply-filters-desktop"');
    // Resets and clear-all are plain links to the canonical address.
    const link = (attribute: string) => new RegExp(`<a [^>]*${attribute}[^>]*>`).exec(html)?.[0] ?? '';
    expect(link(`aria-label="${hr.filters.resetFilter.replace('{{label}}', 'Uvez')}"`)).toContain(
      `href="${amp('/shop/knjige?search=mali%20princ&dob=3-6&price=80-&sort=price_desc')}"`,
    );
    expect(link('data-testid="clear-filters"')).toContain(
      `href="${amp('/shop/knjige?search=mali%20princ&sort=price_desc')}"`,
    );
  });

  it('the mobile filters open through an anchor that :target shows, with single choices as a select', () => {
    const html = render(<MobileFilters filters={filters} state={state} pathname={pathname} />);
    expect(html).toContain(`<a href="#mobile-filters"`);
    expect(html).toContain(`${hr.filters.open} (3)</a>`);
    expect(html).toMatch(/id="mobile-filters"[^>]*class="[^"]*hidden target:block/);
    expect(html).toMatch(/<option value="tvrdi-uvez" selected="">/);
    expect(html).toContain('data-testid="apply-filters-mobile"');
  });

  it('every filter group is a fieldset whose first child is its legend (the group is named by it)', () => {
    for (const html of [
      render(<DesktopFilters filters={filters} state={state} pathname={pathname} />),
      render(<MobileFilters filters={filters} state={state} pathname={pathname} />),
    ]) {
      const fieldsets = html.match(/<fieldset[^>]*>/g) ?? [];
      expect(fieldsets.length).toBeGreaterThanOrEqual(2);
      const named = [...html.matchAll(/<fieldset[^>]*>(?:<!-- -->)?<legend[^>]*>([^<]+)<\/legend>/g)].map(
        (m) => m[1],
      );
      expect(named).toHaveLength(fieldsets.length);
      expect(named).toEqual(expect.arrayContaining(['Dob']));
      // The reset links (chosen filters) are still there, beside the legend.
      expect(html).toContain(`aria-label="${hr.filters.resetFilter.replace('{{label}}', 'Dob')}"`);
    }
  });

  it('the toolbar keeps the filters in hidden fields and shows the chosen sort', () => {
    const html = render(<ListingToolbar filters={filters} state={state} pathname={pathname} />);
    expect(html).toContain('<input type="hidden" name="dob" value="3-6"/>');
    expect(html).toContain('<input type="hidden" name="format" value="tvrdi-uvez"/>');
    expect(html).toContain('<input type="hidden" name="price" value="80-"/>');
    expect(html).toMatch(/<option value="price_desc" selected="">/);
    expect(html).toContain('data-testid="apply-toolbar"');
  });

  it('pagination is plain links to the canonical address of each page', () => {
    const html = render(
      <ListingPagination state={{ ...state, page: 2 }} pathname={pathname} totalPages={5} />,
    );
    expect(html).toContain(
      `href="${amp('/shop/knjige?search=mali%20princ&dob=3-6&format=tvrdi-uvez&price=80-&sort=price_desc')}" class="`,
    );
    expect(html).toMatch(/href="[^"]*page=3" class="[^"]*" rel="next"/);
    expect(html).toContain('aria-current="page"');
  });
});

/** The modules a source file imports, followed through relative imports. */
function importGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, specifier] of source.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)) {
    if (specifier!.startsWith('.')) importGraph(resolve(dirname(entry), specifier!), seen);
    else seen.add(specifier!);
  }
  return seen;
}

describe('the catalogue, search and blog islands', () => {
  it.each([
    'filter-panel.tsx',
    'listing-controls.tsx',
    'mobile-filters.tsx',
    '../ui/dialog.tsx',
    '../ui/range-slider.tsx',
    '../search-form.tsx',
    '../search-more.tsx',
    '../blog-category-filter.tsx',
  ])('%s imports nothing of React Router or the server (types aside)', (file) => {
    const graph = [...importGraph(resolve(import.meta.dirname, file))];
    expect(graph.filter((module) => module.startsWith('react-router'))).toEqual([]);
    expect(graph.filter((module) => module.includes('/server/') || module.includes('.server.'))).toEqual([]);
  });
});
