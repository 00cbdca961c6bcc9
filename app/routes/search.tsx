import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigation, useSearchParams } from 'react-router';
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
import { catalogs } from '../i18n/catalog.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/search';

/** The kinds of content, in the order the API answers them. */
const CATEGORIES: SearchCategory[] = ['pages', 'posts', 'products', 'productCategories'];
const PAGE_SIZE = 10;
/** The specification's debounce of the search query and of the category choice. */
const DEBOUNCE_MS = 500;

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

/** The search screen's address: keywords, categories (comma-separated) and page (above 1). */
export function searchHref(
  language: UiLanguage,
  { search, categories, page }: { search: string; categories: SearchCategory[]; page?: number },
): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  query.set('category', categories.join(','));
  if (page && page > 1) query.set('page', String(page));
  return `${localizedPath('search', language)}?${query}`;
}

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

type Shown = { key: string; from: number; to: number; groups: SearchGroup[]; source: SearchResult | null };

/**
 * Results on screen. "Show more" loads the next page into the URL; when it follows the page already
 * shown for the same search, its records are appended instead of replacing the list.
 */
function useShownResults(
  search: string,
  categories: SearchCategory[],
  page: number,
  result: SearchResult | null,
) {
  const key = `${search}\n${categories.join(',')}`;
  const [shown, setShown] = useState<Shown>({
    key,
    from: page,
    to: page,
    groups: result?.groups ?? [],
    source: result,
  });
  if (shown.source !== result) {
    // A revalidation of the same page (after a form elsewhere, say) keeps what was appended.
    if (result !== null && shown.source !== null && shown.key === key && page === shown.to) {
      const next = { ...shown, source: result };
      setShown(next);
      return next;
    }
    const append = result !== null && shown.source !== null && shown.key === key && page === shown.to + 1;
    const next: Shown = append
      ? {
          key,
          from: shown.from,
          to: page,
          source: result,
          groups: result.groups.map((group) => ({
            ...group,
            records: [
              ...(shown.groups.find((previous) => previous.category === group.category)?.records ?? []),
              ...group.records,
            ],
          })),
        }
      : { key, from: page, to: page, groups: result?.groups ?? [], source: result };
    setShown(next);
    return next;
  }
  return shown;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, search, categories, page, result, error } = loaderData;
  const shown = useShownResults(search, categories, page, result);
  const location = useLocation();
  const navigation = useNavigation();
  // New results for this screen are on their way: the current ones are dimmed until they arrive.
  const busy = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const total = result?.groups.reduce((sum, group) => sum + group.totalRecords, 0) ?? 0;
  const lastPage = Math.max(0, ...(result?.groups.map((group) => group.totalPages) ?? []));
  const breadcrumb = [
    { label: t('search.home'), href: localizedPath('home', language) },
    { label: t('search.title') },
  ];

  return (
    <main id="main">
      <section className="bg-gradient-to-br from-teal-800 via-teal-700 to-teal-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <Breadcrumb items={breadcrumb} inverted />
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">{t('search.title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-teal-50">{t('search.intro')}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <SearchForm language={language} search={search} categories={categories} />

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
            {shown.from > 1 && (
              <p className="mt-4">
                <Link
                  to={searchHref(language, { search, categories })}
                  className="text-teal-800 underline underline-offset-2 hover:text-teal-900"
                >
                  {t('search.firstResults')}
                </Link>
                <span className="ml-2 text-sm text-slate-600">{t('search.pageN', { page: shown.from })}</span>
              </p>
            )}
            <div
              aria-busy={busy}
              className={`mt-6 space-y-10 transition-opacity ${busy ? 'opacity-60' : ''}`}
            >
              {shown.groups.map((group) => (
                <ResultGroup key={group.category} group={group} language={language} search={search} />
              ))}
            </div>
            {page < lastPage && (
              <div className="mt-10 text-center">
                <Link
                  to={searchHref(language, { search, categories, page: page + 1 })}
                  preventScrollReset
                  replace
                  className="inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
                >
                  {t('search.loadMore')}
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}

/**
 * A GET form (works without JavaScript). With JavaScript the URL follows the typing and the category
 * choice after a pause, replacing the history entry, and any change starts again at the first page.
 */
function SearchForm({
  language,
  search,
  categories,
}: {
  language: UiLanguage;
  search: string;
  categories: SearchCategory[];
}) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(search);
  const [chosen, setChosen] = useState<SearchCategory[]>(categories);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A navigation from elsewhere (back button, a link) brings new values; typing is never overwritten.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(search);
  }, [search]);
  const categoriesKey = categories.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: categoriesKey stands for categories
  useEffect(() => setChosen(categories), [categoriesKey]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const navigate = (nextText: string, nextChosen: SearchCategory[], replace: boolean) => {
    const params = new URLSearchParams();
    const trimmed = nextText.trim();
    if (trimmed) params.set('search', trimmed);
    params.set('category', nextChosen.join(','));
    setSearchParams(params, { replace, preventScrollReset: true });
  };
  const sync = (nextText: string, nextChosen: SearchCategory[]) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(nextText, nextChosen, true), DEBOUNCE_MS);
  };
  const toggle = (category: SearchCategory, on: boolean) => {
    const next = CATEGORIES.filter((name) => (name === category ? on : chosen.includes(name)));
    setChosen(next);
    sync(text, next);
  };
  // With JavaScript a submission goes at once, as a new history entry, with the same clean URL.
  const submitted = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    navigate(text, chosen, false);
  };

  return (
    <Form
      method="get"
      action={localizedPath('search', language)}
      role="search"
      onSubmit={submitted}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <label htmlFor="search-input" className="block font-medium text-slate-900">
        {t('search.label')}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="search-input"
          type="search"
          name="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            sync(event.target.value, chosen);
          }}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-5 py-3 text-lg text-slate-900 placeholder:text-slate-500 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
        />
        <button
          type="submit"
          className="rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
        >
          {t('search.submit')}
        </button>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">{t('search.categoriesLegend')}</legend>
        {/* Sent with the boxes so that "none ticked" reaches the server as an empty choice. */}
        <input type="hidden" name="category" value="" />
        <div className="mt-2 flex flex-wrap gap-2">
          {CATEGORIES.map((category) => (
            <label
              key={category}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-800 hover:border-teal-700 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700"
            >
              <input
                type="checkbox"
                name="category"
                value={category}
                checked={chosen.includes(category)}
                onChange={(event) => toggle(category, event.target.checked)}
                className="h-4 w-4 accent-teal-700"
              />
              {t(`search.groups.${category}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </Form>
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
        <ul className="mt-2 divide-y divide-slate-100">
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
          <Link
            to={record.link}
            className="text-teal-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700"
          >
            <Highlighted text={record.title} search={search} />
          </Link>
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
