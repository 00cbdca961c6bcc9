import type { Implement } from '../../api/contract-router.ts';
import { badRequest } from '../../api/errors.ts';
import { searchCategories, siteSearch } from './search.contract.ts';
import type { SearchService } from './search.service.ts';
import { parseCategories } from './search-text.ts';

export function searchRoutes(implement: Implement, search: SearchService) {
  implement(siteSearch, (ctx, { query }) => {
    const categories = parseCategories(query.category);
    if (categories === undefined) {
      throw badRequest(`Unknown search category; use ${searchCategories.join(', ')}.`, 'category');
    }
    if (categories.length === 0) throw badRequest('missing search categories', 'category');
    return search.search(ctx, { search: query.search, categories, page: query.page, limit: query.limit });
  });
}
