import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatDate, formatMoney } from '../../../core/money.ts';
import { Island } from '../../islands/island.tsx';
import type { HistoryOrder } from './order-history-types.ts';

/** At most three images are shown (80x80); the rest is a "+N" count (specification 001, section 9). */
export const HISTORY_IMAGES = 3;

/**
 * The profile's order history: newest first, each order with up to three item images at 80x80 and
 * "+N" for more, its grand total, its state (pending: in process; active: completed) and a details
 * popup. The list is server HTML; each order's details button is a small island.
 */
export function OrderHistoryList({
  orders,
  language,
  profilePath,
  openOrderId,
}: {
  orders: HistoryOrder[];
  language: UiLanguage;
  profilePath: string;
  openOrderId: number | null;
}) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200" data-testid="order-history">
      {orders.map((order) => {
        const more = order.itemCount - Math.min(order.itemImages.length, HISTORY_IMAGES);
        return (
          <li
            key={order.id}
            className="flex flex-wrap items-center gap-4 py-4"
            data-testid="order-history-entry"
          >
            <div className="flex items-center gap-2">
              {order.itemImages.slice(0, HISTORY_IMAGES).map((src) => (
                <img
                  key={src}
                  src={src}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded-md border border-slate-200 object-cover"
                />
              ))}
              {more > 0 ? (
                <span className="text-sm font-semibold text-slate-800" data-testid="order-history-more">
                  {t('checkout.history.more', { count: more })}
                </span>
              ) : null}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {t('checkout.history.order', { number: order.orderNumber })}
              </p>
              <p className="text-sm text-slate-700">
                {t('checkout.history.date', { date: formatDate(order.createdAt, language) })}
              </p>
              <p className="text-sm text-slate-800">
                {t('checkout.history.total', {
                  total: formatMoney(
                    { amount: order.details.grandTotal, currency: order.details.currency },
                    language,
                  ),
                })}
              </p>
            </div>
            <span
              className={`rounded-full px-3 py-1 text-sm font-medium ${order.state === 'active' ? 'bg-teal-50 text-teal-900' : 'bg-amber-50 text-amber-900'}`}
              data-testid="order-history-state"
            >
              {order.state === 'active' ? t('checkout.history.active') : t('checkout.history.pending')}
            </span>
            <Island
              name="orderDetails"
              props={{
                order,
                language,
                openHref: `${profilePath}?order=${order.id}#my-orders`,
                closeHref: `${profilePath}#my-orders`,
                openOnLoad: openOrderId === order.id,
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
