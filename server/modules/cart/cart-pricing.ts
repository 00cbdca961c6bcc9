/**
 * The cart's arithmetic, pure: unit prices, line totals, VAT, coupon, loyalty points, delivery and
 * the euro equivalents. Every amount is an integer in minor units of the cart's currency; euro
 * amounts of the catalogue (option deltas, fixed coupons, minimums, point values) are converted at
 * the store's fixed rate with `fromEuro`. Prices include VAT as the catalogue stores them.
 */
import { divideRounded, fromEuro, scaledRate, toEuro } from '../../../core/money.ts';
import type { CouponType } from '../checkout/checkout-reference.service.ts';

/** The VAT rate inside delivery prices (Croatia's standard rate). */
export const DELIVERY_TAX_RATE_BP = 2500;

/** The VAT inside a VAT-inclusive amount (tax rate in basis points). */
export function taxOfGross(grossMinor: number, taxRateBp: number): number {
  if (grossMinor <= 0 || taxRateBp <= 0) return 0;
  return divideRounded(grossMinor * taxRateBp, 10_000 + taxRateBp);
}

export type LineInput = {
  itemId: number;
  qty: number;
  taxRateBp: number;
  /** Catalogue prices of one unit in the cart's currency. */
  retail: number;
  /** The sale price while it runs (null otherwise). */
  discount: number | null;
  membership: number | null;
  /** A Bundle's selling price: the line's price whatever else applies. */
  bundle: number | null;
  /** Custom options added to one unit, in the cart's currency. */
  optionsPrice: number;
};

export type LinePrice = {
  itemId: number;
  priceKind: 'retail' | 'discount' | 'membership' | 'bundle';
  regularPrice: number;
  finalPrice: number;
  row: number;
  rowTax: number;
  taxRateBp: number;
  /** What the member card saved on this line (0 without one). */
  memberSavings: number;
  memberEligible: boolean;
};

/** One line: the lowest price that applies (bundle price first; membership only with a valid card). */
export function priceLine(line: LineInput, memberCard: boolean): LinePrice {
  const regularBase = line.bundle ?? line.retail;
  let kind: LinePrice['priceKind'] = line.bundle !== null ? 'bundle' : 'retail';
  let base = regularBase;
  if (line.bundle === null && line.discount !== null && line.discount < base) {
    base = line.discount;
    kind = 'discount';
  }
  const withoutMember = base;
  const memberEligible = line.bundle === null && line.membership !== null;
  if (memberCard && memberEligible && line.membership !== null && line.membership < base) {
    base = line.membership;
    kind = 'membership';
  }
  const finalPrice = base + line.optionsPrice;
  const row = finalPrice * line.qty;
  return {
    itemId: line.itemId,
    priceKind: kind,
    regularPrice: regularBase + line.optionsPrice,
    finalPrice,
    row,
    rowTax: taxOfGross(row, line.taxRateBp),
    taxRateBp: line.taxRateBp,
    memberSavings: (withoutMember - base) * line.qty,
    memberEligible,
  };
}

export type CouponInput = {
  type: CouponType;
  /** Basis points for percent; minor units of the cart's currency for fixed. */
  value: number;
  /** Items total the cart must reach (cart's currency), or null. */
  minOrderTotal: number | null;
};

export type LoyaltyInput = {
  /** Points the shopper asked to spend. */
  requested: number;
  /** The user's balance (0 for a visitor). */
  balance: number;
  /** Value of one point in euro cents, and points earned per whole euro. */
  pointValueCents: number;
  pointsPerEuro: number;
  /** Points needed for the free-delivery reward, or null when there is none. */
  freeDeliveryPoints: number | null;
};

export type DeliveryInput = {
  price: number;
  /** Free when the items total reaches this (cart's currency), or null. */
  freeOver: number | null;
};

export type CartPriceInput = {
  lines: LineInput[];
  memberCard: boolean;
  coupon: CouponInput | null;
  loyalty: LoyaltyInput | null;
  delivery: DeliveryInput | null;
  /** Units of the cart's currency per 1 EUR; "1" for a euro store. */
  eurRate: string;
  isEuro: boolean;
};

type Totals = {
  itemsTotal: number;
  coupon: number;
  loyalty: number;
  cartTotal: number;
  delivery: number;
  orderTotal: number;
};

export type CartPriceResult = {
  lines: LinePrice[];
  totals: Totals & { memberSavings: number; tax: Totals; eurEquivalent: Totals | null };
  /** The coupon applies (false: below its minimum). Null without a coupon. */
  couponValid: boolean | null;
  freeDeliveryByCoupon: boolean;
  loyalty: {
    pointsSpent: number;
    pointsEarned: number;
    maxSpendable: number;
    pointValue: number;
    freeDelivery: boolean;
    /** The request was cut down to what the cart or the balance allows. */
    reduced: boolean;
  } | null;
};

