import { useTranslation } from 'react-i18next';
import { type UiLanguage, uiLanguages } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { postFilterStandard, termBySlug, termFilter } from '../../server/modules/cms/cms.contract.ts';
import type { BlogCategoryOption } from '../components/blog-category-filter.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { Pagination } from '../components/pagination.tsx';
import { PostCard } from '../components/post-card.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { namesNothing, notFoundOrRedirect } from '../lib/not-found.server.ts';
import { notFoundResponse, requestApi } from '../lib/request-language.ts';
import { type PageSeo, rootDataOf, seoMeta, siteOrganization } from '../lib/seo.ts';
import { absoluteTo, blogJsonLd } from '../lib/structured-data.ts';
import type { Route } from './+types/blog';

/** The specification's blog page size. */
export const BLOG_PAGE_SIZE = 9;
const SEARCH_MAX = 200;

/** A page number from the query: a positive whole number, anything else is the first page. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,5}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The blog list's address: the category in the path, search and page (above 1) in the query. */
export function blogHref(
  language: UiLanguage,
  { slug, search, page }: { slug?: string; search?: string; page?: number },
): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (page && page > 1) query.set('page', String(page));
  const path = localizedPath('blog', language, { slug });
  return query.size > 0 ? `${path}?${query}` : path;
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
  const slug = args.params.slug;
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, SEARCH_MAX);
  const page = parsePage(url.searchParams.get('page'));

  const [term, categories, posts] = await Promise.all([
    slug ? api.call(termBySlug, { params: { slug } }) : null,
    api.call(termFilter, { query: { type: 'category' } }),
    api.call(postFilterStandard, {
      body: {
        filters: {
          postTypeSlugs: ['post'],
          termSlugs: slug ? [slug] : undefined,
          search: search || undefined,
        },
        sort: { published_at: 'desc' },
        page,
        limit: BLOG_PAGE_SIZE,
      },
    }),
  ]);
  if (term?.errored) {
    if (namesNothing(term.error)) return notFoundOrRedirect(api, args.request);
    throw new Response(term.error.message, { status: term.error.statusCode || 500 });
  }
  if (posts.errored) throw new Response(posts.error.message, { status: posts.error.statusCode || 500 });
  // A page past the end names nothing.
  if (page > 1 && page > posts.data.totalPages) notFoundResponse();

  const texts = catalogs[language].blog;
  const category = term?.data ?? null;
  const title = category?.title ?? texts.title;
  const pageSuffix = page > 1 ? ` (${texts.pageN.replace('{{page}}', String(page))})` : '';
  const withPage = (path: string) => (page > 1 ? `${path}?page=${page}` : path);
  const alternates: PageSeo['alternates'] = {};
  for (const code of uiLanguages) {
    const termSlug = category ? category.alternates[code] : undefined;
    if (category && !termSlug) continue;
    alternates[code] = withPage(localizedPath('blog', code, { slug: termSlug }));
  }
  const seo: PageSeo = {
    title: `${title}${pageSuffix}`,
    description: category?.description || texts.intro,
    image: posts.data.records[0]?.media?.url ?? null,
    imageWidth: posts.data.records[0]?.media?.width,
    imageHeight: posts.data.records[0]?.media?.height,
    imageAlt: posts.data.records[0]?.media?.title,
    alternates,
    noindex: search !== '',
  };
  return {
    language,
    seo,
    search,
    category: category
      ? { slug: category.slug, title: category.title, description: category.description }
      : null,
    categories: categories.errored
      ? []
      : categories.data.map((entry) => ({
          slug: entry.slug,
          title: entry.title,
          postCount: entry.postCount,
        })),
    posts: posts.data,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Blog({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, search, category, categories, posts, seo } = loaderData;
  const root = rootDataOf(matches);
  const origin = root?.origin ?? '';
  const listPath = localizedPath('blog', language);
  const breadcrumb = [
    { label: t('blog.home'), href: localizedPath('home', language) },
    { label: t('blog.title'), href: listPath },
    ...(category ? [{ label: category.title }] : []),
  ];
  return (
    <main id="main">
      {root ? (
        <JsonLd
          data={blogJsonLd({
            name: seo.title,
            url: absoluteTo(origin, blogHref(language, { slug: category?.slug, search, page: posts.page })),
            description: seo.description,
            language,
            publisher: siteOrganization(root),
            posts: posts.records.map((post) => ({
              headline: post.title,
              url: absoluteTo(origin, post.link),
              image: post.media ? absoluteTo(origin, post.media.url) : null,
              datePublished: post.published_at ?? post.created_at,
              dateModified: post.updated_at,
              authorName: post.user.displayName,
            })),
          })}
        />
      ) : null}
      <section className="bg-teal-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <Breadcrumb items={breadcrumb} inverted />
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
            {category?.title ?? t('blog.title')}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-teal-50">{category?.description || t('blog.intro')}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-10">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <SearchBox search={search} action={localizedPath('blog', language, { slug: category?.slug })} />
          <CategoryFilter language={language} search={search} current={category} categories={categories} />
        </div>

        <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-3">
          <h2 className="text-xl font-semibold text-slate-900">
            {search ? t('blog.resultsFor', { search }) : t('blog.postsHeading')}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('blog.results', { count: posts.totalRecords })}
            {posts.totalPages > 1 && (
              <>
                {' · '}
                {t('blog.pageOf', { page: posts.page, total: posts.totalPages })}
              </>
            )}
          </p>
        </div>

        {posts.records.length === 0 ? (
          <div className="mt-10 rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
            <p className="text-lg text-slate-700">{t('blog.empty')}</p>
            {(search || category) && (
              <a
                href={search ? localizedPath('blog', language, { slug: category?.slug }) : listPath}
                className="mt-4 inline-block rounded-full bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
              >
                {search ? t('blog.clearSearch') : t('blog.allCategories')}
              </a>
            )}
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.records.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}

        <Pagination
          page={posts.page}
          totalPages={posts.totalPages}
          hrefFor={(target) => blogHref(language, { slug: category?.slug, search, page: target })}
        />
      </div>
    </main>
  );
}

function SearchBox({ search, action }: { search: string; action: string }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role, as before the islands
    <form method="get" action={action} role="search" className="w-full md:max-w-md">
      <label htmlFor="blog-search" className="block text-sm font-medium text-slate-700">
        {t('blog.searchLabel')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="blog-search"
          type="search"
          name="search"
          defaultValue={search}
          key={search}
          maxLength={SEARCH_MAX}
          placeholder={t('blog.searchPlaceholder')}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
        />
        <button
          type="submit"
          className="rounded-full bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
        >
          {t('blog.searchSubmit')}
        </button>
      </div>
      {search && (
        <a
          href={action}
          className="mt-2 inline-block text-sm text-teal-800 underline-offset-2 hover:underline"
        >
          {t('blog.clearSearch')}
        </a>
      )}
    </form>
  );
}

/** The category filter's options (an island, blog-category-filter.tsx): links that keep the search. */
function CategoryFilter({
  language,
  search,
  current,
  categories,
}: {
  language: UiLanguage;
  search: string;
  current: { slug: string; title: string } | null;
  categories: { slug: string; title: string; postCount: number }[];
}) {
  const { t } = useTranslation();
  const options: BlogCategoryOption[] = [
    {
      href: blogHref(language, { search }),
      label: t('blog.allCategories'),
      count: null,
      active: current === null,
    },
    ...categories.map((entry) => ({
      href: blogHref(language, { slug: entry.slug, search }),
      label: entry.title,
      count: search ? null : entry.postCount,
      active: current?.slug === entry.slug,
    })),
  ];
  return <Island name="blogCategories" props={{ current: current?.title ?? null, options }} />;
}
