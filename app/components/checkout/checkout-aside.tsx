import { useTranslation } from 'react-i18next';
import type { CheckoutPhase } from '../../../core/checkout-steps.ts';
import { progress } from '../../../core/checkout-steps.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatMoney, MAIN_CURRENCY } from '../../../core/money.ts';
import type { Cart } from '../cart/cart-calls.ts';

/** The progress bar of the three steps: done steps, the current one (`aria-current="step"`), the rest. */
export function CheckoutProgress({ phase }: { phase: CheckoutPhase }) {
  const { t } = useTranslation();
  const steps = progress(phase);
  const currentIndex = steps.findIndex((entry) => entry.state === 'current');
  const doneCount = steps.filter((entry) => entry.state === 'done').length;
  const percent = Math.round(((currentIndex === -1 ? doneCount : currentIndex + 1) / steps.length) * 100);
  return (
    <nav aria-label={t('checkout.progressLabel')} data-testid="checkout-progress">
      <p className="text-sm font-medium text-slate-700">
        {t('checkout.stepOf', {
          current: currentIndex === -1 ? steps.length : currentIndex + 1,
          total: steps.length,
        })}
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full rounded-full bg-teal-700" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-3 grid grid-cols-3 gap-2 text-sm">
        {steps.map((entry, index) => (
          <li
            key={entry.step}
            aria-current={entry.state === 'current' ? 'step' : undefined}
            data-state={entry.state}
            className={`flex items-center gap-2 ${entry.state === 'todo' ? 'text-slate-600' : 'font-semibold text-slate-900'}`}
          >
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs ${
                entry.state === 'todo' ? 'border border-slate-400' : 'bg-teal-700 text-white'
              }`}
            >
              {entry.state === 'done' ? '✓' : index + 1}
            </span>
            <span>
              {t(`checkout.steps.${entry.step}`)}
              <span className="sr-only"> ({t(`checkout.stepState.${entry.state}`)})</span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The order summary beside the steps: the lines, coupon, loyalty, delivery, tax and the grand total (with euro). */
export function CheckoutSummary({ cart, language }: { cart: Cart; language: UiLanguage }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney({ amount, currency: cart.currency.code }, language);
  const { prices } = cart;
  const eur = prices.eurEquivalent;
  return (
    <section aria-labelledby="checkout-summary-heading" className="rounded-lg bg-slate-50 p-4">
      <h2 id="checkout-summary-heading" className="text-lg font-semibold text-slate-900">
        {t('checkout.summary.heading')}
      </h2>
      <ul className="mt-3 flex flex-col gap-3" aria-label={t('checkout.summary.items')}>
        {cart.items.map((line) => (
          <li key={line.itemId} className="flex gap-3 text-sm text-slate-800">
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">{line.productData.name}</span>
              <span className="block text-slate-700">
                {t('checkout.summary.quantity', { count: line.qty })}
              </span>
            </span>
            <span className="whitespace-nowrap">{money(line.prices.row)}</span>
          </li>
        ))}
      </ul>
      <dl
        className="mt-4 flex flex-col gap-2 border-t border-slate-300 pt-3 text-slate-800"
        data-testid="checkout-summary"
      >
        <Row label={t('checkout.summary.items')}>{money(prices.itemsTotal)}</Row>
        {cart.couponCode !== null ? (
          <Row label={`${t('checkout.summary.coupon')} (${cart.couponCode})`}>−{money(prices.coupon)}</Row>
        ) : null}
        {prices.loyalty > 0 ? (
          <Row label={t('checkout.summary.loyalty')}>−{money(prices.loyalty)}</Row>
        ) : null}
        {cart.deliveryMethodId !== null ? (
          <Row label={t('checkout.summary.delivery')} testId="checkout-summary-delivery">
            {money(prices.delivery)}
          </Row>
        ) : null}
        <Row label={t('checkout.summary.tax')}>{money(prices.tax.orderTotal)}</Row>
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-bold text-slate-900">
          <dt>{t('checkout.summary.total')}</dt>
          <dd className="text-right" data-testid="checkout-total">
            {money(prices.orderTotal)}
            {eur ? (
              <span className="block text-sm font-normal text-slate-700">
                {t('checkout.summary.euro', {
                  price: formatMoney({ amount: eur.orderTotal, currency: MAIN_CURRENCY }, language),
                })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}
