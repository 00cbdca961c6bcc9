import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../../core/contract.ts';
import { languageOfPath, type UiLanguage } from '../../../core/languages.ts';
import {
  WISHLIST_CREATE_PATH,
  WISHLIST_EVENT,
  WISHLIST_IDS_PATH,
  WISHLIST_MESSAGES,
  type WishlistToggleResult,
} from '../../../core/wishlist.ts';
import { showToast } from '../../islands/toast-store.ts';
import { createFetchCaller, fetchWithIdempotencyKey } from '../../lib/api-client.ts';
import { WISHLIST_FORM_ATTRIBUTE } from './wishlist-toggle.tsx';

const errorKeys = {
  [WISHLIST_MESSAGES.loggedUsersOnly]: 'wishlist.errors.loggedUsersOnly',
  [WISHLIST_MESSAGES.productNotFound]: 'wishlist.errors.productNotFound',
  [WISHLIST_MESSAGES.full]: 'wishlist.errors.full',
} as const;

type Answer<T> = { ok: true; data: T } | { ok: false; message: string };

const caller = createFetchCaller(fetchWithIdempotencyKey);

/**
 * One wishlist call through the islands' one fetch caller (language, error format, Idempotency-Key
 * on the toggle, the 403 rule), by the path the contract has: the contracts' schemas stay on the
 * server.
 */
async function callApi<T>(
  method: 'get' | 'post',
  path: string,
  body: Record<string, unknown> | undefined,
  language: UiLanguage,
): Promise<Answer<T>> {
  const result = await caller({ method, path } as Contract, (body ? { body } : {}) as never, { language });
  return result.errored ? { ok: false, message: result.error.message } : { ok: true, data: result.data as T };
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
      const list = await callApi<{ productIds: number[] }>('get', WISHLIST_IDS_PATH, undefined, language);
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
      // A retried request is replayed, not toggled back (the caller sends an Idempotency-Key).
      const answer = await callApi<WishlistToggleResult>(
        'post',
        WISHLIST_CREATE_PATH,
        { product_id: productId },
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
