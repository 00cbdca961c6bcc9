import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { moved } from './draft.ts';
import { MoveButtons } from './move-buttons.tsx';

export type FaqItem = { question: string; answerHtml: string };
type KeyedItem = FaqItem & { key: number };

// Tiptap stays in its own chunk: loaded when an editor first opens an answer.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })),
);

const smallButton =
  'rounded-full border border-slate-400 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-50';

/**
 * A FAQ section's questions edited in place (edit mode draws it where the questions are): each
 * question as plain text, its answer in the rich-text editor (opened on focus), and the list's
 * order, additions and removals. Every change goes to the page's draft through `onChange`.
 */
export function FaqItemsEditor({
  items,
  language,
  onChange,
}: {
  items: FaqItem[];
  language: UiLanguage;
  onChange: (items: FaqItem[]) => void;
}) {
  const { t } = useTranslation();
  const nextKey = useRef(items.length);
  const [list, setList] = useState<KeyedItem[]>(() => items.map((item, key) => ({ ...item, key })));
  const [open, setOpen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The answer editor keeps the first `setField` it was given: it reads the list from here.
  const listRef = useRef(list);
  listRef.current = list;
  const update = (next: KeyedItem[]) => {
    listRef.current = next;
    setList(next);
    onChange(next.map(({ question, answerHtml }) => ({ question, answerHtml })));
  };
  const setField = (key: number, field: keyof FaqItem, value: string) =>
    update(listRef.current.map((item) => (item.key === key ? { ...item, [field]: value } : item)));
  const elements = useRef(new Map<number, HTMLLIElement>());
  const move = (from: number, to: number) => {
    const key = list[from]?.key;
    update(moved(list, from, to));
    setAnnouncement(t('editor.inPlace.faqMoved', { position: to + 1, count: list.length }));
    // The question goes on being edited where it went: in view, below the sticky header and toolbar
    // (the page's scroll padding), not under them.
    if (key !== undefined)
      requestAnimationFrame(() => elements.current.get(key)?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <div className="space-y-4" data-testid="faq-items-editor">
      <ol className="space-y-4">
        {list.map((item, index) => {
          const questionId = `faq-question-${item.key}`;
          return (
            <li
              key={item.key}
              ref={(element) => {
                if (element) elements.current.set(item.key, element);
                else elements.current.delete(item.key);
              }}
              className="rounded-xl border-2 border-dashed border-amber-400 bg-white p-4"
              data-testid="faq-item-editor"
            >
              <label htmlFor={questionId} className="block text-sm font-semibold text-slate-700">
                {t('editor.inPlace.question', { position: index + 1 })}
              </label>
              <input
                id={questionId}
                value={item.question}
                maxLength={500}
                onChange={(event) => setField(item.key, 'question', event.target.value)}
                className="mt-1 block w-full rounded border border-slate-300 px-3 py-2 text-lg font-semibold text-slate-900"
                data-testid="faq-question"
              />
              <p className="mt-3 text-sm font-semibold text-slate-700" id={`${questionId}-answer`}>
                {t('editor.inPlace.answer')}
              </p>
              {open === item.key ? (
                <Suspense fallback={<p aria-busy="true">{t('editor.saving')}</p>}>
                  <RichTextEditor
                    html={item.answerHtml}
                    language={language}
                    t={t}
                    onChange={(html) => setField(item.key, 'answerHtml', html)}
                  />
                </Suspense>
              ) : (
                <>
                  <div
                    className="prose mt-1 min-h-[3rem] max-w-none rounded border border-slate-300 px-3 py-2 text-slate-800"
                    data-testid="faq-answer"
                    // Sanitized by the server when the page was read, and again when it is saved.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized HTML
                    dangerouslySetInnerHTML={{ __html: item.answerHtml }}
                  />
                  <button
                    type="button"
                    className={`${smallButton} mt-2`}
                    onClick={() => setOpen(item.key)}
                    data-testid="faq-edit-answer"
                  >
                    {t('editor.inPlace.editAnswer', { position: index + 1 })}
                  </button>
                </>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <MoveButtons index={index} count={list.length} onMove={move} className={smallButton} />
                <button
                  type="button"
                  className={`${smallButton} border-red-700 text-red-800`}
                  onClick={() => {
                    update(list.filter((other) => other.key !== item.key));
                    setAnnouncement(t('editor.inPlace.faqRemoved'));
                  }}
                  data-testid="faq-remove"
                >
                  {t('editor.inPlace.removeQuestion', { position: index + 1 })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={smallButton}
        onClick={() => {
          nextKey.current += 1;
          const key = nextKey.current;
          update([...list, { key, question: t('editor.inPlace.newQuestion'), answerHtml: '' }]);
          setOpen(null);
        }}
        data-testid="faq-add"
      >
        {t('editor.inPlace.addQuestion')}
      </button>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
