import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { formatMoney } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import {
  type SearchCategory,
  type SearchGroup,
  type SearchRecord,
  type SearchResult,
  siteSearch,
} from '../../server/modules/search/search.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { SEARCH_MAX_LENGTH } from '../components/search-box.tsx';
import { SEARCH_CATEGORIES, searchHref } from '../components/search-form.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/search';

/** The kinds of content, in the order the API answers them. */
const CATEGORIES = SEARCH_CATEGORIES;
const PAGE_SIZE = 10;

type SearchError = 'missingCategories' | 'failed' | null;

/**
 * The chosen kinds of content. No `category` at all (a search box elsewhere sent only `search`) means
 * all of them. The form sends an empty `category` beside its checkboxes, so that unticking every box
 * is told apart from not choosing: repeated values and comma lists are both read.
 */
export function readCategories(params: URLSearchParams): SearchCategory[] {
  if (!params.has('category')) return CATEGORIES;
  const names = params.getAll('category').flatMap((value) => value.split(','));
  return CATEGORIES.filter((category) => names.includes(category));
}

function readPage(value: string | null): number {
  return value && /^\d{1,4}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

export { searchHref };

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const categories = readCategories(url.searchParams);
  const page = readPage(url.searchParams.get('page'));
  let result: SearchResult | null = null;
  let error: SearchError = null;
  if (categories.length === 0) error = 'missingCategories';
  else if (search) {
    const response = await api.call(siteSearch, {
      query: { search, category: categories.join(','), page, limit: PAGE_SIZE },
    });
    if (!response.errored) result = response.data;
    else error = response.error.field === 'category' ? 'missingCategories' : 'failed';
  }
  const texts = catalogs[language].search;
  const alternates = routeAlternates('search');
  // The language switch keeps the search; the page stays out of search engines anyway.
  if (url.search) for (const code of Object.keys(alternates) as UiLanguage[]) alternates[code] += url.search;
  const seo: PageSeo = {
    title: search ? texts.titleFor.replace('{{search}}', search) : texts.title,
    description: texts.intro,
    alternates,
    // Result lists stay out of search engines; the empty search screen itself may be indexed.
    noindex: url.search !== '',
  };
  return { language, search, categories, page, result, error, seo };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, search, categories, page, result, error } = loaderData;
  const total = result?.groups.reduce((sum, group) => sum + group.totalRecords, 0) ?? 0;
  const lastPage = Math.max(0, ...(result?.groups.map((group) => group.totalPages) ?? []));
  const breadcrumb = [
    { label: t('search.home'), href: localizedPath('home', language) },
    { label: t('search.title') },
  ];

  return (
    <main id="main">
      <section className="bg-teal-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <Breadcrumb items={breadcrumb} inverted />
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">{t('search.title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-teal-50">{t('search.intro')}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <Island name="searchForm" props={{ language, search, categories }} />

        <div aria-live="polite" className="mt-8">
          {error === 'missingCategories' && (
            <p
              role="alert"
              className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
            >
              {t('search.missingCategories')}
            </p>
          )}
          {error === 'failed' && (
            <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
              {t('search.failed')}
            </p>
          )}
          {!error && !search && <p className="text-slate-700">{t('search.prompt')}</p>}
          {result && total > 0 && (
            <h2 className="text-xl font-semibold text-slate-900">
              {t('search.summary', { count: total, search })}
            </h2>
          )}
          {result && total === 0 && (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
              <h2 className="text-lg font-semibold text-slate-900">{t('search.empty', { search })}</h2>
              <p className="mt-2 text-slate-700">{t('search.emptyHint')}</p>
            </div>
          )}
        </div>

        {result && total > 0 && (
          <>
            {page > 1 && (
              <p className="mt-4">
                <a
                  href={searchHref(language, { search, categories })}
                  className="text-teal-800 underline underline-offset-2 hover:text-teal-900"
                >
                  {t('search.firstResults')}
                </a>
                <span className="ml-2 text-sm text-slate-600">{t('search.pageN', { page })}</span>
              </p>
            )}
            {/* Dimmed while an island loads new results (page-navigation.ts). */}
            <div
              data-busy-on-navigation=""
              className="mt-6 space-y-10 transition-opacity aria-busy:opacity-60"
            >
              {result.groups.map((group) => (
                <ResultGroup key={group.category} group={group} language={language} search={search} />
              ))}
            </div>
            {page < lastPage && (
              <Island
                name="searchMore"
                props={{ href: searchHref(language, { search, categories, page: page + 1 }) }}
              />
            )}
          </>
        )}
      </div>
    </main>
  );
}

