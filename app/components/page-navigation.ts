/**
 * How islands change what a page lists (filters, sort, search words): there is no client router, so
 * they load the new address as a whole page, which the page cache serves fast
 * (docs/decisions/0185-islands-listing-navigation.md). Meanwhile what is about to change is marked
 * busy; the page that arrives puts back the scroll position and the focused field, so that ticking a
 * filter far down the page does not throw the visitor to its top, and typing can go on.
 */
const RETURN_KEY = 'island-navigation';
/** A saved position older than this belongs to a navigation that never arrived. */
const RETURN_TTL_MS = 20_000;
/** Elements that show the pending state: `aria-busy="true"` while the next page loads. */
export const BUSY_ATTRIBUTE = 'data-busy-on-navigation';
/**
 * Forms that describe the page's address. They carry `autocomplete="off"` too, so that the browser
 * does not fill them with what they held when the visitor left (the island would take that for a
 * change); a page shown again from the back-forward cache resets them to what the page lists.
 */
export const RESET_ATTRIBUTE = 'data-reset-on-return';

type Return = { href: string; at: number; scrollY: number; focus: string | null; caret: number | null };

const pathAndQuery = (href: string) => {
  const url = new URL(href, window.location.href);
  return `${url.pathname}${url.search}`;
};

export function setBusy(busy: boolean) {
  for (const element of document.querySelectorAll(`[${BUSY_ATTRIBUTE}]`)) {
    if (busy) element.setAttribute('aria-busy', 'true');
    else element.removeAttribute('aria-busy');
  }
}

function caretOf(element: Element | null): number | null {
  if (!(element instanceof HTMLInputElement)) return null;
  try {
    return element.selectionStart;
  } catch {
    return null;
  }
}

/** Loads `href` as the next page; `replace` takes the place of the current history entry. */
export function navigateTo(href: string, { replace = false }: { replace?: boolean } = {}) {
  const active = document.activeElement;
  const saved: Return = {
    href: pathAndQuery(href),
    at: Date.now(),
    scrollY: window.scrollY,
    focus: active instanceof HTMLElement && active.id ? active.id : null,
    caret: caretOf(active),
  };
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify(saved));
  } catch {
    // Storage may be off: the next page then simply opens at its top.
  }
  setBusy(true);
  if (replace) window.location.replace(href);
  else window.location.assign(href);
}

let restored = false;

/**
 * Once per page, when its islands hydrate: the position a `navigateTo` from the previous page saved
 * for this address. A page shown again from the back-forward cache drops its busy marks.
 */
export function restorePosition() {
  if (restored) return;
  restored = true;
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    setBusy(false);
    for (const form of document.querySelectorAll<HTMLFormElement>(`form[${RESET_ATTRIBUTE}]`)) form.reset();
  });
  let saved: Return | null = null;
  try {
    const text = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    saved = text ? (JSON.parse(text) as Return) : null;
  } catch {
    return;
  }
  if (!saved || saved.href !== pathAndQuery(window.location.href)) return;
  if (Date.now() - saved.at > RETURN_TTL_MS) return;
  window.scrollTo(0, saved.scrollY);
  const field = saved.focus ? document.getElementById(saved.focus) : null;
  if (field) focusField(field, saved.caret);
  // The field is in a dialog that opens later (the mobile filters): the dialog claims it then.
  else if (saved.focus) pendingFocus = saved;
}

let pendingFocus: Return | null = null;

/**
 * The field the previous page had focused, if it is inside `root` and restorePosition could not find
 * it (it was not rendered yet): focused, with its caret back. Once per page.
 */
export function claimSavedFocus(root: Element): boolean {
  const id = pendingFocus?.focus;
  const field = id ? root.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
  if (!field || !pendingFocus) return false;
  focusField(field, pendingFocus.caret);
  pendingFocus = null;
  return true;
}

function focusField(field: HTMLElement, caret: number | null) {
  field.focus({ preventScroll: true });
  if (caret !== null && field instanceof HTMLInputElement) {
    try {
      field.setSelectionRange(caret, caret);
    } catch {
      // Number fields have no caret to place.
    }
  }
}

/**
 * Whether the visitor changed a form's fields from what the server rendered: a change made before
 * the island hydrated has no event of its own, so the island applies it when it starts.
 */
export function changedFields(form: HTMLFormElement): Element[] {
  return Array.from(form.elements).filter((element) => {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden' || element.type === 'submit') return false;
      if (element.type === 'checkbox' || element.type === 'radio')
        return element.checked !== element.defaultChecked;
      return element.value !== element.defaultValue;
    }
    if (element instanceof HTMLSelectElement) {
      // Without a `selected` option, a single select starts on its first one.
      const initial =
        Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
      return element.value !== (initial?.value ?? '');
    }
    return false;
  });
}

/** What a GET form would send, as parameters. */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string') params.append(key, value);
  }
  return params;
}

/** Fields whose typing waits for a pause before it applies. */
export const isTyped = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && ['search', 'text', 'number'].includes(target.type);
