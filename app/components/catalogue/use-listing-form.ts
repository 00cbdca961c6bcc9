import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { changedFields, formParams, isTyped, navigateTo, restorePosition } from '../page-navigation.ts';
import {
  type FilterDefinition,
  isCanonicalQuery,
  listingHref,
  parseListingState,
  sanitizeListingState,
  serializeListingState,
} from './listing-state.ts';

/** Typing in the search box or a price field waits this long before the listing updates (spec: 500 ms). */
export const TYPING_DEBOUNCE_MS = 500;

/** True once the island runs in the browser: controls that only work with JavaScript render from then on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The listing's address for what a form holds: the same parsing as a GET submission without JavaScript. */
export function formHref(form: HTMLFormElement, pathname: string, filters: FilterDefinition[]): string {
  return listingHref(pathname, sanitizeListingState(parseListingState(formParams(form)), filters));
}

const isCurrent = (href: string) => {
  const url = new URL(href, window.location.href);
  return (
    url.pathname === window.location.pathname &&
    isCanonicalQuery(window.location.search, serializeListingState(parseListingState(url.searchParams)))
  );
};

export type ListingForm = {
  ref: RefObject<HTMLFormElement | null>;
  /** The form's `onInput`: every edit of a field (typing, a box, a radio, a select) bubbles to it. */
  onInput: (event: FormEvent<HTMLFormElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** For controls outside the form's own events (the price sliders). */
  schedule: () => void;
};

/**
 * With JavaScript the listing's GET forms apply themselves (an island each): a choice at once, typing
 * after a pause, always by loading the canonical address of the new state, so history, sharing and
 * reloading keep working. Without JavaScript the same forms submit normally and the loader redirects
 * to that address. A change made before the island hydrated is applied when it starts.
 *
 * `hash` is added to the address a change loads (the mobile panel stays open with `#mobile-filters`);
 * `onSubmitted` runs after a submission (the mobile panel closes).
 */
export function useListingForm(
  pathname: string,
  filters: FilterDefinition[],
  { hash = '', onSubmitted }: { hash?: string; onSubmitted?: () => void } = {},
): ListingForm {
  const ref = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback(
    (withHash: boolean) => {
      clearTimeout(timer.current);
      const form = ref.current;
      if (!form) return false;
      const href = formHref(form, pathname, filters);
      if (isCurrent(href)) return false;
      navigateTo(withHash ? `${href}${hash}` : href);
      return true;
    },
    [filters, hash, pathname],
  );
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(true), TYPING_DEBOUNCE_MS);
  }, [apply]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    restorePosition();
    const form = ref.current;
    const changed = form ? changedFields(form) : [];
    if (changed.length > 0) {
      if (changed.some(isTyped)) schedule();
      else apply(true);
    }
    return () => clearTimeout(timer.current);
  }, []);

  // `input`, not `change`: the DOM's `change` of a text field fires only when it loses the focus, and
  // the browser runs Preact (0195), which does not turn a form's onChange into React's every-edit one.
  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      // A control without a name is not the form's (the price sliders call `schedule` themselves).
      if (!(event.target instanceof Element) || !event.target.getAttribute('name')) return;
      if (isTyped(event.target)) schedule();
      else apply(true);
    },
    [apply, schedule],
  );
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const leaving = apply(false);
      if (!leaving) onSubmitted?.();
    },
    [apply, onSubmitted],
  );
  return { ref, onInput, onSubmit, schedule };
}
