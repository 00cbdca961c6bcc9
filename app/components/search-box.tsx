import { useTranslation } from 'react-i18next';
import { defaultLanguage, isUiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';

export const SEARCH_MAX_LENGTH = 200;

/**
 * A site search form for anywhere outside the search screen (the 404 page, a header): a GET form to
 * the search route of the current language, so it works without JavaScript. Only `search` is sent;
 * the search screen then looks in every kind of content.
 */
export function SearchBox({
  id = 'site-search',
  defaultValue = '',
  hideLabel = false,
  className = '',
}: {
  id?: string;
  defaultValue?: string;
  /** The label stays for screen readers but is not shown (where the context already says "search"). */
  hideLabel?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = isUiLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role, as before the islands
    <form method="get" action={localizedPath('search', language)} role="search" className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {t('search.boxLabel')}
      </label>
      <div className={`flex gap-2 ${hideLabel ? '' : 'mt-1'}`}>
        <input
          id={id}
          type="search"
          name="search"
          required
          defaultValue={defaultValue}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('search.placeholder')}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
        />
        <button
          type="submit"
          className="rounded-full bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
        >
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}
