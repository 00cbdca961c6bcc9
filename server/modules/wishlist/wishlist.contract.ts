import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { idInput, lineText } from '../../../core/input-schemas.ts';
import {
  WISHLIST_CREATE_PATH,
  WISHLIST_DEFAULT_LIMIT,
  WISHLIST_FILTER_PATH,
  WISHLIST_IDS_PATH,
  WISHLIST_MAX_ITEMS,
  WISHLIST_MESSAGES,
  type WishlistToggleResult,
} from '../../../core/wishlist.ts';
import { cardSchema } from '../catalogue/catalogue.contract.ts';

export const wishlistToggleOutput = z
  .object({
    product_id: z.number().int(),
    /** The state after the toggle: true when the product is now on the list. */
    inWishlist: z.boolean(),
    total: z.number().int(),
  })
  .meta({ id: 'WishlistToggle' }) satisfies z.ZodType<WishlistToggleResult>;

export const wishlistItemSchema = z
  .object({
    product_id: z.number().int(),
    created_at: z.string(),
    product: cardSchema,
  })
  .meta({ id: 'WishlistItem' });

export const wishlistPageSchema = z
  .object({
    records: z.array(wishlistItemSchema),
    /** Every product on the list, newest first: what marks the toggles on a page. */
    productIds: z.array(z.number().int()),
    page: z.number().int(),
    limit: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    lastPage: z.number().int(),
  })
  .meta({ id: 'WishlistPage' });
export type WishlistPage = z.output<typeof wishlistPageSchema>;

export const wishlistIdsSchema = z
  .object({
    /** Every product on the list a shopper may open, newest first (the `productIds` of a filter page). */
    productIds: z.array(z.number().int()),
  })
  .meta({ id: 'WishlistIds' });
export type WishlistIds = z.output<typeof wishlistIdsSchema>;

export const wishlistCreate = defineContract({
  method: 'post',
  path: WISHLIST_CREATE_PATH,
  tags: ['wishlist'],
  writes: true,
  summary: "Toggle a product on the logged-in user's wishlist: added when absent, removed when present",
  description:
    `401 '${WISHLIST_MESSAGES.loggedUsersOnly}' without a session; 404 '${WISHLIST_MESSAGES.productNotFound}' ` +
    `(field product_id) for a product that does not exist or cannot be shown (removing it still works); ` +
    `409 '${WISHLIST_MESSAGES.full}' beyond ${WISHLIST_MAX_ITEMS} products.`,
  body: z.object({
    product_id: z
      .union([
        idInput,
        // Form posts and some clients send ids as numeric strings.
        lineText(10)
          .regex(/^[1-9]\d*$/, 'Expected a product id.')
          .transform(Number)
          .pipe(idInput),
      ])
      .meta({ description: 'The product id (a number, or a numeric string)' }),
  }),
  output: wishlistToggleOutput,
});

export const wishlistFilter = defineContract({
  method: 'get',
  path: WISHLIST_FILTER_PATH,
  tags: ['wishlist'],
  summary:
    "The logged-in user's wishlist, newest first, one page of product cards (append mode: page 2, 3 …)",
  description:
    `401 '${WISHLIST_MESSAGES.loggedUsersOnly}' without a session. Products that can no longer be shown ` +
    'are left out of records, productIds and total.',
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(WISHLIST_MAX_ITEMS).default(WISHLIST_DEFAULT_LIMIT),
  }),
  output: wishlistPageSchema,
});

export const wishlistIds = defineContract({
  method: 'get',
  path: WISHLIST_IDS_PATH,
  tags: ['wishlist'],
  summary:
    "The ids of the products on the logged-in user's wishlist, newest first, without their cards " +
    '(what marks the wishlist buttons on a page)',
  description:
    `401 '${WISHLIST_MESSAGES.loggedUsersOnly}' without a session. The same ids, in the same order, ` +
    'as the productIds of cms/wishlist/filter: products that can no longer be shown are left out.',
  output: wishlistIdsSchema,
});
