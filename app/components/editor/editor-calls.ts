import type * as catalogueContracts from '../../../server/modules/catalogue/catalogue.contract.ts';
import type * as cmsContracts from '../../../server/modules/cms/cms.contract.ts';
import type * as navigationContracts from '../../../server/modules/cms/navigation-editor.contract.ts';
import type * as editorContracts from '../../../server/modules/cms/page-editor.contract.ts';
import type * as mediaContracts from '../../../server/modules/media/media.contract.ts';
import type * as searchContracts from '../../../server/modules/search/search.contract.ts';

/**
 * Edit mode's calls as the islands make them, without the contracts' zod schemas (the client build
 * refuses zod, docs/decisions/0180-islands.md): each is the contract's method and path, typed as the
 * contract, and `satisfies` makes the type checker refuse any difference from the contract module.
 */
type Contracts = typeof editorContracts &
  typeof searchContracts &
  typeof mediaContracts &
  typeof catalogueContracts &
  typeof cmsContracts &
  typeof navigationContracts;
const call = <K extends keyof Contracts>(definition: { method: string; path: string }) =>
  definition as unknown as Contracts[K];

export const pageSave = call<'pageSave'>({
  method: 'put',
  path: '/v1/cms/page/save/{id}',
} as const satisfies Pick<Contracts['pageSave'], 'method' | 'path'>);
export const pageCreate = call<'pageCreate'>({
  method: 'post',
  path: '/v1/cms/page/create',
} as const satisfies Pick<Contracts['pageCreate'], 'method' | 'path'>);
export const siteSearch = call<'siteSearch'>({
  method: 'get',
  path: '/v1/search',
} as const satisfies Pick<Contracts['siteSearch'], 'method' | 'path'>);
/** One file of the media library, with its texts per language (the settings' image previews). */
export const mediaGet = call<'mediaGet'>({
  method: 'get',
  path: '/v1/cms/media/get/{id}',
} as const satisfies Pick<Contracts['mediaGet'], 'method' | 'path'>);
export const productWebFilter = call<'productWebFilter'>({
  method: 'post',
  path: '/v1/catalogue/product/web/filter',
} as const satisfies Pick<Contracts['productWebFilter'], 'method' | 'path'>);
export const categoryFilter = call<'categoryFilter'>({
  method: 'post',
  path: '/v1/catalogue/web/category/filter',
} as const satisfies Pick<Contracts['categoryFilter'], 'method' | 'path'>);
export const termFilter = call<'termFilter'>({
  method: 'get',
  path: '/v1/cms/term/filter',
} as const satisfies Pick<Contracts['termFilter'], 'method' | 'path'>);
/** The back office's menu editor saves a whole menu. */
export const navigationSave = call<'navigationSave'>({
  method: 'put',
  path: '/v1/cms/navigation/save/{id}',
} as const satisfies Pick<Contracts['navigationSave'], 'method' | 'path'>);
