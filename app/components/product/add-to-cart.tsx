import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { localizedPath } from '../../../core/route-table.ts';
import type { CustomOption } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { showToast } from '../../islands/toast-store.ts';
import { CART_EVENTS, clearCartSessionInBrowser, dispatchCartEvent } from '../../lib/cart-session.ts';
import { addItem, type Cart } from '../cart/cart-calls.ts';
import { browserCartSession, cartApi, rememberCartSession } from '../cart/cart-client.ts';
import type { CrossSellItem } from '../cart/cart-modal.tsx';
import { addItemFields, type CartErrorKey, cartErrorKey, endsSession } from '../cart/cart-rules.ts';
import { markCheckoutHelpDue } from '../checkout/checkout-help-state.ts';
import { preloadDialog } from '../ui/lazy-dialog.ts';
import type { AddState } from './add-state.ts';

/** The add-to-cart form's id: the custom option fields elsewhere in the panel belong to it (`form=`). */
export const ADD_TO_CART_FORM = 'add-to-cart-form';

const CartModal = lazy(() =>
  import('../cart/cart-modal.tsx').then((module) => ({ default: module.CartModal })),
);

/** What happens after an add (checkout settings' cart type): 0 go to the cart, 1 stay, 2 the cart modal. */
export type CartBehaviour = 0 | 1 | 2;

type Props = {
  state: AddState;
  editing: boolean;
  language: UiLanguage;
  productId: number;
  /** A Configurable product's chosen variant. */
  variantId: number | null;
  /** Bundle members' chosen variants: member product id → variant id. */
  bundleChoices: { productId: number; variantId: number }[];
  customOptions: CustomOption[];
  cartType: CartBehaviour;
  loggedIn: boolean;
  crossSell: CrossSellItem[];
};

/**
 * Quantity and the add-to-cart button: a form that posts to the cart page (which adds the line and
 * shows the cart) when scripts do not run; with scripts it calls addItem over fetch, creating the
 * cart session on the first add (the answer's pair goes to the cookies), raises `added-to-cart`, then
 * does what the cart type says. The button is disabled while it cannot act (the add-to-cart rules say
 * why) and while a call runs; a failure stays under it until the next try.
 */
export function AddToCart(props: Props) {
  const { state, editing, language, cartType } = props;
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<CartErrorKey | null>(null);
  const [modalCart, setModalCart] = useState<Cart | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const cartPath = localizedPath('cart', language);
  // A new variant choice is another product: the last failure was about the old one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen variant changes
  useEffect(() => setError(null), [props.variantId]);

  async function add(form: HTMLFormElement) {
    const read = addItemFields(new FormData(form));
    if (!read.ok) {
      setError(read.key);
      return;
    }
    setPending(true);
    setError(null);
    if (cartType === 2) void preloadDialog();
    const api = cartApi(language);
    const session = browserCartSession();
    let result = await api.call(addItem, { body: { ...(session ?? {}), ...read.fields } });
    // A session that ended (another store, merged or ordered cart) gives way to a new cart.
    if (result.errored && session && endsSession(result.error)) {
      clearCartSessionInBrowser();
      result = await api.call(addItem, { body: read.fields });
    }
    setPending(false);
    if (result.errored) {
      setError(cartErrorKey(result.error));
      return;
    }
    const cart = result.data;
    rememberCartSession(cart);
    markCheckoutHelpDue();
    dispatchCartEvent(CART_EVENTS.added, { count: cart.itemCount, productId: read.fields.productId });
    if (cartType === 0) {
      window.location.assign(cartPath);
    } else if (cartType === 2) {
      setModalCart(cart);
      setModalOpen(true);
    } else {
      showToast(t('cart.add.added'), { kind: 'success' });
    }
  }

  const disabled = !state.ok || pending;
  return (
    <>
      <form
        id={ADD_TO_CART_FORM}
        method="post"
        action={cartPath}
        className="flex flex-col gap-3"
        data-testid="add-to-cart"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void add(event.currentTarget);
        }}
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={props.productId} />
        {props.variantId !== null ? <input type="hidden" name="variantId" value={props.variantId} /> : null}
        {props.bundleChoices.map((choice) => (
          <input
            key={choice.productId}
            type="hidden"
            name={`bundle-${choice.productId}`}
            value={choice.variantId}
          />
        ))}
        {props.customOptions.map((option) => (
          <span key={option.id} hidden>
            <input type="hidden" name={`optionType-${option.id}`} value={option.option_type} />
            {option.custom_option_values[0] ? (
              <input
                type="hidden"
                name={`optionValue-${option.id}`}
                value={option.custom_option_values[0].id}
              />
            ) : null}
          </span>
        ))}
        {editing ? <p className="text-sm font-medium text-teal-800">{t('product.cart.editing')}</p> : null}
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="quantity" className="block text-sm font-semibold text-slate-900">
              {t('product.cart.quantity')}
            </label>
            <input
              id="quantity"
              name="qty"
              type="number"
              inputMode="numeric"
              min={1}
              max={9999}
              step={1}
              defaultValue={1}
              required
              disabled={!state.ok}
              aria-invalid={error === 'invalidQuantity' ? true : undefined}
              aria-describedby={error ? 'add-to-cart-error' : undefined}
              className="mt-1 block w-24 rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700 disabled:bg-slate-100"
            />
          </div>
          <button
            ref={button}
            type="submit"
            disabled={disabled}
            aria-busy={pending || undefined}
            aria-describedby={state.ok ? undefined : 'add-to-cart-reason'}
            onPointerDown={cartType === 2 ? () => void preloadDialog() : undefined}
            className="rounded-md bg-teal-700 px-6 py-2.5 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900"
            data-testid="add-to-cart-button"
          >
            {pending ? t('cart.add.pending') : t('product.cart.add')}
          </button>
        </div>
        {state.ok ? null : (
          <p id="add-to-cart-reason" role="status" className="text-sm font-medium text-amber-900">
            {t(`product.cart.reasons.${state.reason}`)}
          </p>
        )}
        {error ? (
          <p
            id="add-to-cart-error"
            role="alert"
            className="text-sm font-medium text-red-800"
            data-testid="add-to-cart-error"
          >
            {t(`cart.errors.${error}`)}
          </p>
        ) : null}
      </form>
      {modalCart ? (
        <Suspense fallback={null}>
          <CartModal
            cart={modalCart}
            open={modalOpen}
            onOpenChange={setModalOpen}
            language={language}
            loggedIn={props.loggedIn}
            crossSell={props.crossSell}
            returnFocus={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
