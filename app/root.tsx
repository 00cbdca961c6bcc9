import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { CONSENT_COOKIE, type ConsentCategory, parseConsent } from '../core/cookie-consent.ts';
import { readCookie } from '../core/cookies.ts';
import { languageOfPath, localeOf, type UiLanguage } from '../core/languages.ts';
import { localizedPath } from '../core/route-table.ts';
import type { Route } from './+types/root';
import { AdminBar } from './components/editor/admin-bar.tsx';
import './app.css';
import type { TrackingIds } from '../core/tracking.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../core/visitor-cookies.ts';
import { storefrontShell } from '../server/modules/cms/cms.contract.ts';
import { legacyUser } from '../server/modules/users/users.contract.ts';
import { wishlistIds } from '../server/modules/wishlist/wishlist.contract.ts';
import { ConsentContext } from './components/consent-context.tsx';
import { InlineStylesheet } from './components/inline-stylesheet.tsx';
import { MaintenancePage } from './components/maintenance-page.tsx';
import { SearchBox } from './components/search-box.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { WishlistContext } from './components/wishlist/wishlist-context.ts';
import { i18nFor } from './i18n/i18n.ts';
import { Island } from './islands/island.tsx';
import { IslandScripts } from './islands/island-scripts.tsx';
import { appSettingsContext } from './lib/context.ts';
import { maintenanceMiddleware } from './lib/maintenance.ts';
import { requestApi, requestPath } from './lib/request-language.ts';
import { rootRedirectTarget } from './lib/root-redirect.ts';
import { type ShellData, shellData } from './lib/shell-data.ts';

export type SiteSummary = { name: string; allowedLanguages: string[] };
export type RootData = {
  language: UiLanguage;
  /** Scheme and host for absolute URLs (canonical, Open Graph). */
  origin: string;
  site: SiteSummary;
  consent: ConsentCategory[] | null;
  maintenance: boolean;
  /** The developer tools are on: the admin shows their links and the releases modal. */
  devTools: boolean;
  shell: ShellData;
  tracking: TrackingIds;
  /**
   * The logged-in visitor (header: name and logout), or null. `wishlist`: the products on their
   * wishlist; null for back-office users, who have none (specification 000, section 4).
   */
  /** `backoffice`: the admin bar and edit mode's entry are shown. */
  user: { name: string; wishlist: number[] | null; backoffice: boolean } | null;
  /** A message after a redirect (logout, registration), from the `notice` query parameter. */
  notice: NoticeKey | null;
};

/**
 * The messages a redirect may ask for, with their catalog key. A toast notice is shown by the toasts
 * island (it fades); the server renders it too, inside <noscript>, for a browser without JavaScript.
 */
const notices = {
  loggedOut: { key: 'auth.notices.loggedOut', toast: true },
  profileSaved: { key: 'profile.saved', toast: true },
  registered: { key: 'auth.notices.registered', toast: false },
  registeredNoMail: { key: 'auth.notices.registeredNoMail', toast: false },
  /** The cart ended (archived, or an order was made from it): an alert on the home page. */
  cartEnded: { key: 'auth.notices.cartEnded', toast: false },
  // After a wishlist toggle without JavaScript (routes/wishlist-toggle.tsx).
  wishlistAdded: { key: 'wishlist.added', toast: true },
  wishlistRemoved: { key: 'wishlist.removed', toast: true },
  wishlistFailed: { key: 'wishlist.errors.failed', toast: false },
} as const;
type NoticeKey = keyof typeof notices;
const isNoticeKey = (value: string | null): value is NoticeKey =>
  value !== null && Object.hasOwn(notices, value);

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const middleware: Route.MiddlewareFunction[] = [maintenanceMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const result = await api.call(storefrontShell);
  if (result.errored) throw new Response(result.error.message, { status: result.error.statusCode || 500 });
  const shell = result.data;
  const site: SiteSummary = { name: shell.site.name, allowedLanguages: shell.site.languages };
  // Routes exist for every UI language, but a site serves only the languages it allows.
  if (!site.allowedLanguages.includes(language)) throw new Response(null, { status: 404 });
  const consent = parseConsent(readCookie(args.request.headers.get('cookie'), CONSENT_COOKIE));
  // Off for back-office users: maintenanceMiddleware checks the session first.
  const settings = args.context.get(appSettingsContext);
  const maintenance = settings.maintenance;
  const option = shell.options;
  const redirectTo = rootRedirectTarget({
    pathname: requestPath(args.request),
    rootRedirect: option.RootRedirect,
    detectLanguage: option.DetectLanguage,
    allowedLanguages: site.allowedLanguages,
    cookieHeader: args.request.headers.get('cookie'),
    acceptLanguage: args.request.headers.get('accept-language'),
  });
  if (redirectTo && !maintenance) throw redirect(redirectTo, 302);
  const tracking: TrackingIds = {
    googleAnalyticsId: option.GoogleAnalyticsId,
    googleTagManagerId: option.GoogleTagManagerId,
    facebookPixelId: option.FacebookPixelId,
  };
  // Only a visitor with session cookies can be logged in: everyone else makes no call (and keeps
  // pages shareable by the page cache).
  const cookieHeader = args.request.headers.get('cookie');
  let user: RootData['user'] = null;
  if (readCookie(cookieHeader, ACCESS_TOKEN_COOKIE) || readCookie(cookieHeader, REFRESH_TOKEN_COOKIE)) {
    const current = await api.call(legacyUser, {});
    if (!current.errored) {
      const shopper = !current.data.isBackofficeUser;
      const wishlist = shopper ? await api.call(wishlistIds, {}) : null;
      user = {
        name: current.data.displayName || current.data.firstName || current.data.email,
        wishlist: shopper ? (wishlist?.errored ? [] : (wishlist?.data.productIds ?? [])) : null,
        backoffice: !shopper,
      };
    }
  }
  const noticeParam = new URL(args.request.url).searchParams.get('notice');
  const notice = isNoticeKey(noticeParam) ? noticeParam : null;
  const rootData: RootData = {
    user,
    notice,
    language,
    origin: shell.site.origin,
    site,
    consent,
    maintenance,
    devTools: settings.devTools === true,
    shell: shellData(shell),
    tracking,
  };
  return rootData;
}

