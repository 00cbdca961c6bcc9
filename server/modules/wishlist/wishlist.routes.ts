import type { Implement } from '../../api/contract-router.ts';
import { wishlistCreate, wishlistFilter, wishlistIds } from './wishlist.contract.ts';
import type { WishlistService } from './wishlist.service.ts';

export function wishlistRoutes(implement: Implement, wishlist: WishlistService) {
  implement(wishlistCreate, (ctx, { body }) => wishlist.toggle(ctx, body.product_id));
  implement(wishlistFilter, (ctx, { query }) => wishlist.list(ctx, query.page, query.limit));
  implement(wishlistIds, (ctx) => wishlist.ids(ctx));
}