function ResultGroup({
  group,
  language,
  search,
}: {
  group: SearchGroup;
  language: UiLanguage;
  search: string;
}) {
  const { t } = useTranslation();
  const headingId = `search-group-${group.category}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="border-b border-slate-200 pb-2 text-lg font-semibold text-slate-900">
        {t('search.groupHeading', { title: t(`search.groups.${group.category}`), count: group.totalRecords })}
      </h3>
      {group.records.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          {group.totalRecords === 0 ? t('search.groupEmpty') : t('search.groupDone')}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-search-group={group.category}>
          {group.records.map((record) => (
            <li key={record.id}>
              <ResultItem record={record} language={language} search={search} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultItem({
  record,
  language,
  search,
}: {
  record: SearchRecord;
  language: UiLanguage;
  search: string;
}) {
  const { t } = useTranslation();
  const prices = record.prices;
  return (
    <article className="flex gap-4 py-4">
      {record.media && (
        <img
          src={record.media.url}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          className="h-18 w-24 shrink-0 rounded-lg bg-slate-100 object-cover"
        />
      )}
      <div className="min-w-0 flex-1">
        <h4 className="text-base font-semibold">
          <a
            href={record.link}
            className="text-teal-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700"
          >
            <Highlighted text={record.title} search={search} />
          </a>
        </h4>
        {record.excerpt && (
          <p className="mt-1 text-sm leading-relaxed text-slate-700">
            <Highlighted text={record.excerpt} search={search} />
          </p>
        )}
        {(prices || record.sku) && (
          <p className="mt-1 flex flex-wrap items-baseline gap-x-3 text-sm">
            {prices && (
              <span className="font-semibold text-slate-900">
                {formatMoney({ amount: prices.finalPrice, currency: prices.currency.code }, language)}
              </span>
            )}
            {prices && prices.finalPrice < prices.retailPrice && (
              <span className="text-slate-600 line-through">
                <span className="sr-only">
                  {t('search.regularPrice', {
                    amount: formatMoney(
                      { amount: prices.retailPrice, currency: prices.currency.code },
                      language,
                    ),
                  })}
                </span>
                <span aria-hidden="true">
                  {formatMoney({ amount: prices.retailPrice, currency: prices.currency.code }, language)}
                </span>
              </span>
            )}
            {prices?.eurEquivalent && (
              <span className="text-slate-600">
                {t('search.euroEquivalent', {
                  amount: formatMoney({ amount: prices.eurEquivalent.finalPrice, currency: 'EUR' }, language),
                })}
              </span>
            )}
            {record.sku && <span className="text-slate-600">{t('search.sku', { sku: record.sku })}</span>}
          </p>
        )}
      </div>
    </article>
  );
}

/** Lower case without diacritics, one character per character, so that positions carry over. */
function fold(text: string): string {
  return [...text]
    .map((character) => {
      const base = character
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '');
      const single = base === 'đ' ? 'd' : base;
      return single.length === character.length ? single : character;
    })
    .join('');
}

/** Marks the words that start like a searched word (diacritics ignored, a last vowel optional). */
function Highlighted({ text, search }: { text: string; search: string }) {
  const stems = (fold(search).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) =>
    word.length >= 5 ? word.replace(/[aeiou]$/, '') : word,
  );
  if (stems.length === 0) return <>{text}</>;
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 && stems.some((stem) => fold(part).startsWith(stem)) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <mark key={index} className="rounded bg-amber-100 px-0.5 text-inherit">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