/**
 * The document. The browser does not run React Router: the server renders every page and the
 * interactive parts hydrate as islands (docs/decisions/0180-islands.md), so the only scripts are the
 * island entry's (`IslandScripts`).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const location = useLocation();
  const language = languageOfPath(location.pathname);
  const i18n = i18nFor(language);
  const consent = rootData?.consent ?? null;
  const maintenance = rootData?.maintenance ?? false;
  // The banner, or the tracking scripts the visitor accepted (nothing to do without configured ids).
  const consentIsland =
    rootData &&
    !maintenance &&
    (consent === null ||
      (consent.some((category) => category !== 'necessary') &&
        Object.values(rootData.tracking).some(Boolean)));
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta property="og:locale" content={localeOf[language].replace('-', '_')} />
        {/* The maintenance page names itself; the matched route's title and description would not fit. */}
        {!maintenance && <Meta />}
        <InlineStylesheet />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        <I18nextProvider i18n={i18n}>
          <ConsentContext value={consent}>{children}</ConsentContext>
          {consentIsland && (
            <Island
              name="consent"
              props={{ consent, tracking: rootData.tracking, returnTo: location.pathname + location.search }}
            />
          )}
          <Island
            name="toasts"
            props={{
              initial:
                rootData?.notice && notices[rootData.notice].toast
                  ? [{ message: i18n.t(notices[rootData.notice].key) }]
                  : [],
            }}
          />
          {rootData?.user?.wishlist && !maintenance && <Island name="wishlistToggles" props={{}} />}
        </I18nextProvider>
        <IslandScripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.maintenance)
    return <MaintenancePage shell={loaderData.shell} siteName={loaderData.site.name} />;
  const wishlist = loaderData.user?.wishlist;
  // A toggle without JavaScript comes back here, without the message of an earlier one.
  const returnParams = new URLSearchParams(location.search);
  returnParams.delete('notice');
  const returnTo = `${location.pathname}${returnParams.size > 0 ? `?${returnParams}` : ''}`;
  return (
    <WishlistContext value={wishlist ? { productIds: wishlist, returnTo } : null}>
      {loaderData.user?.backoffice && returnParams.get('editPage') !== 'true' ? (
        <AdminBar language={loaderData.language} path={location.pathname} devTools={loaderData.devTools} />
      ) : null}
      <SiteHeader
        shell={loaderData.shell}
        language={loaderData.language}
        languages={loaderData.site.allowedLanguages}
        user={loaderData.user}
      />
      {loaderData.notice &&
        (notices[loaderData.notice].toast ? (
          <noscript>
            <NoticeBanner notice={loaderData.notice} />
          </noscript>
        ) : (
          <NoticeBanner notice={loaderData.notice} />
        ))}
      <Outlet />
      <SiteFooter shell={loaderData.shell} language={loaderData.language} />
    </WishlistContext>
  );
}

/** A message after a redirect, rendered on the server (it needs no JavaScript). */
function NoticeBanner({ notice }: { notice: NoticeKey }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="border-b border-emerald-300 bg-emerald-50">
      <p className="mx-auto max-w-6xl px-4 py-2 text-sm text-emerald-900">{t(notices[notice].key)}</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const rootData = useRouteLoaderData<typeof loader>('root');
  // A route's own 404 during maintenance shows the maintenance page too (the middleware sets 503).
  if (rootData?.maintenance) return <MaintenancePage shell={rootData.shell} siteName={rootData.site.name} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.genericTitle');
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-24 text-center">
      {/* The root exports no meta, so an error page has no head tags unless it renders them (React hoists them). */}
      <title>{rootData ? `${title} | ${rootData.site.name}` : title}</title>
      <meta name="description" content={notFound ? t('errors.notFoundText') : title} />
      <meta name="robots" content="noindex, follow" />
      <p className="text-6xl font-bold text-teal-700">{status}</p>
      <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
      {notFound && <p className="mt-4 text-lg">{t('errors.notFoundText')}</p>}
      {notFound && <SearchBox id="not-found-search" className="mx-auto mt-8 max-w-md text-left" />}
      <a
        className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white"
        href={localizedPath('home', languageOfPath(location.pathname))}
      >
        {t('errors.backHome')}
      </a>
    </main>
  );
}
