import { useTranslation } from 'react-i18next';
import type { AddState } from './add-state.ts';

/**
 * Quantity and the add-to-cart button. Whether it is enabled, and the message when it is not, come
 * from the add-to-cart rules; the cart call itself arrives with the cart, so the button sends nothing
 * yet and never reports a success.
 */
export function AddToCart({ state, editing }: { state: AddState; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="add-to-cart">
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
            step={1}
            defaultValue={1}
            disabled={!state.ok}
            className="mt-1 block w-24 rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700 disabled:bg-slate-100"
          />
        </div>
        <button
          type="button"
          disabled={!state.ok}
          aria-describedby={state.ok ? undefined : 'add-to-cart-reason'}
          className="rounded-md bg-teal-700 px-6 py-2.5 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900"
        >
          {t('product.cart.add')}
        </button>
      </div>
      {state.ok ? null : (
        <p id="add-to-cart-reason" role="status" className="text-sm font-medium text-amber-900">
          {t(`product.cart.reasons.${state.reason}`)}
        </p>
      )}
    </div>
  );
}
