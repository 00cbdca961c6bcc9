import type { UiLanguage } from './languages.ts';

/**
 * Every localized screen, defined once: its path in each language. The router, the language switcher,
 * alternate/canonical links and the sitemap all read this table. `:param` segments are filled by
 * `localizedPath`; a trailing `?` marks an optional segment. German names follow the specification
 * where it gives them.
 */
export const routeTable = {
  home: { hr: '/', en: '/en', de: '/de' },
  cart: { hr: '/kosarica', en: '/en/cart', de: '/de/einkaufswagen' },
  checkout: { hr: '/naplata', en: '/en/checkout', de: '/de/kasse' },
  checkoutSuccess: { hr: '/naplata/uspjesna', en: '/en/checkout/success', de: '/de/kasse/erfolgreich' },
  checkoutFailure: { hr: '/checkout/failure', en: '/en/checkout/failure', de: '/de/kasse/fehlgeschlagen' },
  confirmEmail: { hr: '/potvrdi-email', en: '/en/confirm-email', de: '/de/bestatigungs-email' },
  newsletterUnsubscribe: {
    hr: '/odjava-newslettera',
    en: '/en/newsletter-unsubscribe',
    de: '/de/newsletter-abmelden',
  },
  search: { hr: '/pretraga', en: '/en/search', de: '/de/suche' },
  login: { hr: '/prijava', en: '/en/login', de: '/de/login' },
  register: { hr: '/registracija', en: '/en/register', de: '/de/register' },
  profile: { hr: '/profil', en: '/en/profile', de: '/de/profil' },
  wishlist: { hr: '/lista-zelja', en: '/en/wishlist', de: '/de/wunschliste' },
  forgotPassword: { hr: '/zaboravljena-lozinka', en: '/en/forgot-password', de: '/de/passwort-vergessen' },
  socialLogin: { hr: '/social-login', en: '/en/social-login', de: '/de/social-login' },
  blog: { hr: '/objave/:slug?', en: '/en/blog/:slug?', de: '/de/blog/:slug?' },
  event: { hr: '/dogadjaj/:id', en: '/en/event/:id', de: '/de/Veranstaltung/:id' },
  product: { hr: '/product/:slug?', en: '/en/product/:slug?', de: '/de/produkt/:slug?' },
  shop: { hr: '/shop/:slug?', en: '/en/shop/:slug?', de: '/de/shop/:slug?' },
  admin: { hr: '/admin', en: '/en/admin', de: '/de/admin' },
  adminComments: { hr: '/admin/comments', en: '/en/admin/comments', de: '/de/admin/comments' },
  adminConsent: {
    hr: '/admin/consent/:slug?',
    en: '/en/admin/consent/:slug?',
    de: '/de/admin/consent/:slug?',
  },
  cookieSettings: { hr: '/postavke-kolacica', en: '/en/cookie-settings', de: '/de/cookie-einstellungen' },
  adminMedia: { hr: '/admin/media', en: '/en/admin/media', de: '/de/admin/media' },
  adminTemplates: { hr: '/admin/templates', en: '/en/admin/templates', de: '/de/admin/templates' },
  adminTemplate: {
    hr: '/admin/templates/:key/:language',
    en: '/en/admin/templates/:key/:language',
    de: '/de/admin/templates/:key/:language',
  },
  adminForms: { hr: '/admin/forms', en: '/en/admin/forms', de: '/de/admin/forms' },
  adminForm: { hr: '/admin/forms/:id', en: '/en/admin/forms/:id', de: '/de/admin/forms/:id' },
  adminCache: { hr: '/admin/cache', en: '/en/admin/cache', de: '/de/admin/cache' },
  adminElements: { hr: '/admin/elements', en: '/en/admin/elements', de: '/de/admin/elements' },
  adminNavigation: { hr: '/admin/navigation', en: '/en/admin/navigation', de: '/de/admin/navigation' },
  adminLogin: { hr: '/adminLogin', en: '/en/adminLogin', de: '/de/adminLogin' },
  /** Developer tools (outside production only): releases and the domain picker. */
  adminDeveloper: { hr: '/admin/developer', en: '/en/admin/developer', de: '/de/admin/developer' },
  /** Developer tools (outside production only): every section type with sample content. */
  sectionTool: { hr: '/section-tool', en: '/en/section-tool', de: '/de/section-tool' },
  page: { hr: '/:slug', en: '/en/:slug', de: '/de/:slug' },
} as const satisfies Record<string, Record<UiLanguage, string>>;

export type RouteKey = keyof typeof routeTable;

/** Other readings of a path that answer with a permanent redirect to the table's path. */
export const legacyRedirects: { from: string; to: RouteKey; language: UiLanguage; keepRest: boolean }[] = [
  { from: '/blog', to: 'blog', language: 'en', keepRest: true },
  { from: '/checkout/success', to: 'checkoutSuccess', language: 'en', keepRest: false },
];

/** The path of a screen in a language, with its parameters filled in (encoded). */
export function localizedPath(
  key: RouteKey,
  language: UiLanguage,
  params: Record<string, string | number | undefined> = {},
): string {
  const pattern: string = routeTable[key][language];
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`Missing route parameter ${name} for ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment) => segment !== null)
    .join('/');
  return filled === '' ? '/' : filled;
}

/**
 * Which screen a path is, in which language, with which parameters; undefined for no screen.
 * Fixed paths win over parameterised ones, and the catch-all page route comes last.
 */
export function matchRoute(
  pathname: string,
): { key: RouteKey; language: UiLanguage; params: Record<string, string> } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const candidates = (Object.keys(routeTable) as RouteKey[]).flatMap((key) =>
    (Object.keys(routeTable[key]) as UiLanguage[]).map((language) => ({
      key,
      language,
      pattern: routeTable[key][language] as string,
    })),
  );
  const specificity = (pattern: string) => (pattern.includes(':') ? (pattern.endsWith('/:slug') ? 2 : 1) : 0);
  candidates.sort((a, b) => specificity(a.pattern) - specificity(b.pattern));
  for (const candidate of candidates) {
    const params = matchPattern(candidate.pattern, path);
    if (params) return { key: candidate.key, language: candidate.language, params };
  }
  return undefined;
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const patternSegments = pattern.split('/').filter(Boolean);
  const pathSegments = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let index = 0;
  for (const segment of patternSegments) {
    const value = pathSegments[index];
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (optional) continue;
        return undefined;
      }
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (value !== segment) {
      return undefined;
    }
    index++;
  }
  return index === pathSegments.length ? params : undefined;
}
