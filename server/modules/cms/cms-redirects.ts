import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { failedRequests, redirects } from './cms.schema.ts';

/** Old paths an editor sends elsewhere, and the paths nothing answered. */
export function createRedirects(db: Db) {
  /**
   * A path the storefront could not resolve, as `failedPathInput` normalised it (a bounded path
   * without query or control characters). When the site has a redirect for it, that is the answer
   * and nothing is counted; otherwise the path is counted in its one row per site and path
   * (failed_requests_site_path_idx): concurrent calls each add one, in a single upsert statement.
   * Anyone may call this, so whoever shows the paths (the back office) must render them as text.
   */
  async function addFailedRequest(ctx: RequestContext, path: string) {
    const redirect = await findRedirect(ctx, path);
    if (redirect) return { path, hits: 0, redirect };
    const [row] = await db
      .insert(failedRequests)
      .values({ siteId: ctx.site.id, path })
      .onConflictDoUpdate({
        target: [failedRequests.siteId, failedRequests.path],
        set: { hits: sql`${failedRequests.hits} + 1`, lastSeen: sql`now()` },
      })
      .returning({ path: failedRequests.path, hits: failedRequests.hits });
    return { ...row!, redirect: null };
  }

  /** Where an editor sends an old path; the SSR layer asks before answering 404. */
  async function findRedirect(
    ctx: RequestContext,
    path: string,
  ): Promise<{ to: string; status: 301 | 302 } | null> {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const [row] = await db
      .select({ to: redirects.toPath, status: redirects.status })
      .from(redirects)
      .where(
        and(eq(redirects.siteId, ctx.site.id), inArray(redirects.fromPath, [...new Set([path, trimmed])])),
      )
      .limit(1);
    return row ?? null;
  }

  return { addFailedRequest, findRedirect };
}
