import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  NavigationEditItem,
  NavigationEditState,
  NavigationSaveItem,
} from '../../../server/modules/cms/navigation-editor.contract.ts';
import { useIslandId } from '../../islands/frame.tsx';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../../lib/api-client.ts';
import { navigationSave } from '../editor/editor-calls.ts';
import { type ChosenLink, LinkModal } from '../editor/link-modal.tsx';
import { MoveButtons } from '../editor/move-buttons.tsx';
import {
  canIndent,
  canOutdent,
  moveAmongSiblings,
  shift,
  siblingIndexes,
  withoutSubtree,
} from './navigation-tree.ts';

/** Three levels (0, 1, 2), as the save call accepts. */
const MAX_DEPTH = 3;

type Draft = NavigationEditItem & { key: string };
type Status = { tone: 'ok' | 'error'; text: string; conflict?: boolean } | null;

const button =
  'rounded-full border border-slate-400 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-50';
const dangerButton =
  'rounded-full border border-red-700 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
const primaryButton =
  'rounded-full bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60';

const fromLink = (link: ChosenLink): Pick<Draft, 'linkType' | 'targetId' | 'url' | 'link'> =>
  link.target
    ? { linkType: link.target.kind, targetId: link.target.id, url: null, link: link.target.link }
    : { linkType: 'external', targetId: null, url: link.href, link: link.href };

const toInput = (item: Draft): NavigationSaveItem => ({
  ...(item.id === null ? {} : { id: item.id }),
  depth: item.depth,
  title: item.title,
  linkType: item.linkType,
  ...(item.targetId === null ? {} : { targetId: item.targetId }),
  ...(item.url === null ? {} : { url: item.url }),
});

/**
 * The menu editor (an island of `/admin/navigation`): items in tree order with their title in the
 * edited language and their link, chosen through edit mode's link modal; reorder, indent, outdent and
 * delete with buttons; one save sends the whole menu with the version it was read at.
 */
