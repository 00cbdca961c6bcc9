import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { CART_EVENTS, type CartEventDetail, clearCartSessionInBrowser } from '../../lib/cart-session.ts';
import { getCart } from './cart-calls.ts';
import { browserCartSession, cartApi } from './cart-client.ts';
import { endsSession } from './cart-rules.ts';

/**
 * The header's cart link with the number of items (an island). Pages for visitors without a cart are
 * cached and shared, so the server never renders a count: the browser asks for it only when its
 * cookies name a cart, and every cart change on the page (the cart events) updates it.
 */
export function CartLink({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    const onChange = (event: Event) => setCount((event as CustomEvent<CartEventDetail>).detail.count);
    for (const name of Object.values(CART_EVENTS)) window.addEventListener(name, onChange);
    const session = browserCartSession();
    const abort = new AbortController();
    if (session)
      cartApi(language)
        .call(getCart, { body: session })
        .then((result) => {
          if (abort.signal.aborted) return;
          if (!result.errored) setCount(result.data.itemCount);
          else if (
            endsSession(result.error) ||
            result.error.statusCode === 400 ||
            result.error.statusCode === 409
          )
            clearCartSessionInBrowser();
        })
        .catch(() => undefined);
    return () => {
      abort.abort();
      for (const name of Object.values(CART_EVENTS)) window.removeEventListener(name, onChange);
    };
  }, [language]);

  return (
    <a
      href={localizedPath('cart', language)}
      className="relative inline-flex shrink-0 items-center gap-1 rounded-md p-2 text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
      data-testid="header-cart"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {count !== null && count > 0 ? (
        <>
          <span className="sr-only">{t('cart.header.count', { count })}</span>
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-teal-700 px-1 text-center text-xs font-bold leading-5 text-white"
            data-testid="header-cart-count"
          >
            {count}
          </span>
        </>
      ) : (
        <span className="sr-only">{t('cart.header.link')}</span>
      )}
    </a>
  );
}
