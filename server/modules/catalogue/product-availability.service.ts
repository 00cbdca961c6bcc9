import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productTranslations } from './catalogue.schema.ts';

/**
 * What other modules may know about a product's stock and names (the forms' availability requests,
 * docs/decisions/0422), without reaching into the catalogue's tables.
 */

/** An active product of the site with how its stock is kept, or undefined. */
export async function productStockOf(db: Pick<Db, 'select'>, siteId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id, manageStock: products.manageStock, stockQty: products.stockQty })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId), eq(products.status, 'active')));
  return row;
}

/** A product's name and slug in every language it has. */
export function productNamesOf(db: Pick<Db, 'select'>, productId: number) {
  return db
    .select({
      languageCode: productTranslations.languageCode,
      name: productTranslations.name,
      slug: productTranslations.slug,
    })
    .from(productTranslations)
    .where(eq(productTranslations.productId, productId));
}
