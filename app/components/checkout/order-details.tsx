import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatMoney } from '../../../core/money.ts';
import { vatDeduction } from '../../../core/order-totals.ts';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import type { HistoryOrder } from './order-history-types.ts';

function DetailsContent({ order, language }: { order: HistoryOrder; language: UiLanguage }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney({ amount, currency: order.details.currency }, language);
  const { details, items } = order.extendedDetails;
  // The basic prices less every discount plus delivery, less the VAT a reverse-charge order is not
  // charged (docs/decisions/0324): the parts add up to the grand total.
  const deduction = vatDeduction({
    itemsTotal: details.totalBasicPrice,
    coupon: details.totalDiscount,
    loyalty: 0,
    delivery: details.shippingCost,
    grandTotal: order.details.grandTotal,
  });
  return (
    <div className="flex flex-col gap-4">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-2">
              {t('checkout.history.name')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('checkout.history.basicPrice')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('checkout.history.quantity')}
            </th>
            <th scope="col" className="py-2 text-right">
              {t('checkout.history.discount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never reorder
            <tr key={index} className="border-b border-slate-200">
              <td className="py-2 pr-2">
                {item.name}
                {item.optionLabels.length > 0 ? (
                  <span className="block text-slate-700" data-testid="order-line-options">
                    {item.optionLabels.join('; ')}
                  </span>
                ) : null}
              </td>
              <td className="py-2 pr-2 text-right">{money(item.basicPrice)}</td>
              <td className="py-2 pr-2 text-right">{item.quantity}</td>
              <td className="py-2 text-right">
                {item.discountAmount > 0 ? `−${money(item.discountAmount)}` : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t('checkout.history.paymentType')}</dt>
        <dd className="text-right">{details.paymentType}</dd>
        <dt>{t('checkout.history.shippingMethod')}</dt>
        <dd className="text-right">{details.shippingMethod || '–'}</dd>
        <dt>{t('checkout.history.totalBasicPrice')}</dt>
        <dd className="text-right">{money(details.totalBasicPrice)}</dd>
        <dt>{t('checkout.history.totalDiscount')}</dt>
        <dd className="text-right">{money(details.totalDiscount)}</dd>
        <dt>{t('checkout.history.shippingCost')}</dt>
        <dd className="text-right">{money(details.shippingCost)}</dd>
        {deduction > 0 ? (
          <>
            <dt>{t('checkout.history.vatDeduction')}</dt>
            <dd className="text-right" data-testid="order-vat-deduction">
              −{money(deduction)}
            </dd>
          </>
        ) : null}
        <dt>{t('checkout.history.totalTax')}</dt>
        <dd className="text-right">{money(details.totalTax)}</dd>
        <dt className="font-bold">{t('checkout.history.grandTotal')}</dt>
        <dd className="text-right font-bold">{money(order.details.grandTotal)}</dd>
      </dl>
    </div>
  );
}

/**
 * An order's details popup (island): a link that opens the shared accessible dialog (focus inside,
 * Escape closes, focus back on the link). Without JavaScript the link opens the profile with
 * `?order=` and the popup is rendered open in the page as a plain `<dialog open>` with a close link.
 */
export function OrderDetails({
  order,
  language,
  openHref,
  closeHref,
  openOnLoad,
}: {
  order: HistoryOrder;
  language: UiLanguage;
  openHref: string;
  closeHref: string;
  openOnLoad: boolean;
}) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [Dialog, loadDialog] = useDialogComponent();
  const opener = useRef<HTMLAnchorElement>(null);
  const title = t('checkout.history.detailsOf', { number: order.orderNumber });
  const show = useCallback(() => {
    setOpen(true);
    loadDialog();
  }, [loadDialog]);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated && openOnLoad) show();
  }, [hydrated, openOnLoad, show]);
  const titleId = `order-${order.id}-title`;
  return (
    <>
      <a
        ref={opener}
        href={openHref}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          show();
        }}
        onPointerDown={preloadDialog}
        onFocus={preloadDialog}
        className="inline-flex items-center justify-center rounded-md border border-teal-700 px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        data-testid="order-details-open"
      >
        {t('checkout.history.details')}
        <span className="sr-only"> {t('checkout.history.order', { number: order.orderNumber })}</span>
      </a>
      {Dialog ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={title}
          closeLabel={t('checkout.history.close')}
          returnFocus={opener}
          testId="order-details-dialog"
        >
          <DetailsContent order={order} language={language} />
        </Dialog>
      ) : null}
      {openOnLoad && !hydrated ? (
        <dialog
          open
          aria-labelledby={titleId}
          className="fixed inset-0 z-[60] m-auto max-h-[85vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg p-5 text-slate-800 shadow-xl"
          data-testid="order-details-dialog"
        >
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold text-slate-900">
              {title}
            </h2>
            <a
              href={closeHref}
              className="rounded-md px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
            >
              {t('checkout.history.close')}
            </a>
          </div>
          <div className="mt-4">
            <DetailsContent order={order} language={language} />
          </div>
        </dialog>
      ) : null}
    </>
  );
}
