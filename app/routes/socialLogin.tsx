import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { isUiLanguage } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { localizedPath } from '../../core/route-table.ts';
import {
  socialOauth,
  socialOauthBody,
  socialProviderName,
  socialRedirectLogin,
} from '../../server/modules/users/social.contract.ts';
import { textLink } from '../components/auth-form.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/socialLogin';

/** What went wrong, as a key of `auth.social.errors` (or `cancelled` at the provider). */
type Problem =
  | 'notConfigured'
  | 'invalidState'
  | 'refused'
  | 'noEmail'
  | 'unverifiedEmail'
  | 'unavailable'
  | 'cancelled';

const problemOfCode: Record<string, Problem> = {
  PROVIDER_NOT_CONFIGURED: 'notConfigured',
  INVALID_STATE: 'invalidState',
  SOCIAL_LOGIN_REFUSED: 'refused',
  SOCIAL_LOGIN_NO_EMAIL: 'noEmail',
  SOCIAL_EMAIL_UNVERIFIED: 'unverifiedEmail',
  PROVIDER_UNAVAILABLE: 'unavailable',
};

/**
 * The social login screen, on the server alone (no JavaScript needed): with `provider` it starts a
 * login (the state cookie, then off to the provider); with `code` and `state` from the provider it
 * finishes it (the session cookies, then back where the login started); with `error` the visitor
 * cancelled at the provider. Without any of them it shows only its title, as the specification says.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  const seo: PageSeo = {
    title: catalogs[language].auth.social.title,
    alternates: routeAlternates('socialLogin'),
    noindex: true,
  };
  const answer = (problem: Problem | null, status = 200) =>
    data({ language, seo, problem }, { status, headers: privatePageHeaders() });
  const failed = (error: { code?: string; statusCode: number }) =>
    answer(
      problemOfCode[error.code ?? ''] ?? 'unavailable',
      error.statusCode >= 500 ? 502 : error.statusCode || 400,
    );

  const provider = param('provider');
  if (provider !== undefined) {
    const parsed = socialProviderName.safeParse(provider);
    if (!parsed.success) return answer('notConfigured', 404);
    const started = await api.call(socialRedirectLogin, {
      query: { provider: parsed.data, redirectTo: safeRedirectTarget(param('redirectTo'), '') },
    });
    if (started.errored) return failed(started.error);
    return redirect(started.data.url, { status: 303, headers: privatePageHeaders() });
  }
  if (param('error') !== undefined) return answer('cancelled', 400);
  if (param('code') === undefined && param('state') === undefined) return answer(null);
  const body = socialOauthBody.safeParse({ code: param('code'), state: param('state'), iss: param('iss') });
  if (!body.success) return answer('invalidState', 400);
  const finished = await api.call(socialOauth, { body: body.data });
  if (finished.errored) return failed(finished.error);
  const target = finished.data.language;
  const home = localizedPath('home', isUiLanguage(target) ? target : language);
  return redirect(safeRedirectTarget(finished.data.redirectTo, home), {
    status: 303,
    headers: privatePageHeaders(),
  });
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function SocialLogin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, problem } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <Breadcrumb
        items={[
          { label: t('auth.home'), href: localizedPath('home', language) },
          { label: t('auth.social.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('auth.social.title')}</h1>
      {problem && (
        <>
          <p
            role="alert"
            className="mt-6 rounded border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-800"
          >
            {problem === 'cancelled' ? t('auth.social.cancelled') : t(`auth.social.errors.${problem}`)}
          </p>
          <p className="mt-4 text-sm">
            <a className={textLink} href={localizedPath('login', language)}>
              {t('auth.social.backToLogin')}
            </a>
          </p>
        </>
      )}
    </main>
  );
}
