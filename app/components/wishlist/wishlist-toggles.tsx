import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOfPath } from '../../../core/languages.ts';
import {
  WISHLIST_CREATE_PATH,
  WISHLIST_EVENT,
  WISHLIST_IDS_PATH,
  WISHLIST_MESSAGES,
  type WishlistToggleResult,
} from '../../../core/wishlist.ts';
import { showToast } from '../../islands/toast-store.ts';
import { normalizeFailure } from '../../lib/api-client.ts';
import { WISHLIST_FORM_ATTRIBUTE } from './wishlist-toggle.tsx';

const errorKeys = {
  [WISHLIST_MESSAGES.loggedUsersOnly]: 'wishlist.errors.loggedUsersOnly',
  [WISHLIST_MESSAGES.productNotFound]: 'wishlist.errors.productNotFound',
  [WISHLIST_MESSAGES.full]: 'wishlist.errors.full',
} as const;

type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

/** One API call with the page's language, the server's error format read as every call reads it. */
async function callApi<T>(path: string, init: RequestInit, language: string): Promise<Answer<T>> {
  try {
    const response = await fetch(`/api${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', language, ...(init.headers as Record<string, string>) },
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { ok: false, message: normalizeFailure(response.status, '', body).message };
    return { ok: true, data: (body as { data: T }).data };
  } catch {
    return { ok: false, message: '' };
  }
}

const formsOf = (productId?: number) =>
  document.querySelectorAll<HTMLFormElement>(
    productId === undefined
      ? `form[${WISHLIST_FORM_ATTRIBUTE}]`
      : `form[${WISHLIST_FORM_ATTRIBUTE}="${productId}"]`,
  );

function markPressed(form: HTMLFormElement, pressed: boolean) {
  form.querySelector('button')?.setAttribute('aria-pressed', String(pressed));
}

/**
 * Takes over the page's wishlist toggles (the `WishlistToggle` forms, however many the page has, also
 * those added later by "show more"): a submit becomes the toggle call, the message is chosen by the
 * new state and shown as a toast, `added-to-wishlist` is raised, and the list is fetched again
 * (all of it: the ids, not the cards) so that every toggle on the page shows the server's state. Without JavaScript the
 * forms post to the route action instead. Renders nothing: one island per page, not one per card.
 */
export function WishlistToggles() {
  const { t } = useTranslation();
  useEffect(() => {
    const language = languageOfPath(window.location.pathname);
    const pending = new Set<number>();

    const refresh = async () => {
      const list = await callApi<{ productIds: number[] }>(WISHLIST_IDS_PATH, { method: 'GET' }, language);
      if (!list.ok) return;
      const onList = new Set(list.data.productIds);
      for (const form of formsOf())
        markPressed(form, onList.has(Number(form.getAttribute(WISHLIST_FORM_ATTRIBUTE))));
    };

    const onSubmit = async (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      const productId = Number(form?.getAttribute(WISHLIST_FORM_ATTRIBUTE));
      if (!form || !Number.isInteger(productId) || productId < 1) return;
      event.preventDefault();
      if (pending.has(productId)) return;
      pending.add(productId);
      const buttons = [...formsOf(productId)].map((each) => each.querySelector('button'));
      for (const button of buttons) button?.setAttribute('aria-busy', 'true');
      const answer = await callApi<WishlistToggleResult>(
        WISHLIST_CREATE_PATH,
        {
          method: 'POST',
          // A retried request is replayed, not toggled back (randomUUID exists in secure contexts only).
          headers: {
            'content-type': 'application/json',
            ...(crypto.randomUUID ? { 'idempotency-key': crypto.randomUUID() } : {}),
          },
          body: JSON.stringify({ product_id: productId }),
        },
        language,
      );
      for (const button of buttons) button?.removeAttribute('aria-busy');
      pending.delete(productId);
      if (!answer.ok) {
        const key = errorKeys[answer.message as keyof typeof errorKeys] ?? 'wishlist.errors.failed';
        showToast(t(key), { requestError: true });
        return;
      }
      for (const each of formsOf(productId)) markPressed(each, answer.data.inWishlist);
      showToast(t(answer.data.inWishlist ? 'wishlist.added' : 'wishlist.removed'));
      window.dispatchEvent(new CustomEvent(WISHLIST_EVENT, { detail: answer.data }));
      await refresh();
    };

    document.addEventListener('submit', onSubmit);
    return () => document.removeEventListener('submit', onSubmit);
  }, [t]);
  return null;
}
