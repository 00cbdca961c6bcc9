import { useSyncExternalStore } from 'react';
import { type ToastKind, toastDuration } from '../../core/toast.ts';

export type Toast = { id: number; kind: ToastKind; message: string; durationMs: number };
export type ToastOptions = { kind?: ToastKind; requestError?: boolean; durationMs?: number };

/** Toasts any island shows, rendered by the `toasts` island (one per page, in the root layout). */
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: Toast[] = [];

export function showToast(message: string, options: ToastOptions = {}): void {
  const id = nextId++;
  const durationMs = toastDuration(message, options);
  const kind = options.kind ?? (options.requestError ? 'error' : 'success');
  toasts = [...toasts, { id, kind, message, durationMs }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  }, durationMs);
}

export function useToastList(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => none,
  );
}