/** The money `points` are worth in the cart's currency. */
export const pointsValue = (points: number, pointValueCents: number, eurRate: string) =>
  fromEuro(points * pointValueCents, eurRate);

/** Most points that fit into `amount` (never worth more than it). */
export function pointsFitting(amount: number, pointValueCents: number, eurRate: string): number {
  if (amount <= 0 || pointValueCents <= 0) return 0;
  const { scaled, scale } = scaledRate(eurRate);
  let points = Math.floor((amount * scale) / (pointValueCents * scaled));
  while (points > 0 && pointsValue(points, pointValueCents, eurRate) > amount) points--;
  while (pointsValue(points + 1, pointValueCents, eurRate) <= amount) points++;
  return points;
}

export function priceCart(input: CartPriceInput): CartPriceResult {
  const lines = input.lines.map((line) => priceLine(line, input.memberCard));
  const itemsTotal = lines.reduce((sum, line) => sum + line.row, 0);
  const itemsTax = lines.reduce((sum, line) => sum + line.rowTax, 0);
  const memberSavings = lines.reduce((sum, line) => sum + line.memberSavings, 0);

  let coupon = 0;
  let couponValid: boolean | null = null;
  let freeDeliveryByCoupon = false;
  if (input.coupon) {
    couponValid = input.coupon.minOrderTotal === null || itemsTotal >= input.coupon.minOrderTotal;
    if (couponValid) {
      if (input.coupon.type === 'percent')
        coupon = Math.min(itemsTotal, divideRounded(itemsTotal * input.coupon.value, 10_000));
      else if (input.coupon.type === 'fixed') coupon = Math.min(itemsTotal, input.coupon.value);
      else freeDeliveryByCoupon = true;
    }
  }

  let loyaltyMoney = 0;
  let loyalty: CartPriceResult['loyalty'] = null;
  if (input.loyalty) {
    const rules = input.loyalty;
    const fitting = pointsFitting(itemsTotal - coupon, rules.pointValueCents, input.eurRate);
    const maxSpendable = Math.max(0, Math.min(rules.balance, fitting));
    const pointsSpent = Math.min(rules.requested, maxSpendable);
    loyaltyMoney = pointsValue(pointsSpent, rules.pointValueCents, input.eurRate);
    const paidEuro = input.isEuro
      ? itemsTotal - coupon - loyaltyMoney
      : toEuro(itemsTotal - coupon - loyaltyMoney, input.eurRate);
    loyalty = {
      pointsSpent,
      pointsEarned: Math.floor((Math.max(0, paidEuro) * rules.pointsPerEuro) / 100),
      maxSpendable,
      pointValue: pointsValue(1, rules.pointValueCents, input.eurRate),
      freeDelivery:
        rules.freeDeliveryPoints !== null && rules.balance - pointsSpent >= rules.freeDeliveryPoints,
      reduced: pointsSpent < rules.requested,
    };
  }

  const cartTotal = itemsTotal - coupon - loyaltyMoney;
  let delivery = 0;
  if (input.delivery) {
    const free =
      freeDeliveryByCoupon ||
      loyalty?.freeDelivery === true ||
      (input.delivery.freeOver !== null && itemsTotal >= input.delivery.freeOver);
    delivery = free ? 0 : input.delivery.price;
  }
  const orderTotal = cartTotal + delivery;

  // Discounts carry the VAT share of the items they come off.
  const share = (amount: number) => (itemsTotal === 0 ? 0 : divideRounded(itemsTax * amount, itemsTotal));
  const couponTax = share(coupon);
  const loyaltyTax = share(loyaltyMoney);
  const deliveryTax = taxOfGross(delivery, DELIVERY_TAX_RATE_BP);
  const tax: Totals = {
    itemsTotal: itemsTax,
    coupon: couponTax,
    loyalty: loyaltyTax,
    cartTotal: itemsTax - couponTax - loyaltyTax,
    delivery: deliveryTax,
    orderTotal: itemsTax - couponTax - loyaltyTax + deliveryTax,
  };
  const totals: Totals = { itemsTotal, coupon, loyalty: loyaltyMoney, cartTotal, delivery, orderTotal };
  const euro = (amount: number) => toEuro(amount, input.eurRate);
  return {
    lines,
    totals: {
      ...totals,
      memberSavings,
      tax,
      eurEquivalent: input.isEuro
        ? null
        : {
            itemsTotal: euro(itemsTotal),
            coupon: euro(coupon),
            loyalty: euro(loyaltyMoney),
            cartTotal: euro(cartTotal),
            delivery: euro(delivery),
            orderTotal: euro(orderTotal),
          },
    },
    couponValid,
    freeDeliveryByCoupon,
    loyalty,
  };
}
