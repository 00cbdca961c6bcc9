import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { type WishlistPage, wishlistFilter } from '../../server/modules/wishlist/wishlist.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { ProductCard } from '../components/catalogue/product-card.tsx';
import { SEARCH_GROUP_ATTRIBUTE } from '../components/search-more.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import { requestApi, requestPath } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/wishlist';

/** Products per page; "show more" appends the next page (append mode, specification 000 section 7). */
export const WISHLIST_PAGE_SIZE = 12;

const pageHref = (language: UiLanguage, page: number) =>
  `${localizedPath('wishlist', language)}${page > 1 ? `?page=${page}` : ''}`;

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const query = new URL(args.request.url).searchParams;
  const requested = Number(query.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 100_000 ? requested : 1;
  const result = await api.call(wishlistFilter, { query: { page, limit: WISHLIST_PAGE_SIZE } });
  if (result.errored) {
    if (result.error.statusCode === 401) throw loginRedirect(language, requestPath(args.request));
    throw new Response(result.error.message, { status: result.error.statusCode || 500 });
  }
  const list: WishlistPage = result.data;
  // A page past the end (items were removed meanwhile) goes to the last one.
  if (list.total > 0 && page > list.lastPage)
    throw redirect(pageHref(language, list.lastPage), { status: 302, headers: privatePageHeaders() });
  const seo: PageSeo = {
    title: catalogs[language].wishlist.title,
    description: catalogs[language].wishlist.description,
    alternates: routeAlternates('wishlist'),
    noindex: true,
  };
  return { language, list, seo };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

/**
 * The logged-in shopper's wishlist: product cards with their heart toggles, newest first, one page at
 * a time; "show more" appends the next page with JavaScript and opens it without.
 */
export default function WishlistRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, list } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6">
      <Breadcrumb
        items={[
          { label: t('wishlist.home'), href: localizedPath('home', language) },
          { label: t('wishlist.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('wishlist.title')}</h1>
      {list.total === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">{t('wishlist.empty')}</h2>
          <p className="mt-2 text-slate-700">{t('wishlist.emptyHint')}</p>
          <a
            href={localizedPath('shop', language)}
            className="mt-6 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {t('wishlist.startShopping')}
          </a>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700" data-testid="wishlist-count">
            {t('wishlist.count', { count: list.total })}
          </p>
          {list.page > 1 && (
            <p className="mt-4">
              <a
                href={pageHref(language, list.page - 1)}
                className="text-teal-800 underline underline-offset-2 hover:text-teal-900"
              >
                {t('wishlist.previousPage')}
              </a>
            </p>
          )}
          <ul
            {...{ [SEARCH_GROUP_ATTRIBUTE]: 'wishlist' }}
            data-busy-on-navigation=""
            className="mt-6 grid grid-cols-2 gap-4 transition-opacity aria-busy:opacity-60 sm:gap-6 lg:grid-cols-4"
          >
            {list.records.map((record) => (
              <li key={record.product_id}>
                <ProductCard product={record.product} />
              </li>
            ))}
          </ul>
          {list.page < list.lastPage && (
            <Island
              name="searchMore"
              props={{ href: pageHref(language, list.page + 1), label: t('wishlist.loadMore') }}
            />
          )}
        </>
      )}
    </main>
  );
}
