import { useTranslation } from 'react-i18next';
import { HiddenState, type ListingFilterProps } from './filter-panel.tsx';
import {
  type ListingState,
  listingHref,
  listingSorts,
  pageLinks,
  pageSizes,
  withPage,
} from './listing-state.ts';
import { useHydrated, useListingForm } from './use-listing-form.ts';

const selectClass =
  'rounded-md border border-slate-400 bg-white px-2 py-2 text-sm text-slate-900 focus:border-teal-700 focus:outline-2 focus:outline-teal-700';

/**
 * Search words, sort and page size (an island): a GET form that keeps the filters in hidden fields and,
 * with JavaScript, applies itself (a choice at once, typing after a pause).
 */
export function ListingToolbar({ filters, state, pathname }: ListingFilterProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useListingForm(pathname, filters);
  return (
    <form
      ref={form.ref}
      method="get"
      autoComplete="off"
      data-reset-on-return=""
      action={pathname}
      onInput={form.onInput}
      onSubmit={form.onSubmit}
      className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end"
      data-testid="listing-toolbar"
    >
      <HiddenState state={state} keep="filters" />
      <div className="flex min-w-0 flex-1 flex-col">
        <label htmlFor="listing-search" className="text-sm font-medium text-slate-700">
          {t('shop.listing.search')}
        </label>
        <div className="mt-1 flex">
          <input
            id="listing-search"
            type="search"
            name="search"
            defaultValue={state.search}
            maxLength={200}
            placeholder={t('shop.listing.searchPlaceholder')}
            className="min-w-0 flex-1 rounded-l-md border border-slate-400 px-3 py-2 text-sm focus:border-teal-700 focus:outline-2 focus:outline-teal-700"
          />
          <button
            type="submit"
            className="rounded-r-md bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {t('shop.listing.searchButton')}
          </button>
        </div>
      </div>
      <div className="flex items-end gap-3">
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t('shop.listing.sort')}
          <select
            name="sort"
            defaultValue={state.sort}
            key={state.sort}
            className={`mt-1 ${selectClass}`}
            data-testid="sort-select"
          >
            {listingSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`shop.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t('shop.listing.perPage')}
          <select
            name="limit"
            defaultValue={String(state.limit)}
            key={state.limit}
            className={`mt-1 ${selectClass}`}
            data-testid="limit-select"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {hydrated ? null : (
          <button
            type="submit"
            className="rounded-md border border-teal-700 px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
            data-testid="apply-toolbar"
          >
            {t('shop.filters.apply')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * Previous, up to four page numbers and next: plain links (each loads its page, which opens at the top).
 */
export function ListingPagination({
  state,
  pathname,
  totalPages,
}: {
  state: ListingState;
  pathname: string;
  totalPages: number;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const current = Math.min(state.page, totalPages);
  const base =
    'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
  const link = (page: number, label: React.ReactNode, extra: Record<string, string> = {}) => (
    <a
      href={listingHref(pathname, withPage(state, page))}
      className={`${base} text-teal-800 hover:bg-teal-50`}
      {...extra}
    >
      {label}
    </a>
  );
  return (
    <nav
      aria-label={t('shop.listing.pagination')}
      className="mt-10 flex justify-center"
      data-testid="pagination"
    >
      <ul className="flex flex-wrap items-center gap-1">
        {current > 1 ? <li>{link(current - 1, t('shop.listing.previous'), { rel: 'prev' })}</li> : null}
        {pageLinks(current, totalPages).map((page) => (
          <li key={page}>
            {page === current ? (
              <span aria-current="page" className={`${base} bg-teal-700 text-white`}>
                <span className="sr-only">{t('shop.listing.page', { page })}</span>
                <span aria-hidden="true">{page}</span>
              </span>
            ) : (
              link(
                page,
                <>
                  <span className="sr-only">{t('shop.listing.page', { page })}</span>
                  <span aria-hidden="true">{page}</span>
                </>,
              )
            )}
          </li>
        ))}
        {current < totalPages ? <li>{link(current + 1, t('shop.listing.next'), { rel: 'next' })}</li> : null}
      </ul>
    </nav>
  );
}
