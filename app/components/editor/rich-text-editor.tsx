import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { UiLanguage } from '../../../core/languages.ts';
import { LinkModal } from './link-modal.tsx';

type Translate = (key: string, values?: Record<string, unknown>) => string;
type Options = { html: string; language: UiLanguage; t: Translate; onChange: (html: string) => void };

const alignments = ['left', 'center', 'right', 'justify'] as const;
const levels = [1, 2, 3, 4, 5, 6] as const;

/**
 * Rich text in place (this module is its own chunk, loaded the first time an editor focuses a rich
 * text in edit mode, so Tiptap never reaches a visitor's page): headings 1 to 6, alignment (left by
 * default), lists, bold and italic, links through the link modal. Code and code blocks are not
 * offered (and the server strips them); an empty paragraph is saved as a line break by the server.
 */
export function mountRichText(host: HTMLElement, options: Options) {
  host.innerHTML = '';
  const container = document.createElement('div');
  host.append(container);
  createRoot(container).render(<RichTextEditor {...options} />);
}

const toolButton =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-pressed:bg-teal-700 aria-pressed:text-white';

export function RichTextEditor({ html, language, t, onChange }: Options) {
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [...levels] },
        link: { openOnClick: false, autolink: false, HTMLAttributes: { target: null, rel: null } },
      }),
      TextAlign.configure({
        types: ['heading', 'paragraph'],
        alignments: [...alignments],
        defaultAlignment: 'left',
      }),
    ],
    content: html,
    autofocus: 'end',
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { class: 'min-h-[4rem] focus:outline-none', 'aria-label': t('editor.richText.toolbar') },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  if (!editor) return null;
  const block = levels.find((level) => editor.isActive('heading', { level }));
  const chain = () => editor.chain().focus();
  return (
    <div
      className="rounded-xl border-2 border-amber-400 bg-white p-2 text-slate-900"
      data-rich-text-editor=""
    >
      <div role="toolbar" aria-label={t('editor.richText.toolbar')} className="mb-2 flex flex-wrap gap-1">
        <select
          aria-label={t('editor.richText.blockType')}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          value={block ? String(block) : 'p'}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'p') chain().setParagraph().run();
            else
              chain()
                .setHeading({ level: Number(value) as (typeof levels)[number] })
                .run();
          }}
        >
          <option value="p">{t('editor.richText.paragraph')}</option>
          {levels.map((level) => (
            <option key={level} value={level}>
              {t('editor.richText.heading', { level })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={toolButton}
          aria-pressed={editor.isActive('bold')}
          onClick={() => chain().toggleBold().run()}
        >
          {t('editor.richText.bold')}
        </button>
        <button
          type="button"
          className={toolButton}
          aria-pressed={editor.isActive('italic')}
          onClick={() => chain().toggleItalic().run()}
        >
          {t('editor.richText.italic')}
        </button>
        {alignments.map((alignment) => (
          <button
            key={alignment}
            type="button"
            className={toolButton}
            aria-pressed={
              editor.isActive({ textAlign: alignment }) ||
              (alignment === 'left' &&
                !alignments.some((other) => other !== 'left' && editor.isActive({ textAlign: other })))
            }
            onClick={() => chain().setTextAlign(alignment).run()}
          >
            {t(`editor.richText.align${alignment[0]!.toUpperCase()}${alignment.slice(1)}`)}
          </button>
        ))}
        <button
          type="button"
          className={toolButton}
          aria-pressed={editor.isActive('bulletList')}
          onClick={() => chain().toggleBulletList().run()}
        >
          {t('editor.richText.bulletList')}
        </button>
        <button
          type="button"
          className={toolButton}
          aria-pressed={editor.isActive('orderedList')}
          onClick={() => chain().toggleOrderedList().run()}
        >
          {t('editor.richText.orderedList')}
        </button>
        <button type="button" className={toolButton} aria-haspopup="dialog" onClick={() => setLinking(true)}>
          {t('editor.richText.link')}
        </button>
        {editor.isActive('link') ? (
          <button
            type="button"
            className={toolButton}
            onClick={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            {t('editor.richText.unlink')}
          </button>
        ) : null}
      </div>
      <EditorContent editor={editor} />
      {linking ? (
        <LinkModal
          language={language}
          t={t}
          onClose={() => setLinking(false)}
          onApply={(link) => {
            setLinking(false);
            const attributes = link.external
              ? { href: link.href, target: '_blank', rel: 'noopener noreferrer' }
              : { href: link.href, target: null, rel: null };
            chain().extendMarkRange('link').setLink(attributes).run();
          }}
        />
      ) : null}
    </div>
  );
}
