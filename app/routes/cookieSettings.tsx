import { useTranslation } from 'react-i18next';
import { CONSENT_COOKIE, type ConsentCategory, parseConsent } from '../../core/cookie-consent.ts';
import { readCookie } from '../../core/cookies.ts';
import { localizedPath } from '../../core/route-table.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/cookieSettings';

/**
 * The cookie settings, reachable from the footer on every page: the visitor's current choice and the
 * banner's form to change it. A plain form post (works without JavaScript); the server records every
 * choice under the visitor's anonymous id.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language } = requestApi(args);
  const consent = parseConsent(readCookie(args.request.headers.get('cookie'), CONSENT_COOKIE));
  const saved = new URL(args.request.url).searchParams.get('saved') === '1';
  const seo: PageSeo = {
    title: catalogs[language].consent.cookies.title,
    description: catalogs[language].consent.cookies.intro,
    alternates: routeAlternates('cookieSettings'),
    noindex: true,
  };
  return { language, consent, saved, seo };
}

// The page shows this visitor's own choice: never a shared cache's copy.
export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function CookieSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, consent, saved } = loaderData;
  const chosen = new Set<ConsentCategory>(consent ?? ['necessary']);
  const path = localizedPath('cookieSettings', language);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb
        items={[
          { label: t('profile.home'), href: localizedPath('home', language) },
          { label: t('consent.cookies.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('consent.cookies.title')}</h1>
      <p className="mt-2 text-slate-700">{t('consent.cookies.intro')}</p>
      {saved ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-teal-50 px-4 py-3 text-teal-900"
          data-testid="cookie-saved"
        >
          {t('consent.cookies.saved')}
        </p>
      ) : null}
      <p className="mt-4 text-slate-800" data-testid="cookie-current">
        {consent
          ? t('consent.cookies.current', {
              categories: consent.map((category) => t(`cookies.${category}`)).join(', '),
            })
          : t('consent.cookies.none')}
      </p>
      <form method="post" action="/cookie-consent" className="mt-6 rounded-xl border border-slate-200 p-5">
        <input type="hidden" name="returnTo" value={`${path}?saved=1`} />
        <input type="hidden" name="categories" value="necessary" />
        <fieldset className="space-y-3">
          <legend className="font-semibold text-slate-900">{t('cookies.label')}</legend>
          <label className="flex items-center gap-2 text-slate-600">
            <input type="checkbox" checked disabled className="h-5 w-5" /> {t('cookies.necessary')}
          </label>
          {(['analytics', 'marketing'] as const).map((category) => (
            <label key={category} className="flex items-center gap-2 text-slate-900">
              <input
                type="checkbox"
                name="categories"
                value={category}
                defaultChecked={chosen.has(category)}
                className="h-5 w-5"
                data-testid={`cookie-${category}`}
              />
              {t(`cookies.${category}`)}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="mt-5 rounded-full bg-teal-700 px-6 py-2 font-semibold text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
          data-testid="cookie-save"
        >
          {t('consent.cookies.save')}
        </button>
      </form>
    </main>
  );
}
