import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../../core/languages.ts';
import { formatMoney, MAIN_CURRENCY } from '../../../core/money.ts';
import type { NavigationFilter } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { RangeSlider } from '../ui/range-slider.tsx';
import {
  activeFilterCount,
  clearFilters,
  type ListingState,
  listingHref,
  priceBounds,
  resetFilter,
} from './listing-state.ts';
import { type ListingForm, useHydrated, useListingForm } from './use-listing-form.ts';

const uiLanguage = (language: string): UiLanguage => (isUiLanguage(language) ? language : defaultLanguage);

export type { NavigationFilter };

type Variant = 'desktop' | 'mobile';

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The listing state that this form does not edit, so that submitting it keeps the rest. */
export function HiddenState({ state, keep }: { state: ListingState; keep: 'filters' | 'toolbar' }) {
  if (keep === 'toolbar') {
    return (
      <>
        {state.search ? <input type="hidden" name="search" value={state.search} /> : null}
        <input type="hidden" name="sort" value={state.sort} />
        <input type="hidden" name="limit" value={state.limit} />
      </>
    );
  }
  return (
    <>
      {Object.entries(state.attributes).map(([code, values]) => (
        <input key={code} type="hidden" name={code} value={values.join(',')} />
      ))}
      {state.price ? (
        <input type="hidden" name="price" value={`${state.price.min ?? ''}-${state.price.max ?? ''}`} />
      ) : null}
    </>
  );
}

/**
 * A filter group. Its legend is the fieldset's first child, so it names the group, and floats: a
 * floated legend lies inside the fieldset's box like any block (a rendered legend sits on the border,
 * above the box), so the reset link placed at the box's top right shares the legend's line instead of
 * covering the first choice. What follows the legend clears it.
 */
const fieldsetClass = 'relative border-b border-slate-200 pb-5 [&>:not(legend)]:clear-left';

function ResetLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      className="rounded text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
      aria-label={t('shop.filters.resetFilter', { label })}
    >
      {t('shop.filters.reset')}
    </a>
  );
}

