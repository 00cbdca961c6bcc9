import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import { primaryButton } from '../components/cart/cart-view.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { restoredCartCookies } from '../lib/checkout-session.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/checkoutFailure';

/**
 * Where the card gateway sends a shopper whose payment failed or was cancelled (the order's
 * `failureURL`): a title and the way back to the cart, which the failed payment left as it was.
 */
export function loader(args: Route.LoaderArgs) {
  const { language } = requestApi(args);
  const seo: PageSeo = {
    title: catalogs[language].checkout.failure.title,
    description: catalogs[language].checkout.failure.description,
    alternates: routeAlternates('checkoutFailure'),
    noindex: true,
  };
  // The failed payment reopened the cart: the browser gets its session back.
  const cookies = restoredCartCookies(
    args.request.headers.get('cookie'),
    new URL(args.request.url).protocol === 'https:',
  );
  const headers = new Headers(privatePageHeaders());
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return data({ language, seo }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(privatePageHeaders());
  for (const cookie of loaderHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function CheckoutFailure({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900" data-testid="checkout-failure-title">
        {t('checkout.failure.title')}
      </h1>
      <p className="mt-4 text-slate-700">{t('checkout.failure.text')}</p>
      <a
        href={localizedPath('cart', language)}
        className={`${primaryButton} mt-6`}
        data-testid="checkout-failure-cart"
      >
        {t('checkout.failure.backToCart')}
      </a>
    </main>
  );
}
