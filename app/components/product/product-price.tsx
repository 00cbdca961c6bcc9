import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatMoney, MAIN_CURRENCY } from '../../../core/money.ts';
import type { ProductPrices as Prices } from '../../../server/modules/catalogue/catalogue.contract.ts';

/**
 * What the shopper pays, the regular price struck through when it is lower, the discount in whole
 * percent, the euro equivalent when the store shows another currency, and the member price.
 */
export function ProductPrice({ prices, language }: { prices: Prices | null; language: UiLanguage }) {
  const { t } = useTranslation();
  if (!prices) return <p className="text-lg text-slate-700">{t('product.price.none')}</p>;
  const money = (amount: number, currency: string) => formatMoney({ amount, currency }, language);
  const discounted = prices.finalPrice < prices.retailPrice;
  const euro = prices.eurEquivalent;
  return (
    <div data-testid="product-page-price">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`text-3xl font-bold ${discounted ? 'text-red-700' : 'text-slate-900'}`}
          data-testid="product-final-price"
        >
          <span className="sr-only">{t('product.price.price')} </span>
          {money(prices.finalPrice, prices.currency.code)}
        </span>
        {discounted ? (
          <s className="text-lg text-slate-600" data-testid="product-regular-price">
            <span className="sr-only">{t('product.price.regular')} </span>
            {money(prices.retailPrice, prices.currency.code)}
          </s>
        ) : null}
        {prices.discountPercent > 0 ? (
          <span className="rounded bg-red-700 px-2 py-0.5 text-sm font-bold text-white">
            {t('product.price.discount', { percent: Math.round(prices.discountPercent) })}
          </span>
        ) : null}
      </p>
      {euro ? (
        <p className="mt-1 text-base text-slate-700" data-testid="product-page-price-eur">
          <span className="sr-only">{t('product.price.euro')} </span>
          {money(euro.finalPrice, MAIN_CURRENCY)}
          {discounted ? (
            <>
              {' '}
              <s className="text-slate-600">{money(euro.retailPrice, MAIN_CURRENCY)}</s>
            </>
          ) : null}
        </p>
      ) : null}
      {prices.membershipPrice !== null && prices.membershipPrice < prices.finalPrice ? (
        <p className="mt-2 text-sm font-medium text-teal-800">
          {t('product.price.member', {
            price:
              money(prices.membershipPrice, prices.currency.code) +
              (euro?.membershipPrice != null ? ` (${money(euro.membershipPrice, MAIN_CURRENCY)})` : ''),
          })}
        </p>
      ) : null}
    </div>
  );
}
