import { useTranslation } from 'react-i18next';
import { PICKUP_METHOD_CODE } from '../../../core/checkout-steps.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatMoney } from '../../../core/money.ts';
import { primaryButton, secondaryButton } from '../cart/cart-view.tsx';

export type ShippingChoice = {
  id: number;
  name: string;
  description: string;
  price: number;
  methodCode: number;
  options: { id: number; name: string; address: string }[];
};

/**
 * Step 2: the delivery methods that apply to the cart and country, with price and description. A
 * pickup method (code 15) shows its branches once chosen (CSS on the radio's `:checked`, no script),
 * and one must be picked. The form posts to the checkout route (intent `shipping`); a refused save
 * shows the method saved last (the page is rendered from the cart again).
 */
export function ShippingStep({
  action,
  backHref,
  audience,
  methods,
  selectedId,
  selectedBranchId,
  currency,
  language,
  error,
}: {
  action: string;
  backHref: string;
  audience: 'guest' | 'user';
  methods: ShippingChoice[];
  selectedId: number | null;
  selectedBranchId: number | null;
  currency: string;
  language: UiLanguage;
  error: string | null;
}) {
  const { t } = useTranslation();
  const money = (amount: number) =>
    amount === 0 ? t('checkout.shipping.free') : formatMoney({ amount, currency }, language);
  return (
    <form method="post" action={action} noValidate data-testid="checkout-shipping-form">
      <input type="hidden" name="intent" value="shipping" />
      <p className="text-slate-700" data-testid="checkout-step-intro">
        {t(`checkout.shipping.intro.${audience}`)}
      </p>
      {methods.length === 0 ? (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 px-4 py-3 font-medium text-amber-900">
          {t('checkout.shipping.none')}
        </p>
      ) : (
        <fieldset className="mt-4" aria-describedby={error ? 'checkout-shipping-error' : undefined}>
          <legend className="text-lg font-semibold text-slate-900">{t('checkout.shipping.methods')}</legend>
          {error ? (
            <p id="checkout-shipping-error" className="mt-2 text-sm font-medium text-red-700">
              {t(`checkout.errors.${error as 'generic'}`)}
            </p>
          ) : null}
          <ul className="mt-3 flex flex-col gap-3">
            {methods.map((method) => {
              const id = `checkout-shipping-${method.id}`;
              const branches = method.methodCode === PICKUP_METHOD_CODE || method.options.length > 0;
              return (
                <li
                  key={method.id}
                  className="group/method rounded-md border border-slate-300 p-4 has-[:checked]:border-teal-700"
                >
                  <div className="flex items-start gap-3">
                    <input
                      id={id}
                      type="radio"
                      name="deliveryMethodId"
                      value={method.id}
                      defaultChecked={method.id === selectedId}
                      aria-describedby={method.description ? `${id}-description` : undefined}
                      className="mt-1 h-4 w-4 shrink-0 accent-teal-700"
                    />
                    <label htmlFor={id} className="flex min-w-0 flex-1 flex-wrap justify-between gap-2">
                      <span className="font-medium text-slate-900">{method.name}</span>
                      <span className="text-slate-800" data-testid={`shipping-price-${method.id}`}>
                        {money(method.price)}
                      </span>
                    </label>
                  </div>
                  {method.description ? (
                    <p id={`${id}-description`} className="mt-1 ml-7 text-sm text-slate-700">
                      {method.description}
                    </p>
                  ) : null}
                  {branches && method.options.length > 0 ? (
                    <div className="mt-3 ml-7 hidden group-has-[input[type=radio]:checked]/method:block">
                      <label htmlFor={`${id}-branch`} className="block text-sm font-medium text-slate-800">
                        {t('checkout.shipping.branch')}
                      </label>
                      <select
                        id={`${id}-branch`}
                        name={`branch-${method.id}`}
                        defaultValue={
                          method.id === selectedId && selectedBranchId ? String(selectedBranchId) : ''
                        }
                        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700"
                      >
                        <option value="">{t('checkout.shipping.chooseBranch')}</option>
                        {method.options.map((branch) => (
                          <option key={branch.id} value={branch.id}>
                            {branch.address ? `${branch.name}, ${branch.address}` : branch.name}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <a href={backHref} className={secondaryButton} data-testid="checkout-back">
          {t('checkout.back')}
        </a>
        {methods.length > 0 ? (
          <button type="submit" className={primaryButton} data-testid="checkout-continue">
            {t('checkout.continue')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
