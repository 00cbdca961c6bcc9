import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimSavedFocus } from '../page-navigation.ts';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import { FilterPanel, type ListingFilterProps } from './filter-panel.tsx';
import { activeFilterCount } from './listing-state.ts';
import { useHydrated, useListingForm } from './use-listing-form.ts';

export const MOBILE_FILTERS_ID = 'mobile-filters';
const HASH = `#${MOBILE_FILTERS_ID}`;

/**
 * The filters below the desktop breakpoint (an island): a button that opens them in a modal dialog
 * (app/components/ui/dialog.tsx: focus inside and kept there, the page behind inert and still, Escape
 * and the close button return focus to the button). The dialog's code loads on first use (pointing
 * at or focusing the button starts it). Without JavaScript the button is a link to the panel's
 * anchor, which `:target` shows full screen. A change applies at once and loads the new listing with
 * that anchor, so the filters are open there too (before scripts run as the panel, then as the
 * dialog); "show results" closes them.
 */
export function MobileFilters({ filters, state, pathname, currency }: ListingFilterProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [Dialog, loadDialog] = useDialogComponent();
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // The panel in the page (without JavaScript) and the dialog's copy are two forms.
  const form = useListingForm(pathname, filters, { hash: HASH });
  const dialogForm = useListingForm(pathname, filters, { hash: HASH, onSubmitted: close });
  const show = useCallback(() => {
    setOpen(true);
    loadDialog();
  }, [loadDialog]);

  // Opened through the anchor (before scripts ran, or after a change): the island takes over.
  useEffect(() => {
    if (window.location.hash !== HASH) return;
    show();
    const { pathname: path, search } = window.location;
    window.history.replaceState(window.history.state, '', `${path}${search}`);
  }, [show]);

  const active = activeFilterCount(state);
  const label = `${t('shop.filters.open')}${active > 0 ? ` (${active})` : ''}`;
  const closeClass =
    'rounded-md px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700';
  // Before hydration `:target` shows the panel; after it, the dialog does (the panel stands in for it
  // while its code loads, when the page opens with the filters open).
  const shown = hydrated ? (open && !Dialog ? 'block' : 'hidden') : 'hidden target:block';
  return (
    <>
      {hydrated ? (
        <button
          ref={button}
          type="button"
          onClick={show}
          onPointerDown={preloadDialog}
          onFocus={preloadDialog}
          aria-haspopup="dialog"
          aria-expanded={open}
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
      {Dialog ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t('shop.filters.title')}
          closeLabel={t('shop.filters.close')}
          returnFocus={button}
          focusOnOpen={claimSavedFocus}
          layout="sheet"
          testId="mobile-filter-dialog"
        >
          <FilterPanel
            filters={filters}
            state={state}
            pathname={pathname}
            currency={currency}
            variant="mobile"
            idPrefix="filters-dialog"
            form={dialogForm}
          />
        </Dialog>
      ) : null}
      <section
        id={MOBILE_FILTERS_ID}
        aria-labelledby="mobile-filters-heading"
        className={`fixed inset-0 z-[60] overflow-y-auto bg-white lg:hidden ${shown}`}
        data-testid="mobile-filter-panel"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <h2 id="mobile-filters-heading" className="text-lg font-semibold text-slate-900">
            {t('shop.filters.title')}
          </h2>
          <a href="#main" className={closeClass}>
            {t('shop.filters.close')}
          </a>
        </div>
        <div className="p-4">
          <FilterPanel
            filters={filters}
            state={state}
            pathname={pathname}
            currency={currency}
            variant="mobile"
            form={form}
          />
        </div>
      </section>
    </>
  );
}
