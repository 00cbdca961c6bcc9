/** Cookie consent categories of the specification; `necessary` is always on. */
export const consentCategories = ['necessary', 'marketing', 'analytics'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Reads the consent cookie value: a comma-separated list of categories. Unknown entries are dropped. */
export function parseConsent(value: string | null | undefined): ConsentCategory[] | null {
  if (value === null || value === undefined) return null;
  const chosen = new Set(
    decodeURIComponent(value)
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

/** Reads one cookie from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}
