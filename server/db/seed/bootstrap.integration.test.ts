import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { siteDomains, siteOptions, sites, stores } from '../../modules/site/site.schema.ts';
import { hashPassword } from '../../modules/users/password.ts';
import { users } from '../../modules/users/users.schema.ts';
import { createBackofficeUser } from '../../modules/users/users-admin.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { ensureSite, hasBackofficeUser } from './bootstrap.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('a start without demo content', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    SITE_NAME: 'Knjižara Ana',
    PUBLIC_URL: 'https://knjizara.example',
  });

  it('is what production gets unless demo content is asked for', () => {
    expect(config.SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
  });

  it('creates one site from the configuration, even when processes start together, and no accounts', async () => {
    const results = await Promise.all([ensureSite(database.db, config), ensureSite(database.db, config)]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const [site] = await database.db.select().from(sites);
    expect(site).toMatchObject({ name: 'Knjižara Ana', url: 'https://knjizara.example' });
    expect(site!.apiKeyToken).not.toBe('demo-site-public-key');
    expect(site!.apiKeyToken.length).toBeGreaterThanOrEqual(32);
    const hosts = (await database.db.select().from(siteDomains)).map((domain) => domain.host);
    expect(hosts).toContain('knjizara.example');
    const storeCurrencies = (await database.db.select({ currencyId: stores.currencyId }).from(stores)).map(
      (store) => store.currencyId,
    );
    expect(new Set(storeCurrencies)).toEqual(new Set([44]));
    const [copyright] = await database.db
      .select()
      .from(siteOptions)
      .where(eq(siteOptions.key, 'CopyrightText'));
    expect(JSON.stringify(copyright!.value)).toContain('Knjižara Ana');
    const [userCount] = await database.db.select({ n: count() }).from(users);
    expect(userCount!.n).toBe(0);
    expect(await hasBackofficeUser(database.db)).toBe(false);
    expect((await ensureSite(database.db, config)).created).toBe(false);
  });

  it('gives the storefront its frame before anyone has written content: no menus, no header', async () => {
    const { json } = createTestApp(database);
    const shell = await json('/api/v1/cms/shell', { headers: { host: 'knjizara.example', language: 'hr' } });
    expect(shell.status).toBe(200);
    expect(shell.body.data.site).toMatchObject({ name: 'Knjižara Ana', origin: 'https://knjizara.example' });
    expect(shell.body.data.navigation).toEqual({
      main: [],
      footer1: [],
      footer2: [],
      footer3: [],
      footer4: [],
    });
    expect(shell.body.data.elements).toEqual({ header: null, footer: null });
  });

  it('gets its first back-office user from the CLI path, once per address', async () => {
    const [site] = await database.db.select({ id: sites.id }).from(sites);
    const input = {
      siteId: site!.id,
      email: 'Urednica@Knjizara.example',
      passwordHash: await hashPassword('Str0ng!Pass'),
      firstName: 'Ana',
      lastName: 'Horvat',
    };
    expect(await createBackofficeUser(database.db, input)).toBe(true);
    expect(await createBackofficeUser(database.db, input)).toBe(false);
    expect(await hasBackofficeUser(database.db)).toBe(true);
    const [user] = await database.db.select().from(users);
    expect(user).toMatchObject({
      email: 'urednica@knjizara.example',
      isBackofficeUser: true,
      scope: 'admin',
    });
  });
});
