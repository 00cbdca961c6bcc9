import { and, eq } from 'drizzle-orm';
import type { Implement } from '../../api/contract-router.ts';
import { notFound } from '../../api/errors.ts';
import type { Deps } from '../../api/request-context.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { requireBackofficeUser } from '../users/users.service.ts';
import { products } from './catalogue.schema.ts';
import { productStockUpdate } from './product-stock.contract.ts';

/**
 * The back office's stock setter. A database trigger (migration 0018) turns the product's waiting
 * availability requests due when its stock returns; `stockChanged` runs this process's worker at once.
 */
export function productStockRoutes(
  implement: Implement,
  { db, cache }: Pick<Deps, 'db' | 'cache'>,
  stockChanged: () => void,
) {
  implement(productStockUpdate, async (ctx, { params, body }) => {
    await requireBackofficeUser(db, ctx);
    const [row] = await db
      .update(products)
      .set({
        stockQty: body.stockQty,
        ...(body.manageStock === undefined ? {} : { manageStock: body.manageStock }),
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, params.id), eq(products.siteId, ctx.site.id)))
      .returning({ id: products.id, stockQty: products.stockQty, manageStock: products.manageStock });
    if (!row) throw notFound('Product not found.');
    await invalidateSiteContent(cache, ctx.site.id);
    stockChanged();
    return { id: row.id, stockQty: row.stockQty ?? 0, manageStock: row.manageStock };
  });
}
