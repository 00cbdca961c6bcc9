/** Cookie consent categories of the specification; `necessary` is always on. */
export const consentCategories = ['necessary', 'marketing', 'analytics'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

export const CONSENT_COOKIE = 'cookie_consent';
/** The anonymous id the cookie banner's choices are recorded under (no personal data; http-only). */
export const CONSENT_ANONYMOUS_COOKIE = 'consent_anon';
/** 180 days: regulators expect the question to come back after about six months (DECISIONS.md). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * Reads the consent cookie's (decoded) value: a comma-separated list of categories. Unknown entries
 * are dropped.
 */
export function parseConsent(value: string | null | undefined): ConsentCategory[] | null {
  if (value === null || value === undefined) return null;
  const chosen = new Set(
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part): part is ConsentCategory => (consentCategories as readonly string[]).includes(part)),
  );
  chosen.add('necessary');
  return consentCategories.filter((category) => chosen.has(category));
}

export function serializeConsent(categories: readonly ConsentCategory[]): string {
  const chosen = new Set<ConsentCategory>([...categories, 'necessary']);
  return consentCategories.filter((category) => chosen.has(category)).join(',');
}