export function NavigationEditor({
  menuName,
  languageName,
  reloadHref,
  initial,
}: {
  menuName: string;
  languageName: string;
  reloadHref: string;
  initial: NavigationEditState;
}) {
  const { t } = useTranslation();
  const baseId = useIslandId('navigation');
  const nextKey = useRef(0);
  const withKeys = (items: NavigationEditItem[]): Draft[] =>
    items.map((item) => ({ ...item, key: `i${nextKey.current++}` }));
  const [state, setState] = useState(initial);
  const [items, setItems] = useState<Draft[]>(() => withKeys(initial.items));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [fieldError, setFieldError] = useState<{ index: number; name: string } | null>(null);
  const [linking, setLinking] = useState<{ key: string | null } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const api = useMemo(
    () => createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language: state.language }),
    [state.language],
  );

  const change = (update: (current: Draft[]) => Draft[]) => {
    setItems(update);
    setDirty(true);
    setFieldError(null);
    setStatus((current) => (current?.conflict ? current : null));
  };
  const focusTitle = (key: string) =>
    requestAnimationFrame(() => document.getElementById(`${baseId}-${key}-title`)?.focus());

  const applyLink = (link: ChosenLink) => {
    const target = linking;
    setLinking(null);
    if (!target) return;
    if (target.key === null) {
      const key = `i${nextKey.current++}`;
      const title = link.target?.title ?? '';
      change((current) => [
        ...current,
        { key, id: null, depth: 0, title, translated: true, ...fromLink(link) },
      ]);
      focusTitle(key);
    } else {
      change((current) =>
        current.map((item) => (item.key === target.key ? { ...item, ...fromLink(link) } : item)),
      );
      focusTitle(target.key);
    }
  };

  const save = async () => {
    setSaving(true);
    setStatus(null);
    const result = await api.call(navigationSave, {
      params: { id: state.handle },
      body: { version: state.version, language: state.language, items: items.map(toInput) },
    });
    setSaving(false);
    if (result.errored) {
      const conflict = result.error.statusCode === 409;
      const match = /^items\.(\d+)\.(\w+)$/.exec(result.error.field ?? '');
      setFieldError(match ? { index: Number(match[1]), name: match[2]! } : null);
      setStatus({
        tone: 'error',
        conflict,
        text: conflict ? t('navigation.conflict') : t('navigation.failed', { message: result.error.message }),
      });
      return;
    }
    setState(result.data);
    setItems(withKeys(result.data.items));
    setDirty(false);
    setFieldError(null);
    setStatus({ tone: 'ok', text: t('navigation.saved') });
  };

  const kindLabel = (item: Draft) => t(`navigation.kinds.${item.linkType}`);
  const headingId = `${baseId}-heading`;

  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="navigation-editor">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('navigation.items', { menu: menuName, language: languageName })}
      </h2>
      {items.length === 0 ? <p className="mt-3 text-slate-700">{t('navigation.empty')}</p> : null}
      <ol className="mt-4 space-y-3">
        {items.map((item, index) => {
          const siblings = siblingIndexes(items, index);
          const position = siblings.indexOf(index);
          const titleId = `${baseId}-${item.key}-title`;
          const errorId = `${baseId}-${item.key}-error`;
          const wrong = fieldError?.index === index ? fieldError : null;
          return (
            <li
              key={item.key}
              data-testid="navigation-item"
              aria-label={t('navigation.item', { position: index + 1, title: item.title })}
              className="rounded-xl border border-slate-200 bg-white p-4"
              style={{ marginInlineStart: `${item.depth * 2}rem` }}
            >
              <div className="flex flex-wrap items-end gap-3">
                <label className="min-w-48 flex-1" htmlFor={titleId}>
                  <span className="block text-sm font-semibold text-slate-800">
                    {t('navigation.itemTitle')}{' '}
                    <span className="font-normal text-slate-600">
                      ({t('navigation.level', { level: item.depth + 1 })})
                    </span>
                  </span>
                  <input
                    id={titleId}
                    className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
                    value={item.title}
                    maxLength={120}
                    aria-invalid={wrong ? true : undefined}
                    aria-describedby={wrong ? errorId : undefined}
                    onChange={(event) => {
                      const title = event.target.value;
                      change((current) =>
                        current.map((entry) =>
                          entry.key === item.key ? { ...entry, title, translated: true } : entry,
                        ),
                      );
                    }}
                  />
                </label>
                <div className="min-w-48 flex-1 text-sm">
                  <span className="block font-semibold text-slate-800">{kindLabel(item)}</span>
                  <span className="break-all text-slate-700" data-testid="navigation-item-link">
                    {item.link ?? item.url ?? ''}
                  </span>
                </div>
              </div>
              {!item.translated ? (
                <p className="mt-2 text-sm text-slate-700">{t('navigation.untranslated')}</p>
              ) : null}
              {item.link === null ? (
                <p className="mt-2 text-sm text-amber-900">{t('navigation.missing')}</p>
              ) : null}
              {wrong ? (
                <p id={errorId} className="mt-2 font-medium text-red-800">
                  {status?.text}
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className={button} onClick={() => setLinking({ key: item.key })}>
                  {t('navigation.changeLink')}
                </button>
                <MoveButtons
                  index={position}
                  count={siblings.length}
                  className={button}
                  onMove={(_, to) => change((current) => moveAmongSiblings(current, index, to))}
                />
                <button
                  type="button"
                  className={button}
                  disabled={!canIndent(items, index, MAX_DEPTH)}
                  onClick={() => change((current) => shift(current, index, 1))}
                >
                  {t('navigation.indent')}
                </button>
                <button
                  type="button"
                  className={button}
                  disabled={!canOutdent(items, index)}
                  onClick={() => change((current) => shift(current, index, -1))}
                >
                  {t('navigation.outdent')}
                </button>
                {confirming === item.key ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-medium text-slate-900">
                      {t('navigation.confirmRemove', { title: item.title })}
                    </span>
                    <button
                      type="button"
                      className={dangerButton}
                      onClick={() => {
                        setConfirming(null);
                        change((current) => withoutSubtree(current, index));
                      }}
                    >
                      {t('navigation.confirmYes')}
                    </button>
                    <button type="button" className={button} onClick={() => setConfirming(null)}>
                      {t('navigation.confirmNo')}
                    </button>
                  </span>
                ) : (
                  <button type="button" className={dangerButton} onClick={() => setConfirming(item.key)}>
                    {t('navigation.remove')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button type="button" className={button} onClick={() => setLinking({ key: null })}>
          {t('navigation.add')}
        </button>
        <button type="button" className={primaryButton} disabled={saving} onClick={save}>
          {saving ? t('navigation.saving') : t('navigation.save')}
        </button>
        {dirty && !status ? <span className="text-sm text-slate-700">{t('navigation.unsaved')}</span> : null}
      </div>
      <div aria-live="polite" className="mt-4">
        {status ? (
          <p
            role={status.tone === 'error' ? 'alert' : 'status'}
            data-testid="navigation-status"
            className={`rounded-lg px-4 py-3 ${status.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900'}`}
          >
            {status.text}{' '}
            {status.conflict ? (
              <a href={reloadHref} className="font-medium underline underline-offset-2">
                {t('navigation.reload')}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      {linking ? (
        <LinkModal
          language={state.language}
          t={t}
          allowHttp
          onClose={() => setLinking(null)}
          onApply={applyLink}
        />
      ) : null}
    </section>
  );
}
