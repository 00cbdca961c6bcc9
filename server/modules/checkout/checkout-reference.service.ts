import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Cache, cached } from '../../cache/cache.ts';
import type { Db } from '../../db/client.ts';
import { siteCacheTag } from '../site/site.service.ts';
import {
  type CouponType,
  coupons,
  deliveryBranches,
  deliveryMethods,
  deliveryMethodTranslations,
  memberCards,
  paymentMethods,
  paymentMethodTranslations,
} from './checkout.schema.ts';

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

// -------------------------------------------------------------------------------------------
// The site's delivery and payment methods, cached per site (decision 0306)

/** Reference entries live this long at most; a write to them drops them at once (`invalidateSiteContent`). */
export const REFERENCE_TTL_SECONDS = 300;

/**
 * The shared cache the reference reads go through. The checkout service sets it when it is created
 * (the cart calls `deliveryMethodById` without one); without it every call reads the database.
 */
let referenceCache: Cache | undefined;
export function cacheReferenceReadsIn(cache: Cache | undefined) {
  referenceCache = cache;
}

/** Reads through the reference cache, tagged with the site (so a content write of the site drops it). */
export function cachedReference<T>(siteId: number, key: string, read: () => Promise<T>): Promise<T> {
  if (!referenceCache) return read();
  return cached(
    referenceCache,
    'checkout',
    `${key}:${siteId}`,
    { ttlSeconds: REFERENCE_TTL_SECONDS, tags: [siteCacheTag(siteId)] },
    read,
  );
}

export type DeliveryReference = {
  methods: (typeof deliveryMethods.$inferSelect)[];
  texts: (typeof deliveryMethodTranslations.$inferSelect)[];
  branches: (typeof deliveryBranches.$inferSelect)[];
};

/** A site's active delivery methods (in their order), every translation and active branch. */
export function deliveryReference(executor: Db, siteId: number): Promise<DeliveryReference> {
  return cachedReference(siteId, 'delivery', async () => {
    const methods = await executor
      .select()
      .from(deliveryMethods)
      .where(and(eq(deliveryMethods.siteId, siteId), eq(deliveryMethods.isActive, true)))
      .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.id));
    if (methods.length === 0) return { methods, texts: [], branches: [] };
    const ids = methods.map((method) => method.id);
    const [texts, branches] = await Promise.all([
      executor
        .select()
        .from(deliveryMethodTranslations)
        .where(inArray(deliveryMethodTranslations.methodId, ids)),
      executor
        .select()
        .from(deliveryBranches)
        .where(and(inArray(deliveryBranches.methodId, ids), eq(deliveryBranches.isActive, true)))
        .orderBy(asc(deliveryBranches.position), asc(deliveryBranches.id)),
    ]);
    return { methods, texts, branches };
  });
}

export type PaymentReference = {
  methods: (typeof paymentMethods.$inferSelect)[];
  texts: (typeof paymentMethodTranslations.$inferSelect)[];
};

/** A site's active payment methods (in their order) and every translation. */
export function paymentReference(executor: Db, siteId: number): Promise<PaymentReference> {
  return cachedReference(siteId, 'payment', async () => {
    const methods = await executor
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.siteId, siteId), eq(paymentMethods.isActive, true)))
      .orderBy(asc(paymentMethods.position), asc(paymentMethods.id));
    if (methods.length === 0) return { methods, texts: [] };
    const texts = await executor
      .select()
      .from(paymentMethodTranslations)
      .where(
        inArray(
          paymentMethodTranslations.methodId,
          methods.map((method) => method.id),
        ),
      );
    return { methods, texts };
  });
}

/** An active delivery method of a site, with its price and free-delivery threshold. */
export async function deliveryMethodById(db: Db, siteId: number, id: number) {
  const method = (await deliveryReference(db, siteId)).methods.find((row) => row.id === id);
  if (!method) return undefined;
  return {
    id: method.id,
    price: method.price,
    currencyId: method.currencyId,
    freeOver: method.freeOver,
  };
}
