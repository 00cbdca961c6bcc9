import { describe, expect, it } from 'vitest';
import {
  type CartPriceInput,
  type LineInput,
  pointsFitting,
  priceCart,
  priceLine,
  taxOfGross,
} from './cart-pricing.ts';

const line = (overrides: Partial<LineInput> = {}): LineInput => ({
  itemId: 1,
  qty: 1,
  taxRateBp: 2500,
  retail: 1000,
  discount: null,
  membership: null,
  bundle: null,
  optionsPrice: 0,
  ...overrides,
});

const cart = (overrides: Partial<CartPriceInput> = {}): CartPriceInput => ({
  lines: [line()],
  memberCard: false,
  coupon: null,
  loyalty: null,
  delivery: null,
  eurRate: '1',
  isEuro: true,
  ...overrides,
});

describe('priceLine', () => {
  it('uses the retail price with options, times the quantity, with the VAT inside', () => {
    const priced = priceLine(line({ qty: 3, optionsPrice: 250 }), false);
    expect(priced).toMatchObject({ priceKind: 'retail', finalPrice: 1250, regularPrice: 1250, row: 3750 });
    expect(priced.rowTax).toBe(750); // 3750 × 25 / 125
  });

  it('takes a running sale price and keeps the regular price for comparison', () => {
    expect(priceLine(line({ discount: 800 }), false)).toMatchObject({
      priceKind: 'discount',
      finalPrice: 800,
      regularPrice: 1000,
    });
  });

  it('applies the membership price only with a member card, and only when it is lower', () => {
    expect(priceLine(line({ membership: 900 }), false)).toMatchObject({ finalPrice: 1000, memberSavings: 0 });
    expect(priceLine(line({ membership: 900, qty: 2 }), true)).toMatchObject({
      priceKind: 'membership',
      finalPrice: 900,
      memberSavings: 200,
      memberEligible: true,
    });
    expect(priceLine(line({ membership: 900, discount: 700 }), true)).toMatchObject({
      priceKind: 'discount',
      finalPrice: 700,
    });
  });

  it("prices a bundle at its bundle price, never at members' or membership prices", () => {
    expect(priceLine(line({ bundle: 2500, retail: 3000, membership: 100 }), true)).toMatchObject({
      priceKind: 'bundle',
      finalPrice: 2500,
      memberEligible: false,
    });
  });
});

describe('priceCart', () => {
  it('takes a percent coupon off the items total and shares the VAT', () => {
    const result = priceCart(
      cart({ lines: [line({ qty: 2 })], coupon: { type: 'percent', value: 1000, minOrderTotal: null } }),
    );
    expect(result.totals).toMatchObject({ itemsTotal: 2000, coupon: 200, cartTotal: 1800, orderTotal: 1800 });
    expect(result.totals.tax).toMatchObject({ itemsTotal: 400, coupon: 40, cartTotal: 360 });
    expect(result.couponValid).toBe(true);
  });

  it('never takes more than the items total with a fixed coupon', () => {
    const result = priceCart(cart({ coupon: { type: 'fixed', value: 5000, minOrderTotal: null } }));
    expect(result.totals).toMatchObject({ coupon: 1000, cartTotal: 0 });
  });

  it('refuses a coupon below its minimum, and makes delivery free with a free-delivery coupon', () => {
    const below = priceCart(cart({ coupon: { type: 'fixed', value: 100, minOrderTotal: 5000 } }));
    expect(below.couponValid).toBe(false);
    expect(below.totals.coupon).toBe(0);
    const free = priceCart(
      cart({
        coupon: { type: 'free_delivery', value: 0, minOrderTotal: null },
        delivery: { price: 399, freeOver: null },
      }),
    );
    expect(free.totals).toMatchObject({ delivery: 0, orderTotal: 1000 });
    const paid = priceCart(cart({ delivery: { price: 400, freeOver: null } }));
    expect(paid.totals).toMatchObject({ delivery: 400, orderTotal: 1400 });
    expect(paid.totals.tax.delivery).toBe(80);
  });

  it('makes delivery free over its threshold', () => {
    expect(priceCart(cart({ delivery: { price: 400, freeOver: 1000 } })).totals.delivery).toBe(0);
    expect(priceCart(cart({ delivery: { price: 400, freeOver: 1001 } })).totals.delivery).toBe(400);
  });

  it('spends loyalty points up to the balance and the total, and earns points on what is paid', () => {
    const loyalty = {
      requested: 5000,
      balance: 300,
      pointValueCents: 1,
      pointsPerEuro: 1,
      freeDeliveryPoints: null,
    };
    const result = priceCart(cart({ lines: [line({ qty: 5 })], loyalty }));
    expect(result.loyalty).toMatchObject({
      pointsSpent: 300,
      maxSpendable: 300,
      reduced: true,
      pointsEarned: 47,
    });
    expect(result.totals).toMatchObject({ itemsTotal: 5000, loyalty: 300, cartTotal: 4700 });
    const small = priceCart(cart({ loyalty: { ...loyalty, balance: 100_000 } }));
    expect(small.loyalty).toMatchObject({ maxSpendable: 1000, pointsSpent: 1000 });
    expect(small.totals.cartTotal).toBe(0);
  });

  it('grants the free-delivery reward when the balance left reaches its points', () => {
    const loyalty = {
      requested: 0,
      balance: 200,
      pointValueCents: 1,
      pointsPerEuro: 1,
      freeDeliveryPoints: 200,
    };
    const delivery = { price: 400, freeOver: null };
    expect(priceCart(cart({ loyalty, delivery })).totals.delivery).toBe(0);
    expect(priceCart(cart({ loyalty: { ...loyalty, requested: 1 }, delivery })).totals.delivery).toBe(400);
  });

  it('gives euro equivalents for a non-euro store', () => {
    const result = priceCart(cart({ lines: [line({ retail: 7535 })], eurRate: '7.5345', isEuro: false }));
    expect(result.totals.eurEquivalent).toMatchObject({ itemsTotal: 1000, orderTotal: 1000 });
    expect(priceCart(cart()).totals.eurEquivalent).toBeNull();
  });
});

describe('helpers', () => {
  it('taxOfGross is the VAT inside a gross amount', () => {
    expect(taxOfGross(12500, 2500)).toBe(2500);
    expect(taxOfGross(1050, 500)).toBe(50);
    expect(taxOfGross(0, 2500)).toBe(0);
  });

  it('pointsFitting never exceeds the amount at a non-euro rate', () => {
    const points = pointsFitting(1000, 1, '7.5345');
    expect(points).toBe(132); // 132 points = 0.99 € ≈ 9.95 kn; 133 points would be 10.02 kn
  });
});
