import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type BlogCategoryOption = { href: string; label: string; count: number | null; active: boolean };

/**
 * The blog's category filter (an island): a disclosure whose button shows the chosen category; its
 * options are links that keep the search, so it works without JavaScript. With JavaScript it also
 * closes on a click outside it and on Escape (which returns focus to its button).
 */
export function BlogCategoryFilter({
  current,
  options,
}: {
  /** The chosen category's title; null for all categories. */
  current: string | null;
  options: BlogCategoryOption[];
}) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const element = details.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        element.removeAttribute('open');
        element.querySelector('summary')?.focus();
      } else if (!element.contains(event.target as Node)) element.removeAttribute('open');
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <div className="w-full md:w-72">
      <span id="blog-category-label" className="block text-sm font-medium text-slate-700">
        {t('blog.categoryLabel')}
      </span>
      <details ref={details} className="group relative mt-1">
        <summary
          aria-labelledby="blog-category-label blog-category-value"
          className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-full border border-slate-300 bg-white px-4 py-2.5 text-slate-900 hover:border-teal-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700/40 [&::-webkit-details-marker]:hidden"
        >
          <span id="blog-category-value" className="truncate">
            {current ?? t('blog.allCategories')}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4 shrink-0 text-slate-500 transition group-open:rotate-180"
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </summary>
        <ul
          aria-label={t('blog.chooseCategory')}
          className="absolute right-0 z-20 mt-2 max-h-80 w-full overflow-auto rounded-2xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          {options.map((option) => (
            <li key={option.href}>
              <a
                href={option.href}
                aria-current={option.active ? 'page' : undefined}
                className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 ${
                  option.active
                    ? 'bg-teal-50 font-semibold text-teal-800'
                    : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <span>{option.label}</span>
                {option.count !== null && <span className="text-xs text-slate-500">{option.count}</span>}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
