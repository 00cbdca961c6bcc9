import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../catalogue/catalogue.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * The products a logged-in user keeps for later (specification 000, section 4 "Wishlist"). One row
 * per user and product; a deleted user or product takes its rows with it.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wishlist_items_user_product_idx').on(table.userId, table.productId),
    index('wishlist_items_product_idx').on(table.productId),
  ],
);
