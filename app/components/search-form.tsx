import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { SearchCategory } from '../../server/modules/search/search.contract.ts';
import { changedFields, formParams, navigateTo, restorePosition } from './page-navigation.ts';
import { SEARCH_MAX_LENGTH } from './search-box.tsx';

/** The kinds of content, in the order the API answers them. */
export const SEARCH_CATEGORIES: SearchCategory[] = ['pages', 'posts', 'products', 'productCategories'];
/** The specification's debounce of the search query and of the category choice. */
export const SEARCH_DEBOUNCE_MS = 500;

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

/** The clean address of what the form holds (its GET submission repeats `category`). */
function formHref(form: HTMLFormElement, language: UiLanguage): string {
  const params = formParams(form);
  const chosen = params.getAll('category');
  return searchHref(language, {
    search: (params.get('search') ?? '').trim(),
    categories: SEARCH_CATEGORIES.filter((category) => chosen.includes(category)),
  });
}

/**
 * The search screen's form (an island). A GET form, so it works without JavaScript; with it, the page
 * follows the typing and the category choice after a pause, in place of the current history entry,
 * and a submission goes at once as a new entry, always to the clean address (any change starts again
 * at the first page). Each is a page load (app/components/page-navigation.ts): the field keeps the
 * focus and the caret across it, and what was typed before the island hydrated is not lost.
 */
export function SearchForm({
  language,
  search,
  categories,
}: {
  language: UiLanguage;
  search: string;
  categories: SearchCategory[];
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const go = (replace: boolean) => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const href = formHref(form.current, language);
    if (href !== `${window.location.pathname}${window.location.search}` || !replace)
      navigateTo(href, { replace });
  };
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(true), SEARCH_DEBOUNCE_MS);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    restorePosition();
    if (form.current && changedFields(form.current).length > 0) schedule();
    return () => clearTimeout(timer.current);
  }, []);

  const submitted = (event: FormEvent) => {
    event.preventDefault();
    go(false);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role, as before the islands
    <form
      ref={form}
      method="get"
      autoComplete="off"
      data-reset-on-return=""
      action={localizedPath('search', language)}
      role="search"
      onInput={schedule}
      onSubmit={submitted}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <label htmlFor="search-input" className="block font-medium text-slate-900">
        {t('search.label')}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="search-input"
          type="search"
          name="search"
          defaultValue={search}
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
          {SEARCH_CATEGORIES.map((category) => (
            <label
              key={category}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-800 hover:border-teal-700 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700"
            >
              <input
                id={`search-category-${category}`}
                type="checkbox"
                name="category"
                value={category}
                defaultChecked={categories.includes(category)}
                className="h-4 w-4 accent-teal-700"
              />
              {t(`search.groups.${category}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
