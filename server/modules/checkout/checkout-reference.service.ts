import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CouponType, coupons, deliveryMethods, memberCards } from './checkout.schema.ts';

export type { CouponType };

/**
 * The checkout's reference data as other modules (the cart) read it: coupons, member cards and
 * delivery methods. Amounts are as stored (euro cents unless a currency is given).
 */

export type CouponRecord = typeof coupons.$inferSelect;

export type CouponCheck =
  | { ok: true; coupon: CouponRecord }
  | { ok: false; reason: 'not_found' | 'inactive' | 'not_started' | 'expired' | 'used_up' };

/** Whether a coupon can be used now: active, inside its dates, below its usage limit. */
export function checkCoupon(coupon: CouponRecord | undefined, now = new Date()): CouponCheck {
  if (!coupon) return { ok: false, reason: 'not_found' };
  if (!coupon.isActive) return { ok: false, reason: 'inactive' };
  if (coupon.validFrom && coupon.validFrom > now) return { ok: false, reason: 'not_started' };
  if (coupon.validTo && coupon.validTo < now) return { ok: false, reason: 'expired' };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return { ok: false, reason: 'used_up' };
  return { ok: true, coupon };
}

/** A coupon by its code (upper-cased) on a site. */
export async function couponByCode(db: Db, siteId: number, code: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), eq(coupons.code, code.toUpperCase())));
  return row;
}

export async function couponById(db: Db, id: number) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** Whether a barcode is on the site's member card list, active and not expired. */
export async function isListedMemberCard(db: Db, siteId: number, barcode: string, now = new Date()) {
  const [row] = await db
    .select({ isActive: memberCards.isActive, validTo: memberCards.validTo })
    .from(memberCards)
    .where(and(eq(memberCards.siteId, siteId), eq(memberCards.barcode, barcode)));
  return row?.isActive === true && (row.validTo === null || row.validTo > now);
}

/** An active delivery method of a site, with its price and free-delivery threshold. */
export async function deliveryMethodById(db: Db, siteId: number, id: number) {
  const [row] = await db
    .select({
      id: deliveryMethods.id,
      price: deliveryMethods.price,
      currencyId: deliveryMethods.currencyId,
      freeOver: deliveryMethods.freeOver,
    })
    .from(deliveryMethods)
    .where(
      and(eq(deliveryMethods.id, id), eq(deliveryMethods.siteId, siteId), eq(deliveryMethods.isActive, true)),
    );
  return row;
}
