import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderBreakdown, vatDeduction } from './order-totals.ts';
import { planTax } from './plan-tax.ts';

/**
 * An order as placeOrder builds it (decision 0304): lines at shelf price, coupon and loyalty off,
 * delivery on; a subscription's grand total follows the plan tax rule of its buyer.
 */
const orderKinds = {
  consumer: { subscription: false, country: 'HR', company: false },
  domesticCompany: { subscription: true, country: 'HR', company: true },
  euConsumerSubscription: { subscription: true, country: 'DE', company: false },
  euCompanyReverseCharge: { subscription: true, country: 'DE', company: true },
  exportOutsideEu: { subscription: true, country: 'US', company: false },
  exportCompanyOutsideEu: { subscription: true, country: 'CH', company: true },
} as const;

const orderArbitrary = fc
  .record({
    kind: fc.constantFrom(...(Object.keys(orderKinds) as (keyof typeof orderKinds)[])),
    lines: fc.array(
      fc.record({ unit: fc.integer({ min: 1, max: 500_00 }), qty: fc.integer({ min: 1, max: 9 }) }),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
    couponShare: fc.integer({ min: 0, max: 50 }),
    loyalty: fc.integer({ min: 0, max: 20_00 }),
    delivery: fc.constantFrom(0, 3_99, 5_00),
    vatRate: fc.constantFrom(5, 13, 25),
  })
  .map(({ kind, lines, couponShare, loyalty, delivery, vatRate }) => {
    const itemsTotal = lines.reduce((sum, line) => sum + line.unit * line.qty, 0);
    const coupon = Math.floor((itemsTotal * couponShare) / 100);
    const loyaltyAmount = Math.min(loyalty, itemsTotal - coupon);
    const cartTotal = itemsTotal - coupon - loyaltyAmount + delivery;
    const buyer = orderKinds[kind];
    const charged = buyer.subscription
      ? planTax({
          grossAmount: cartTotal,
          vatRate,
          shopCountry: 'HR',
          buyerCountry: buyer.country,
          isCompany: buyer.company,
        })
      : {
          amount: cartTotal,
          taxAmount: Math.round((cartTotal * vatRate) / (100 + vatRate)),
          zeroRated: false,
        };
    return {
      kind,
      zeroRated: charged.zeroRated,
      lines,
      amounts: { itemsTotal, coupon, loyalty: loyaltyAmount, delivery, grandTotal: charged.amount },
    };
  });

describe('orderBreakdown', () => {
  it('the rows add up to the grand total for every order kind (summary, success page, mail)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(orderArbitrary, ({ kind, zeroRated, amounts }) => {
        seen.add(kind);
        const rows = orderBreakdown(amounts);
        expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(amounts.grandTotal);
        const deduction = rows.find((row) => row.key === 'vatDeduction');
        // A deduction row exactly when VAT was taken off (and there was VAT to take off).
        expect(deduction !== undefined).toBe(
          zeroRated &&
            amounts.grandTotal < amounts.itemsTotal - amounts.coupon - amounts.loyalty + amounts.delivery,
        );
        expect(rows.every((row) => row.key === 'items' || row.key === 'delivery' || row.amount < 0)).toBe(
          true,
        );
      }),
      { numRuns: 500 },
    );
    expect(seen.size).toBe(Object.keys(orderKinds).length);
  });

  it("the profile popup's parts (basic prices, discounts, delivery, deduction) add up too", () => {
    fc.assert(
      fc.property(orderArbitrary, ({ lines, amounts }) => {
        // The popup knows the basic prices and one total discount (line discounts, coupon, loyalty).
        const basic = lines.map((line) => ({
          basicPrice: line.unit + 1_00,
          finalPrice: line.unit,
          qty: line.qty,
        }));
        const totalBasicPrice = basic.reduce((sum, line) => sum + line.basicPrice * line.qty, 0);
        const lineDiscounts = basic.reduce(
          (sum, line) => sum + (line.basicPrice - line.finalPrice) * line.qty,
          0,
        );
        const totalDiscount = lineDiscounts + amounts.coupon + amounts.loyalty;
        const deduction = vatDeduction({
          itemsTotal: totalBasicPrice,
          coupon: totalDiscount,
          loyalty: 0,
          delivery: amounts.delivery,
          grandTotal: amounts.grandTotal,
        });
        expect(totalBasicPrice - totalDiscount + amounts.delivery - deduction).toBe(amounts.grandTotal);
        expect(deduction).toBe(vatDeduction(amounts));
      }),
      { numRuns: 300 },
    );
  });

  it('shows free delivery as a row and leaves out discounts that were not used', () => {
    const rows = orderBreakdown({ itemsTotal: 10_00, coupon: 0, loyalty: 0, delivery: 0, grandTotal: 10_00 });
    expect(rows.map((row) => row.key)).toEqual(['items', 'delivery']);
  });
});
