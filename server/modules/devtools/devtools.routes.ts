import type { Implement } from '../../api/contract-router.ts';
import { cliGetDomain, cliLatestRelease, cliLatestTag, cliSetDomain } from './devtools.contract.ts';
import type { DevtoolsService } from './devtools.service.ts';

/** Registered only when the developer tools are on: in production these paths answer 404. */
export function devtoolsRoutes(implement: Implement, devtools: DevtoolsService) {
  implement(cliLatestTag, () => devtools.latestTag());
  implement(cliLatestRelease, () => devtools.releases());
  implement(cliGetDomain, (ctx) => devtools.domain(ctx));
  implement(cliSetDomain, (_ctx, { body }) => devtools.setDomain(body.domain));
}
