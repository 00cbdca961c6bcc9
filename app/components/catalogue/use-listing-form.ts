import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type FilterDefinition,
  listingHref,
  parseListingState,
  sanitizeListingState,
} from './listing-state.ts';

/** Typing in the search box or a price field waits this long before the listing updates (spec: 500 ms). */
export const TYPING_DEBOUNCE_MS = 500;

/** True once React runs in the browser: controls that only work with JavaScript render from then on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The state a listing form describes: the same parsing as a GET submission without JavaScript. */
function formQuery(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string') params.append(key, value);
  }
  return params;
}

const typed = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && ['search', 'text', 'number'].includes(target.type);

/**
 * With JavaScript the listing's GET forms apply themselves: a choice at once, typing after a pause,
 * always by navigating to the canonical URL of the new state (so history and sharing keep working).
 * Without JavaScript the same forms submit normally and the loader redirects to that URL.
 */
export function useListingForm(pathname: string, filters: FilterDefinition[], onApplied?: () => void) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      const state = sanitizeListingState(parseListingState(formQuery(form)), filters);
      const href = listingHref(pathname, state);
      if (href !== `${window.location.pathname}${window.location.search}`)
        navigate(href, { preventScrollReset: true });
    },
    [filters, navigate, pathname],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      clearTimeout(timer.current);
      if (typed(event.target)) timer.current = setTimeout(() => apply(form), TYPING_DEBOUNCE_MS);
      else apply(form);
    },
    [apply],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      apply(event.currentTarget);
      onApplied?.();
    },
    [apply, onApplied],
  );

  /** For controls outside the form's own events (the price sliders). */
  const schedule = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(form), TYPING_DEBOUNCE_MS);
    },
    [apply],
  );

  return { onChange, onSubmit, schedule };
}
