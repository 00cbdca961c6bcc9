import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import type { UiLanguage } from '../../../core/languages.ts';
import { createFetchCaller } from '../../lib/api-client.ts';
import { siteSearch } from './editor-calls.ts';
import { fieldClass, labelClass, Modal, primaryButton } from './modal.tsx';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A target on this site as the site search found it: its kind, id, title and link in the page's language. */
export type LinkTarget = {
  kind: 'page' | 'post' | 'product' | 'category';
  id: number;
  title: string;
  link: string;
};
/** What the modal chose: a link on this site (with its target) or an external address. */
export type ChosenLink = { href: string; external: boolean; target?: LinkTarget };

type Found = LinkTarget;
const groupKinds = {
  pages: 'page',
  posts: 'post',
  products: 'product',
  productCategories: 'category',
} as const;

/**
 * The link modal: a target on this site, searched among pages, posts, products and categories (the
 * site search), or an external https address, which opens in a new tab with rel="noopener noreferrer".
 */
export function LinkModal({
  language,
  t,
  onClose,
  onApply,
  allowHttp = false,
}: {
  language: UiLanguage;
  t: Translate;
  onClose: () => void;
  onApply: (link: ChosenLink) => void;
  /** Menus also link to plain http addresses; rich text only to https ones. */
  allowHttp?: boolean;
}) {
  const id = useId();
  const [kind, setKind] = useState<'internal' | 'external'>('internal');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [chosen, setChosen] = useState<Found | null>(null);
  const [url, setUrl] = useState('https://');
  const [error, setError] = useState<string | null>(null);
  const caller = useMemo(() => createFetchCaller(), []);

  useEffect(() => {
    if (kind !== 'internal' || query.trim().length < 2) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const result = await caller(
        siteSearch,
        { query: { search: query.trim(), category: 'pages,posts,products,productCategories', limit: 5 } },
        { language, signal: controller.signal },
      ).catch(() => null);
      if (!result || result.errored) return setFound([]);
      setFound(
        result.data.groups.flatMap((group) =>
          group.records.map((record) => ({
            kind: groupKinds[group.category],
            id: record.id,
            title: record.title,
            link: record.link,
          })),
        ),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [caller, kind, language, query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'internal') {
      if (chosen) onApply({ href: chosen.link, external: false, target: chosen });
      return;
    }
    if (!(allowHttp ? /^https?:\/\/[^\s/]+\.[^\s]+$/ : /^https:\/\/[^\s/]+\.[^\s]+$/).test(url.trim()))
      return setError(t('editor.linkModal.urlInvalid'));
    onApply({ href: url.trim(), external: true });
  };

  return (
    <Modal title={t('editor.linkModal.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className={labelClass}>{t('editor.linkModal.kind')}</legend>
          {(['internal', 'external'] as const).map((option) => (
            <label key={option} className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-kind`}
                className="h-4 w-4 accent-teal-700"
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {t(`editor.linkModal.${option}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'internal' ? (
          <div>
            <label className="block">
              <span className={labelClass}>{t('editor.linkModal.search')}</span>
              <input
                type="search"
                className={fieldClass}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </label>
            {found ? (
              found.length === 0 ? (
                <p className="mt-2 text-slate-700">{t('editor.linkModal.noResults')}</p>
              ) : (
                <ul aria-label={t('editor.linkModal.results')} className="mt-2 space-y-1">
                  {found.map((item) => (
                    <li key={`${item.kind}-${item.link}`}>
                      <button
                        type="button"
                        aria-pressed={chosen?.link === item.link}
                        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-left hover:bg-slate-50 aria-pressed:border-teal-700 aria-pressed:bg-teal-50"
                        onClick={() => setChosen(item)}
                      >
                        <span className="text-xs font-semibold uppercase text-slate-600">
                          {t(`editor.linkModal.kinds.${item.kind}`)}
                        </span>{' '}
                        {item.title}
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
            {chosen ? (
              <p className="mt-2 text-sm text-slate-800">
                {t('editor.linkModal.chosen', { target: chosen.link })}
              </p>
            ) : null}
          </div>
        ) : (
          <label className="block">
            <span className={labelClass}>{t('editor.linkModal.url')}</span>
            <input
              type="url"
              className={fieldClass}
              value={url}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setUrl(event.target.value);
                setError(null);
              }}
            />
          </label>
        )}
        {error ? (
          <p role="alert" className="font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <button type="submit" className={primaryButton} disabled={kind === 'internal' && !chosen}>
          {t('editor.linkModal.apply')}
        </button>
      </form>
    </Modal>
  );
}
