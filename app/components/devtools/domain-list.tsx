import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ListedDomain = { id: number; name: string; url: string; siteName: string };

/**
 * The domains of every site, the selected one marked, the others with the control that chooses
 * them: a form on the developer screen (works without JavaScript), a button in the toolbar's modal.
 */
export function DomainList({
  domains,
  selectedUrl,
  choose,
  itemTestId,
  compact = false,
}: {
  domains: ListedDomain[];
  selectedUrl: string | null | undefined;
  choose: (domain: ListedDomain, className: string) => ReactNode;
  itemTestId: string;
  /** Tighter rows, for the modal. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const chooseClass =
    'rounded-full border border-teal-700 px-4 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60';
  return (
    <ul
      className={
        compact
          ? 'divide-y divide-slate-200 rounded border border-slate-200'
          : 'mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white'
      }
    >
      {domains.map((domain) => {
        const isSelected = domain.url === selectedUrl;
        return (
          <li
            key={domain.id}
            aria-current={isSelected ? 'true' : undefined}
            className={`flex flex-wrap items-center justify-between gap-3 ${compact ? 'px-3 py-2' : 'px-4 py-3'} ${isSelected ? 'bg-teal-50' : ''}`}
            data-testid={itemTestId}
            data-url={domain.url}
            data-selected={isSelected ? 'true' : undefined}
          >
            <span>
              <span className="font-medium text-slate-900">{domain.name}</span>{' '}
              <span className="text-slate-700">{domain.url}</span>
              <span className="block text-sm text-slate-600">{domain.siteName}</span>
            </span>
            {isSelected ? (
              <span className="rounded-full bg-teal-700 px-3 py-1 text-sm font-semibold text-white">
                {t('devtools.domains.selected')}
              </span>
            ) : (
              choose(domain, chooseClass)
            )}
          </li>
        );
      })}
    </ul>
  );
}
