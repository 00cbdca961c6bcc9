import { data, redirect } from 'react-router';
import { legacyRedirects, localizedPath } from '../../core/route-table.ts';
import { addFailedRequest } from '../../server/modules/cms/cms.contract.ts';
import type { ApiClient } from './api-client.ts';
import { requestPath } from './request-language.ts';

/**
 * Whether the API's answer about a name taken from the path (a slug, an id) means that the path names
 * nothing: unknown (404) or not a valid name at all (400, e.g. a control character or an id beyond
 * the database's range). Either way the visitor gets a 404, not an error page.
 */
export const namesNothing = (error: { statusCode: number }) =>
  error.statusCode === 404 || error.statusCode === 400;

/**
 * What every loader does when the path names nothing: the route table's other readings redirect
 * permanently, then the site's stored redirects apply (the API answers with one when it exists);
 * otherwise the path is counted as a failed request and the answer is 404.
 */
export async function notFoundOrRedirect(api: ApiClient, request: Request): Promise<never> {
  const url = new URL(request.url);
  const path = requestPath(request);
  for (const legacy of legacyRedirects) {
    if (path === legacy.from || path.startsWith(`${legacy.from}/`)) {
      const rest = legacy.keepRest ? path.slice(legacy.from.length) : '';
      throw redirect(`${localizedPath(legacy.to, legacy.language)}${rest}${url.search}`, 301);
    }
  }
  const reported = await api.call(addFailedRequest, { body: { path } });
  if (!reported.errored && reported.data.redirect)
    throw redirect(reported.data.redirect.to, reported.data.redirect.status);
  throw data(null, { status: 404 });
}
