import { useCallback, useState } from 'react';
import type { Dialog } from './dialog.tsx';

export type DialogComponent = typeof Dialog;

let loaded: DialogComponent | null = null;
let loading: Promise<DialogComponent> | null = null;

/**
 * Starts loading the dialog's code (Radix Dialog, about 14 kB gzip) once; call it when a dialog is
 * about to be needed (pointer down on or focus of the control that opens it).
 */
export function preloadDialog(): Promise<DialogComponent> {
  loading ??= import('./dialog.tsx').then((module) => {
    loaded = module.Dialog;
    return loaded;
  });
  return loading;
}

/**
 * The `Dialog` component once its code is there (null before), and `load` to fetch it: the code of
 * a dialog is not part of a page's load (docs/decisions/0200-accessible-primitives.md).
 */
export function useDialogComponent(): [DialogComponent | null, () => Promise<void>] {
  const [component, setComponent] = useState<DialogComponent | null>(() => loaded);
  const load = useCallback(() => preloadDialog().then((next) => setComponent(() => next)), []);
  return [component, load];
}
