import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const primaryButton =
  'rounded-full bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60';
export const secondaryButton =
  'rounded-full border border-slate-400 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
export const fieldClass =
  'mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700';
export const labelClass = 'block text-sm font-semibold text-slate-800';

const ModalLayer = createContext<HTMLElement | null>(null);

/**
 * The open edit-mode `<dialog>` that a control sits in (null outside one): the pickers it opens are
 * portalled into it, so they are above it in the top layer and not inert.
 */
export const useModalLayer = () => useContext(ModalLayer);

/**
 * Edit mode's dialogs: the browser's modal `<dialog>` (focus kept inside, Escape closes, the page
 * behind inert), titled for screen readers.
 */
export function Modal({
  title,
  onClose,
  wide = false,
  children,
}: {
  title: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [layer, setLayer] = useState<HTMLDialogElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    setLayer(dialog);
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      data-editor-ui=""
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-left shadow-2xl backdrop:bg-slate-900/60 ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <button type="button" className={secondaryButton} onClick={() => ref.current?.close()}>
          {t('editor.close')}
        </button>
      </div>
      <div className="max-h-[75vh] overflow-y-auto px-6 py-5">
        <ModalLayer.Provider value={layer}>{children}</ModalLayer.Provider>
      </div>
    </dialog>
  );
}
