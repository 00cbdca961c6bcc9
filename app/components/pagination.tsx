import { useTranslation } from 'react-i18next';

/** The specification's page number window: at most this many page links at once. */
export const PAGE_WINDOW = 9;

/**
 * Page numbers to show: every page when they fit the window; otherwise the first and last page,
 * the pages around the current one, and a gap where pages are left out.
 */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): (number | 'gap')[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  if (totalPages <= size) return Array.from({ length: totalPages }, (_, index) => index + 1);
  // First and last are always shown; the rest of the window (gaps included) centres on the current page.
  const inner = Math.max(1, size - 4);
  let start = Math.max(2, current - Math.floor(inner / 2));
  let end = Math.min(totalPages - 1, start + inner - 1);
  start = Math.max(2, end - inner + 1);
  // A gap of a single page is that page itself.
  if (start === 3) start = 2;
  if (end === totalPages - 2) end = totalPages - 1;
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [
    1,
    ...(start > 2 ? (['gap'] as const) : []),
    ...middle,
    ...(end < totalPages - 1 ? (['gap'] as const) : []),
    totalPages,
  ];
}

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium transition focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';

/** Numbered page links with previous and next; plain links, so it works without JavaScript. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const arrow = (target: number, label: string, symbol: string) =>
    target >= 1 && target <= totalPages ? (
      <a
        href={hrefFor(target)}
        rel={target < current ? 'prev' : 'next'}
        className={`${base} gap-1 text-teal-800 hover:bg-teal-50`}
      >
        {target < current && <span aria-hidden="true">{symbol}</span>}
        {label}
        {target > current && <span aria-hidden="true">{symbol}</span>}
      </a>
    ) : (
      <span aria-disabled="true" className={`${base} gap-1 text-slate-500`}>
        {target < current && <span aria-hidden="true">{symbol}</span>}
        {label}
        {target > current && <span aria-hidden="true">{symbol}</span>}
      </span>
    );
  return (
    <nav aria-label={t('blog.pagination')} className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{arrow(current - 1, t('blog.previous'), '←')}</li>
        {pageWindow(current, totalPages).map((entry, index) =>
          entry === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={entry}>
              {entry === current ? (
                <span aria-current="page" className={`${base} bg-teal-700 text-white`}>
                  <span className="sr-only">{t('blog.pageN', { page: entry })}</span>
                  <span aria-hidden="true">{entry}</span>
                </span>
              ) : (
                <a
                  href={hrefFor(entry)}
                  className={`${base} text-slate-700 hover:bg-teal-50 hover:text-teal-800`}
                >
                  <span className="sr-only">{t('blog.pageN', { page: entry })}</span>
                  <span aria-hidden="true">{entry}</span>
                </a>
              )}
            </li>
          ),
        )}
        <li>{arrow(current + 1, t('blog.next'), '→')}</li>
      </ul>
    </nav>
  );
}
