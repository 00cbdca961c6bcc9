import { type BreakdownKey, orderBreakdown } from '../../../core/order-totals.ts';

// The order mails' summary rows under the lines (docs/decisions/0324). The mails' own texts are the
// shipped templates (decision 0303, in the database, edited in the back office); these few labels go
// into their `items` variable, so they live with the mail code like the sandbox gateway's page texts.
const LABELS: Record<string, Record<Exclude<BreakdownKey, 'items'>, string>> = {
  hr: {
    coupon: 'Kupon',
    loyalty: 'Bodovi vjernosti',
    delivery: 'Dostava',
    vatDeduction: 'Umanjenje PDV-a (prijenos porezne obveze / izvoz)',
  },
  en: {
    coupon: 'Coupon',
    loyalty: 'Loyalty points',
    delivery: 'Delivery',
    vatDeduction: 'VAT deduction (reverse charge / export)',
  },
  de: {
    coupon: 'Gutschein',
    loyalty: 'Treuepunkte',
    delivery: 'Lieferung',
    vatDeduction: 'MwSt.-Abzug (Reverse-Charge / Ausfuhr)',
  },
};

/**
 * The lines of the order as the mail lists them, then the discounts, the delivery and the VAT
 * deduction of a reverse-charge order: lines + delivery − discounts − deduction = the mail's total.
 */
export function orderMailItems(
  order: {
    itemsTotal: number;
    couponAmount: number;
    loyaltyAmount: number;
    deliveryAmount: number;
    grandTotal: number;
  },
  lines: string[],
  language: string,
  money: (amount: number) => string,
): string {
  const labels = LABELS[language] ?? LABELS.en!;
  const rows = orderBreakdown({
    itemsTotal: order.itemsTotal,
    coupon: order.couponAmount,
    loyalty: order.loyaltyAmount,
    delivery: order.deliveryAmount,
    grandTotal: order.grandTotal,
  }).flatMap((row) =>
    row.key === 'items'
      ? []
      : [`${labels[row.key]} — ${row.amount < 0 ? '−' : ''}${money(Math.abs(row.amount))}`],
  );
  return [...lines, ...rows].join('\n');
}
