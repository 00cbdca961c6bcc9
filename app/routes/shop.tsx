import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { type UiLanguage, uiLanguages } from '../../core/languages.ts';
import { MAIN_CURRENCY } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import {
  type CategoryNode,
  categoryFilter,
  categoryPage,
} from '../../server/modules/catalogue/catalogue.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { CategoryGrid, CategoryImage, SubcategoryLinks } from '../components/catalogue/category-grid.tsx';
import { ListingPagination } from '../components/catalogue/listing-controls.tsx';
import {
  apiFilters,
  isCanonicalQuery,
  isRefined,
  type ListingState,
  parseListingState,
  sanitizeListingState,
  serializeListingState,
} from '../components/catalogue/listing-state.ts';
import { ProductCard } from '../components/catalogue/product-card.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import type { ApiClient } from '../lib/api-client.ts';
import { namesNothing, notFoundOrRedirect } from '../lib/not-found.server.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/shop';

const failure = (error: { message: string; statusCode: number }) =>
  new Response(error.message, { status: error.statusCode || 500 });

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Where the category lives in each language: the slugs its own response carries. */
function categoryAlternates(category: CategoryNode) {
  const alternates: PageSeo['alternates'] = {};
  for (const code of uiLanguages) {
    const slug = category.alternates[code];
    if (slug) alternates[code] = localizedPath('shop', code, { slug });
  }
  return alternates;
}

