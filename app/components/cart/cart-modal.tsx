import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { productLink } from '../../../core/links.ts';
import { formatMoney } from '../../../core/money.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { Dialog } from '../ui/dialog.tsx';
import type { Cart } from './cart-calls.ts';
import { CartView, primaryButton, secondaryButton } from './cart-view.tsx';

/** A cross-sell product as the modal shows it (from the active product's crossSellProducts). */
export type CrossSellItem = {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  price: { amount: number; currency: string } | null;
};

/**
 * The cart modal (cart type 2, after an add): the shared Dialog, 70% of the window wide and 80% high,
 * with the cart's lines, coupon, member card, instructions and summary (the cart page's own view),
 * the cross-sell block of the product on the page, and the way on: close, go to the cart, checkout.
 * Focus is trapped inside, Escape closes it and focus returns to the add-to-cart button. Its code
 * loads with the first add that needs it.
 */
export function CartModal({
  cart,
  open,
  onOpenChange,
  language,
  loggedIn,
  crossSell,
  returnFocus,
}: {
  cart: Cart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  language: UiLanguage;
  loggedIn: boolean;
  crossSell: CrossSellItem[];
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cart.modal.title')}
      closeLabel={t('cart.modal.close')}
      returnFocus={returnFocus}
      layout="wide"
      testId="cart-modal"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            {t('cart.modal.close')}
          </button>
          <a href={localizedPath('cart', language)} className={secondaryButton}>
            {t('cart.modal.goToCart')}
          </a>
          <a href={localizedPath('checkout', language)} className={primaryButton}>
            {t('cart.summary.checkout')}
          </a>
        </div>
      }
    >
      <CartView cart={cart} language={language} loggedIn={loggedIn} mode="modal" />
      {crossSell.length > 0 ? (
        <section aria-labelledby="cart-modal-cross-sell" className="mt-8">
          <h3 id="cart-modal-cross-sell" className="text-lg font-semibold text-slate-900">
            {t('cart.modal.crossSell')}
          </h3>
          <ul className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
            {crossSell.map((item) => (
              <li key={item.id}>
                <a href={productLink(item.slug, language)} className="group block text-slate-900">
                  {item.image ? (
                    <img
                      src={item.image}
                      alt=""
                      width={160}
                      height={160}
                      loading="lazy"
                      className="aspect-square w-full rounded object-contain"
                    />
                  ) : (
                    <span aria-hidden="true" className="block aspect-square w-full rounded bg-slate-100" />
                  )}
                  <span className="mt-2 block font-medium group-hover:underline">{item.name}</span>
                  {item.price ? (
                    <span className="block text-sm text-slate-700">{formatMoney(item.price, language)}</span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Dialog>
  );
}
