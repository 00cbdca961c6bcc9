import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import {
  newsletterUnsubscribe,
  newsletterUnsubscribeInfo,
} from '../../server/modules/marketing/marketing.contract.ts';
import { primaryButton, textLink } from '../components/auth-form.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/newsletterUnsubscribe';

const TOKEN = /^\d{1,10}\.[A-Za-z0-9_-]{43}$/;
const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

const seoOf = (language: keyof typeof catalogs): PageSeo => ({
  title: catalogs[language].unsubscribe.title,
  alternates: routeAlternates('newsletterUnsubscribe'),
  noindex: true,
});

/**
 * The unsubscribe link of every newsletter mail (docs/decisions/0412). GET only shows the address and
 * a button, and changes nothing (link scanners and previews open links); the button, and a mail
 * client's RFC 8058 one-click request (`POST` with `List-Unsubscribe=One-Click` to the same URL),
 * unsubscribe without a login: the signed token in the URL is the authority.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const token = tokenOf(args.request);
  const result = TOKEN.test(token) ? await api.call(newsletterUnsubscribeInfo, { params: { token } }) : null;
  const info = result && !result.errored ? result.data : null;
  return data(
    {
      language,
      token,
      email: info?.email ?? null,
      subscribed: info?.subscribed ?? false,
      seo: seoOf(language),
    },
    { status: info ? 200 : 400 },
  );
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const token = tokenOf(args.request);
  const result = TOKEN.test(token) ? await api.call(newsletterUnsubscribe, { body: { token } }) : null;
  if (!result || result.errored)
    return data(
      { done: false as const, email: null },
      { status: result?.error.statusCode === 429 ? 429 : 400 },
    );
  return { done: true as const, email: result.data.email, language };
}

export const headers: Route.HeadersFunction = () => privatePageHeaders();

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, token, email, subscribed } = loaderData;
  const done = actionData?.done === true;
  const shownEmail = actionData?.email ?? email;
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('unsubscribe.title')}</h1>
      <div role="status" className="mt-4 text-lg text-slate-700" data-testid="unsubscribe-status">
        {done ? (
          <p>{t('unsubscribe.done', { email: shownEmail ?? '' })}</p>
        ) : !email || actionData ? (
          <p>{t('unsubscribe.invalid')}</p>
        ) : subscribed ? (
          <p>{t('unsubscribe.question', { email })}</p>
        ) : (
          <p>{t('unsubscribe.notSubscribed', { email })}</p>
        )}
      </div>
      {!done && email && subscribed && !actionData && (
        <form method="post" action={`?token=${encodeURIComponent(token)}`} className="mt-8">
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className={primaryButton}>
            {t('unsubscribe.confirm')}
          </button>
        </form>
      )}
      <a className={`mt-8 ${textLink}`} href={localizedPath('home', language)}>
        {t('unsubscribe.backHome')}
      </a>
    </main>
  );
}