function PriceFilter({
  filter,
  state,
  pathname,
  idPrefix,
  currency,
  onSlide,
}: {
  filter: NavigationFilter;
  state: ListingState;
  pathname: string;
  idPrefix: string;
  currency: string;
  onSlide: () => void;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const bounds = priceBounds(filter.minValue, filter.maxValue);
  const [min, setMin] = useState(text(state.price?.min));
  const [max, setMax] = useState(text(state.price?.max));
  const minField = useRef<HTMLInputElement>(null);
  const maxField = useRef<HTMLInputElement>(null);
  // What the shopper typed before the island hydrated stays (and is applied by the form).
  useEffect(() => {
    if (minField.current) setMin(minField.current.value);
    if (maxField.current) setMax(maxField.current.value);
  }, []);
  const low = bounds.min ?? 0;
  const high = Math.max(bounds.max ?? 0, low);
  // A typed value outside the range (or not a number) leaves the thumb at the end of the track.
  const clamp = (value: number) => (Number.isFinite(value) ? Math.min(Math.max(value, low), high) : low);
  const label = t('shop.filters.retailPrice');
  const inputClass =
    'mt-1 w-full rounded-md border border-slate-400 px-2 py-1.5 text-sm focus:border-teal-700 focus:outline-2 focus:outline-teal-700';
  return (
    <fieldset className={fieldsetClass} data-testid="filter-price">
      <legend className="float-left w-full pr-24 text-base font-semibold text-slate-900">{label}</legend>
      {state.price ? (
        <div className="absolute top-0 right-0 flex h-6 items-center">
          <ResetLink href={listingHref(pathname, resetFilter(state, 'price'))} label={label} />
        </div>
      ) : null}
      {hydrated && bounds.min !== null && bounds.max !== null && high > low ? (
        <div className="mt-3 px-1">
          <RangeSlider
            min={low}
            max={high}
            value={[clamp(Number(min || low)), clamp(Number(max || high))]}
            onChange={([from, to]) => {
              setMin(from <= low ? '' : String(from));
              setMax(to >= high ? '' : String(to));
              onSlide();
            }}
            labels={[t('shop.filters.priceMin'), t('shop.filters.priceMax')]}
            valueText={(value) => formatMoney({ amount: value * 100, currency }, uiLanguage(i18n.language))}
          />
        </div>
      ) : null}
      <div className="mt-3 grid grid-cols-2 gap-3">
        <label className="block text-sm text-slate-700" htmlFor={`${idPrefix}-price-min`}>
          {t('shop.filters.from')}
          <input
            ref={minField}
            id={`${idPrefix}-price-min`}
            type="number"
            name="price_min"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={text(bounds.min)}
            value={min}
            onChange={(event) => setMin(event.target.value)}
            className={inputClass}
          />
        </label>
        <label className="block text-sm text-slate-700" htmlFor={`${idPrefix}-price-max`}>
          {t('shop.filters.to')}
          <input
            ref={maxField}
            id={`${idPrefix}-price-max`}
            type="number"
            name="price_max"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={text(bounds.max)}
            value={max}
            onChange={(event) => setMax(event.target.value)}
            className={inputClass}
          />
        </label>
      </div>
    </fieldset>
  );
}

function ChoiceFilter({
  filter,
  state,
  pathname,
  idPrefix,
  variant,
}: {
  filter: NavigationFilter;
  state: ListingState;
  pathname: string;
  idPrefix: string;
  variant: Variant;
}) {
  const { t } = useTranslation();
  const chosen = state.attributes[filter.attributeCode] ?? [];
  const reset =
    chosen.length > 0 ? (
      <ResetLink
        href={listingHref(pathname, resetFilter(state, filter.attributeCode))}
        label={filter.label}
      />
    ) : null;
  const swatch = (color: string | null) =>
    color ? (
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 shrink-0 rounded-full border border-slate-400"
        style={{ backgroundColor: color }}
      />
    ) : null;

  if (filter.type === 'single' && variant === 'mobile') {
    const id = `${idPrefix}-${filter.attributeCode}`;
    return (
      <div className="border-b border-slate-200 pb-5" data-testid={`filter-${filter.attributeCode}`}>
        <div className="flex items-center justify-between">
          <label htmlFor={id} className="text-base font-semibold text-slate-900">
            {filter.label}
          </label>
          {reset}
        </div>
        <select
          id={id}
          name={filter.attributeCode}
          defaultValue={chosen[0] ?? ''}
          key={chosen[0] ?? ''}
          className="mt-2 w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-sm focus:outline-2 focus:outline-teal-700"
        >
          <option value="">{t('shop.filters.any')}</option>
          {filter.choices.map((choice) => (
            <option key={choice.value} value={choice.valueCode}>
              {`${choice.valueLabel} (${choice.totalProducts})`}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const single = filter.type === 'single';
  const options = single
    ? [
        {
          valueCode: '',
          valueLabel: t('shop.filters.any'),
          totalProducts: null,
          swatchColor: null,
          value: 0,
        },
        ...filter.choices,
      ]
    : filter.choices;
  return (
    <fieldset className={fieldsetClass} data-testid={`filter-${filter.attributeCode}`}>
      <legend className="float-left w-full pr-24 text-base font-semibold text-slate-900">
        {filter.label}
      </legend>
      {reset ? <div className="absolute top-0 right-0 flex h-6 items-center">{reset}</div> : null}
      <ul className="mt-2 space-y-1">
        {options.map((choice) => {
          const id = `${idPrefix}-${filter.attributeCode}-${choice.valueCode || 'any'}`;
          const checked = single ? (chosen[0] ?? '') === choice.valueCode : chosen.includes(choice.valueCode);
          return (
            <li key={id}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-2 rounded py-1 text-sm text-slate-800"
              >
                <input
                  id={id}
                  type={single ? 'radio' : 'checkbox'}
                  name={filter.attributeCode}
                  value={choice.valueCode}
                  defaultChecked={checked}
                  key={`${id}-${checked}`}
                  className="h-4 w-4 accent-teal-700"
                />
                {swatch(choice.swatchColor)}
                <span>{choice.valueLabel}</span>
                {choice.totalProducts === null ? null : (
                  <span className="ml-auto text-slate-600">({choice.totalProducts})</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The filter panel: one GET form, with the listing's other state in hidden fields. `desktop` is the
 * side panel, `mobile` the full-screen panel (single choices as a select there).
 */
export function FilterPanel({
  filters,
  state,
  pathname,
  currency = MAIN_CURRENCY,
  variant,
  idPrefix = `filters-${variant}`,
  form,
}: {
  filters: NavigationFilter[];
  state: ListingState;
  pathname: string;
  currency?: string;
  variant: Variant;
  /** Element ids start with it (the mobile dialog's copy of the panel needs ids of its own). */
  idPrefix?: string;
  form: ListingForm;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const active = activeFilterCount(state);
  return (
    <form
      ref={form.ref}
      method="get"
      autoComplete="off"
      data-reset-on-return=""
      action={pathname}
      onInput={form.onInput}
      onSubmit={form.onSubmit}
      className="flex flex-col gap-5"
      aria-label={t('shop.filters.title')}
      data-testid={`filter-form-${variant}`}
    >
      <HiddenState state={state} keep="toolbar" />
      {active > 0 ? (
        <div className="flex items-center justify-between text-sm">
          <span className="text-slate-700">{t('shop.filters.active', { count: active })}</span>
          <a
            href={listingHref(pathname, clearFilters(state))}
            className="rounded font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
            data-testid="clear-filters"
          >
            {t('shop.filters.clearAll')}
          </a>
        </div>
      ) : null}
      {filters.map((filter) =>
        filter.type === 'range' ? (
          <PriceFilter
            key={`${filter.attributeCode}`}
            filter={filter}
            state={state}
            pathname={pathname}
            idPrefix={idPrefix}
            currency={currency}
            onSlide={form.schedule}
          />
        ) : (
          <ChoiceFilter
            key={filter.attributeCode}
            filter={filter}
            state={state}
            pathname={pathname}
            idPrefix={idPrefix}
            variant={variant}
          />
        ),
      )}
      {variant === 'desktop' && hydrated ? null : (
        <button
          type="submit"
          className="rounded-md bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          data-testid={`apply-filters-${variant}`}
        >
          {variant === 'mobile' ? t('shop.filters.showResults') : t('shop.filters.apply')}
        </button>
      )}
    </form>
  );
}

export type ListingFilterProps = {
  filters: NavigationFilter[];
  state: ListingState;
  pathname: string;
  /** The currency of the listing's prices (the price filter's values are whole units of it). */
  currency?: string;
};

/** The side panel of a category listing (an island): it applies each change as it is made. */
export function DesktopFilters({ filters, state, pathname, currency }: ListingFilterProps) {
  const form = useListingForm(pathname, filters);
  return (
    <FilterPanel
      filters={filters}
      state={state}
      pathname={pathname}
      currency={currency}
      variant="desktop"
      form={form}
    />
  );
}
