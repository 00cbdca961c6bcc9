import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

type Layout = 'sheet' | 'centered' | 'wide';

const contentClass: Record<Layout, string> = {
  // Full screen below the desktop breakpoint (the mobile filters).
  sheet: 'fixed inset-0 z-[60] flex flex-col overflow-y-auto bg-white focus:outline-none',
  centered:
    'fixed top-1/2 left-1/2 z-[60] flex max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white text-slate-800 shadow-xl focus:outline-none',
  // The cart modal: 70% of the window wide and 80% high (the whole width below the tablet breakpoint).
  wide: 'fixed top-1/2 left-1/2 z-[60] flex h-[80vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white text-slate-800 shadow-xl focus:outline-none md:w-[70vw]',
};

/**
 * The one modal dialog of the storefront (docs/decisions/0200-accessible-primitives.md), on Radix
 * Dialog: focus moves into it on opening and stays inside (Tab and Shift+Tab wrap), the page behind
 * does not scroll and is `inert`, Escape and the close button close it, and focus returns to
 * `returnFocus` (the control that opened it). The heading names it. It renders only in the browser
 * (its module is loaded when it first opens), so Radix's `useId` ids never meet server HTML.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  returnFocus,
  focusOnOpen,
  layout = 'centered',
  testId,
  container,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The close button's accessible name, from the catalogs. */
  closeLabel: string;
  returnFocus?: RefObject<HTMLElement | null>;
  /** Focuses something inside on opening and says so; else the first focusable control gets focus. */
  focusOnOpen?: (content: HTMLElement) => boolean;
  layout?: Layout;
  testId?: string;
  /**
   * Where the dialog is portalled (the body by default). A dialog opened from inside a native modal
   * `<dialog>` (edit mode's settings) goes inside that element: the top layer would cover it, and
   * everything outside is inert, anywhere else.
   */
  container?: HTMLElement | null;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const content = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  useInertOutside(open, [content, overlay]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal container={container ?? undefined}>
        <RadixDialog.Overlay ref={overlay} className="fixed inset-0 z-[60] bg-slate-900/60" />
        <RadixDialog.Content
          ref={content}
          className={contentClass[layout]}
          data-testid={testId}
          // Without a description Radix would warn; the heading alone names the dialog then.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (content.current && focusOnOpen?.(content.current)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-5">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-700">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className="rounded-md px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700">
              {closeLabel}
            </RadixDialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:p-5">{children}</div>
          {footer ? <div className="border-t border-slate-200 p-4 sm:p-5">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Radix hides the rest of the page from assistive technology (`aria-hidden`) and pulls stray focus
 * back; `inert` also takes it out of reach of clicks, find-in-page and `focus()`. Radix's focus
 * guards (spans at the ends of the body) stay focusable: its Tab wrap relies on them.
 */
function useInertOutside(open: boolean, keep: RefObject<HTMLElement | null>[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  useEffect(() => {
    if (!open) return;
    // Child effects ran first: the portalled content and Radix's focus guards are in the body now.
    const kept = keep.map((ref) => ref.current).filter((element) => element !== null);
    const made: HTMLElement[] = [];
    for (const element of Array.from(document.body.children)) {
      if (!(element instanceof HTMLElement) || element.inert) continue;
      if (kept.some((inside) => element.contains(inside))) continue;
      if (element.hasAttribute('data-radix-focus-guard')) continue;
      element.inert = true;
      made.push(element);
    }
    return () => {
      for (const element of made) element.inert = false;
    };
  }, [open]);
}
