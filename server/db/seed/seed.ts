import { count, sql } from 'drizzle-orm';
import { loyaltyAccounts } from '../../modules/cart/cart.schema.ts';
import { sites } from '../../modules/site/site.schema.ts';
import { hashPassword } from '../../modules/users/password.ts';
import { users } from '../../modules/users/users.schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import { seedCatalogue } from './catalogue-seed.ts';
import { seedContent } from './content-seed.ts';
import { seedDemoSite, seedReferenceData } from './site-seed.ts';

const SEED_LOCK_ID = 728_410_552;

/** Local-development accounts of the demo site; the README prints them. */
export const demoAccounts = {
  admin: { email: 'admin@ucionica.local', password: 'Admin123!', firstName: 'Ana', lastName: 'Urednica' },
  customer: { email: 'kupac@ucionica.local', password: 'Kupac123!', firstName: 'Ivan', lastName: 'Kupac' },
};

/**
 * Loads the reference lists, and the demo site when the database has no site yet. Running it again
 * changes nothing, and the demo content goes in with one transaction: all of it or none.
 */
export async function seedDemo(
  db: Db,
  options: { storage: FileStorage },
): Promise<{ seeded: boolean; ms: number }> {
  const started = Date.now();
  await seedReferenceData(db);
  const [existing] = await db.select({ sites: count() }).from(sites);
  if ((existing?.sites ?? 0) > 0) return { seeded: false, ms: Date.now() - started };
  const [adminHash, customerHash] = await Promise.all([
    hashPassword(demoAccounts.admin.password),
    hashPassword(demoAccounts.customer.password),
  ]);
  const seeded = await db.transaction(async (tx) => {
    // Processes starting together on one PostgreSQL must not both seed: the lock serialises them and
    // the one that comes second finds the site already there.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [again] = await tx.select({ sites: count() }).from(sites);
    if ((again?.sites ?? 0) > 0) return false;
    const { siteId } = await seedDemoSite(tx);
    const [admin, customer] = await tx
      .insert(users)
      .values([
        {
          siteId,
          email: demoAccounts.admin.email,
          passwordHash: adminHash,
          firstName: demoAccounts.admin.firstName,
          lastName: demoAccounts.admin.lastName,
          displayName: `${demoAccounts.admin.firstName} ${demoAccounts.admin.lastName}`,
          isBackofficeUser: true,
          scope: 'admin',
          emailVerifiedAt: new Date(),
        },
        {
          siteId,
          email: demoAccounts.customer.email,
          passwordHash: customerHash,
          firstName: demoAccounts.customer.firstName,
          lastName: demoAccounts.customer.lastName,
          displayName: `${demoAccounts.customer.firstName} ${demoAccounts.customer.lastName}`,
          isBackofficeUser: false,
          scope: 'customer',
          emailVerifiedAt: new Date(),
        },
      ])
      .returning({ id: users.id });
    // The demo customer has loyalty points to spend and enough for the free-delivery reward.
    await tx.insert(loyaltyAccounts).values({ userId: customer!.id, siteId, points: 350 });
    await seedContent(tx as unknown as Db, { siteId, storage: options.storage, adminUserId: admin!.id });
    await seedCatalogue(tx as unknown as Db, {
      siteId,
      storage: options.storage,
      currencyIds: { eur: 44, hrk: 52 },
    });
    return true;
  });
  return { seeded, ms: Date.now() - started };
}
