import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productRatings } from './engagement.schema.ts';

export type ProductRating = { average: number; count: number };

/** Average to two decimals: what pages, cards and the structured data show (the sum stays exact). */
export const averageOf = (sum: number, count: number) => Math.round((sum / count) * 100) / 100;

/**
 * The published rating of each product that has one (count > 0), for the catalogue's product view
 * and cards: one indexed read.
 */
export async function productRatingsOf(db: Db, productIds: number[]): Promise<Map<number, ProductRating>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productRatings.productId,
      count: productRatings.ratingCount,
      sum: productRatings.ratingSum,
    })
    .from(productRatings)
    .where(inArray(productRatings.productId, unique));
  return new Map(
    rows
      .filter((row) => row.count > 0)
      .map((row) => [row.productId, { average: averageOf(row.sum, row.count), count: row.count }]),
  );
}

/**
 * For another module's JSON-building statement: the published rating of the product whose id is
 * `productId` (an SQL expression) as a JSON array, SQL null without one; `ratingOfJson` reads it back as
 * `productRatingsOf` gives it.
 */
export const productRatingJson = (productId: SQL) =>
  sql`(select json_build_array(r.rating_sum, r.rating_count) from product_ratings r
        where r.product_id = ${productId} and r.rating_count > 0)`;

/** A `productRatingJson` value as `productRatingsOf` gives it. */
export const ratingOfJson = (json: [sum: number, count: number] | null): ProductRating | null =>
  json ? { average: averageOf(json[0], json[1]), count: json[1] } : null;

/**
 * Rewrites a product's rating from its published reviews, inside the caller's transaction. The row is
 * locked first, so a concurrent publish of another review waits and then counts this one too: under
 * READ COMMITTED the recount that follows the lock sees every transaction committed before it
 * (docs/decisions/0402).
 */
export async function refreshProductRating(tx: Db, productId: number) {
  await tx.execute(
    sql`insert into product_ratings (product_id) values (${productId}) on conflict (product_id) do nothing`,
  );
  await tx.execute(sql`select 1 from product_ratings where product_id = ${productId} for update`);
  await tx.execute(sql`
    update product_ratings set
      rating_count = totals.count, rating_sum = totals.sum, updated_at = now()
    from (
      select count(rating)::int as count, coalesce(sum(rating), 0)::int as sum
      from comments
      where product_id = ${productId} and status = 'published' and rating is not null
    ) as totals
    where product_id = ${productId}`);
}
