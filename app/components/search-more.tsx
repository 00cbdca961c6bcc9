import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setBusy } from './page-navigation.ts';

/** Each result group's list carries its kind in this attribute; the next page's items join it. */
export const SEARCH_GROUP_ATTRIBUTE = 'data-search-group';

/** The `href` the "show more" island of a page rendered with (none on the last page). */
function nextHrefIn(page: Document): string | null {
  const island = page.querySelector<HTMLElement>('island-root[data-island="searchMore"]');
  if (!island) return null;
  try {
    return (JSON.parse(island.dataset.props ?? '{}') as { href?: string }).href ?? null;
  } catch {
    return null;
  }
}

/**
 * Appends the records of the next results page (its server-rendered HTML) to the lists on screen and
 * returns the first new link; null when the page had no lists to join.
 */
export function appendResults(next: Document, current: Document): HTMLAnchorElement | null {
  let first: HTMLAnchorElement | null = null;
  let joined = false;
  for (const list of next.querySelectorAll<HTMLElement>(`[${SEARCH_GROUP_ATTRIBUTE}]`)) {
    const kind = list.getAttribute(SEARCH_GROUP_ATTRIBUTE);
    const target = current.querySelector(`[${SEARCH_GROUP_ATTRIBUTE}="${kind}"]`);
    if (!target) continue;
    joined = true;
    for (const item of Array.from(list.children)) {
      const adopted = current.importNode(item, true);
      target.append(adopted);
      first ??= adopted.querySelector('a');
    }
  }
  return joined ? first : null;
}

/**
 * "Show more" on the search screen (an island). A link to the next results page, which replaces the
 * list without JavaScript; with it, the next page's records are appended to the lists on screen and
 * the address becomes that page's (in place of the current entry), so a reload shows where the visitor
 * is. Focus moves to the first new result. If the page cannot be fetched, the link is simply followed.
 */
export function SearchMore({
  href,
  label,
}: {
  href: string /** Another screen's text (the wishlist's). */;
  label?: string;
}) {
  const { t } = useTranslation();
  const [next, setNext] = useState<string | null>(href);
  const [loading, setLoading] = useState(false);

  const more = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!next || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setBusy(true);
    try {
      const response = await fetch(next, { headers: { accept: 'text/html' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const first = appendResults(page, document);
      if (!first && !page.querySelector(`[${SEARCH_GROUP_ATTRIBUTE}]`)) throw new Error('no results');
      window.history.replaceState(window.history.state, '', response.redirected ? response.url : next);
      setNext(nextHrefIn(page));
      setLoading(false);
      setBusy(false);
      first?.focus();
    } catch {
      window.location.assign(next);
    }
  };

  if (!next) return null;
  return (
    <div className="mt-10 text-center">
      <a
        href={next}
        onClick={more}
        aria-disabled={loading || undefined}
        className="inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2 aria-disabled:opacity-60"
      >
        {label ?? t('search.loadMore')}
      </a>
    </div>
  );
}
