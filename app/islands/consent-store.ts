import { useSyncExternalStore } from 'react';
import type { ConsentCategory } from '../../core/cookie-consent.ts';

/**
 * The visitor's cookie consent as every island on the page sees it: what the server read from the
 * cookie (each island's `initial` prop), until the banner is accepted in this page.
 */
let accepted: ConsentCategory[] | undefined;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function acceptConsent(categories: ConsentCategory[]): void {
  accepted = categories;
  for (const listener of listeners) listener();
}

export function useConsentState(initial: ConsentCategory[] | null): ConsentCategory[] | null {
  return useSyncExternalStore(
    subscribe,
    () => accepted ?? initial,
    () => initial,
  );
}
