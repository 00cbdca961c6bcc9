import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import type { DraftSection } from './draft.ts';
import { fieldClass, labelClass, primaryButton, secondaryButton } from './modal.tsx';
import { MoveButtons } from './move-buttons.tsx';

const smallButton =
  'rounded-full border border-slate-400 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-40';

/**
 * The section manager: the page's sections in order, moved by dragging or with the arrow keys (the
 * new position is announced), removed after a confirmation, opened for their options; new sections
 * of any type and master sections of other pages are added at the end.
 */
export function SectionManager({
  drafts,
  masters,
  types,
  onMove,
  onRemove,
  onAdd,
  onAddMaster,
  onOptions,
}: {
  drafts: DraftSection[];
  masters: DraftSection[] | { id: number; type: SectionType; name: string }[];
  types: readonly SectionType[];
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onAdd: (type: SectionType) => void;
  onAddMaster: (id: number) => void;
  onOptions: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [type, setType] = useState<SectionType>(types[0] ?? 'hero');
  const [master, setMaster] = useState('');
  const dragged = useRef<number | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const typeName = (section: { type: SectionType; name?: string }) =>
    `${t(`editor.types.${section.type}`)}${section.name ? ` (${section.name})` : ''}`;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= drafts.length || from === to) return;
    const section = drafts[from]!;
    onMove(from, to);
    setAnnouncement(t('editor.moved', { type: typeName(section), position: to + 1, count: drafts.length }));
    // Focus follows the moved section.
    requestAnimationFrame(() => items.current.get(section.key)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1);
    }
  };

  return (
    <div>
      <p id="section-manager-help" className="text-sm text-slate-700">
        {t('editor.managerHelp')}
      </p>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <ol className="mt-4 space-y-2" data-testid="section-manager-list">
        {drafts.map((section, index) => (
          <li
            key={section.key}
            ref={(element) => {
              if (element) items.current.set(section.key, element);
              else items.current.delete(section.key);
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys move the focused section
            tabIndex={0}
            aria-describedby="section-manager-help"
            draggable
            data-section-key={section.key}
            onKeyDown={(event) => onKeyDown(event, index)}
            onDragStart={(event) => {
              dragged.current = index;
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current !== null) move(dragged.current, index);
              dragged.current = null;
            }}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <span aria-hidden="true" className="cursor-grab select-none text-slate-500">
              ⠿
            </span>
            <span className="font-medium text-slate-900">
              {index + 1}. {typeName(section)}
              {section.isMaster ? ` · ${t('editor.master')}` : ''}
              {section.showDesktop ? '' : ` · ${t('editor.hiddenDesktop')}`}
              {section.showMobile ? '' : ` · ${t('editor.hiddenMobile')}`}
            </span>
            <span className="ml-auto flex flex-wrap gap-2">
              <MoveButtons index={index} count={drafts.length} onMove={move} className={smallButton} />
              <button type="button" className={smallButton} onClick={() => onOptions(section.key)}>
                {t('editor.options')}
              </button>
              <button type="button" className={smallButton} onClick={() => setConfirming(section.key)}>
                {t('editor.remove')}
              </button>
            </span>
            {confirming === section.key ? (
              <div
                role="alert"
                className="mt-2 flex w-full flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3"
              >
                <span className="text-red-900">{t('editor.removeConfirm', { type: typeName(section) })}</span>
                <button
                  type="button"
                  className={primaryButton}
                  onClick={() => {
                    setConfirming(null);
                    onRemove(section.key);
                  }}
                >
                  {t('editor.confirm')}
                </button>
                <button type="button" className={secondaryButton} onClick={() => setConfirming(null)}>
                  {t('editor.cancel')}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <form
        className="mt-6 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd(type);
        }}
      >
        <label className="grow">
          <span className={labelClass}>{t('editor.sectionType')}</span>
          <select
            className={fieldClass}
            value={type}
            onChange={(event) => setType(event.target.value as SectionType)}
          >
            {types.map((option) => (
              <option key={option} value={option}>
                {t(`editor.types.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={primaryButton}>
          {t('editor.addSection')}
        </button>
      </form>
      {masters.length > 0 ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (master) onAddMaster(Number(master));
            setMaster('');
          }}
        >
          <label className="grow">
            <span className={labelClass}>{t('editor.chooseMaster')}</span>
            <select className={fieldClass} value={master} onChange={(event) => setMaster(event.target.value)}>
              <option value="">{t('editor.none')}</option>
              {masters.map((option) => (
                <option key={option.id} value={option.id}>
                  {typeName(option)} #{option.id}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryButton}>
            {t('editor.addMaster')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
