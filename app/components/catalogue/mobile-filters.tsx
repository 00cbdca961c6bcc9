import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPanel, type ListingFilterProps } from './filter-panel.tsx';
import { activeFilterCount } from './listing-state.ts';
import { useHydrated, useListingForm } from './use-listing-form.ts';

export const MOBILE_FILTERS_ID = 'mobile-filters';
const HASH = `#${MOBILE_FILTERS_ID}`;

/**
 * The filters below the desktop breakpoint (an island): a button that opens them full screen. Without
 * JavaScript the button is a link to the panel's anchor, which `:target` shows. A change applies at
 * once and loads the new listing with that anchor, so the panel is still open there (before scripts
 * run, too); "show results" closes it. While it is open the page behind does not scroll, and Escape
 * closes it. The panel is `fixed`, so where it sits in the page does not matter.
 */
export function MobileFilters({ filters, state, pathname }: ListingFilterProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const form = useListingForm(pathname, filters, { hash: HASH, onSubmitted: close });

  // Opened through the anchor (before scripts ran, or after a change): the island takes over.
  useEffect(() => {
    if (window.location.hash !== HASH) return;
    setOpen(true);
    const { pathname: path, search } = window.location;
    window.history.replaceState(window.history.state, '', `${path}${search}`);
  }, []);
  useEffect(() => {
    if (!open) return;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = '';
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const active = activeFilterCount(state);
  const label = `${t('shop.filters.open')}${active > 0 ? ` (${active})` : ''}`;
  const closeClass =
    'rounded-md px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700';
  // Before hydration `:target` shows the panel; after it, only the island's state does.
  const shown = open ? 'block' : hydrated ? 'hidden' : 'hidden target:block';
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={open}
          aria-controls={MOBILE_FILTERS_ID}
          className="rounded-md border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 lg:hidden"
          data-testid="open-filters"
        >
          {label}
        </button>
      ) : (
        <a
          href={HASH}
          className="rounded-md border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 lg:hidden"
          data-testid="open-filters"
        >
          {label}
        </a>
      )}
      <div
        id={MOBILE_FILTERS_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby="mobile-filters-heading"
        className={`fixed inset-0 z-[60] overflow-y-auto bg-white lg:hidden ${shown}`}
        data-testid="mobile-filter-panel"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <h2 id="mobile-filters-heading" className="text-lg font-semibold text-slate-900">
            {t('shop.filters.title')}
          </h2>
          {hydrated ? (
            <button type="button" onClick={close} className={closeClass} data-testid="close-filters">
              {t('shop.filters.close')}
            </button>
          ) : (
            <a href="#main" className={closeClass}>
              {t('shop.filters.close')}
            </a>
          )}
        </div>
        <div className="p-4">
          <FilterPanel filters={filters} state={state} pathname={pathname} variant="mobile" form={form} />
        </div>
      </div>
    </>
  );
}
