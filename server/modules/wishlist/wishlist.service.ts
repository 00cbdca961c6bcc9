import { and, count, desc, eq } from 'drizzle-orm';
import { WISHLIST_MAX_ITEMS, WISHLIST_MESSAGES } from '../../../core/wishlist.ts';
import { ApiError, unauthorized } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { isListableProductId, listableProductIds, productCards } from '../catalogue/catalogue.service.ts';
import type { WishlistIds, WishlistPage } from './wishlist.contract.ts';
import { wishlistItems } from './wishlist.schema.ts';

function wishlistUser(ctx: RequestContext) {
  if (!ctx.user) throw unauthorized(WISHLIST_MESSAGES.loggedUsersOnly);
  return ctx.user;
}

/** The wishlist of specification 000, section 4: a toggle per product and the list in pages. */
export function createWishlistService({ db }: Pick<Deps, 'db'>) {
  const countOf = async (userId: number) => {
    const [row] = await db
      .select({ total: count() })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    return row?.total ?? 0;
  };

  /**
   * Removes the product when it is on the list, else adds it. Removing never checks the product, so
   * that a product which can no longer be shown can still be taken off.
   */
  async function toggle(ctx: RequestContext, productId: number) {
    const user = wishlistUser(ctx);
    const removed = await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, user.id), eq(wishlistItems.productId, productId)))
      .returning({ id: wishlistItems.id });
    if (removed.length > 0)
      return { product_id: productId, inWishlist: false, total: await countOf(user.id) };
    const [listable] = await listableProductIds(db, ctx, [productId]);
    if (listable === undefined)
      throw new ApiError(404, 'NOT_FOUND', WISHLIST_MESSAGES.productNotFound, { field: 'product_id' });
    if ((await countOf(user.id)) >= WISHLIST_MAX_ITEMS)
      throw new ApiError(409, 'CONFLICT', WISHLIST_MESSAGES.full);
    // A concurrent toggle may have added it meanwhile: the product is on the list either way.
    await db.insert(wishlistItems).values({ userId: user.id, productId }).onConflictDoNothing();
    return { product_id: productId, inWishlist: true, total: await countOf(user.id) };
  }

  /**
   * The user's rows whose products a shopper may open, newest first: one query (the catalogue's
   * condition is a semi-join in it).
   */
  const listedRows = (ctx: RequestContext, userId: number) =>
    db
      .select({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), isListableProductId(db, ctx, wishlistItems.productId)))
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
      .limit(WISHLIST_MAX_ITEMS);

  /** The ids of the products on the list, newest first, without their cards. */
  async function ids(ctx: RequestContext): Promise<WishlistIds> {
    const user = wishlistUser(ctx);
    return { productIds: (await listedRows(ctx, user.id)).map((row) => row.productId) };
  }

  /** One page of the list, newest first; products that can no longer be shown are left out. */
  async function list(ctx: RequestContext, page: number, limit: number): Promise<WishlistPage> {
    const user = wishlistUser(ctx);
    const items = await listedRows(ctx, user.id);
    const slice = items.slice((page - 1) * limit, page * limit);
    const cards = new Map(
      (
        await productCards(
          db,
          ctx,
          slice.map((row) => row.productId),
        )
      ).map((card) => [card.id, card]),
    );
    const total = items.length;
    return {
      records: slice.flatMap((row) => {
        const product = cards.get(row.productId);
        return product
          ? [{ product_id: row.productId, created_at: row.createdAt.toISOString(), product }]
          : [];
      }),
      productIds: items.map((row) => row.productId),
      page,
      limit,
      perPage: limit,
      total,
      lastPage: Math.max(1, Math.ceil(total / limit)),
    };
  }

  return { toggle, list, ids };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
