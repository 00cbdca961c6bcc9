import { useEffect } from 'react';
import type { ToastKind } from '../../core/toast.ts';
import { showToast, type Toast, useToastList } from '../islands/toast-store.ts';

/** Fades in and out over the toast's time on screen (app.css); no motion when the visitor asks for none. */
const fade = (toast: Toast) => ({ animationDuration: `${toast.durationMs}ms` });
const fadeClass = 'motion-safe:animate-[toast-fade_3s_ease-in-out_forwards]';

const styles: Record<ToastKind, string> = {
  success: 'bg-emerald-700',
  info: 'bg-slate-800',
  error: 'bg-red-700',
};

/** Any island shows a toast with this (the `toasts` island renders them). */
export const useToast = () => showToast;

/**
 * The page's toasts (an island in the root layout), announced to screen readers through a polite live
 * region (assertive for errors). `initial` are toasts the server asks for, shown once it has hydrated
 * (e.g. the result of a link the visitor followed).
 */
export function Toasts({ initial = [] }: { initial?: { message: string; kind?: ToastKind }[] }) {
  const toasts = useToastList();
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once, when the page loads
  useEffect(() => {
    for (const toast of initial) showToast(toast.message, { kind: toast.kind });
  }, []);
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4">
      <div aria-live="polite" className="contents">
        {toasts
          .filter((toast) => toast.kind !== 'error')
          .map((toast) => (
            <p
              key={toast.id}
              role="status"
              style={fade(toast)}
              className={`rounded-lg px-4 py-3 text-white shadow-lg ${fadeClass} ${styles[toast.kind]}`}
            >
              {toast.message}
            </p>
          ))}
      </div>
      <div aria-live="assertive" className="contents">
        {toasts
          .filter((toast) => toast.kind === 'error')
          .map((toast) => (
            <p
              key={toast.id}
              role="alert"
              style={fade(toast)}
              className={`rounded-lg px-4 py-3 text-white shadow-lg ${fadeClass} ${styles.error}`}
            >
              {toast.message}
            </p>
          ))}
      </div>
    </div>
  );
}
