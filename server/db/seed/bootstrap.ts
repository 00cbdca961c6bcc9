import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Cache } from '../../cache/cache.ts';
import type { Config } from '../../config.ts';
import { sites } from '../../modules/site/site.schema.ts';
import { invalidateSiteContent } from '../../modules/site/site.service.ts';
import { users } from '../../modules/users/users.schema.ts';
import type { Db } from '../client.ts';
import { seedProductionSite, seedReferenceData } from './site-seed.ts';

/** The same lock as the demo seed: processes starting together create one site. */
export const SITE_SEED_LOCK_ID = 728_410_552;

/**
 * What a start without demo content needs: the reference lists, and a site when the database has
 * none (named and addressed from the configuration). Never creates accounts.
 */
export async function ensureSite(
  db: Db,
  config: Pick<Config, 'SITE_NAME' | 'PUBLIC_URL' | 'PORT'>,
): Promise<{ created: boolean }> {
  await seedReferenceData(db);
  const [existing] = await db.select({ sites: count() }).from(sites);
  if ((existing?.sites ?? 0) > 0) return { created: false };
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SITE_SEED_LOCK_ID})`);
    const [again] = await tx.select({ sites: count() }).from(sites);
    if ((again?.sites ?? 0) > 0) return false;
    await seedProductionSite(tx, {
      name: config.SITE_NAME,
      url: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
      apiKeyToken: randomBytes(24).toString('base64url'),
    });
    return true;
  });
  return { created };
}

/** Whether the database holds a site yet (an empty one needs its content loaded). */
export async function hasSite(db: Db): Promise<boolean> {
  const [row] = await db.select({ sites: count() }).from(sites);
  return (row?.sites ?? 0) > 0;
}

/** Whether anyone can sign in to the back office yet. */
export async function hasBackofficeUser(db: Db): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users).where(eq(users.isBackofficeUser, true));
  return (row?.users ?? 0) > 0;
}

/** After a seed or any bulk change made outside the services: drops every site's cached content and pages. */
export async function invalidateAllSites(db: Db, cache: Cache): Promise<void> {
  for (const { id } of await db.select({ id: sites.id }).from(sites)) await invalidateSiteContent(cache, id);
}
