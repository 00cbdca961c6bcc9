import { createContext, useContext } from 'react';
import type { ConsentCategory } from '../../core/cookie-consent.ts';

/**
 * The visitor's cookie consent as the page knows it now: from the cookie on the server, and updated
 * at once when the banner is accepted. `null` while the visitor has not chosen.
 */
export const ConsentContext = createContext<ConsentCategory[] | null>(null);

export const useConsent = () => useContext(ConsentContext);
