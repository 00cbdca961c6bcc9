import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type ToastKind, toastDuration } from '../../core/toast.ts';

type Toast = { id: number; kind: ToastKind; message: string };
type ShowToast = (
  message: string,
  options?: { kind?: ToastKind; requestError?: boolean; durationMs?: number },
) => void;

const ToastContext = createContext<ShowToast>(() => {});

export const useToast = () => useContext(ToastContext);

const styles: Record<ToastKind, string> = {
  success: 'bg-emerald-700',
  info: 'bg-slate-800',
  error: 'bg-red-700',
};

/** Toasts announced to screen readers through a polite live region (assertive for errors). */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const show = useCallback<ShowToast>((message, options = {}) => {
    const id = nextId.current++;
    setToasts((current) => [
      ...current,
      { id, kind: options.kind ?? (options.requestError ? 'error' : 'success'), message },
    ]);
    const timer = setTimeout(
      () => {
        timers.current.delete(timer);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      },
      toastDuration(message, options),
    );
    timers.current.add(timer);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4">
        <div aria-live="polite" className="contents">
          {toasts
            .filter((toast) => toast.kind !== 'error')
            .map((toast) => (
              <p
                key={toast.id}
                role="status"
                className={`rounded-lg px-4 py-3 text-white shadow-lg ${styles[toast.kind]}`}
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
                className={`rounded-lg px-4 py-3 text-white shadow-lg ${styles.error}`}
              >
                {toast.message}
              </p>
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