async function categoryListLoader(api: ApiClient, language: UiLanguage) {
  const result = await api.call(categoryFilter, { body: {} });
  if (result.errored) throw failure(result.error);
  const texts = catalogs[language].shop;
  const seo: PageSeo = {
    title: texts.title,
    description: texts.description,
    alternates: routeAlternates('shop'),
    ...shareImage(result.data.records.find((category) => category.image)?.image ?? null),
  };
  return { view: 'categories' as const, categories: result.data.records, seo };
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const slug = args.params.slug;
  if (!slug) return categoryListLoader(api, language);

  const url = new URL(args.request.url);
  const pathname = url.pathname.replace(/\.data$/, '');
  const requested = parseListingState(url.searchParams);
  // The whole listing in one call: the category, its filter panel (alone and for the request's
  // criteria) and the page of products.
  const load = (state: ListingState) =>
    api.call(categoryPage, {
      body: {
        slug,
        keywords: state.search || undefined,
        filters: apiFilters(state),
        sort: state.sort,
        limit: state.limit,
        page: state.page,
      },
    });
  const asked = await load(requested);
  // A query the API refuses (a value longer than any value code, a page beyond its range): the
  // category alone says which of the query's filters exist, so that the redirect below drops the rest.
  const found =
    asked.errored && asked.error.statusCode === 400 && url.search
      ? await load(parseListingState(new URLSearchParams()))
      : asked;
  if (found.errored) {
    if (namesNothing(found.error)) return notFoundOrRedirect(api, args.request);
    throw failure(found.error);
  }
  const { category, breadcrumb, categoryFilters, filters, products } = found.data;

  // One address per listing: what a GET form sent, or an old link, goes to the canonical URL.
  const state = sanitizeListingState(requested, categoryFilters);
  const canonicalQuery = serializeListingState(state);
  if (!isCanonicalQuery(url.search, canonicalQuery)) {
    throw redirect(canonicalQuery ? `${pathname}?${canonicalQuery}` : pathname);
  }
  if (asked.errored) throw failure(asked.error);
  const alternates = categoryAlternates(category);
  // A page past the end (an old link, or fewer products since) goes to the last page that exists.
  if (state.page > 1 && state.page > products.totalPages) {
    const lastQuery = serializeListingState({ ...state, page: Math.max(1, products.totalPages) });
    throw redirect(lastQuery ? `${pathname}?${lastQuery}` : pathname);
  }

  const seo: PageSeo = {
    title: category.seo.title || category.name,
    description: category.seo.description || plainText(category.description) || undefined,
    ...shareImage(category.image ?? null),
    alternates,
    // Filtered, searched, sorted or later pages are variants of the category: only it is indexed.
    noindex: isRefined(state),
  };
  return {
    view: 'category' as const,
    category,
    breadcrumb,
    state,
    filters,
    products,
    seo,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Shop({ loaderData }: Route.ComponentProps) {
  return loaderData.view === 'categories' ? (
    <CategoryListScreen categories={loaderData.categories} />
  ) : (
    <CategoryScreen data={loaderData} />
  );
}

function useLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return (uiLanguages as readonly string[]).includes(i18n.language) ? (i18n.language as UiLanguage) : 'hr';
}

function CategoryListScreen({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <Breadcrumb
        items={[{ label: t('shop.home'), href: localizedPath('home', language) }, { label: t('shop.title') }]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900 md:text-4xl">{t('shop.title')}</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">{t('shop.description')}</p>
      <div className="mt-8">
        <CategoryGrid categories={categories} language={language} />
      </div>
    </main>
  );
}

type CategoryData = Extract<Route.ComponentProps['loaderData'], { view: 'category' }>;

/**
 * A category listing: server-rendered, with the filter panel, the toolbar and the mobile filters as
 * islands that load the listing's next address when they change (app/components/page-navigation.ts).
 */
function CategoryScreen({ data }: { data: CategoryData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { category, breadcrumb, state, filters, products } = data;
  const pathname = localizedPath('shop', language, { slug: category.slug });
  // The price filter's values are whole units of the currency the listing's prices are in.
  const currency = products.records.find((product) => product.prices)?.prices?.currency.code ?? MAIN_CURRENCY;
  const listing = { filters, state, pathname, currency };

  const crumbs = [
    { label: t('shop.home'), href: localizedPath('home', language) },
    { label: t('shop.title'), href: localizedPath('shop', language) },
    ...breadcrumb.map((item) => ({
      label: item.name,
      href: localizedPath('shop', language, { slug: item.slug }),
    })),
    { label: category.name },
  ];

  return (
    <main id="main">
      <section className="bg-teal-900" data-testid="category-hero">
        <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 py-8 md:grid-cols-[1fr_22rem] md:py-12">
          <div>
            <Breadcrumb items={crumbs} inverted />
            <h1 className="mt-4 text-3xl font-bold text-white md:text-5xl">{category.name}</h1>
            {category.description ? (
              <p className="mt-3 max-w-2xl text-lg text-white/95">{plainText(category.description)}</p>
            ) : null}
          </div>
          <div className="hidden aspect-[4/3] overflow-hidden rounded-lg shadow-lg ring-1 ring-white/20 sm:block">
            <CategoryImage category={category} className="h-full w-full object-cover" />
          </div>
        </div>
      </section>

      <SubcategoryLinks
        categories={category.children}
        language={language}
        label={t('shop.subcategories')}
        className="mx-auto max-w-6xl px-4 pt-6"
      />

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block" aria-labelledby="filters-heading">
          <h2 id="filters-heading" className="mb-4 text-xl font-semibold text-slate-900">
            {t('shop.filters.title')}
          </h2>
          <Island name="listingFilters" props={listing} />
        </aside>

        <section aria-labelledby="products-heading" className="min-w-0">
          <h2 id="products-heading" className="sr-only">
            {t('shop.listing.products')}
          </h2>
          <Island name="listingToolbar" props={listing} />
          <div className="mt-4 flex items-center justify-between gap-3">
            <p className="text-sm text-slate-700" aria-live="polite" data-testid="result-count">
              {t('shop.listing.results', { count: products.totalRecords })}
            </p>
            <Island name="mobileFilters" props={listing} />
          </div>

          {products.records.length === 0 ? (
            <p className="mt-8 rounded-md bg-slate-50 p-6 text-slate-700" data-testid="no-results">
              {t('shop.listing.noResults')}
            </p>
          ) : (
            <ul
              className="mt-6 grid grid-cols-2 gap-3 transition-opacity aria-busy:opacity-60 sm:gap-6 xl:grid-cols-3"
              // Dimmed while an island loads the listing's next address (page-navigation.ts).
              data-busy-on-navigation=""
              data-testid="product-grid"
            >
              {products.records.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
          <ListingPagination state={state} pathname={pathname} totalPages={products.totalPages} />
        </section>
      </div>
    </main>
  );
}

/** A category's image as the page's share image, with its size and description. */
function shareImage(
  image: { url: string; width: number | null; height: number | null; alt: string; title: string } | null,
) {
  return image
    ? {
        image: image.url,
        imageWidth: image.width,
        imageHeight: image.height,
        imageAlt: image.alt || image.title,
      }
    : { image: null };
}
