import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { formatMoney, MAIN_CURRENCY } from '../../core/money.ts';
import { vatDeduction } from '../../core/order-totals.ts';
import { localizedPath } from '../../core/route-table.ts';
import { getOrderBySlug, type Order } from '../../server/modules/checkout/checkout.contract.ts';
import {
  type BankTransferDetails,
  getBankTransferDetails,
} from '../../server/modules/payments/payments.contract.ts';
import { primaryButton } from '../components/cart/cart-view.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { clearedCartCookies } from '../lib/cart-session.ts';
import { clearedPayingCart, readPayingCart } from '../lib/checkout-session.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/checkoutSuccess';

const SLUG = /^[A-Za-z0-9_-]{22}$/;

/**
 * The page after an order (`?orderSlug=`, the order's unguessable id): its summary and what happens
 * next for its payment method. An unknown or malformed slug answers 404 with a short message.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const slug = new URL(args.request.url).searchParams.get('orderSlug') ?? '';
  const seo: PageSeo = {
    title: catalogs[language].checkout.success.title,
    description: catalogs[language].checkout.success.description,
    alternates: routeAlternates('checkoutSuccess'),
    noindex: true,
  };
  const result = SLUG.test(slug) ? await api.call(getOrderBySlug, { params: { orderSlug: slug } }) : null;
  if (!result || result.errored) {
    if (result?.errored && result.error.statusCode >= 500)
      throw new Response(result.error.message, { status: result.error.statusCode });
    throw new Response(catalogs[language].checkout.success.notFound, { status: 404 });
  }
  // An order paid online comes back here: the cart it was made from is archived, so the browser forgets it.
  const headers = new Headers(privatePageHeaders());
  if (readPayingCart(args.request.headers.get('cookie')))
    for (const cookie of [...clearedCartCookies(), clearedPayingCart()]) headers.append('Set-Cookie', cookie);
  // A bank transfer: the payment details and the HUB-3 barcode (left out when the shop has none configured).
  let bank: BankTransferDetails | null = null;
  if (result.data.paymentMethod.paymentType === 'bank_transfer') {
    const details = await api.call(getBankTransferDetails, { params: { orderSlug: slug } });
    if (!details.errored) bank = details.data;
  }
  return data({ language, seo, order: result.data, bank }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(privatePageHeaders());
  for (const cookie of loaderHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

function nextStepKey(order: Order): 'cash' | 'bank' | 'card' | 'other' {
  switch (order.paymentMethod.paymentType) {
    case 'cod':
      return 'cash';
    case 'bank_transfer':
      return 'bank';
    default:
      return order.paymentStatus === 'paid' ? 'card' : 'other';
  }
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, order, bank } = loaderData;
  const eproducts = order.items.filter((item) => item.format === 'EProduct');
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900" data-testid="checkout-success-title">
        {t('checkout.success.title')}
      </h1>
      <p className="mt-3 text-lg text-slate-800" data-testid="checkout-order-number">
        {t('checkout.success.orderNumber', { number: order.orderNumber })}
      </p>
      <p className="mt-1 text-slate-700">{t('checkout.success.emailSent', { email: order.email })}</p>

      <section aria-labelledby="success-next" className="mt-8">
        <h2 id="success-next" className="text-xl font-semibold text-slate-900">
          {t('checkout.success.next')}
        </h2>
        <p className="mt-2 text-slate-800" data-testid="checkout-next-step">
          {t(`checkout.success.${nextStepKey(order)}`)}
        </p>
      </section>

      {bank ? <BankTransfer bank={bank} language={language} /> : null}

      {eproducts.length > 0 ? (
        <section aria-labelledby="success-eproducts" className="mt-8" data-testid="checkout-eproducts">
          <h2 id="success-eproducts" className="text-xl font-semibold text-slate-900">
            {t('checkout.success.eProducts')}
          </h2>
          {eproducts.some((item) => item.eproduct !== null) ? (
            <ul className="mt-3 flex flex-col gap-3">
              {eproducts.map((item) => (
                <li key={item.id} className="rounded-md border border-slate-200 p-4">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  {item.eproduct?.url ? (
                    <a
                      href={item.eproduct.url}
                      className="mt-1 inline-block font-medium text-teal-800 underline"
                    >
                      {t('checkout.success.download')}
                    </a>
                  ) : null}
                  {item.eproduct?.codes.map((code) => (
                    <p key={code} className="mt-1 font-mono text-slate-800">
                      {t('checkout.success.code', { code })}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-700">{t('checkout.success.eProductsPending')}</p>
          )}
        </section>
      ) : null}

      <OrderSummary order={order} language={language} />

      <a href={localizedPath('shop', language)} className={`${primaryButton} mt-8`}>
        {t('checkout.success.continueShopping')}
      </a>
    </main>
  );
}

function OrderSummary({ order, language }: { order: Order; language: UiLanguage }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney({ amount, currency: order.currency.code }, language);
  const eur = order.prices.eurEquivalent;
  // A reverse-charge or export order is charged without VAT: shown so that the parts add up.
  const deduction = vatDeduction(order.prices);
  return (
    <section aria-labelledby="success-summary" className="mt-8 rounded-lg bg-slate-50 p-4">
      <h2 id="success-summary" className="text-xl font-semibold text-slate-900">
        {t('checkout.summary.heading')}
      </h2>
      <ul className="mt-3 flex flex-col gap-2" aria-label={t('checkout.summary.items')}>
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 text-slate-800">
            <span>
              {item.name}
              {item.optionLabels.length > 0 ? (
                <span className="block text-sm text-slate-700" data-testid="checkout-line-options">
                  {item.optionLabels.join('; ')}
                </span>
              ) : null}
              <span className="block text-sm text-slate-700">
                {t('checkout.summary.quantity', { count: item.quantity })}
              </span>
            </span>
            <span className="whitespace-nowrap">{money(item.rowTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 flex flex-col gap-2 border-t border-slate-300 pt-3 text-slate-800">
        {order.prices.coupon > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t('checkout.summary.coupon')}</dt>
            <dd>−{money(order.prices.coupon)}</dd>
          </div>
        ) : null}
        {order.prices.loyalty > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t('checkout.summary.loyalty')}</dt>
            <dd>−{money(order.prices.loyalty)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>
            {t('checkout.summary.delivery')}
            {order.shippingMethod
              ? ` (${order.shippingMethod.name}${order.branch ? `, ${order.branch.name}` : ''})`
              : ''}
          </dt>
          <dd>{money(order.prices.delivery)}</dd>
        </div>
        {deduction > 0 ? (
          <div className="flex justify-between gap-4" data-testid="checkout-vat-deduction">
            <dt>{t('checkout.summary.vatDeduction')}</dt>
            <dd>−{money(deduction)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t('checkout.summary.tax')}</dt>
          <dd>{money(order.prices.tax)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-bold text-slate-900">
          <dt>{t('checkout.summary.total')}</dt>
          <dd className="text-right" data-testid="checkout-success-total">
            {money(order.prices.grandTotal)}
            {eur ? (
              <span className="block text-sm font-normal text-slate-700">
                {t('checkout.summary.euro', {
                  price: formatMoney({ amount: eur.grandTotal, currency: MAIN_CURRENCY }, language),
                })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function BankTransfer({ bank, language }: { bank: BankTransferDetails; language: UiLanguage }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [
      t('checkout.success.recipient'),
      [bank.payee.name, bank.payee.street, bank.payee.city].filter(Boolean).join(', '),
    ],
    [t('checkout.success.iban'), bank.iban],
    [t('checkout.success.model'), bank.model],
    [t('checkout.success.reference'), bank.reference],
    [t('checkout.success.amount'), formatMoney({ amount: bank.amount, currency: bank.currency }, language)],
    [t('checkout.success.purpose'), bank.description],
  ];
  return (
    <section
      aria-labelledby="success-bank"
      className="mt-8 rounded-lg border border-slate-200 p-4"
      data-testid="checkout-bank"
    >
      <h2 id="success-bank" className="text-xl font-semibold text-slate-900">
        {t('checkout.success.paymentDetails')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-all font-mono">{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="mt-4">
        {/* The barcode's SVG comes from our own payments module (bwip-js), not from a shopper. */}
        <div
          role="img"
          aria-label={t('checkout.success.barcode')}
          className="max-w-sm bg-white [&>svg]:h-auto [&>svg]:w-full"
          data-testid="checkout-hub3"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn by the server's barcode library
          dangerouslySetInnerHTML={{ __html: bank.barcodeSvg }}
        />
        <figcaption className="mt-2 text-sm text-slate-700">{t('checkout.success.barcode')}</figcaption>
      </figure>
    </section>
  );
}
