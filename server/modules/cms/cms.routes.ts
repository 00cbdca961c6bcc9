import type { Implement } from '../../api/contract-router.ts';
import type { EventsService } from '../events/events.service.ts';
import {
  addFailedRequest,
  elementsByHandlers,
  finderDecide,
  finderSearchSlugs,
  finderUrlOnLanguage,
  navigationTree,
  pageView,
  postFilterStandard,
  storefrontShell,
  termBySlug,
  termFilter,
  termFilterStandard,
} from './cms.contract.ts';
import type { CmsContentService } from './cms-content.service.ts';
import type { FinderService } from './finder.service.ts';
import { createPageViews } from './page-view.ts';
import type { ShellService } from './shell.service.ts';

export function cmsRoutes(
  implement: Implement,
  cms: CmsContentService,
  finder: FinderService,
  shell: ShellService,
  events: EventsService,
) {
  const pages = createPageViews(cms, events);
  implement(storefrontShell, (ctx) => shell.shell(ctx));
  implement(elementsByHandlers, (ctx, { body }) => cms.elementsByHandlers(ctx, body.handlers));
  implement(navigationTree, (ctx, { params }) => cms.navigationTree(ctx, params.id));
  implement(termFilter, (ctx, { query }) => cms.filterTerms(ctx, query.type));
  implement(termFilterStandard, (ctx, { body }) => cms.filterTermsStandard(ctx, body));
  implement(termBySlug, (ctx, { params }) => cms.termBySlug(ctx, params.slug));
  implement(postFilterStandard, (ctx, { body }) => cms.filterPosts(ctx, body));
  implement(pageView, (ctx, { query }) => pages.pageView(ctx, query.slug));
  implement(finderDecide, (ctx, { query }) => finder.decide(ctx, query));
  implement(finderSearchSlugs, (ctx, { query }) => finder.searchSlugs(ctx, query.keyword));
  implement(finderUrlOnLanguage, (ctx, { body }) => finder.urlOnLanguage(ctx, body));
  implement(addFailedRequest, (ctx, { body }) => cms.addFailedRequest(ctx, body.path));
}
