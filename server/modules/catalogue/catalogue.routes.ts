import type { Implement } from '../../api/contract-router.ts';
import {
  categoryFilter,
  categoryGet,
  categoryGetById,
  categoryPage,
  checkBundles,
  layeredNavigation,
  productGet,
  productWebFilter,
  productWebGet,
  tagFilter,
} from './catalogue.contract.ts';
import type { CatalogueService } from './catalogue.service.ts';

export function catalogueRoutes(implement: Implement, catalogue: CatalogueService) {
  implement(productGet, (ctx, { query }) => catalogue.product(ctx, query));
  implement(productWebGet, (ctx, { query }) => catalogue.product(ctx, query));
  implement(productWebFilter, (ctx, { body }) => catalogue.filterProducts(ctx, body));
  implement(layeredNavigation, (ctx, { body }) => catalogue.navigation(ctx, body));
  implement(categoryGetById, (ctx, { params }) => catalogue.category(ctx, params.id));
  implement(categoryGet, (ctx, { query }) => catalogue.category(ctx, query.slug));
  implement(categoryPage, (ctx, { body }) => catalogue.categoryPage(ctx, body));
  implement(categoryFilter, (ctx, { body }) => catalogue.categories(ctx, body));
  implement(tagFilter, (ctx, { body }) => catalogue.tagList(ctx, body));
  implement(checkBundles, (ctx, { query }) => catalogue.checkBundles(ctx, query));
}
