// How an order's total is shown as parts that add up (docs/decisions/0324). An order keeps its lines'
// shelf (VAT-included) prices; a reverse-charge or export order (decision 0304: a subscription sold to
// a company in another EU country or to a buyer outside the EU) is charged without the VAT, and the
// difference is no column of its own. It is shown as a "VAT deduction" row so that
// lines − coupon − loyalty + delivery − deduction = grand total on every view of an order.
// Amounts in minor units.

export type OrderAmounts = {
  /** Sum of the lines (VAT included). */
  itemsTotal: number;
  coupon: number;
  loyalty: number;
  delivery: number;
  /** The VAT inside the grand total (0 for a reverse-charge order). */
  tax: number;
  grandTotal: number;
};

/** The VAT taken off a reverse-charge or export order: what the parts exceed the grand total by. */
export function vatDeduction(amounts: Omit<OrderAmounts, 'tax'>): number {
  return Math.max(
    0,
    amounts.itemsTotal - amounts.coupon - amounts.loyalty + amounts.delivery - amounts.grandTotal,
  );
}

export type BreakdownKey = 'items' | 'coupon' | 'loyalty' | 'delivery' | 'vatDeduction';

/** One row of the summary: `amount` is signed (discounts and the deduction negative). */
export type BreakdownRow = { key: BreakdownKey; amount: number };

/**
 * The rows shown above the grand total: the lines, then the coupon and loyalty discounts when used,
 * the delivery (always, also when free) and the VAT deduction when there is one. Their amounts add up
 * to `grandTotal`. (The VAT row is shown separately: it is inside the total, not a part of it.)
 */
export function orderBreakdown(amounts: Omit<OrderAmounts, 'tax'>): BreakdownRow[] {
  const rows: BreakdownRow[] = [{ key: 'items', amount: amounts.itemsTotal }];
  if (amounts.coupon > 0) rows.push({ key: 'coupon', amount: -amounts.coupon });
  if (amounts.loyalty > 0) rows.push({ key: 'loyalty', amount: -amounts.loyalty });
  rows.push({ key: 'delivery', amount: amounts.delivery });
  const deduction = vatDeduction(amounts);
  if (deduction > 0) rows.push({ key: 'vatDeduction', amount: -deduction });
  return rows;
}
